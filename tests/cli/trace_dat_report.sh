# The trace.dat of shipped scenarios, read by Debian's trace-cmd report, holds the events of the
# ftrace text of the same run (tests/traces/check_dat.py): rb5-lmh-bursts for HW pressure, new
# tasks and idle, default for migrations (some through the migration/N stopper),
# hikey960-game-ipa for the thermal governor's events (from 9 s).
set -e
t=$TMPDIR_CASE
EV=
check() {
  sc=$1 d=$2; shift 2
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration $d --trace "$t/$sc.trace" $EV >/dev/null
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration $d --trace "$t/$sc.dat" $EV >/dev/null
  python3 ../traces/check_dat.py "$t/$sc.trace" "$t/$sc.dat" "$@"
}
check rb5-lmh-bursts 3s sched_switch sched_wakeup sched_wakeup_new cpu_frequency cpu_frequency_limits cpu_idle hw_pressure_update
check default 3s sched_switch sched_migrate_task stopper
check hikey960-game-ipa 9100ms thermal_power_allocator thermal_power_actor thermal_temperature cdev_update
# the kernel's optional families: their records and format files (a bare tracepoint's layout for
# sched_compute_energy; thermal_power_cpu_limit's __bitmask) as the text has them
EV="--trace-events energy,thermal_power"
check hikey960-game-ipa 9100ms sched_compute_energy thermal_power_cpu_get_power_simple thermal_power_cpu_limit
check rk3399-uclamp-ui 2s sched_compute_energy
# the LISA module's events: trace-cmd report prints them from their format files as the text has
# them (check_dat_events.py reads their fields through libtraceevent)
EV="--trace-events lisa"
check default 3s lisa__sched_pelt_se lisa__sched_pelt_cfs lisa__sched_pelt_dl lisa__sched_util_est_se lisa__sched_overutilized lisa__sched_cpu_capacity
EV=
# Every shipped scenario, under both models: trace-cmd validates the file and reports every
# record (no "FAILED TO PARSE", nothing on stderr); the header page and event header are what a
# 64-bit 6.12 kernel's ring_buffer_print_page_header() / _entry_header() print (tracefs
# events/header_page, header_event) and the trace clock is the default "local", as KernelShark
# reads them.
for scn in ../../scenarios/*.json; do
  n=$(basename "$scn" .json)
  for m in v6.9 v6.10; do
    f="$t/all-$n-$m.dat"
    "$CAPSIM" simulate "$scn" --model $m --duration 2s --trace "$f" >/dev/null
    trace-cmd dump -v -i "$f" | grep -q 'is a valid trace-cmd file'
    trace-cmd report "$f" >"$t/rep.txt" 2>"$t/rep.err"
    if grep -q 'FAILED TO PARSE' "$t/rep.txt" || [ -s "$t/rep.err" ]; then
      echo "$n $m: trace-cmd report failed"; grep -m3 'FAILED TO PARSE' "$t/rep.txt"; cat "$t/rep.err"
      exit 1
    fi
    [ "$(grep -c ': ' "$t/rep.txt")" -gt 100 ]
    trace-cmd report --stat "$f" | grep -q '^CPU0 data recorded at offset='
  done
done
trace-cmd dump --head-page --head-event --clock -i "$f" >"$t/head.txt"
printf '%b' '\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n' \
  '\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n' \
  '\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n' \
  '\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n' \
  '\ttype_len    :    5 bits\n\ttime_delta  :   27 bits\n\tarray       :   32 bits\n' \
  '\tpadding     : type == 29\n\ttime_extend : type == 30\n\ttime_stamp : type == 31\n' \
  '\tdata max type_len  == 28\n' >"$t/head.want"
while IFS= read -r line; do
  grep -qxF -- "$line" "$t/head.txt" || { echo "header: no line '$line'"; exit 1; }
done <"$t/head.want"
grep -q '^[[:space:]]*\[local\]' "$t/head.txt" || { echo "no local trace clock"; exit 1; }
