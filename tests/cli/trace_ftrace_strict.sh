# The ftrace text of every shipped scenario, under v6.9 and v6.10 and with the LISA events, read
# line by line by tests/trace/check_ftrace.py against 6.12's TP_printk layouts and the rules a
# kernel trace keeps (docs/formats.md "Trace output"). Silent when every line passes.
set -eu
t=$TMPDIR_CASE
for scn in "$CAPSIM_SOURCE_DIR"/scenarios/*.json; do
  n=$(basename "$scn" .json)
  plat=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["platform"])' "$scn")
  "$CAPSIM" platform show "$plat" --json >"$t/$n.plat.json"
  for m in v6.9 v6.10; do
    "$CAPSIM" simulate "$scn" --model $m --duration 3s --trace "$t/$n-$m.trace" >/dev/null
    python3 "$CAPSIM_SOURCE_DIR"/tests/trace/check_ftrace.py "$t/$n-$m.trace" \
      --platform-json "$t/$n.plat.json" --model $m
  done
  "$CAPSIM" simulate "$scn" --duration 1s --trace "$t/$n-lisa.trace" --trace-events lisa >/dev/null
  python3 "$CAPSIM_SOURCE_DIR"/tests/trace/check_ftrace.py "$t/$n-lisa.trace" \
    --platform-json "$t/$n.plat.json" --events lisa
  grep -q 'lisa__sched_pelt_se: ' "$t/$n-lisa.trace"
done
# The kernel's optional families on the scenarios that exercise them: EAS wake-ups (default,
# rk3399) for sched_compute_energy, the power_allocator governor (hikey960, from 9 s) for the
# cpufreq cooling devices' thermal_power_cpu_* events.
for n in default rk3399-uclamp-ui hikey960-game-ipa; do
  d=2s; [ $n = hikey960-game-ipa ] && d=12s
  "$CAPSIM" simulate "$CAPSIM_SOURCE_DIR/scenarios/$n.json" --duration $d \
    --trace "$t/$n-kern.trace" --trace-events energy,thermal_power >/dev/null
  python3 "$CAPSIM_SOURCE_DIR"/tests/trace/check_ftrace.py "$t/$n-kern.trace" \
    --platform-json "$t/$n.plat.json" --events energy,thermal_power
  grep -q ': sched_compute_energy: comm=' "$t/$n-kern.trace" ||
    { echo "$n: no sched_compute_energy"; exit 1; }
done
grep -q ': thermal_power_cpu_limit: cpus=' "$t/hikey960-game-ipa-kern.trace"
grep -q ': thermal_power_cpu_get_power_simple: cpu=' "$t/hikey960-game-ipa-kern.trace"
# without the families asked, none of their events
! grep -q 'sched_compute_energy\|thermal_power_cpu_' "$t/hikey960-game-ipa-v6.10.trace"
