#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_roundtrip_formats.py - every shipped scenario (2 s of it), in every trace format
`capsim simulate --trace` writes (ftrace, report, dat, perfetto), read back by `capsim analyze
--platform P --model M --json --csv` gives the simulator's own figures, the expected ones taken
from the same run's --json and --csv outputs:

- each CPU's actual capacity and HW pressure over the trace's window: the step functions of the
  simulator's cpu_capacity.csv (actual_capacity) and cpu_pressure.csv (kind hw) equal analyze's
  cpu_capacity.csv (a CPU's value before its first row: its capacity_orig, no pressure), at the
  same nanoseconds (text formats: the same µs, as the text prints them);
- each task's run time: from the simulator's cpu_running.csv (who runs from when, ns) over the
  window [first event, last event] (read off the trace here: the text's own lines, `trace-cmd
  report -t` for a trace.dat, `protoc --decode` for Perfetto): exactly, in ns, for trace.dat
  and Perfetto; within 1 µs per switch-in for the text formats (which print µs).

Usage: analyze_roundtrip_formats.py CAPSIM OUTDIR PROTO_DIR
"""
import csv
import json
import os
import re
import shutil
import subprocess
import sys

capsim, out, proto_dir = sys.argv[1], sys.argv[2], sys.argv[3]
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "traces"))
import check_perfetto  # noqa: E402  (its protoc text-format parser)

SCEN = os.path.join(HERE, "..", "..", "scenarios")
T0 = 10**9  # the run's time 0 in a trace (docs/formats.md, "Trace clock")
TEXT_TS = re.compile(r"^\s*\S.*?\[\d+\]\s+(?:\S{4,5}\s+)?(\d+)\.(\d+):\s+\w+:")
FORMATS = (("ftrace", "trace", 1000), ("report", "report.txt", 1000), ("dat", "dat", 1),
           ("perfetto", "pftrace", 1))
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
fails = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def window_text(path):
    ts = []
    with open(path) as f:
        for line in f:
            m = TEXT_TS.match(line)
            if m:
                ts.append(int(m.group(1)) * 10**9 + int(m.group(2).ljust(9, "0")))
    return min(ts), max(ts)


def window_dat(path):
    text = subprocess.run(["trace-cmd", "report", "-t", path], check=True, capture_output=True,
                          text=True).stdout
    # sec.nsec, or the raw ns Debian's trace-cmd 3.1.6 now and then prints instead for a whole
    # file (seen under load; trace_text.py reads both too)
    ts = [int(m.group(3)) if m.group(3) else int(m.group(1)) * 10**9 + int(m.group(2))
          for m in re.finditer(r"\]\s+(?:(\d+)\.(\d{9})|(\d+)):", text)]
    return min(ts), max(ts)


def window_perfetto(path):
    with open(path, "rb") as f:
        text = subprocess.run(["protoc", "--decode", "perfetto.protos.Trace", "-I", proto_dir,
                               "perfetto_subset.proto"], stdin=f, check=True,
                              capture_output=True).stdout.decode()
    trace, _ = check_perfetto.parse(text.splitlines())
    ts = [int(e["timestamp"][0]) for p in trace["packet"] for b in p.get("ftrace_events", [])
          for e in b.get("event", [])]
    return min(ts), max(ts)


WINDOW = {"ftrace": window_text, "report": window_text, "dat": window_dat,
          "perfetto": window_perfetto}


def rows(path, key):
    with open(path) as f:
        return [r for r in csv.DictReader(f) if key(r)]


def steps(points, lo, hi):
    """(t, v) points, in time order, as a step function over [lo, hi]: its changes."""
    out = []
    for t, v in points:
        if t > hi:
            break
        t = max(t, lo)
        if out and out[-1][0] == t:
            out[-1] = (t, v)
        elif not out or out[-1][1] != v:
            out.append((t, v))
    while len(out) > 1 and out[-1][1] == out[-2][1]:
        out.pop()
    return out


def to_unit(t, unit):
    """A time as the trace prints it (text: to the nearest µs)"""
    return (t + unit // 2) // unit * unit


def sim_runtimes(csvdir, lo, hi):
    """ns each pid ran over [lo, hi] (trace clock), and its switch-ins there"""
    per_cpu = {}
    for r in rows(os.path.join(csvdir, "cpu_running.csv"), lambda r: True):
        per_cpu.setdefault(int(r["cpu"]), []).append((int(r["time_ns"]) + T0, int(r["pid"])))
    run, ins = {}, {}
    for seq in per_cpu.values():
        for (t, pid), nxt in zip(seq, seq[1:] + [(hi, None)]):
            a, b = max(t, lo), min(nxt[0], hi)
            if pid and b > a:
                run[pid] = run.get(pid, 0) + b - a
            if pid and lo < t <= hi:
                ins[pid] = ins.get(pid, 0) + 1
    return run, ins


def check(name, fmt, unit, trace, csvdir, a):
    lo, hi = WINDOW[fmt](trace)
    got_window = [round(x * 1e9) for x in a["window_s"]]
    if got_window != [lo, hi]:
        fail(f"{name}: window {got_window} != the trace's [{lo}, {hi}]")
    # capacity and HW pressure: step functions over the window
    an = {}
    for r in rows(os.path.join(csvdir + "-an", "cpu_capacity.csv"), lambda r: True):
        an.setdefault(int(r["cpu"]), []).append((int(r["time_ns"]), int(r["actual_capacity"]),
                                                 int(r["hw_pressure"])))
    sim_cap, sim_hw = {}, {}
    for r in rows(os.path.join(csvdir, "cpu_capacity.csv"), lambda r: True):
        sim_cap.setdefault(int(r["cpu"]), []).append(
            (to_unit(int(r["time_ns"]) + T0, unit), int(r["actual_capacity"])))
    for r in rows(os.path.join(csvdir, "cpu_pressure.csv"), lambda r: r["kind"] == "hw"):
        sim_hw.setdefault(int(r["cpu"]), []).append(
            (to_unit(int(r["time_ns"]) + T0, unit), int(r["pressure"])))
    for c, cpu in a["cpus"].items():
        c = int(c)
        orig = cpu["capacity_orig"]
        got = an.get(c, [])
        want_cap = steps(sim_cap.get(c, [(lo, orig)]), lo, hi)
        got_cap = steps([(lo, orig)] + [(t, v) for t, v, _ in got], lo, hi)
        if want_cap != got_cap:
            diff = next(i for i, (x, y) in enumerate(zip(want_cap + [None], got_cap + [None]))
                        if x != y)
            fail(f"{name}: CPU {c} actual capacity: change {diff}: analyze "
                 f"{got_cap[diff:diff + 2]}, simulator {want_cap[diff:diff + 2]}")
        want_hw = steps([(lo, 0)] + sim_hw.get(c, []), lo, hi)
        got_hw = steps([(lo, 0)] + [(t, h) for t, _, h in got], lo, hi)
        if want_hw != got_hw:
            fail(f"{name}: CPU {c} HW pressure: analyze {got_hw[:4]}..., simulator {want_hw[:4]}...")
    # tasks
    run, ins = sim_runtimes(csvdir, lo, hi)
    got = {t["pid"]: round(t["runtime_s"] * 1e9) for t in a["tasks"]}
    for pid in set(run) | set(got):
        want, g = run.get(pid, 0), got.get(pid, 0)
        tol = 0 if unit == 1 else unit * (ins.get(pid, 0) + 2)
        if abs(want - g) > tol:
            fail(f"{name}: pid {pid}: run time {g} ns, simulator {want} ns (tolerance {tol})")
    return len(run)


total = 0
for scn in sorted(f for f in os.listdir(SCEN) if f.endswith(".json")):
    path = os.path.join(SCEN, scn)
    for fmt, ext, unit in FORMATS:
        base = os.path.join(out, f"{scn[:-5]}-{fmt}")
        trace, csvdir = f"{base}.{ext}", f"{base}.csv"
        summary = json.loads(subprocess.run(
            [capsim, "simulate", path, "--duration", "2s", "--json", "--trace", trace,
             "--trace-format", fmt, "--csv", csvdir, "--no-trace-size-warning"],
            check=True, capture_output=True, text=True).stdout)
        a = json.loads(subprocess.run(
            [capsim, "analyze", trace, "--platform", summary["platform"], "--model",
             summary["model"], "--json", "--csv", csvdir + "-an"],
            check=True, capture_output=True, text=True).stdout)
        total += check(f"{scn} {fmt}", fmt, unit, trace, csvdir, a)
print(f"analyze round trip, 4 formats: {total} task run times compared, {fails} failures")
sys.exit(1 if fails else 0)
