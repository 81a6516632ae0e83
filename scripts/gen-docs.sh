#!/usr/bin/env bash
# Regenerates the ODS documentation (dialect, ops, passes) into docs/generated.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ninja -C "$root/build" mlir-doc >/dev/null
mkdir -p "$root/docs/generated"
cp "$root"/build/docs/Gather/*.md "$root"/build/docs/GatherConversionPasses.md \
  "$root"/build/docs/GatherTransformsPasses.md \
  "$root"/build/docs/GatherDialectTransformsPasses.md \
  "$root/docs/generated/"
echo "docs/generated: $(ls "$root/docs/generated" | tr '\n' ' ')"
