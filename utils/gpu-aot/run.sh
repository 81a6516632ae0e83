#!/usr/bin/env bash
# Runs every program listed in PROGRAM_DIR/programs (built by build.sh, or
# by difftest.py --aot-build) on the GPU machine; RESULTS gets NAME.out,
# NAME.err and NAME.rc for each:
#   run.sh PROGRAM_DIR RESULTS
dir=$(cd "$1" && pwd)
results=$(mkdir -p "$2" && cd "$2" && pwd)
for name in $(cat "$dir/programs"); do
  timeout 120 "$dir/$name" > "$results/$name.out" 2> "$results/$name.err"
  echo $? > "$results/$name.rc"
  echo "$name: exit $(cat "$results/$name.rc")"
done
