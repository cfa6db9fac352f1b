#!/usr/bin/env bash
# Writes every command's outputs on the shipped inputs into DIR, one file per run, so that two
# builds can be compared with `diff -r`: every shipped scenario x model (text, JSON, trace),
# each scenario's trace in every --trace-format (with every --trace-events family) and its
# --csv tables, compare of each scenario, every platform's show (text, JSON), capacity, place and pelt runs.
# Usage: tools/output-snapshot.sh CAPSIM_BINARY DIR [DURATION]
set -u
bin=$1 out=$2 dur=${3:-20s}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
run() { # NAME ARGS...: stdout, stderr and exit status of one run
  local name=$1; shift
  "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.rc"
}
for scn in "$src"/scenarios/*.json; do
  s=$(basename "$scn" .json)
  for m in v6.1 v6.9 v6.10 v6.12 latest capped none; do
    run "sim-$s-$m" simulate "$scn" --model "$m" --duration "$dur"
    run "simjson-$s-$m" simulate "$scn" --model "$m" --duration "$dur" --json \
      --trace "$out/trace-$s-$m.trace"
  done
  for f in ftrace report dat perfetto chrome; do
    ev=energy,thermal_power
    case $f in ftrace|report|dat) ev=lisa,$ev ;; esac # the formats that carry lisa events
    run "simfmt-$s-$f" simulate "$scn" --duration "$dur" --trace "$out/tracefmt-$s.$f" \
      --trace-format "$f" --trace-events "$ev"
  done
  run "simcsv-$s" simulate "$scn" --duration "$dur" --csv "$out/csv-$s"
  run "sim-$s-noeas" simulate "$scn" --no-eas --duration "$dur" --json
  run "sim-$s-perf" simulate "$scn" --governor performance --duration "$dur" --json
  run "cmp-$s" compare "$scn" --duration "$dur"
  run "cmpjson-$s" compare "$scn" --duration "$dur" --json
done
for wl in "$src"/tests/data/rtapp/*.json "$src"/examples/workloads/*.json; do
  w=$(basename "$wl" .json)
  for p in rk3399 hikey960 rb5; do
    run "wl-$w-$p" simulate --platform "$p" --workload "$wl" --duration 5s --json
  done
done
run plat-list platform list
for p in $("$bin" platform list | awk 'NR > 1 {print $1}'); do
  run "plat-$p" platform show "$p"
  run "platjson-$p" platform show "$p" --json
  run "cap-$p" capacity "$p" --json
done
run cap-rk3399-caps capacity rk3399 --max-freq 4=1200000 --hw-cap 0-3=1000MHz --after 100ms
run cap-hikey-cool capacity hikey960 --cooling 4=2 --max-freq 0=999000 --json
for st in "$src"/examples/place/*.json; do
  run "place-$(basename "$st" .json)" place --platform rk3399 --state "$st" --task util=300,prev=0 --json
done
for c in "$src"/tests/data/placement-golden/cases.jsonl "$src"/tests/data/placement-golden/hand_cases.jsonl; do
  [ -f "$c" ] && run "placecases-$(basename "$c" .jsonl)" place --cases "$c"
done
run pelt-periodic pelt --periodic 4ms/16ms --tick 4ms --samples
for c in "$src"/tests/data/pelt-golden/*.in.csv; do
  [ -f "$c" ] && run "pelt-$(basename "$c" .in.csv)" pelt "$c"
done
# paths of the tree the runs used: two checkouts in different folders compare equal
grep -rlF "$src" "$out" | xargs -r sed -i "s|$src|SRC|g"
