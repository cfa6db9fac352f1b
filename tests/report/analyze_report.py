#!/usr/bin/env python3
# `capsim analyze --report`: the page's data block (the same page as simulate's, docs/formats.md
# "HTML report") against analyze's own --csv of the same trace. Per CPU, its "actual",
# "hw_pressure" and "cpufreq_pressure" series are the changes of cpu_capacity.csv's columns,
# their times from the trace's first event (the block's analyze.window_start_ns): exactly while
# a series has at most 2048 changes, else per column of the grid (the lowest and highest value,
# the one held into it counted, and the last). Per task (by pid): the summary's run time and
# run time per CPU are tasks.csv's, and the lane (where it ran) adds up to that run time.
# Traces: simulate's own ftrace text of two shipped scenarios with pressure (LMH HW pressure,
# a user cap's cpufreq pressure) and the real Juno r0 trace with its LISA platform. Without
# --platform the page says what it leaves out and has no capacity; a failing analyze (a trace
# with no events) leaves no page behind.
# Usage: analyze_report.py CAPSIM OUTDIR
import json, os, shutil, subprocess, sys
from collections import defaultdict

import page_series  # noqa: E402  (beside this script)
from page_series import check, page_data, rows, series_check  # noqa: E402

capsim, out = sys.argv[1], sys.argv[2]
src = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)


def changes(rs, col, t0):
    """per CPU, the (t - t0, v) where column @col differs from the CPU's row before"""
    ch, last = defaultdict(list), {}
    for r in rs:
        c, v = int(r["cpu"]), int(r[col])
        if c in last and last[c] == v:
            continue
        last[c] = v
        ch[c].append((int(r["time_ns"]) - t0, v))
    return ch


def analyze(trace, name, platform=None, model=None):
    csvdir, page = os.path.join(out, name + ".csv"), os.path.join(out, name + ".html")
    cmd = [capsim, "analyze", trace, "--csv", csvdir, "--report", page, "--json"]
    if platform:
        cmd += ["--platform", platform]
    if model:
        cmd += ["--model", model]
    subprocess.run(cmd, check=True, capture_output=True, text=True)
    return csvdir, page_data(page)


def verify(name, csvdir, D):
    R, A = D["runs"][0], D["analyze"]
    t0, w = A["window_start_ns"], R["grid_ns"]
    check(name + " duration", abs(R["summary"]["duration_s"] - (A["window_end_ns"] - t0) * 1e-9) < 1e-6)
    cap = rows(csvdir, "cpu_capacity.csv")
    n = 0
    for key, col in (("actual", "actual_capacity"), ("hw_pressure", "hw_pressure"),
                     ("cpufreq_pressure", "cpufreq_pressure")):
        ch = changes(cap, col, t0)
        for c in R["cpus"]:
            series_check(f"{name} cpu{c['cpu']}.{key}", c["s"][key], ch.get(c["cpu"], []), w)
            n += len(ch.get(c["cpu"], []))
    return n


def verify_tasks(name, csvdir, D):
    R = D["runs"][0]
    tasks = {int(r["pid"]): r for r in rows(csvdir, "tasks.csv")}
    check(name + " tasks", {t["pid"] for t in R["tasks"]} == set(tasks) - {0},
          f"page {sorted(t['pid'] for t in R['tasks'])[:8]}..., tasks.csv {sorted(tasks)[:8]}...")
    for i, t in enumerate(R["tasks"]):
        want = round(float(tasks[t["pid"]]["runtime_s"]) * 1e9)
        s = R["summary"]["tasks"][i]
        # the summary's seconds have 6 decimals (simulate's JSON): to the nearest microsecond
        check(f"{name} {t['name']} summary runtime", abs(round(s["runtime_s"] * 1e9) - want) <= 500,
              f"{s['runtime_s']} vs {want} ns")
        check(f"{name} {t['name']} name", t["name"] == tasks[t["pid"]]["comm"] == s["name"])
        ln = t["lane"]
        busy = sum(ln["dur"]) if "dur" in ln else None
        if busy is not None:
            check(f"{name} {t['name']} lane == run time", busy == want, f"{busy} vs {want} ns")
    return len(R["tasks"])


total = 0
for scn, model in (("rb5-lmh-bursts", None), ("pixel6-user-cap", None)):
    trace = os.path.join(out, scn + ".txt")
    summary = json.loads(subprocess.run(
        [capsim, "simulate", os.path.join(src, "scenarios", scn + ".json"), "--duration", "2s",
         "--json", "--trace", trace, "--no-trace-size-warning"],
        check=True, capture_output=True, text=True).stdout)
    csvdir, D = analyze(trace, scn, summary["platform"], summary["model"])
    check(scn + " has capacity changes", verify(scn, csvdir, D) > 0)
    total += verify_tasks(scn, csvdir, D)
    check(scn + " nothing left out", D["analyze"]["left_out"] is None)
    # without a platform: said on the page, and no capacity drawn
    _, D = analyze(trace, scn + "-noplat")
    check(scn + " no platform: said", "--platform" in (D["analyze"]["left_out"] or ""))
    check(scn + " no platform: no capacity",
          all(not c["s"]["actual"].get("v", c["s"]["actual"].get("last")) for c in D["runs"][0]["cpus"]))
    check(scn + " no platform: tasks", len(D["runs"][0]["tasks"]) == len(D["runs"][0]["summary"]["tasks"]) > 0)

juno = os.path.join(src, "tests", "data", "traces", "juno-sched-load.report.txt")
csvdir, D = analyze(juno, "juno", os.path.join(src, "tests", "data", "lisa", "juno-sched-load.plat_info.yml"))
verify("juno", csvdir, D)  # the trace records no pressure: its capacity is constant
total += verify_tasks("juno", csvdir, D)

# a failing analyze leaves no page (output_file: whole or nothing)
empty, page = os.path.join(out, "empty.txt"), os.path.join(out, "empty.html")
open(empty, "w").close()
r = subprocess.run([capsim, "analyze", empty, "--report", page], capture_output=True, text=True)
check("empty trace fails", r.returncode == 1, f"exit {r.returncode}")
check("empty trace: no page", not os.path.exists(page))
check("empty trace: no temporaries", [f for f in os.listdir(out) if "empty.html" in f] == [],
      str(os.listdir(out)))

print(f"analyze --report: {total} tasks compared, {'failures' if page_series.failed else 'no failures'}")
sys.exit(page_series.failed)
