# The trace.dat's lisa__* events (LISA's kmodule layouts) and capsim_cpu_capacity, read back
# field by field through libtracecmd and libtraceevent (the C libraries LISA's and KernelShark's
# readers use; tests/traces/check_dat_events.py), equal the ftrace text of the same run: its
# lisa__* lines and its per-CPU capacity and pressure counters. rb5-lmh-bursts under v6.10 (HW
# pressure, cpufreq pressure, hw_load_avg), rk3399-uclamp-ui under v6.9 (thermal_load_avg; its
# sugov kthreads: lisa__sched_pelt_dl) and default (lisa__sched_overutilized).
set -e
t=$TMPDIR_CASE
check() {
  sc=$1 m=$2 d=$3; shift 3
  for f in trace dat; do
    "$CAPSIM" simulate ../../scenarios/$sc.json --model $m --duration $d --trace-events lisa \
      --trace "$t/$sc-$m.$f" >/dev/null
  done
  "${CAPSIM_BUILD_PYTHON:-python3}" ../traces/check_dat_events.py "$t/$sc-$m.trace" "$t/$sc-$m.dat" "$@"
}
check rb5-lmh-bursts v6.10 3s lisa__sched_pelt_se lisa__sched_pelt_cfs lisa__sched_pelt_rt \
  lisa__sched_util_est_se lisa__sched_util_est_cfs lisa__sched_cpu_capacity
check rk3399-uclamp-ui v6.9 2s lisa__sched_pelt_se lisa__sched_cpu_capacity lisa__sched_pelt_dl
check default v6.10 3s lisa__sched_overutilized
