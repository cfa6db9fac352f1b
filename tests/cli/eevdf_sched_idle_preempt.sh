# Must-show (issue 16): a 300 us / 7 ms periodic task beside a SCHED_IDLE hog on one CPU.
# check_preempt_wakeup_fair() preempts a SCHED_IDLE current at once for a normal wakee
# (cancel_protect_slice(), no waiting for the hog's slice), so the task's wake-up latency p99
# is the model's switch cost: 0, as docs/model.md says scheduling costs nothing. Before, it
# waited up to 917 us. Checked under every model, in the JSON summary and, wake-up by wake-up,
# in the ftrace text: each sched_waking of the task is followed at the same instant by the
# switch from the hog to it -- except, before 6.12, the first: the task's lag from its first run (it ran
# 0.4 ms ahead of the hog started beside it) is inflated at placement by (W + w) / W =
# (3 + 1024) / 3 (place_entity(), PLACE_LAG), which leaves it ineligible by about a
# microsecond; the hog is rescheduled at once but picked again, until the next tick renews its
# deadline, as the kernel does. From then on the task sleeps with positive lag.
set -e
t=$TMPDIR_CASE
cat > "$t/w.json" <<'J'
{ "tasks": { "periodic": { "cpus": [0], "loop": -1, "run": 300, "timer": { "ref": "t", "period": 7000 } },
             "hog": { "cpus": [0], "policy": "SCHED_IDLE", "loop": -1, "run": 1000000 } } }
J
for m in v6.9 v6.10 v6.12 latest; do
  "$CAPSIM" simulate --platform rk3399 --workload "$t/w.json" --duration 2s --model $m --json \
    --trace "$t/$m.trace" >"$t/$m.json"
  python3 - "$t/$m.json" "$t/$m.trace" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
p = next(x for x in d["tasks"] if x["name"] == "periodic")
assert p["activations"] >= 280, p["activations"]    # 2 s / 7 ms
assert p["wakeup_latency_us"]["p99"] == 0.0, p["wakeup_latency_us"]
ev = re.compile(r"\[000\] \S+ +([0-9.]+): (\w+): (.*)")
waking = None; n = 0; late = []
for line in open(sys.argv[2]):
    m = ev.search(line)
    if not m:
        continue
    ts, what, rest = m.group(1), m.group(2), m.group(3)
    if what == "sched_waking" and "comm=periodic" in rest:
        waking = ts
    elif what == "sched_switch" and waking is not None and "next_comm=periodic" in rest:
        assert "prev_comm=hog" in rest, line
        if ts != waking:
            late.append((waking, ts))
        waking = None; n += 1
assert n >= 280, n
assert late in ([], [("0.007000", "0.012000")]), late   # at most the first: 1 of 286
PY
done
