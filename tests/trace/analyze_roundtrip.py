#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_roundtrip.py - every shipped scenario's trace, in each text format `capsim simulate
--trace` writes (ftrace, report; plain and gzip), read back by `capsim analyze --json` gives the
simulator's own figures:

- each task's run time: the simulator's --json summary `runtime_s` (µs, rounded), within 1 µs per
  switch-in (text traces print µs) plus the summary's own rounding;
- each CPU's busy time: the simulator's `summary_cpus.csv` busy_ns (--csv, exact ns), within
  1 µs per switch on that CPU plus the part of the run outside the trace's window [first event,
  last event] (read off the trace text here);
- each CPU's frequency residency: from the simulator's `cpu_frequency.csv` (requested_khz, the
  kHz cpu_frequency events carry), time-weighted over [the CPU's first row, the window's end];
- the event counts: the trace's lines counted by name here;
- with the scenario's platform, each CPU's mean actual capacity: the simulator's summary
  `mean_actual_capacity`, within what µs timestamps and the window's edges can move it.

Usage: analyze_roundtrip.py CAPSIM OUTDIR
"""
import csv
import gzip
import json
import os
import re
import shutil
import subprocess
import sys

capsim, out = sys.argv[1], sys.argv[2]
SCEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scenarios")
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
US = 1e-6
TRACE_START_NS = 10**9  # the run's time 0 in a trace (docs/formats.md, "Trace clock")
LINE = re.compile(r"^\s*(.*)-(\d+)\s+\[(\d+)\]\s+(?:\S{5}\s+)?(\d+)\.(\d+):\s+(\w+):\s*(.*)$")
fails = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def read_trace(path):
    """Per CPU: switches, the first and last event times (ns); per event name, a count; the
    next_pid of each CPU's first and last switch's prev."""
    opener = gzip.open if path.endswith(".gz") else open
    counts, switches, first, last, at_start, at_end = {}, {}, None, 0, {}, {}
    with opener(path, "rt") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            cpu = int(m.group(3))
            # the run's time, as the CSVs have it: the trace clock starts at 1 s
            ts = int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0")) - TRACE_START_NS
            name = m.group(6)
            counts[name] = counts.get(name, 0) + 1
            first = ts if first is None else min(first, ts)
            last = max(last, ts)
            if name == "sched_switch":
                fields = dict(kv.split("=", 1) for kv in re.findall(r"\w+=\S+", m.group(7)))
                switches[cpu] = switches.get(cpu, 0) + 1
                at_start.setdefault(cpu, int(fields["prev_pid"]))
                at_end[cpu] = int(fields["next_pid"])
    return counts, switches, first, last, at_start, at_end


def residency(freq_csv, end_ns):
    rows = {}
    with open(freq_csv) as f:
        for r in csv.DictReader(f):
            rows.setdefault(int(r["cpu"]), []).append((int(r["time_ns"]), int(r["requested_khz"])))
    res = {}
    for cpu, seq in rows.items():
        acc, start = {}, seq[0][0]
        for (t, khz), nxt in zip(seq, seq[1:] + [(end_ns, None)]):
            acc[khz] = acc.get(khz, 0) + max(0, min(nxt[0], end_ns) - t)
        span = end_ns - start
        res[cpu] = {k: 100.0 * v / span for k, v in acc.items() if span}
    return res, {cpu: len(seq) for cpu, seq in rows.items()}


def check_capacity(name, trace, platform, summary, counts, first, last):
    """--platform: the traced pressures through the model give the simulator's mean capacity"""
    a = json.loads(subprocess.run([capsim, "analyze", trace, "--json", "--platform", platform],
                                  check=True, capture_output=True, text=True).stdout)
    dur_ns = round(summary["duration_s"] * 1e9)
    changes = sum(counts.get(e, 0) for e in ("cpu_frequency_limits", "hw_pressure_update",
                                             "thermal_pressure_update"))
    for c in summary["cpus"]:
        got = a["cpus"][str(c["cpu"])]
        # each change may move by 1 µs, the window misses [0, first) and (last, end]: at most
        # the CPU's whole capacity over that time; the summary prints 3 decimals
        tol = got["capacity_orig"] * (changes * 1000 + first + dur_ns - last) / last + 0.0006
        if abs(got["mean_actual_capacity"] - c["mean_actual_capacity"]) > tol:
            fail(f"{name}: CPU {c['cpu']} mean actual capacity {got['mean_actual_capacity']} != "
                 f"the simulator's {c['mean_actual_capacity']} (tolerance {tol:.4f})")


def check(scn, fmt, trace, summary, csvdir):
    name = f"{os.path.basename(scn)} {fmt}"
    a = json.loads(subprocess.run([capsim, "analyze", trace, "--json"], check=True,
                                  capture_output=True, text=True).stdout)
    counts, switches, first, last, at_start, at_end = read_trace(trace)
    dur_ns = round(summary["duration_s"] * 1e9)
    if a["events"] != counts:
        fail(f"{name}: event counts {a['events']} != the trace's {counts}")
    wfirst, wlast = (round(x * 1e9) - TRACE_START_NS for x in a["window_s"])
    if (wfirst, wlast) != (first, last):
        fail(f"{name}: window {a['window_s']} != [{first}, {last}] ns")
    outside = first + (dur_ns - last)
    # tasks, by comm (the trace's comm is the name cut to 15 bytes)
    sim_rt = {}
    for t in summary["tasks"]:
        sim_rt[t["name"][:15]] = sim_rt.get(t["name"][:15], 0.0) + t["runtime_s"]
    an_rt, an_sw, an_pids = {}, {}, {}
    for t in a["tasks"]:
        an_rt[t["comm"]] = an_rt.get(t["comm"], 0.0) + t["runtime_s"]
        an_sw[t["comm"]] = an_sw.get(t["comm"], 0) + t["switch_ins"]
        an_pids.setdefault(t["comm"], set()).add(t["pid"])
    checked = 0
    for comm, s in sim_rt.items():
        if comm not in an_rt:
            if s > 0:
                fail(f"{name}: task {comm} ran {s} s in the simulator, absent from analyze")
            continue
        edge = sum(outside for cpu, pid in at_end.items() if pid in an_pids[comm]) + \
            sum(first for cpu, pid in at_start.items() if pid in an_pids[comm])
        tol = (an_sw[comm] + 1) * US + 0.5 * US * len(an_pids[comm]) + edge / 1e9
        if abs(an_rt[comm] - s) > tol + 1e-12:
            fail(f"{name}: task {comm}: analyze {an_rt[comm]:.9f} s, simulator {s:.6f} s "
                 f"(tolerance {tol:.9f})")
        checked += 1
    # CPUs: busy time and frequency residency
    with open(os.path.join(csvdir, "summary_cpus.csv")) as f:
        sim_cpus = {int(r["cpu"]): r for r in csv.DictReader(f)}
    res, changes = residency(os.path.join(csvdir, "cpu_frequency.csv"), last)
    for cpu, r in sim_cpus.items():
        c = a["cpus"].get(str(cpu))
        if c is None:
            fail(f"{name}: CPU {cpu} missing")
            continue
        busy_an = round(c["busy_s"] * 1e9)
        tol = switches.get(cpu, 0) * 1000 + outside + 1
        if abs(busy_an - int(r["busy_ns"])) > tol:
            fail(f"{name}: CPU {cpu} busy {busy_an} ns, simulator {r['busy_ns']} ns (tolerance {tol})")
        want = res.get(cpu, {})
        got = {int(k): v for k, v in c["freq_residency_pct"].items()}
        for khz in set(want) | set(got):
            # 1 µs per frequency change over the CPU's span, and the printed 4 decimals
            tol_pct = 100.0 * changes.get(cpu, 1) * 1000 / max(1, last) + 1e-4
            if abs(got.get(khz, 0.0) - want.get(khz, 0.0)) > tol_pct:
                fail(f"{name}: CPU {cpu} at {khz} kHz: {got.get(khz)} % != {want.get(khz)} %")
    check_capacity(name, trace, json.load(open(scn))["platform"], summary, counts, first, last)
    return checked


total = 0
for scn in sorted(os.listdir(SCEN)):
    if not scn.endswith(".json"):
        continue
    path = os.path.join(SCEN, scn)
    for fmt, ext in (("ftrace", "trace"), ("report", "report.txt"), ("ftrace", "trace.gz")):
        base = os.path.join(out, f"{scn[:-5]}-{fmt}")
        trace = f"{base}.{ext}"
        csvdir = base + ".csv"
        summary = json.loads(subprocess.run(
            [capsim, "simulate", path, "--json", "--trace", trace, "--trace-format", fmt,
             "--csv", csvdir, "--no-trace-size-warning"],
            check=True, capture_output=True, text=True).stdout)
        n = check(path, f"{fmt} ({ext})", trace, summary, csvdir)
        if not n:
            fail(f"{scn} {fmt}: no task compared")
        total += n
print(f"analyze round trip: {total} task figures compared, {fails} failures")
sys.exit(1 if fails else 0)
