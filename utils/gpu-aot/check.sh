#!/usr/bin/env bash
# Checks the results of utils/gpu-aot/build.sh's programs (run on a GPU
# machine by run.sh) against the CHECK lines of the tests they come from,
# as test/Integration/GPU does with mlir-runner:
#   utils/gpu-aot/check.sh RESULTS
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
results=$1
fc=/usr/lib/llvm-22/bin/FileCheck
failed=0
# check NAME EXPECTED-EXIT(0|nonzero) CHECK-FILE PREFIX [STDERR-CHECK-FILE]
check() {
  local name=$1 rc
  rc=$(cat "$results/$1.rc")
  if { [ "$2" = 0 ] && [ "$rc" != 0 ]; } || { [ "$2" != 0 ] && [ "$rc" = 0 ]; }; then
    echo "FAIL $name: exit $rc"; failed=$((failed + 1)); return
  fi
  if ! "$fc" "$root/$3" --check-prefix="$4" < "$results/$name.out"; then
    echo "FAIL $name: output"; failed=$((failed + 1)); return
  fi
  if [ -n "${5:-}" ] && ! "$fc" "$root/$5" < "$results/$name.err"; then
    echo "FAIL $name: error output"; failed=$((failed + 1)); return
  fi
  echo "PASS $name"
}
kernels=test/Integration/GPUHostOnly/gpu-host-only-kernels.mlir
seeds=test/Integration/CPU/seed-examples.mlir
errors=test/Integration/GPUHostOnly/gpu-host-only-errors.mlir
check kernels_small_grid 0 $kernels CHECK
check kernels 0 $kernels CHECK
check seeds_fatbin 0 $seeds CHECK
check seeds_small_grid 0 $seeds CHECK
check seeds_isa 0 $seeds CHECK
check bufferized 0 test/Integration/CPU/bufferized.mlir CHECK
check error_negative 1 $errors NEG test/Integration/GPU/out-of-bounds-error.mlir
check error_nd 1 $errors ND test/Integration/GPU/out-of-bounds-error.mlir
echo "$failed failed"
[ "$failed" = 0 ]
