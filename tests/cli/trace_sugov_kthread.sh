# The sugov kthread (issue 15) in every trace format. On RK3399 (cpufreq-dt: no fast switch) a
# policy's "sugov:N" (N: its first CPU), pid CAPSIM_SUGOV_PID_BASE (500) + N, prio -1
# (SCHED_DEADLINE), is woken (sched_waking, sched_wakeup), switched in, and out again: S once its
# work is done, D while it sleeps through the cpu-supply's ramp. The ftrace text, trace.dat
# (Debian's trace-cmd report), Perfetto (protoc) and Chrome JSON hold the same runs; the
# summary counts its time as CPU0's busy time, in no task's row (kthread_busy_s). RB5
# (qcom-cpufreq-hw: fast switch) has no kthread.
set -e
t=$TMPDIR_CASE
scn=$CAPSIM_TEST_DATA/uclamp/rk3399-boosted-little.json
"$CAPSIM" simulate "$scn" --duration 200ms --trace "$t/k.trace" --json >"$t/sum.json"
"$CAPSIM" simulate "$scn" --duration 200ms --trace "$t/k.dat" >/dev/null
"$CAPSIM" simulate "$scn" --duration 200ms --trace "$t/k.pb" --trace-format perfetto >/dev/null
"$CAPSIM" simulate "$scn" --duration 200ms --trace "$t/k.json" --trace-format chrome >/dev/null
trace-cmd report "$t/k.dat" >"$t/dat.txt" 2>/dev/null
protoc --decode=perfetto.protos.Trace -I "$CAPSIM_SOURCE_DIR/proto" \
  "$CAPSIM_SOURCE_DIR/proto/perfetto_subset.proto" <"$t/k.pb" >"$t/pb.txt"
python3 - "$t" <<'PY'
import json, re, sys
d = sys.argv[1]
ev = re.compile(r'\s(\d+\.\d+): (\w+): (.*)$')
woken, ins, outs, states, since, ran = 0, 0, 0, set(), None, 0.0
for line in open(f"{d}/k.trace"):
    m = ev.search(line)
    if not m:
        continue
    ts, what, body = float(m.group(1)), m.group(2), m.group(3)
    if what == 'sched_waking' and body.startswith('comm=sugov:0 '):
        assert 'pid=500 prio=-1 target_cpu=000' in body, body
        woken += 1
    if what == 'sched_switch' and 'next_comm=sugov:0 ' in body:
        assert body.endswith('next_pid=500 next_prio=-1') and '[000]' in line, line
        ins += 1
        since = ts
    if what == 'sched_switch' and 'prev_comm=sugov:0 ' in body:
        assert 'prev_pid=500 prev_prio=-1 prev_state=' in body, body
        states.add(re.search(r'prev_state=(\S+)', body).group(1))
        outs += 1
        ran += ts - since
# one run per wake-up (nothing preempts it), done (S) or in the ramp's sleep (D)
assert ins == outs == woken > 0 and states == {'S', 'D'}, (ins, outs, woken, states)
s = json.load(open(f"{d}/sum.json"))
assert [t["name"] for t in s["tasks"]] == ["boosted"], s["tasks"]
cpu0 = s["cpus"][0]
assert abs(cpu0["kthread_busy_s"] - ran) < 2e-6, (cpu0["kthread_busy_s"], ran)
assert all(c["kthread_busy_s"] == 0 for c in s["cpus"][1:])
busy = cpu0["busy_pct"] / 100 * s["duration_s"]
assert abs(busy - s["tasks"][0]["runtime_s"] - cpu0["kthread_busy_s"]) < 2e-5
# trace.dat (trace-cmd's sched plugin prints "comm:pid [prio]"), Perfetto, Chrome: the same
dat = [l for l in open(f"{d}/dat.txt") if 'sched_switch:' in l and '==> sugov:0:500 [-1]' in l]
assert len(dat) == ins, (len(dat), ins)
pb = open(f"{d}/pb.txt").read()
assert pb.count('next_comm: "sugov:0"') == ins and pb.count('prev_comm: "sugov:0"') == outs
ch = json.load(open(f"{d}/k.json"))
ch = ch["traceEvents"] if isinstance(ch, dict) else ch
sl = [e for e in ch if e.get("ph") == "X" and e.get("name") == "sugov:0"]
assert len(sl) == ins and all(e["args"]["pid"] == 500 and e["args"]["prio"] == -1 for e in sl)
assert abs(sum(e["dur"] for e in sl) * 1e-6 - ran) < 2e-6
print(f"sugov:0: {ins} runs, {ran * 1e6:.0f} us on CPU0, ends {sorted(states)}")
PY
"$CAPSIM" simulate "$scn" --platform rb5 --duration 200ms --trace "$t/rb5.trace" >/dev/null
! grep -q 'sugov' "$t/rb5.trace"
