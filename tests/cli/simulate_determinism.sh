# Same scenario and seed twice: the summary, the JSON and the trace must be byte-identical,
# for the test scenario and for every shipped scenario (2 s of each, to stay quick).
set -e
s=$CAPSIM_TEST_DATA/scenarios/hwcap.json
for i in 1 2; do
  $CAPSIM simulate "$s" --trace "$TMPDIR_CASE/t$i.trace" >"$TMPDIR_CASE/s$i.txt"
  $CAPSIM simulate "$s" --json >"$TMPDIR_CASE/j$i.json"
done
cmp "$TMPDIR_CASE/s1.txt" "$TMPDIR_CASE/s2.txt"
cmp "$TMPDIR_CASE/j1.json" "$TMPDIR_CASE/j2.json"
cmp "$TMPDIR_CASE/t1.trace" "$TMPDIR_CASE/t2.trace"
for sc in "$CAPSIM_SOURCE_DIR"/scenarios/*.json; do
  for i in 1 2; do
    $CAPSIM simulate "$sc" --duration 2s --trace "$TMPDIR_CASE/st$i" >"$TMPDIR_CASE/ss$i"
    $CAPSIM simulate "$sc" --duration 2s --json >"$TMPDIR_CASE/sj$i"
  done
  cmp "$TMPDIR_CASE/ss1" "$TMPDIR_CASE/ss2"
  cmp "$TMPDIR_CASE/sj1" "$TMPDIR_CASE/sj2"
  cmp "$TMPDIR_CASE/st1" "$TMPDIR_CASE/st2"
done
echo identical
# the trace is a kernel text trace with the events the issue asks for
head -1 "$TMPDIR_CASE/t1.trace"
for ev in sched_switch sched_waking sched_wakeup sched_migrate_task cpu_frequency: \
          cpu_frequency_limits hw_pressure_update 'tracing_mark_write: C|1|cpu4_actual_capacity|' \
          'tracing_mark_write: C|1|cpu0_util|'; do
  grep -q -F -- "$ev" "$TMPDIR_CASE/t1.trace" && echo "has $ev"
done
# the JSON report has the keys of issue 4
for k in duration_s energy_j migrations misfit_migrations overutilized_pct tasks name activations \
         deadline_misses runtime_s runtime_by_cpu_s wakeup_latency_us p50 p99 util_avg_end cpus \
         cpu busy_pct mean_freq_khz mean_actual_capacity; do
  grep -q "\"$k\":" "$TMPDIR_CASE/j1.json" && echo "has key $k"
done
