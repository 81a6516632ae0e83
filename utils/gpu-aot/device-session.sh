#!/usr/bin/env bash
# One GPU session's checks, built here and run on a lent GPU machine
# (no LLVM there) in a single call:
#   utils/gpu-aot/device-session.sh build DIR    # here, about 6 minutes
#   utils/gpu-aot/device-session.sh run DIR      # there; results in $OUT
#   utils/gpu-aot/device-session.sh check RESULTS  # here, on what came back
# DIR (under the repository, ignored, e.g. build-aot) travels with the
# device tool's `carry`. `run` executes the GPU integration tests' programs,
# the GPU differential test (seed 20261128, 200 cases), bench.py at scale 1
# with torch (bench_scale1.csv) and the launch-configuration sweep at scale
# 16 (bench/gpu/launch_sweep.sh; ROUNDS, default 3, and BUDGET, default
# 200 s, bound it: one round of its 10 configurations takes about 300 s on
# an H200), and packs results.tgz and sweep.tgz (the device tool brings back
# at most 8 files per call). `check` unpacks them, checks the tests' output
# against their CHECK lines and replays the differential test.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seed=20261128
difftest=(env GATHER_LLVM_BIN_DIR=/usr/lib/llvm-22/bin /usr/bin/python3
  "$root/utils/difftest/difftest.py" --seed $seed --count 200
  --gather-opt "$root/build/bin/gather-opt" --llvm-lib-dir /usr/lib/llvm-22/lib
  -j 2 --pipeline 'gather-gpu-pipeline{chip=sm_90 format=bin}')
case "${1:-}" in
build)
  dir=$(mkdir -p "$2" && cd "$2" && pwd)
  set -e
  "$root/utils/gpu-aot/build.sh" "$dir/tests" sm_90
  "${difftest[@]}" --aot-build "$dir/diff" --keep "$dir/diffkeep"
  /usr/bin/python3 "$root/bench/gpu/bench.py" --iters 20 --chip sm_90 \
    --build-aot "$dir/scale1" > /dev/null
  "$root/bench/gpu/launch_sweep.sh" build "$dir/sweep" 16 ;;
run)
  dir=$2 out=${OUT:?run on the device machine, which sets OUT}
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem \
    --format=csv > "$out/gpu.txt" 2>&1
  start=$SECONDS
  "$dir/tests/run.sh" "$dir/tests" "$out/r/tests" > "$out/tests.log" 2>&1
  "$dir/diff/run.sh" "$dir/diff" "$out/r/diff" > "$out/diff.log" 2>&1
  echo "tests and difftest: $((SECONDS - start)) s" >> "$out/gpu.txt"
  (cd "$out" && tar czf results.tgz r && rm -rf r)
  python3 "$root/bench/gpu/bench.py" --prebuilt "$dir/scale1" --iters 20 \
    --chip sm_90 --csv "$out/bench_scale1.csv" > /dev/null 2>&1
  "$root/bench/gpu/launch_sweep.sh" run "$dir/sweep" "$out/s" \
    "${ROUNDS:-3}" "${BUDGET:-200}" > /dev/null 2>&1
  (cd "$out" && tar czf sweep.tgz s && cp s/sweep.log . && rm -rf s)
  echo "all: $((SECONDS - start)) s" >> "$out/gpu.txt"
  cat "$out/gpu.txt" "$out/tests.log" ;;
check)
  results=$(cd "$2" && pwd)
  tar xzf "$results/results.tgz" -C "$results"
  "$root/utils/gpu-aot/check.sh" "$results/r/tests"
  "${difftest[@]}" --aot-replay "$results/r/diff" ;;
*)
  echo "usage: $0 build DIR | run DIR | check RESULTS" >&2
  exit 2 ;;
esac
