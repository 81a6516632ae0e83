#!/usr/bin/env bash
# Launch-configuration sweep of bench.py, built here and run on a GPU
# machine without LLVM (utils/gpu-aot):
#   bench/gpu/launch_sweep.sh build DIR [scale]   # here: one folder per config
#   bench/gpu/launch_sweep.sh run DIR RESULTS [rounds] [seconds]   # there
# `run` goes over every configuration once per round, in the same order, so
# that the rounds interleave; it stops starting rounds after `seconds`
# (default 240). Torch runs beside the per-case defaults (`auto`) only.
# RESULTS gets one CSV per configuration and round, and sweep.log.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
# name: gather-gpu-pipeline options ("" = the per-case defaults).
configs=(
  "auto:"
  "one_per_step:slices-per-thread=1"
  "b256_m8192:block-size=256 max-blocks=8192"
  "b512_m8192:block-size=512 max-blocks=8192"
  "b1024_m8192:block-size=1024 max-blocks=8192"
  "b256_m32768:block-size=256 max-blocks=32768"
  "b256_m65536:block-size=256 max-blocks=65536"
  "b512_m32768:block-size=512 max-blocks=32768"
  "b1024_m16384:block-size=1024 max-blocks=16384"
  "b1024_m65536:block-size=1024 max-blocks=65536"
)
bench=(/usr/bin/python3 "$root/bench/gpu/bench.py")
case "$1" in
build)
  dir=$2 scale=${3:-16}
  for c in "${configs[@]}"; do
    name=${c%%:*} options=${c#*:}
    "${bench[@]}" --scale "$scale" --iters 20 --chip sm_90 \
      --pipeline-options "$options" --build-aot "$dir/$name" > /dev/null
  done
  echo "built ${#configs[@]} configurations in $dir" ;;
run)
  dir=$2 results=$3 rounds=${4:-3} budget=${5:-240}
  mkdir -p "$results"
  start=$SECONDS
  for round in $(seq 1 "$rounds"); do
    [ $((SECONDS - start)) -lt "$budget" ] || break
    for c in "${configs[@]}"; do
      name=${c%%:*} torch=--no-torch
      [ "$name" = auto ] && torch=
      echo "== round $round $name" | tee -a "$results/sweep.log"
      python3 "$root/bench/gpu/bench.py" --prebuilt "$dir/$name" --iters 20 \
        --chip sm_90 --scale 16 $torch --csv "$results/${name}_r$round.csv" |
        tee -a "$results/sweep.log"
    done
  done ;;
*) echo "usage: $0 build DIR [scale] | run DIR RESULTS [rounds] [seconds]" >&2
   exit 2 ;;
esac
