#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""capsim's PELT replay beside LISA's simulate_pelt() on a trace that logs PELT (sched_load_se).

usage: bench/lisa_pelt.py CAPSIM LISA_GIT_DIR WORK_DIR TRACE PLATFORM

LISA is not installable here and none of its code is in this tree: its lisa/pelt.py is taken
from a git mirror of ARM-software/lisa (the fetch tool's copy, LISA_GIT_DIR) into WORK_DIR (a
build folder) when this runs. simulate_pelt() needs pandas only; the one other module pelt.py
imports (lisa.datautils, for pelt_swing()) is replaced by an empty stand-in.

Both replay each task from its sched_switch sequence and start from the same logged util (the
task's last before its first switch, as capsim does); each later sched_load_se of the task is a
point of comparison, the same points for both.
LISA is given the activations (1 from a switch-in, 0 from a switch-out) and the logged
timestamps as its index: once on the trace's clock (its default), once with `capacity`, the
CPU's capacity x frequency / max (LISA's frequency and capacity invariance). capsim is run with
--pelt pre-5.1 and 5.1. The figure per task is the mean |simulated - logged| util.
"""
import json
import os
import subprocess
import sys
import types

import pandas as pd


def lisa_pelt(git_dir, work):
    """LISA's lisa/pelt.py, copied into WORK/lisa_src/lisa/ and imported from there."""
    pkg = os.path.join(work, "lisa_src", "lisa")
    os.makedirs(pkg, exist_ok=True)
    src = subprocess.run(["git", "--git-dir", git_dir, "show", "HEAD:lisa/pelt.py"],
                         check=True, capture_output=True).stdout
    rev = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "--short", "HEAD"],
                         check=True, capture_output=True, text=True).stdout.strip()
    with open(os.path.join(pkg, "pelt.py"), "wb") as f:
        f.write(src)
    with open(os.path.join(pkg, "__init__.py"), "w") as f:
        f.write("")
    stub = types.ModuleType("lisa.datautils")
    stub.series_envelope_mean = None  # used by pelt_swing() only
    sys.modules["lisa.datautils"] = stub
    sys.path.insert(0, os.path.join(work, "lisa_src"))
    import lisa.pelt
    return lisa.pelt, rev


def capsim_json(capsim, trace, platform, form, events=None):
    cmd = [capsim, "analyze", trace, "--platform", platform, "--pelt", form, "--json"]
    if events:
        cmd += ["--events", events]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def read_events(path):
    with open(path) as f:
        return [json.loads(line) for line in f]


def platform_scales(figures):
    """capacity_orig per CPU, from capsim's figures (the platform's)."""
    return {int(c): v["capacity_orig"] for c, v in figures["cpus"].items() if "capacity_orig" in v}


def cpu_capacity_series(events, caps, max_khz):
    """Per CPU, capacity x f / f_max over time (f = max before the first cpu_frequency)."""
    rows = {c: [(0.0, caps[c])] for c in caps}
    for e in events:
        f = e.get("fields", {})
        if e["event"] == "cpu_frequency" and f.get("cpu_id") in caps:
            c = f["cpu_id"]
            rows[c].append((e["ts"], caps[c] * f["state"] / max_khz[c]))
    return {c: pd.Series([v for _, v in r], index=[t for t, _ in r]).groupby(level=0).last()
            for c, r in rows.items()}


def task_inputs(events):
    """Per pid: activations [(ts, 0/1, cpu)] and logged util [(ts, util)]."""
    act, logged = {}, {}
    for e in events:
        f = e.get("fields", {})
        if e["event"] == "sched_switch":
            if f["prev_pid"]:
                act.setdefault(f["prev_pid"], []).append((e["ts"], 0, e["cpu"]))
            if f["next_pid"]:
                act.setdefault(f["next_pid"], []).append((e["ts"], 1, e["cpu"]))
        elif e["event"] == "sched_load_se" and isinstance(f.get("pid"), int) and f["pid"] > 0:
            logged.setdefault(f["pid"], []).append((e["ts"], f["util"]))
    return act, logged


def start_log(act, logged):
    """Where both replays start: the task's last log before its first switch (capsim takes each
    log again until a switch shows whether the task runs), or its first log."""
    before = [k for k, (t, _) in enumerate(logged) if t < act[0][0]]
    return before[-1] if before else 0


def lisa_errors(pelt, act, logged, cap_series=None):
    """Mean |simulate_pelt() - logged| at each log after the start (None: LISA gave no value)."""
    logged = logged[start_log(act, logged):]
    t0, init = logged[0]
    state = [(t, a, c) for t, a, c in act if t <= t0]
    start = (t0, state[-1][1] if state else 0)
    acts = [start] + [(t, a) for t, a, _ in act if t > t0]
    s = pd.Series([a for _, a in acts], index=[t for t, _ in acts]).groupby(level=0).last()
    index = pd.Index([t for t, _ in logged[1:]]).unique()
    kw = {}
    if cap_series is not None:
        # the task's CPU over time, then that CPU's capacity x frequency at each point
        cpu_at = pd.Series([c for _, _, c in act], index=[t for t, _, _ in act]).groupby(level=0).last()
        pts = s.index.union(index)
        cpu_now = cpu_at.reindex(pts.union(cpu_at.index), method="ffill").reindex(pts).bfill()
        kw["capacity"] = pd.Series([cap_series[int(c)].asof(t) for t, c in cpu_now.items()], index=pts)
    sim = pelt.simulate_pelt(s, init=init, index=index, **kw)
    errs = [abs(sim.get(t, float("nan")) - u) for t, u in logged[1:]]
    errs = [e for e in errs if e == e]
    return sum(errs) / len(errs) if errs else None, len(errs)


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    capsim, git_dir, work, trace, platform = sys.argv[1:]
    os.makedirs(work, exist_ok=True)
    pelt, rev = lisa_pelt(git_dir, work)
    events_path = os.path.join(work, "lisa_pelt_events.jsonl")
    figs = {form: capsim_json(capsim, trace, platform, form,
                              events_path if form == "pre-5.1" else None)
            for form in ("pre-5.1", "5.1")}
    events = read_events(events_path)
    caps = platform_scales(figs["pre-5.1"])
    plat = json.loads(subprocess.run([capsim, "platform", "show", platform, "--json"],
                                     check=True, capture_output=True, text=True).stdout)
    max_khz = {c: pol["cpuinfo_max_khz"] for pol in plat["policies"] for c in pol["cpus"]}
    cap_series = cpu_capacity_series(events, caps, max_khz)
    act, logged = task_inputs(events)
    tasks = {t["pid"]: t for t in figs["pre-5.1"]["tasks"]}
    tasks5 = {t["pid"]: t for t in figs["5.1"]["tasks"]}
    print(f"trace {trace}\nLISA {rev} lisa/pelt.py simulate_pelt(); capsim --pelt pre-5.1 / 5.1")
    print("mean |simulated - logged| util at each sched_load_se after the one both start from\n")
    print(f"{'pid':>6} {'comm':<16} {'n':>3} {'LISA':>8} {'LISA+cap':>9} {'capsim pre-5.1':>15} {'capsim 5.1':>11}")
    tot = {"lisa": [], "lisa_cap": [], "v4": [], "v5": []}
    for pid in sorted(logged):
        if len(logged[pid]) < 2 or pid not in act:
            continue
        e_l, n = lisa_errors(pelt, act[pid], logged[pid])
        if ce_n(tasks, pid) != n:
            sys.exit("pid %d: capsim compared %s logs, LISA %d" % (pid, ce_n(tasks, pid), n))
        e_lc, _ = lisa_errors(pelt, act[pid], logged[pid], cap_series)
        ce4 = tasks[pid]["pelt_replay"]["util_error"]
        ce5 = tasks5[pid]["pelt_replay"]["util_error"]
        if ce4 is None:
            continue
        fmt = lambda v: "-" if v is None else f"{v:.2f}"
        print(f"{pid:>6} {tasks[pid]['comm']:<16} {ce4['n']:>3} {fmt(e_l):>8} {fmt(e_lc):>9} "
              f"{ce4['mean_abs']:>15.2f} {ce5['mean_abs']:>11.2f}")
        for k, v in (("lisa", e_l), ("lisa_cap", e_lc)):
            if v is not None:
                tot[k].append((v, n))
        tot["v4"].append((ce4["mean_abs"], ce4["n"]))
        tot["v5"].append((ce5["mean_abs"], ce5["n"]))
    w = lambda l: sum(v * n for v, n in l) / sum(n for _, n in l)
    print(f"\n{'all (weighted by n)':<27} {w(tot['lisa']):>8.2f} {w(tot['lisa_cap']):>9.2f} "
          f"{w(tot['v4']):>15.2f} {w(tot['v5']):>11.2f}")
    print(f"capsim over all logs: pre-5.1 {figs['pre-5.1']['pelt']['util_error']}")
    print(f"                      5.1     {figs['5.1']['pelt']['util_error']}")


def ce_n(tasks, pid):
    e = tasks[pid]["pelt_replay"]["util_error"]
    return e["n"] if e else 0


if __name__ == "__main__":
    main()
