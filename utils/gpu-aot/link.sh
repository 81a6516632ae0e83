#!/usr/bin/env bash
# Links a module that gather-gpu-pipeline lowered into an executable that
# calls ENTRY (a function of no arguments and no result), next to the
# libraries it loads from its own folder (libmlir_print.so, from
# print_runtime.cpp, and libgather_cuda_runtime.so; build.sh puts them
# there). A program that launches no kernel does not load the CUDA one:
#   utils/gpu-aot/link.sh LOWERED.mlir ENTRY OUTPUT
set -euo pipefail
lowered=$1 entry=$2 output=$3
llvm=/usr/lib/llvm-22/bin
dir=$(cd "$(dirname "$output")" && pwd)
# The module's @main would clash with the program's: renamed.
"$llvm/mlir-translate" --mlir-to-llvmir "$lowered" |
  sed 's/@main(/@__mlir_main(/g' > "$output.ll"
[ "$entry" = main ] && entry=__mlir_main
printf 'extern void %s(void);\nint main(void) { %s(); return 0; }\n' \
  "$entry" "$entry" > "$output.main.c"
"$llvm/clang" -O1 -Wno-override-module "$output.ll" "$output.main.c" \
  -o "$output" -L"$dir" -Wl,--as-needed -lmlir_print -lgather_cuda_runtime \
  -Wl,--allow-shlib-undefined -Wl,-rpath,'$ORIGIN'
rm -f "$output.ll" "$output.main.c"
