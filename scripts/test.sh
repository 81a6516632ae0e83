#!/usr/bin/env bash
# Sets up and builds the project (scripts/setup.sh), runs the lit test suite
# of each lane and ends by printing one line "N passed, N failed" that counts
# the lit results of every lane run.
#   scripts/test.sh [--sanitize | --all] [lit arguments...]
# Lanes:
#   (default)   the normal build in build/ and its whole suite;
#   --sanitize  the build in build-asan/ with AddressSanitizer and
#               UndefinedBehaviorSanitizer: the whole suite (the differential
#               tests included) and a bounded gather-fuzz run (60 s) under
#               them; any sanitizer report fails its test;
#   --all       both lanes, the fuzz run 150 s (what CI runs).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lanes=(normal)
fuzz_seconds=60
case "${1:-}" in
--sanitize) lanes=(sanitize); shift ;;
--all) lanes=(normal sanitize); fuzz_seconds=150; shift ;;
esac

results=()
for lane in "${lanes[@]}"; do
  if [ "$lane" = normal ]; then
    build=$root/build
    setup_args=("$build")
  else
    build=$root/build-asan
    setup_args=("$build" --sanitize)
  fi
  json=$build/test/lit-results.json
  rm -f "$json"
  results+=("$json")
  echo "test.sh: lane $lane ($build)"
  if ! "$root/scripts/setup.sh" "${setup_args[@]}"; then
    echo "test.sh: lane $lane: setup or build failed"
    continue  # No results: counted as one failure below.
  fi
  /usr/lib/llvm-22/bin/lit -sv --time-tests -o "$json" \
    --param fuzz_seconds=$fuzz_seconds "$@" "$build/test"
done

# Count from lit's results: PASS/XFAIL pass; FAIL/XPASS/UNRESOLVED/TIMEOUT
# fail; UNSUPPORTED is neither. A lane without results (its build failed)
# counts as one failure.
/usr/bin/python3 - "${results[@]}" <<'PY'
import json, sys
passed = failed = 0
for path in sys.argv[1:]:
    try:
        tests = json.load(open(path))["tests"]
    except Exception:
        tests = []
    p = sum(t["code"] in ("PASS", "XFAIL") for t in tests)
    f = sum(t["code"] in ("FAIL", "XPASS", "UNRESOLVED", "TIMEOUT") for t in tests)
    if p == 0:
        f = max(f, 1)  # Never green on zero tests.
    passed += p
    failed += f
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
