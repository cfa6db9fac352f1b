#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""analyze_real.py - `capsim analyze --json` on the real traces of tests/data/traces/, against
the figures this script works out from the same text by itself (docs/formats.md, "Trace
analysis", the definitions): event counts by name, the window, per CPU the busy time and the
frequency residency (cpu_frequency events and devlib's cpu_frequency_devlib markers), per task
the run time on each CPU, switch-ins, CPU changes, migrations and wake-up latency quantiles.
The Juno trace is `trace-cmd report` text with libtraceevent's sched_switch plugin text; it is
also read gzip'ed, zstd'ed and xz'ed, and with its LISA PlatformInfo as the platform (it traces
no pressure: each CPU's actual capacity must be its original capacity throughout). The
trace.dat it was printed from is read by capsim's trace.dat reader and checked against the
figures of `trace-cmd report -t` of it (ns), exactly.

Usage: analyze_real.py CAPSIM DATADIR OUTDIR
"""
import gzip
import json
import lzma
import os
import re
import shutil
import subprocess
import sys

capsim, data, out = sys.argv[1:4]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
CTX = re.compile(r"^\s*(.*?)-(\d+)\s+(?:\(\s*[-\d]+\)\s+)?\[(\d+)\]\s+(?:[\w.]{4,5}\s+)?"
                 r"(\d+)\.(\d+):\s+(\w+):\s?(.*)$")
PLUGIN_SWITCH = re.compile(r"^\s*(.+):(\d+) \[(\d+)\] (\S+) ==> (.+):(\d+) \[(\d+)\]\s*$")
fails = compared = 0


def fail(msg):
    global fails
    fails += 1
    print("FAIL:", msg)


def close(a, b, tol, what):
    global compared
    compared += 1
    if a is None or b is None or abs(a - b) > tol:
        fail(f"{what}: capsim {a} != expected {b}")


def quantile(v, q):
    v = sorted(v)
    h = (len(v) - 1) * q
    lo = int(h)
    return v[lo] if lo + 1 >= len(v) else v[lo] + (h - lo) * (v[lo + 1] - v[lo])


def expected(path):
    """The figures of the definitions, from the text."""
    counts, ev = {}, []
    with open(path) as f:
        for line in f:
            m = CTX.match(line.rstrip("\n"))
            if not m:
                continue
            ts = int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0")[:9])
            counts[m.group(6)] = counts.get(m.group(6), 0) + 1
            ev.append((ts, int(m.group(3)), m.group(6), m.group(7)))
    ev.sort(key=lambda e: e[0])  # stable: equal times keep the file's order
    first, last = ev[0][0], ev[-1][0]
    cur, since, busy, freq, tasks = {}, {}, {}, {}, {}

    def task(pid, comm=None):
        t = tasks.setdefault(pid, {"comm": "", "rt": 0, "by": {}, "sw": 0, "chg": 0, "last": None,
                                   "mig": 0, "wk": 0, "woken": None, "lat": []})
        if comm and comm != "<...>":
            t["comm"] = comm
        return t

    def run(cpu, now):
        pid = cur.get(cpu)
        if pid:
            d = now - since[cpu]
            busy[cpu] = busy.get(cpu, 0) + d
            t = task(pid)
            t["rt"] += d
            t["by"][cpu] = t["by"].get(cpu, 0) + d
        since[cpu] = now

    def setf(cpu, khz, now):
        fr = freq.setdefault(cpu, {"first": now, "cur": None, "since": now, "res": {}})
        if fr["cur"] is not None:
            fr["res"][fr["cur"]] = fr["res"].get(fr["cur"], 0) + now - fr["since"]
        fr["cur"], fr["since"] = khz, now

    for ts, cpu, name, body in ev:
        kv = dict(re.findall(r"(\w+)=(\S+)", body))
        if name == "sched_switch":
            m = PLUGIN_SWITCH.match(body)
            if m:
                pc, pp, nc, np_ = m.group(1), int(m.group(2)), m.group(5), int(m.group(6))
            else:
                pc, pp, nc, np_ = kv["prev_comm"], int(kv["prev_pid"]), kv["next_comm"], int(kv["next_pid"])
            if cpu not in cur:
                cur[cpu], since[cpu] = pp, first
            run(cpu, ts)
            cur[cpu] = np_
            if pp:
                task(pp, pc)
            if np_:
                t = task(np_, nc)
                t["sw"] += 1
                if t["woken"] is not None:
                    t["lat"].append(ts - t["woken"])
                    t["woken"] = None
                if t["last"] is not None and t["last"] != cpu:
                    t["chg"] += 1
                t["last"] = cpu
        elif name in ("sched_wakeup", "sched_wakeup_new") and int(kv["pid"]):
            t = task(int(kv["pid"]), kv.get("comm"))
            t["wk"] += 1
            if t["woken"] is None:
                t["woken"] = ts
        elif name == "sched_migrate_task" and int(kv["pid"]):
            task(int(kv["pid"]), kv.get("comm"))["mig"] += 1
        elif name == "cpu_frequency":
            setf(int(kv["cpu_id"]), int(kv["state"]), ts)
        elif name in ("print", "tracing_mark_write") and "cpu_frequency_devlib:" in body:
            setf(int(kv["cpu_id"]), int(kv["state"]), ts)
    for cpu in cur:
        run(cpu, last)
    for fr in freq.values():
        setf_cpu = fr["cur"]
        fr["res"][setf_cpu] = fr["res"].get(setf_cpu, 0) + last - fr["since"]
    return counts, first, last, busy, freq, tasks


def check(trace, exp, extra=(), label=None):
    label = label or os.path.basename(trace)
    a = json.loads(subprocess.run([capsim, "analyze", trace, "--json", *extra], check=True,
                                  capture_output=True, text=True).stdout)
    counts, first, last, busy, freq, tasks = exp
    if a["events"] != counts:
        fail(f"{label}: events {a['events']} != {counts}")
    close(round(a["window_s"][0] * 1e9), first, 0, f"{label}: window start")
    close(round(a["window_s"][1] * 1e9), last, 0, f"{label}: window end")
    for cpu, b in busy.items():
        c = a["cpus"][str(cpu)]
        close(round(c["busy_s"] * 1e9), b, 0, f"{label}: CPU {cpu} busy ns")
        close(c["busy_pct"], 100.0 * b / (last - first), 1e-4, f"{label}: CPU {cpu} busy_pct")
    for cpu, fr in freq.items():
        got = {int(k): v for k, v in a["cpus"][str(cpu)]["freq_residency_pct"].items()}
        span = last - fr["first"]
        want = {k: 100.0 * v / span for k, v in fr["res"].items()} if span else {}
        if set(got) != set(want):
            fail(f"{label}: CPU {cpu} frequencies {sorted(got)} != {sorted(want)}")
        for k in want:
            close(got.get(k), want[k], 1e-4, f"{label}: CPU {cpu} residency at {k}")
    got_tasks = {t["pid"]: t for t in a["tasks"]}
    if set(got_tasks) != set(tasks):
        fail(f"{label}: pids {sorted(got_tasks)} != {sorted(tasks)}")
    for pid, t in tasks.items():
        g = got_tasks.get(pid)
        if not g:
            continue
        what = f"{label}: pid {pid}"
        if g["comm"] != t["comm"]:
            fail(f"{what}: comm {g['comm']} != {t['comm']}")
        close(round(g["runtime_s"] * 1e9), t["rt"], 0, f"{what} runtime ns")
        by = {int(k): round(v * 1e9) for k, v in g["runtime_by_cpu_s"].items()}
        if by != {k: v for k, v in t["by"].items() if v}:
            fail(f"{what}: runtime by CPU {by} != {t['by']}")
        for key, want in (("switch_ins", t["sw"]), ("cpu_changes", t["chg"]),
                          ("migrations", t["mig"]), ("wakeups", t["wk"])):
            close(g[key], want, 0, f"{what} {key}")
        for q, name in ((0.5, "p50"), (0.9, "p90"), (0.99, "p99"), (1.0, "max")):
            want = quantile(t["lat"], q) / 1000.0 if t["lat"] else None
            if want is None:
                if g["wakeup_latency_us"][name] is not None:
                    fail(f"{what}: latency {name} should be null")
            else:
                close(g["wakeup_latency_us"][name], want, 1e-3, f"{what} latency {name}")
    return a


juno = os.path.join(data, "juno-sched-load.report.txt")
exp = expected(juno)
a = check(juno, exp)
# the devlib markers gave the frequencies: every CPU has a residency
for cpu in range(6):
    if not a["cpus"][str(cpu)]["freq_residency_pct"]:
        fail(f"juno: CPU {cpu} has no frequency residency (devlib markers missed)")
# compressed: the same figures
raw = open(juno, "rb").read()
for ext, comp in (("gz", gzip.compress), ("xz", lzma.compress)):
    p = os.path.join(out, "juno." + ext)
    open(p, "wb").write(comp(raw))
    check(p, exp, label="juno." + ext)
if shutil.which("zstd"):
    p = os.path.join(out, "juno.zst")
    subprocess.run(["zstd", "-q", "-f", juno, "-o", p], check=True)
    check(p, exp, label="juno.zst")
# with its PlatformInfo: no traced pressure, so the actual capacity is the original throughout
yml = os.path.join(data, "..", "lisa", "juno-sched-load.plat_info.yml")
m = re.search(r"cpu-capacities:\s*\n\s*orig:\s*\n((?:\s+\d+:\s*\d+\n)+)", open(yml).read())
caps = [int(x) for x in m.group(1).split()[1::2]]
ap = check(juno, exp, ("--platform", yml), "juno --platform")
for cpu in range(6):
    c = ap["cpus"][str(cpu)]
    close(c["capacity_orig"], caps[cpu], 0, f"juno CPU {cpu} capacity_orig")
    close(c["mean_actual_capacity"], c["capacity_orig"], 0, f"juno CPU {cpu} mean actual")
    close(c["min_actual_capacity"], c["capacity_orig"], 0, f"juno CPU {cpu} min actual")
# the other shared traces: counts, window (and whatever switches and frequencies they hold)
for name in ("juno-ipa-thermal.txt", "lkml_juno_util_est_pelt_rampdown.txt",
             "format-ref-cpu_frequency_limits.systrace"):
    p = os.path.join(data, name)
    check(p, expected(p))
# a real trace.dat (LISA's, the run juno-sched-load.report.txt was printed from): capsim's
# trace.dat reader, plain and xz'ed, against `trace-cmd report -t` (ns) of the same file
dat_xz = os.path.join(data, "juno-sched-load.dat.xz")
dat = os.path.join(out, "juno-sched-load.dat")
with open(dat_xz, "rb") as f, open(dat, "wb") as o:
    o.write(lzma.decompress(f.read()))
rep = os.path.join(out, "juno-sched-load.dat.report")
with open(rep, "w") as o:
    subprocess.run(["trace-cmd", "report", "-t", dat], stdout=o, check=True)
exp_dat = expected(rep)
check(dat, exp_dat, label="juno trace.dat")
check(dat_xz, exp_dat, label="juno trace.dat.xz")
check(dat, exp_dat, ("--platform", yml), "juno trace.dat --platform")
# --events: one JSON object per event line, fields typed
ev = os.path.join(out, "juno.jsonl")
subprocess.run([capsim, "analyze", juno, "--events", ev, "-o", os.devnull], check=True)
n = 0
with open(ev) as f:
    for line in f:
        o = json.loads(line)
        n += 1
        if o["event"] == "sched_load_se" and not isinstance(o["fields"]["util"], int):
            fail(f"jsonl: sched_load_se util not an integer: {line}")
if n != sum(exp[0].values()):
    fail(f"jsonl: {n} lines != {sum(exp[0].values())} events")
print(f"analyze on real traces: {compared} figures compared, {fails} failures")
sys.exit(1 if fails else 0)
