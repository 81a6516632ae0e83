#!/usr/bin/env bash
# Installs what the project needs (Debian packages, only those missing),
# configures and builds it. Idempotent: does nothing costly when all is there.
#   scripts/setup.sh [build-dir] [--sanitize]
# --sanitize configures the sanitizer build (AddressSanitizer and
# UndefinedBehaviorSanitizer, plus the gather-fuzz libFuzzer target).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
sanitize=${2:-}

packages=(
  cmake ninja-build clang-22 llvm-22-dev llvm-22-tools libmlir-22-dev
  mlir-22-tools libomp-22-dev python3-numpy python3-torch python3-matplotlib
  valgrind mpich libmpich-dev libjemalloc2
)
# The sanitizer and libFuzzer runtimes.
[ "$sanitize" = --sanitize ] && packages+=(libclang-rt-22-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

llvm=/usr/lib/llvm-22
flags=()
if [ "$sanitize" = --sanitize ]; then
  # LLVM_USE_SANITIZER also turns off -Wl,-z,defs (the sanitizer runtimes
  # resolve at load time). Out of LLVM's tree, LLVM_UBSAN_FLAGS must be
  # given: LLVM's own choice (no vptr or function checks, which need RTTI
  # and instrumented callers; no recovery, so any report fails).
  # LLVM_USE_SANITIZE_COVERAGE gives the fuzzer coverage of the project.
  flags=(
    "-DLLVM_USE_SANITIZER=Address;Undefined"
    "-DLLVM_UBSAN_FLAGS=-fsanitize=undefined -fno-sanitize=vptr,function -fno-sanitize-recover=all"
    -DLLVM_USE_SANITIZE_COVERAGE=ON -DGATHER_ENABLE_FUZZER=ON
  )
fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=$llvm/bin/clang -DCMAKE_CXX_COMPILER=$llvm/bin/clang++ \
    -DMLIR_DIR=$llvm/lib/cmake/mlir -DLLVM_EXTERNAL_LIT=$llvm/bin/lit \
    -DLLVM_ENABLE_ASSERTIONS=ON "${flags[@]}"
fi
ninja -C "$build"
