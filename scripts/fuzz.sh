#!/usr/bin/env bash
# Runs the gather-fuzz libFuzzer target (built by scripts/test.sh --sanitize
# into build-asan) for a bounded time on a corpus seeded from the tests.
#   scripts/fuzz.sh [seconds (default 150)] [libFuzzer arguments...]
# Exit status 0 when no crash was found; a crash leaves its input in
# build-asan/fuzz/artifacts/ (rerun: build-asan/bin/gather-fuzz FILE).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${GATHER_ASAN_BUILD:-$root/build-asan}" 2>/dev/null && pwd) || build=${GATHER_ASAN_BUILD:-$root/build-asan}
seconds=${1:-150}
shift || true
fuzz=$build/bin/gather-fuzz
[ -x "$fuzz" ] || { echo "fuzz: $fuzz is not built (scripts/test.sh --sanitize)"; exit 1; }
work=$build/fuzz
mkdir -p "$work/corpus" "$work/artifacts"
rm -rf "$work/seeds"
/usr/bin/python3 "$root/utils/fuzz/make_seeds.py" "$work/seeds" >/dev/null
# Debian's libMLIR is not instrumented: its inlined allocator poisoning gives
# false use-after-poison reports (see README, sanitizer lane).
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# From the work folder: with -jobs=N, libFuzzer writes fuzz-N.log there.
cd "$work"
"$fuzz" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
  -max_len=4096 -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
  "$@" "$work/corpus" "$work/seeds"
