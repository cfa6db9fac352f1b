#!/usr/bin/env bash
# Runs every benchmark built in BUILD_DIR (bench_*) and prints their figures.
set -eu
build=${1:-build-bench}
for bin in "$build"/bench_*; do
  [ -x "$bin" ] || continue
  echo "== $(basename "$bin")"
  "$bin"
done
