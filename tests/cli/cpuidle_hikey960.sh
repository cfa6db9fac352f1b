# Must-show (issue 16): on HiKey960 a periodic task alone on CPU4 (1 ms every 20 ms: ~19 ms
# idle) wakes from the deepest of CPU4's DT idle states whose min-residency-us its idle time
# covers: CLUSTER_SLEEP_1 when its cluster (4-7) is idle, CPU_SLEEP_1 when a hog keeps CPU5
# busy. Its timer's interrupt is taken once CPU4 is out of that state: in the ftrace text the
# cpu_idle exit and then sched_waking come exit-latency-us after the period's boundary, and the
# wake-up latency (from the timer's expiry, as rt-app's wu_lat counts it, to sched_switch) is
# that exit latency, plus the CPU time of policy4's sugov kthread (sugov:4, SCHED_DEADLINE,
# first on CPU4) when the wake-up asked for a new frequency: cpufreq-dt has no fast switch. The
# states and numbers are read from the DTB with fdtget; the residency per state from simulate
# --json, whose latency figures count from the expiry too.
set -e
dtb=$CAPSIM_SOURCE_DIR/data/platforms/hikey960.dtb
t=$TMPDIR_CASE
# CPU4's cpu-idle-states phandles -> the idle-states nodes with those phandles, in order
states=""
for ph in $(fdtget -t x "$dtb" /cpus/cpu@100 cpu-idle-states); do
  for n in $(fdtget -l "$dtb" /cpus/idle-states); do
    [ "$(fdtget -t x "$dtb" /cpus/idle-states/$n phandle)" = "$ph" ] && states="$states $n"
  done
done
info=""
for n in $states; do
  g() { fdtget -t u "$dtb" /cpus/idle-states/$n "$1"; }
  info="$info $n:$(g min-residency-us):$(g exit-latency-us):$(g entry-latency-us)"
done
cat > "$t/alone.json" <<'J'
{ "tasks": { "periodic": { "cpus": [4], "loop": -1, "run": 1000, "timer": { "ref": "t", "period": 20000 } } } }
J
cat > "$t/busy.json" <<'J'
{ "tasks": { "periodic": { "cpus": [4], "loop": -1, "run": 1000, "timer": { "ref": "t", "period": 20000 } },
             "hog": { "cpus": [5], "loop": -1, "run": 1000000 } } }
J
for w in alone busy; do
  # the DT idle states are used (kernel.cpuidle_off: false, the default since issue 16)
  printf '{"platform": "hikey960", "workload": "%s", "duration": 1}\n' \
    "$t/$w.json" >"$t/$w.scn.json"
  "$CAPSIM" simulate "$t/$w.scn.json" --trace "$t/$w.trace" >/dev/null
  "$CAPSIM" simulate "$t/$w.scn.json" --json >"$t/$w.out"
done
python3 - "$t" $info <<'PY'
import json, re, sys
d, states = sys.argv[1], [s.split(":") for s in sys.argv[2:]]
states = [(n, int(r), int(x), int(e)) for n, r, x, e in states]
assert [s[0] for s in states] == ["cpu-sleep-1", "cluster-sleep-1"], states
idle_us = 20000 - 1000   # the period minus the run (at most: the run takes longer at low OPPs)
for w, cluster_idle in (("alone", True), ("busy", False)):
    # menu: the deepest state whose residency fits; the cluster state only with the cluster idle
    k = max(i + 1 for i, s in enumerate(states)
            if s[1] <= idle_us - 2000 and (cluster_idle or not s[0].startswith("cluster")))
    name, _, exit_us, _ = states[k - 1]
    assert name == ("cluster-sleep-1" if cluster_idle else "cpu-sleep-1") and exit_us >= 550
    ev = re.compile(r"\[004\] \S+ +([0-9.]+): (\w+): (.*)")
    expiry = None; lats = []; entered = []; kthread_from = None; kthread_us = 0
    idle_exit = None; wakings = []
    for line in open(f"{d}/{w}.trace"):
        m = ev.search(line)
        if not m:
            continue
        ts, what, rest = float(m.group(1)), m.group(2), m.group(3)
        us = round(ts * 1e6)
        if what == "cpu_idle" and not rest.startswith("state=4294967295"):
            entered.append(int(rest.split()[0].split("=")[1]))
        if what == "cpu_idle" and rest.startswith("state=4294967295"):
            idle_exit = us
        if what == "sched_waking" and "comm=periodic" in rest:
            # the timer of the period that began at the last 20 ms boundary
            expiry = us - us % 20000; kthread_us = 0
            wakings.append((us - expiry, us == idle_exit))
        if what == "sched_switch" and "next_comm=sugov:4 " in rest:
            kthread_from = ts
        if what == "sched_switch" and "prev_comm=sugov:4 " in rest:
            kthread_us += round((ts - kthread_from) * 1e6)
        if what == "sched_switch" and "next_comm=periodic" in rest and expiry is not None:
            lats.append(us - expiry - kthread_us); expiry = None
    assert len(lats) >= 45, (w, len(lats))
    assert all(l == exit_us for l in lats), (w, exit_us, sorted(set(lats)))
    # the interrupt after the exit: sched_waking exit_us after the expiry, with the idle exit
    assert all(x == (exit_us, True) for x in wakings), (w, sorted(set(wakings)))
    assert set(entered[1:]) == {k}, (w, k, set(entered))
    r = json.load(open(f"{d}/{w}.out"))
    cpu4 = r["cpus"][4]["idle_residency_s"]
    assert len(cpu4) == len(states) + 1, cpu4
    assert cpu4[k] > 0.9, (w, k, cpu4)  # all its idle time but the start
    p = next(x for x in r["tasks"] if x["name"] == "periodic")
    assert p["wakeup_latency_us"]["p50"] >= 0.9 * exit_us, p
    print(w, name, exit_us, "us x", len(lats))
PY
