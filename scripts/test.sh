#!/usr/bin/env bash
# Sets up and builds the project (scripts/setup.sh), runs the whole lit test
# suite and ends by printing one line "N passed, N failed".
#   scripts/test.sh [lit arguments...]
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
"$root/scripts/setup.sh" "$build" || { echo "0 passed, 1 failed"; exit 1; }

results=$build/test/lit-results.json
rm -f "$results"
/usr/lib/llvm-22/bin/lit -sv --time-tests -o "$results" "$@" "$build/test"
# Count from lit's results: PASS/XFAIL pass; FAIL/XPASS/UNRESOLVED/TIMEOUT
# fail; UNSUPPORTED is neither.
/usr/bin/python3 - "$results" <<'PY'
import json, sys
try:
    tests = json.load(open(sys.argv[1]))["tests"]
except Exception:
    tests = []
passed = sum(t["code"] in ("PASS", "XFAIL") for t in tests)
failed = sum(t["code"] in ("FAIL", "XPASS", "UNRESOLVED", "TIMEOUT") for t in tests)
if passed == 0:
    failed = max(failed, 1)  # Never green on zero tests.
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
