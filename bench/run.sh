#!/usr/bin/env bash
# Runs every benchmark built in BUILD_DIR (bench_*) and prints their figures, each followed by
# its whole wall and CPU time (user + sys: wall time swings with the machine's other load).
set -eu
build=${1:-build-bench}
for bin in "$build"/bench_*; do
  [ -x "$bin" ] || continue
  echo "== $(basename "$bin")"
  TIMEFORMAT="== $(basename "$bin"): wall %R s, CPU %U s user + %S s sys"
  time "$bin"
done
