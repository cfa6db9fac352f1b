#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_extract.py - `capsim analyze --extract-workload` and `--replay` on the simulator's own
trace: an rt-app workload of known periods and work (a periodic task in two phases, a continuous
hog started late), simulated on a shipped platform with --trace, read back, must give

- per task, phases (`tasks[].phases` and the written rt-app file) whose work and period are the
  workload's: each rt-app phase has an extracted phase with at least 80% of its loops, its work
  (µs at the biggest CPU's capacity and reference frequency, which the file's calibration names)
  within 1% and its period within 2% (the timer's wake-ups come late by the CPU's idle exit
  latency, and the text trace prints µs); the task's total work (loops x work over its
  phases) within 1% of the workload's; the hog as one continuous phase (period 0) with its
  delay;
- a file `capsim simulate --workload` and `capsim compare --workload --models` run;
- with --replay, every extracted task under each model asked for, with run time per cluster that
  sums to its run time, and the trace's own figures beside;
- without --platform a usage error; an unwritable W.json an error that leaves nothing behind.

Usage: analyze_extract.py CAPSIM OUTDIR
"""
import json
import os
import shutil
import subprocess
import sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
PLATFORM = "rk3399"
MODELS = ["v6.10", "none"]
fails = 0

# the workload, in rt-app's units (µs); its phases are what the extraction must find
PERIODIC = [("light", 40, 1000, 10000), ("heavy", 40, 3000, 20000)]  # name, loops, run, period
HOG_DELAY_US, HOG_RUN_US = 300000, 250000


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def run(*args, ok=True):
    p = subprocess.run([capsim, *args], capture_output=True, text=True)
    if ok and p.returncode:
        print(p.stdout, p.stderr)
        raise SystemExit(f"capsim {' '.join(args)}: exit {p.returncode}")
    return p


def biggest_cpu():
    """the calibration CPU the file must name: the first of the biggest capacity"""
    cpus = json.loads(run("platform", "show", PLATFORM, "--json").stdout)["cpus"]
    caps = [c["capacity_orig"] for c in cpus]
    return caps.index(max(caps))


def workload():
    phases = {name: {"loop": loops, "run": r, "timer": {"ref": "unique", "period": p}}
              for name, loops, r, p in PERIODIC}
    return {"global": {"duration": 2, "calibration": "CPU%d" % biggest_cpu()},
            "tasks": {"periodic": {"loop": 1, "phases": phases},
                      "hog": {"loop": 1, "delay": HOG_DELAY_US, "run": HOG_RUN_US}}}


def close(got, want, rel):
    return abs(got - want) <= rel * want


def check_periodic(phases, where):
    for name, loops, r, p in PERIODIC:
        match = [ph for ph in phases if close(ph["work_us"], r, 0.01) and
                 close(ph["period_us"], p, 0.02) and ph["loops"] >= 0.8 * loops]
        if not match:
            fail(f"{where}: periodic: no phase like {name} ({loops} x {r} us every {p} us): {phases}")
    total = sum(ph["loops"] * ph["work_us"] for ph in phases)
    want = sum(loops * r for _, loops, r, _ in PERIODIC)
    if not close(total, want, 0.01):
        fail(f"{where}: periodic: total work {total:.1f} us != the workload's {want} us")


def check_hog(phases, where):
    if len(phases) != 1 or phases[0]["period_us"] != 0 or not close(phases[0]["work_us"], HOG_RUN_US, 0.01):
        fail(f"{where}: hog: expected one continuous phase of {HOG_RUN_US} us of work: {phases}")


def check_figures(a):
    tasks = {t["comm"]: t for t in a["tasks"]}
    for comm in ("periodic", "hog"):
        if comm not in tasks or "phases" not in tasks[comm]:
            fail(f"analyze --json: no phases for {comm}")
            return
    check_periodic(tasks["periodic"]["phases"], "tasks[].phases")
    check_hog(tasks["hog"]["phases"], "tasks[].phases")


def check_rtapp(path):
    """the written file's phases, read as rt-app reads them, and its calibration and delay"""
    wl = json.load(open(path))
    if wl["global"].get("calibration") != "CPU%d" % biggest_cpu():
        fail(f"{path}: calibration {wl['global'].get('calibration')} != CPU{biggest_cpu()}")
    tasks = wl["tasks"]
    if sorted(tasks) != ["hog", "periodic"]:
        fail(f"{path}: tasks {sorted(tasks)} != the workload's (the kernel's own threads left out)")
        return
    def as_phases(t):
        return [{"loops": ph["loop"], "work_us": ph["run"],
                 "period_us": ph["timer"]["period"] if "timer" in ph else 0}
                for ph in t["phases"].values()]
    check_periodic(as_phases(tasks["periodic"]), path)
    check_hog(as_phases(tasks["hog"]), path)
    # the trace's window starts at the run's first event (at time 0): the delay within 1 ms
    if abs(tasks["hog"]["delay"] - HOG_DELAY_US) > 1000:
        fail(f"{path}: hog delay {tasks['hog']['delay']} us != {HOG_DELAY_US} us")


def check_replay(a):
    r = a.get("replay")
    if not r or r["models"] != MODELS:
        fail(f"--replay: models {r and r['models']} != {MODELS}")
        return
    names = sorted(t["name"] for t in r["tasks"])
    if names != ["hog", "periodic"]:
        fail(f"--replay: tasks {names} != hog, periodic")
    for t in r["tasks"]:
        for who, f in [("trace", t["trace"])] + [(m, t["models"].get(m)) for m in MODELS]:
            if f is None:
                fail(f"--replay: {t['name']}: no figures under {who}")
                continue
            clusters = sum(f["runtime_by_cluster_s"].values())
            if not f["runtime_s"] > 0 or abs(clusters - f["runtime_s"]) > 1e-9:
                fail(f"--replay: {t['name']} {who}: run time {f['runtime_s']} s, by cluster "
                     f"{f['runtime_by_cluster_s']}")
            if "misses" not in f or set(f["wakeup_latency_us"]) != {"p50", "p99"}:
                fail(f"--replay: {t['name']} {who}: figures {f}")


def check_errors(trace):
    p = run("analyze", trace, "--extract-workload", os.path.join(out, "np.json"), ok=False)
    if p.returncode != 2 or "--extract-workload needs --platform" not in p.stderr:
        fail(f"--extract-workload without --platform: exit {p.returncode}: {p.stderr}")
    if os.path.exists(os.path.join(out, "np.json")):
        fail("--extract-workload without --platform left a file")
    p = run("analyze", trace, "--replay", "v6.10", ok=False)
    if p.returncode != 2 or "--replay needs --platform" not in p.stderr:
        fail(f"--replay without --platform: exit {p.returncode}: {p.stderr}")
    summary = os.path.join(out, "summary.txt")
    p = run("analyze", trace, "--platform", PLATFORM, "-o", summary, "--extract-workload",
            os.path.join(out, "no-such-dir", "w.json"), ok=False)
    if p.returncode != 1 or os.path.exists(summary):
        fail(f"unwritable W.json: exit {p.returncode}, summary left: {os.path.exists(summary)}")


wl_path, trace = os.path.join(out, "workload.json"), os.path.join(out, "trace.txt")
with open(wl_path, "w") as f:
    json.dump(workload(), f)
run("simulate", "--platform", PLATFORM, "--workload", wl_path, "--trace", trace, "-o",
    os.path.join(out, "sim.txt"))
extracted = os.path.join(out, "extracted.json")
a = json.loads(run("analyze", trace, "--platform", PLATFORM, "--json", "--extract-workload",
                   extracted).stdout)
check_figures(a)
check_rtapp(extracted)
run("simulate", "--platform", PLATFORM, "--workload", extracted, "-o", os.path.join(out, "re.txt"))
cmp = json.loads(run("compare", "--platform", PLATFORM, "--workload", extracted, "--models",
                     ",".join(MODELS), "--json").stdout)
if sorted(cmp["models"]) != sorted(MODELS):
    fail(f"compare --workload {extracted}: models {sorted(cmp['models'])} != {MODELS}")
check_replay(json.loads(run("analyze", trace, "--platform", PLATFORM, "--json", "--replay",
                            ",".join(MODELS)).stdout))
text = run("analyze", trace, "--platform", PLATFORM, "--replay", ",".join(MODELS)).stdout
for m in MODELS:
    if f"\n                 {m} " not in text:
        fail(f"--replay text: no row of model {m}")
check_errors(trace)
print("ok" if not fails else f"{fails} failures")
sys.exit(1 if fails else 0)
