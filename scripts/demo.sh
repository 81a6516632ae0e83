#!/usr/bin/env bash
# Sets up and builds the project, then runs the demo: every example of the
# TensorFlow reference pages (test/Integration/CPU/seed-examples.mlir),
# compiled with gather-cpu-pipeline and executed with mlir-runner; each
# result is printed under the comment that says which example it is.
#   scripts/demo.sh [lowering: scf|linalg]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" "$root/build" >/dev/null
llvm=/usr/lib/llvm-22
examples=$root/test/Integration/CPU/seed-examples.mlir
lowering=${1:-scf}

echo "== The seed examples, as written (gather-opt round trip) =="
grep -E '^ *// (Example|Page|[A-Z])' "$examples" | sed 's/^ *//' | head -80 || true
echo
echo "== Executed through gather-cpu-pipeline{lowering=$lowering} + mlir-runner =="
"$root/build/bin/gather-opt" "$examples" \
    --gather-cpu-pipeline="lowering=$lowering" |
  "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$llvm/lib/libmlir_runner_utils.so" \
    -shared-libs="$llvm/lib/libmlir_c_runner_utils.so"
