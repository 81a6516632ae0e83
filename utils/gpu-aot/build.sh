#!/usr/bin/env bash
# Builds the programs of the GPU integration tests (test/Integration/GPU)
# ahead of time, for a machine that has an NVIDIA GPU and its driver but no
# LLVM (no gather-opt, mlir-runner or FileCheck there):
#   utils/gpu-aot/build.sh OUTDIR [chip, default sm_90] [libraries-only]
# OUTDIR then holds one executable per test run, the libraries they load
# (the project's CUDA runtime, and print_runtime.cpp for the runner
# utilities' printMemref*), and run.sh. On the GPU machine:
#   OUTDIR/run.sh OUTDIR RESULTS   (writes NAME.out, NAME.err, NAME.rc)
# Back here, check the results against the tests' CHECK lines:
#   utils/gpu-aot/check.sh RESULTS
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
chip=${2:-sm_90}
llvm=/usr/lib/llvm-22/bin
# GATHER_OPT and GATHER_CUDA_RUNTIME_LIB pick other builds (the tests').
opt=$(command -v "${GATHER_OPT:-$root/build/bin/gather-opt}" || true)
cuda_lib=${GATHER_CUDA_RUNTIME_LIB:-$root/build/lib/libgather_cuda_runtime.so}
[ -n "$opt" ] && [ -f "$cuda_lib" ] ||
  { echo "build gather-opt and gather_cuda_runtime first" >&2; exit 1; }

"$llvm/clang++" -std=c++17 -O2 -fPIC -shared -I/usr/lib/llvm-22/include \
  "$root/utils/gpu-aot/print_runtime.cpp" -o "$out/libmlir_print.so"
cp "$cuda_lib" "$out/"
cp "$root/utils/gpu-aot/run.sh" "$out/run.sh"
[ "${3:-}" = libraries-only ] && exit 0

# program NAME ENTRY SOURCE PIPELINE-OPTIONS [BUFFERIZE-FIRST]
program() {
  local name=$1 entry=$2 src=$root/$3 options="chip=$chip $4" tmp=$out/$1
  if [ "${5:-}" = bufferize ]; then
    "$opt" "$src" --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" |
      "$opt" --gather-gpu-pipeline="$options" > "$tmp.mlir"
  else
    "$opt" "$src" --gather-gpu-pipeline="$options" > "$tmp.mlir"
  fi
  "$root/utils/gpu-aot/link.sh" "$tmp.mlir" "$entry" "$tmp"
  rm -f "$tmp.mlir"
  echo "$name" >> "$out/programs"
}

rm -f "$out/programs"
kernels=test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir
seeds=test/Integration/CPU/seed-examples.mlir
errors=test/Integration/GPUHostOnly/gpu-host-only-errors.mlir
program kernels_small_grid main $kernels "format=bin block-size=4 max-blocks=3"
program kernels main $kernels "format=bin"
program seeds_fatbin main $seeds "format=fatbin"
program seeds_small_grid main $seeds "format=bin block-size=32 max-blocks=2"
program seeds_isa main $seeds "format=isa vectorize=0"
program bufferized main test/Integration/CPU/bufferized.mlir "format=fatbin" bufferize
program error_negative gather_negative $errors "format=bin"
program error_nd nd_too_large $errors "format=bin"

echo "built $(wc -l < "$out/programs") programs in $out"
