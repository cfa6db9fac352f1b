#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_variants.py - one small hand-made trace written in each of the forms real traces
take (issue 29's list: prev_state as letters, 1024 (3.x), 4096 (4.8-4.13) or 256 (4.14+); the
irq-info flags in 5, 4 or no characters; the systrace tgid column; `<...>` comms; lines out of
time order; no final newline; devlib's starting-frequency marker as ftrace and as trace-cmd
report print it; both spellings of cpu_frequency_limits; the PELT events of every era
(sched_load_se, sched_load_avg_task, sched_pelt_se, lisa__sched_pelt_se); a `[FAILED TO PARSE]`
line; a `{{0x96}}` array; cpu_idle's exit as 4294967295; a CPU whose buffer starts late and
that lost events). Every form must give the figures worked out by hand below from the
schedule the test writes (docs/formats.md, "Trace analysis"), never read off capsim.

Usage: analyze_variants.py CAPSIM OUTDIR
"""
import json
import os
import shutil
import subprocess
import sys

capsim, out = sys.argv[1:3]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
fails = compared = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def close(a, b, what, tol=1e-9):
    global compared
    compared += 1
    if a is None or b is None or abs(a - b) > tol:
        fail(f"{what}: capsim {a} != expected {b}")


def same(a, b, what):
    global compared
    compared += 1
    if a != b:
        fail(f"{what}: capsim {a!r} != expected {b!r}")


# ---- the schedule: (µs after 1 s, cpu, comm, pid, event, body); "##" lines are markers ----
A, B, C = ("task_a", 101), ("task_b", 102), ("task_c", 103)
IDLE0, IDLE4 = ("swapper/0", 0), ("swapper/4", 0)


def sw(prev, state, nxt):
    return (f"prev_comm={prev[0]} prev_pid={prev[1]} prev_prio=120 prev_state={state} ==> "
            f"next_comm={nxt[0]} next_pid={nxt[1]} next_prio=120")


def events(pelt="sched_pelt_se", limits=("min", "max"), devlib="ftrace", failed=False):
    def log(t, util):
        body = {"sched_pelt_se": f"cpu=0 path=(null) comm=task_a pid=101 load={util} "
                                 f"runnable={util} util={util} update_time={(1000000 + t) * 1000}",
                "lisa__sched_pelt_se": f"cpu=0 path=(null) comm=task_a pid=101 load={util} "
                                       f"util={util} update_time={(1000000 + t) * 1000}",
                "sched_load_se": f"cpu=0 path=(null) comm=task_a pid=101 load={util} "
                                 f"rbl_load={util} util={util}",
                "sched_load_avg_task": f"comm=task_a pid=101 cpu=0 load_avg={util} "
                                       f"util_avg={util} load_sum={util * 46000} "
                                       f"util_sum={util * 46000} period_contrib=512"}[pelt]
        return (t, 0, "task_a", 101, pelt, body)

    mark = "cpu_frequency_devlib: state=600000 cpu_id=0"
    ev = [
        "##### CPU 4 buffer started ####",
        (0, 0, "<idle>", 0, "cpu_frequency_limits",
         f"{limits[0]}=408000 {limits[1]}=816000 cpu_id=0"),
        (0, 0, "sh", 99, "tracing_mark_write", mark) if devlib == "ftrace" else
        (0, 0, "sh", 99, "print", "tracing_mark_write: " + mark),
        (0, 0, "<idle>", 0, "sched_switch", sw(IDLE0, "R", A)),
        log(5000, 300),
        (10000, 0, "task_a", 101, "sched_switch", sw(A, "R+", B)),
        (15000, 0, "task_b", 102, "sched_switch", sw(B, "S", A)),
        (20000, 0, "task_a", 101, "sched_switch", sw(A, "S", IDLE0)),
        (20000, 4, "<idle>", 0, "sched_switch", sw(IDLE4, "R", C)),
        log(25000, 280),
        (30000, 0, "<idle>", 0, "sched_wakeup", "comm=task_a pid=101 prio=120 target_cpu=000"),
        (30000, 4, "task_c", 103, "sched_switch", sw(C, "S", IDLE4)),
        (32000, 0, "<idle>", 0, "sched_switch", sw(IDLE0, "R", A)),
        (40000, 0, "task_a", 101, "sched_switch", sw(A, "R+", B)),
        (40000, 4, "<idle>", 0, "sched_wakeup", "comm=task_c pid=103 prio=120 target_cpu=004"),
        (41000, 4, "<idle>", 0, "sched_switch", sw(IDLE4, "R", C)),
        log(42000, 290),
        (45000, 0, "task_b", 102, "sched_switch", sw(B, "S", A)),
        (50000, 0, "task_a", 101, "cpu_frequency", "state=816000 cpu_id=0"),
        (50000, 4, "task_c", 103, "cpu_idle", "state=4294967295 cpu_id=4"),
        "CPU:4 [LOST 5 EVENTS]",
        (52000, 0, "task_a", 101, "sched_switch", sw(A, "S", IDLE0)),
        (60000, 0, "<idle>", 0, "thermal_power_cpu_get_power",
         "cpus=0000000f freq=816000 load={{0x96}} dynamic_power=200"),
        (60000, 4, "task_c", 103, "sched_switch", sw(C, "S", IDLE4)),
        (100000, 0, "<idle>", 0, "cpu_idle", "state=1 cpu_id=0"),
    ]
    if failed:  # after the last log: the replay must not take it
        i = ev.index(next(e for e in ev if e[0] == 45000))
        ev.insert(i + 1, (46000, 0, "task_a", 101, pelt, "[FAILED TO PARSE] cpu=0 "
                          "path=ARRAY[2f, 00] comm=task_a pid=101 load=1 util=1"))
    return ev


# ---- the figures, by hand from the schedule above ----
T0, T1 = 1.0, 1.1
EXPECT_CPUS = {
    # CPU 0: task_a 0-10, 15-20, 32-40, 45-52 ms; task_b 10-15, 40-45: 40 ms of 100
    0: {"busy_s": 0.040, "busy_pct": 40.0, "lost_s": 0.0, "window_start": T0,
        "freq": {600000: 50.0, 816000: 50.0}},  # the marker at 0, cpu_frequency at 50 ms
    # CPU 4: its buffer starts at 20 ms; task_c 20-30 and 41-50 (its last event before the
    # lost events); 50-60 unknown: 19 ms busy of 80 - 10
    4: {"busy_s": 0.019, "busy_pct": 100 * 19 / 70, "lost_s": 0.010, "window_start": 1.020,
        "freq": {}},
}
EXPECT_TASKS = {
    101: {"comm": "task_a", "runtime_s": 0.030, "by": {"0": 0.030}, "switch_ins": 4,
          "wakeups": 1, "lat": [2000.0], "cpu_changes": 0},
    102: {"comm": "task_b", "runtime_s": 0.010, "by": {"0": 0.010}, "switch_ins": 2,
          "wakeups": 0, "lat": [], "cpu_changes": 0},
    103: {"comm": "task_c", "runtime_s": 0.019, "by": {"4": 0.019}, "switch_ins": 2,
          "wakeups": 1, "lat": [1000.0], "cpu_changes": 0},
}
# rk3399: CPU 0's policy (CPUs 0-3) capacity 381 at 1416000 kHz; CPU 4 1024. v6.10's
# cpufreq_update_pressure(): 381 - 381 * 816000 / 1416000 (integer) = 381 - 219
PRESSURE0 = 381 - 381 * 816000 // 1416000


def render(ev, state=None, flags="d..2.", tgid=False, unknown_comm=False, newline=True,
           shuffle=False):
    state = state or {}
    lines = []
    for e in ev:
        if isinstance(e, str):
            lines.append(e)
            continue
        t, cpu, comm, pid, name, body = e
        if name == "sched_switch":
            for letter, num in state.items():
                body = body.replace(f"prev_state={letter} ", f"prev_state={num} ")
        if unknown_comm and pid:
            comm = "<...>"
        col = ("(-------) " if not pid else f"({pid:>7}) ") if tgid else ""
        fl = f" {flags}" if flags else ""
        lines.append(f"{comm:>16}-{pid:<7} {col}[{cpu:03d}]{fl} {1 + t // 1000000}."
                     f"{t % 1000000:06d}: {name}: {body}")
    if shuffle:  # CPU 4's buffer printed behind CPU 0's: two of its lines after later ones
        def at(t, cpu):
            return next(i for i, l in enumerate(lines) if f"[{cpu:03d}]" in l and
                        f"1.{t:06d}:" in l)
        for t, before in ((41000, (45000, 0)), (20000, (25000, 0))):
            line = lines.pop(at(t, 4))
            lines.insert(at(*before) + 1, line)
    text = "# tracer: nop\n#\n" + "\n".join(lines)
    return text + "\n" if newline else text


def analyze(text, name, extra=()):
    path = os.path.join(out, name)
    open(path, "w").write(text)
    r = subprocess.run([capsim, "analyze", path, "--json", *extra], capture_output=True,
                       text=True)
    if r.returncode:
        fail(f"{name}: exit {r.returncode}: {r.stderr.strip()}")
        return None
    return json.loads(r.stdout)


def counts(ev):
    c = {}
    for e in ev:
        if not isinstance(e, str):
            c[e[4]] = c.get(e[4], 0) + 1
    return c


def check_figures(a, ev, label):
    if a is None:
        return
    close(a["window_s"][0], T0, f"{label}: window start")
    close(a["window_s"][1], T1, f"{label}: window end")
    same(a["events"], counts(ev), f"{label}: events")
    for cpu, want in EXPECT_CPUS.items():
        c = a["cpus"].get(str(cpu))
        if c is None:
            fail(f"{label}: no CPU {cpu}")
            continue
        for k in ("busy_s", "busy_pct", "lost_s"):
            close(c[k], want[k], f"{label}: CPU {cpu} {k}", 1e-4)  # busy_pct: 4 decimals
        close(c["window_s"][0], want["window_start"], f"{label}: CPU {cpu} window start")
        got = {int(k): v for k, v in c["freq_residency_pct"].items()}
        same(sorted(got), sorted(want["freq"]), f"{label}: CPU {cpu} frequencies")
        for khz, pct in want["freq"].items():
            close(got.get(khz), pct, f"{label}: CPU {cpu} residency at {khz}")
    tasks = {t["pid"]: t for t in a["tasks"]}
    same(sorted(tasks), sorted(EXPECT_TASKS), f"{label}: pids")
    for pid, want in EXPECT_TASKS.items():
        t = tasks.get(pid)
        if not t:
            continue
        same(t["comm"], want["comm"], f"{label}: pid {pid} comm")
        close(t["runtime_s"], want["runtime_s"], f"{label}: pid {pid} runtime")
        same(sorted(t["runtime_by_cpu_s"]), sorted(want["by"]), f"{label}: pid {pid} CPUs")
        for cpu, s in want["by"].items():
            close(t["runtime_by_cpu_s"].get(cpu), s, f"{label}: pid {pid} runtime on {cpu}")
        for k in ("switch_ins", "wakeups", "cpu_changes"):
            same(t[k], want[k], f"{label}: pid {pid} {k}")
        lat = t["wakeup_latency_us"]
        for q in ("p50", "p90", "p99", "max"):  # one wake-up each: every quantile is it
            if want["lat"]:
                close(lat[q], want["lat"][0], f"{label}: pid {pid} latency {q}", 1e-6)
            elif lat[q] is not None:
                fail(f"{label}: pid {pid} latency {q} {lat[q]} (expected null)")


# ---- each form of the same schedule: the same figures ----
base = events()
forms = {
    "letters": render(base),
    "prev_state-3.x": render(base, state={"R+": 1024, "S": 1, "R": 0}),
    "prev_state-4.8": render(base, state={"R+": 4096, "S": 1, "R": 0}),
    "prev_state-4.14": render(base, state={"R+": 256, "S": 1, "R": 0}),
    "flags-4": render(base, flags="d..2"),
    "flags-none": render(base, flags=""),
    "flags-irq": render(base, flags="dNh3."),
    "tgid": render(base, tgid=True),
    "unknown-comms": render(base, unknown_comm=True),
    "no-final-newline": render(base, newline=False),
    "unsorted": render(base, shuffle=True),
}
for name, text in forms.items():
    check_figures(analyze(text, name + ".trace"), base, name)
report_mark = events(devlib="report")
check_figures(analyze(render(report_mark), "devlib-print.trace"), report_mark, "devlib as print")
failed = events(failed=True)
a = analyze(render(failed), "failed-to-parse.trace")
check_figures(a, failed, "[FAILED TO PARSE]")

# --events: the failed line flagged, its ARRAY as bytes; {{0x96}} a list; 4294967295 a number
jl = os.path.join(out, "e.jsonl")
subprocess.run([capsim, "analyze", os.path.join(out, "failed-to-parse.trace"), "--events", jl,
                "-o", os.devnull], check=True)
objs = [json.loads(line) for line in open(jl)]
ftp = [o for o in objs if o.get("failed_to_parse")]
same(len(ftp), 1, "--events: failed_to_parse lines")
if ftp:
    same(ftp[0]["fields"].get("path"), [0x2f, 0], "--events: ARRAY[2f, 00]")
    same(ftp[0]["event"], "sched_pelt_se", "--events: the failed line's name")
arr = [o for o in objs if o["event"] == "thermal_power_cpu_get_power"]
same(arr and arr[0]["fields"].get("load"), [0x96], "--events: {{0x96}}")
ex = [o for o in objs if o["event"] == "cpu_idle" and o["cpu"] == 4]
same(ex and ex[0]["fields"].get("state"), 4294967295, "--events: cpu_idle exit")

# ---- with the platform: the policy's limits in either spelling give v6.10's cpufreq pressure
PLAT = ["--platform", "rk3399", "--model", "v6.10"]
for lim in (("min", "max"), ("min_freq", "max_freq")):
    a = analyze(render(events(limits=lim)), f"limits-{lim[1]}.trace", PLAT + ["--pelt", "5.1"])
    if a:
        c0, c4 = a["cpus"]["0"], a["cpus"]["4"]
        close(c0["mean_cpufreq_pressure"], PRESSURE0, f"{lim[1]}: CPU 0 cpufreq pressure")
        close(c0["mean_actual_capacity"], 381 - PRESSURE0, f"{lim[1]}: CPU 0 actual capacity")
        close(c4["mean_cpufreq_pressure"], 0, f"{lim[1]}: CPU 4 cpufreq pressure")
        close(c4["mean_actual_capacity"], 1024, f"{lim[1]}: CPU 4 actual capacity")

# ---- prev_state of every era: a preemption (R+, 1024, 4096, 256) does not end an
# activation: task_a has 2 (0-20 ms, its wake-up at 30 to 52), task_b 2, task_c 2 (20-30, and
# 40-60 whose run before the lost events, 41-50, is known: 9 ms) ----
for name in ("letters", "prev_state-3.x", "prev_state-4.8", "prev_state-4.14"):
    a = analyze(forms[name], name + ".trace", PLAT)
    if a:
        loops = {t["pid"]: sum(p["loops"] for p in t["phases"]) for t in a["tasks"]}
        same(loops, {101: 2, 102: 2, 103: 2}, f"{name}: activations per task")
        c = next(t for t in a["tasks"] if t["pid"] == 103)["phases"]
        same(round(sum(p["run_us"] * p["loops"] for p in c), 3), 19000.0, f"{name}: task_c's run")

# ---- the PELT events of every era: the same logged util read from each, so the same
# replay and errors; the failed line is counted, not replayed; --pelt auto takes pre-5.1 for
# 4.x's events (sched_load_se, sched_load_avg_task), 5.1 otherwise (docs) ----
replays = {}
for pelt in ("sched_pelt_se", "lisa__sched_pelt_se", "sched_load_se", "sched_load_avg_task"):
    a = analyze(render(events(pelt=pelt)), pelt + ".trace", PLAT + ["--pelt", "5.1"])
    if a:
        t = next(t for t in a["tasks"] if t["pid"] == 101)
        replays[pelt] = t["pelt_replay"]
        err = t["pelt_replay"]["util_error"]
        # seeded from its first log, its 2 later ones compared (docs: "after the one it
        # started from")
        same(err and err["n"], 2, f"{pelt}: logged updates compared")
    a = analyze(render(events(pelt=pelt)), pelt + ".auto.trace", PLAT)
    if a:
        old = pelt in ("sched_load_se", "sched_load_avg_task")
        same((a["pelt"]["form"], a["pelt"]["chosen_by"]),
             ("pre-5.1", "trace_events") if old else ("5.1", "default"), f"{pelt}: --pelt auto")
a = analyze(render(events(failed=True)), "failed-pelt.trace", PLAT + ["--pelt", "5.1"])
if a:
    replays["failed"] = next(t for t in a["tasks"] if t["pid"] == 101)["pelt_replay"]
if len(replays) == 5:
    for k, v in replays.items():
        same(v, replays["sched_pelt_se"], f"PELT replay from {k}")
print(f"analyze on the forms of real traces: {compared} figures compared, {fails} failures")
sys.exit(1 if fails else 0)
