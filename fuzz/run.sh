#!/usr/bin/env bash
# Runs every libFuzzer target built in BUILD_DIR for SECONDS each, growing fuzz/corpus/<target>/
# in place (new coverage is kept; crashes are written to fuzz/ as crash-*). Prints, per target,
# executions, corpus size and whether it found a crash.
set -u
build=${1:-build-fuzz}
seconds=${2:-60}
root=$(cd "$(dirname "$0")" && pwd)
export LSAN_OPTIONS="suppressions=$root/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
for bin in "$build"/fuzz_*; do
  [ -x "$bin" ] || continue
  target=$(basename "$bin"); target=${target#fuzz_}
  corpus="$root/corpus/$target"
  mkdir -p "$corpus"
  dict=(); [ -f "$root/$target.dict" ] && dict=(-dict="$root/$target.dict")
  log=$(mktemp)
  "$bin" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$root/" "$corpus" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  [ -n "$execs" ] || execs=$(grep -oE '#[0-9]+' "$log" | tail -1 | tr -d '#')
  echo "fuzz: $target: ${seconds}s, ${execs:-?} execs, corpus $(ls "$corpus" | wc -l) files, $([ $rc = 0 ] && echo 'no crash' || echo "CRASH (see $log)")"
  [ $rc = 0 ] || status=1
done
exit $status
