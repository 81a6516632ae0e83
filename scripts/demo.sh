#!/usr/bin/env bash
# Sets up and builds the project, then runs the demo: every example of the
# TensorFlow reference pages (test/Integration/CPU/seed-examples.mlir, where
# each example's comment gives its page, inputs and TF's answer), compiled
# with gather-cpu-pipeline and executed with mlir-runner. Each computed
# result is printed under the example's title.
#   scripts/demo.sh [lowering: scf|linalg]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh" "$root/build" >/dev/null
llvm=/usr/lib/llvm-22
examples=$root/test/Integration/CPU/seed-examples.mlir
lowering=${1:-scf}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Print each example's title (its "// ND-n." or "// G-n." comment) before
# the call that runs it.
/usr/bin/python3 - "$examples" "$work/demo.mlir" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
titles = {m.group(1).lower().replace("-", ""): m.group(0)[3:].rstrip(":,")
          for m in re.finditer(r"^// ((?:ND|G)-\d+)\..*$", text, re.M)}
def label(m):
    title = titles.get(m.group(2), m.group(2)).replace('"', "'")
    return f'{m.group(1)}vector.print str "\\0A== {title}\\0A"\n{m.group(0)}'
sys.stdout = open(sys.argv[2], "w")
print(re.sub(r"^(  )call @((?:nd|g)\d+)\(.*$", label, text, flags=re.M))
PY

echo "Every example of the TensorFlow gather pages, computed by"
echo "gather-cpu-pipeline{lowering=$lowering} + mlir-runner (strings are numbers:"
echo "see the mapping at the top of $examples)."
"$root/build/bin/gather-opt" "$work/demo.mlir" \
    --gather-cpu-pipeline="lowering=$lowering" |
  "$llvm/bin/mlir-runner" -e main -entry-point-result=void \
    -shared-libs="$llvm/lib/libmlir_runner_utils.so" \
    -shared-libs="$llvm/lib/libmlir_c_runner_utils.so" |
  sed -E 's/^Unranked Memref base@ = 0x[0-9a-f]+ //'
