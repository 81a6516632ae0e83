#!/bin/sh
# mlir-runner with the gather CUDA runtime loaded, for drivers (difftest.py)
# that build their own mlir-runner command lines. Needs GATHER_LLVM_BIN_DIR
# (where mlir-runner is) and GATHER_CUDA_RUNTIME_LIB in the environment.
exec "$GATHER_LLVM_BIN_DIR/mlir-runner" "$@" \
  "-shared-libs=$GATHER_CUDA_RUNTIME_LIB"
