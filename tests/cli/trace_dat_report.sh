# The trace.dat of shipped scenarios, read by Debian's trace-cmd report, holds the events of the
# ftrace text of the same run (tests/traces/check_dat.py): rb5-lmh-bursts for HW pressure, new
# tasks and idle, default for migrations (some through the migration/N stopper),
# hikey960-game-ipa for the thermal governor's events (from 9 s).
set -e
t=$TMPDIR_CASE
check() {
  sc=$1 d=$2; shift 2
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration $d --trace "$t/$sc.trace" >/dev/null
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration $d --trace "$t/$sc.dat" >/dev/null
  python3 ../traces/check_dat.py "$t/$sc.trace" "$t/$sc.dat" "$@"
}
check rb5-lmh-bursts 3s sched_switch sched_wakeup sched_wakeup_new cpu_frequency cpu_frequency_limits cpu_idle hw_pressure_update
check default 3s sched_switch sched_migrate_task stopper
check hikey960-game-ipa 9100ms thermal_power_allocator thermal_power_actor thermal_temperature cdev_update
