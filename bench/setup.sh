#!/bin/sh
# Installs what the CPU gather benchmark needs from Debian, only when missing:
# clang-22 and libomp-22-dev (harness, OpenMP), python3-numpy, python3-torch,
# python3-matplotlib (baselines, plot), linux-perf (profiling, optional).
set -eu
need=""
for pkg in clang-22 libomp-22-dev python3-numpy python3-torch \
    python3-matplotlib linux-perf; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" ||
    need="$need $pkg"
done
if [ -n "$need" ]; then
  echo "installing:$need"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  # shellcheck disable=SC2086
  $SUDO apt-get install -y -q $need
else
  echo "bench/setup.sh: everything is installed"
fi
