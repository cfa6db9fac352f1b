# The Perfetto trace of shipped scenarios decodes with Debian's protoc against
# proto/perfetto_subset.proto and carries the text trace's events and counters
# (tests/traces/check_perfetto.py); --trace-format wins over the name's extension.
set -e
t=$TMPDIR_CASE
for sc in rb5-lmh-bursts default; do
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration 3s --trace "$t/$sc.trace" >/dev/null
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration 3s --trace "$t/$sc.bin" \
    --trace-format perfetto >/dev/null
  python3 ../traces/check_perfetto.py "$t/$sc.trace" "$t/$sc.bin" ../../proto/perfetto_subset.proto
done
# --trace-events energy,thermal_power: sched_compute_energy and the thermal_power_cpu_* events
# go out as generic ftrace events (no typed message exists upstream) matching the text's
sc=hikey960-game-ipa ev="--trace-events energy,thermal_power"
"$CAPSIM" simulate ../../scenarios/$sc.json --duration 10s --trace "$t/$sc.trace" $ev >/dev/null
"$CAPSIM" simulate ../../scenarios/$sc.json --duration 10s --trace "$t/$sc.bin" \
  --trace-format perfetto $ev >/dev/null
grep -q 'sched_compute_energy: ' "$t/$sc.trace" && grep -q 'thermal_power_cpu_limit: ' "$t/$sc.trace"
python3 ../traces/check_perfetto.py "$t/$sc.trace" "$t/$sc.bin" ../../proto/perfetto_subset.proto
