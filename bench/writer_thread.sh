#!/usr/bin/env bash
# `capsim simulate --trace T --report R` with the writer thread (the default) and without it
# (--writer-thread off), alternating, RUNS times each: wall and CPU time (user + sys) of each
# run, then whether the outputs are the same bytes (cmp; the HTML report embeds the command
# line, so the option's value is taken out of it first). Not a test: figures in bench/README.md.
# Usage: bench/writer_thread.sh [CAPSIM] [DURATION] [RUNS] [TRACE-NAME]
set -eu
capsim=${1:-build/capsim}
duration=${2:-60s}
runs=${3:-3}
name=${4:-t.trace}
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$runs"); do
  for m in on off; do
    mkdir -p "$tmp/$m"
    TIMEFORMAT="writer thread $m: wall %R s, CPU %U s user + %S s sys"
    time "$capsim" simulate "$here/scenarios/default.json" --duration "$duration" \
      --writer-thread "$m" --trace "$tmp/$m/$name" --report "$tmp/$m/r.html" -o "$tmp/$m/r.txt"
  done
done
sed -i 's/--writer-thread o[nf]*/--writer-thread X/; s#'"$tmp"'/o[nf]*/#DIR/#g' "$tmp"/*/r.html
for f in "$name" r.html r.txt; do
  cmp "$tmp/on/$f" "$tmp/off/$f" && echo "$f: the same bytes ($(stat -c %s "$tmp/on/$f") B)"
done
