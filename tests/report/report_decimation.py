#!/usr/bin/env python3
# The HTML report's series against the CSV of the same run (`--csv`: one row per change, never
# decimated), per docs/formats.md "HTML report": a series with at most 2048 changes holds each
# of them exactly; a busier one holds, for each column of the run's grid (grid_ns wide) that
# saw a change, the lowest and highest value the signal took in the column (the value held into
# it counted) and the last one. Lanes (who ran where, from cpu_running.csv) and deadline-miss
# marks (rtapp_timer.csv) likewise. Runs: 2 s of the default scenario (every series exact), 40 s
# of it (the busy series gridded), a workload that ends by itself (no duration known: the grid
# widens as the run outruns it), and a task alone on a CPU for 2048 and 2049 loops (its lanes
# exact, then gridded). Also: the summary is the same with and without --report
# (the recording only reads the run), and two reports of one run are byte-identical.
# Usage: report_decimation.py CAPSIM OUTDIR
import math, os, shutil, subprocess, sys
from collections import defaultdict

import page_series  # noqa: E402  (beside this script)
from page_series import EXACT_MAX, check, page_data, rows, series_check  # noqa: E402

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)


def changes(rs, key, val):
    """per key, the (t, v) where the value differs from the one before"""
    ch, last = defaultdict(list), {}
    for r in rs:
        k, v = key(r), val(r)
        if k in last and last[k] == v:
            continue
        last[k] = v
        ch[k].append((int(r["time_ns"]), v))
    return ch


def verify(name, d, page):
    D = page_data(page)
    R = D["runs"][0]
    w, end = R["grid_ns"], round(R["summary"]["duration_s"] * 1e9)
    task_idx = {t["pid"]: i for i, t in enumerate(R["tasks"])}
    gridded = 0
    cap = changes(rows(d, "cpu_capacity.csv"), lambda r: int(r["cpu"]), lambda r: int(r["actual_capacity"]))
    util = changes(rows(d, "cpu_capacity.csv"), lambda r: int(r["cpu"]), lambda r: int(r["util"]))
    fd = changes(rows(d, "cpu_frequency.csv"), lambda r: int(r["cpu"]), lambda r: int(r["delivered_khz"]))
    fr = changes(rows(d, "cpu_frequency.csv"), lambda r: int(r["cpu"]), lambda r: int(r["requested_khz"]))
    capof = changes(rows(d, "cpu_capacity_of.csv"), lambda r: int(r["cpu"]), lambda r: int(r["capacity"]))
    for c in R["cpus"]:
        n = c["cpu"]
        for key, ch in (("actual", cap), ("util", util), ("freq", fd), ("freq_req", fr), ("capacity_of", capof)):
            series_check(f"{name} cpu{n}.{key}", c["s"][key], ch.get(n, []), w)
            gridded += "dc" in c["s"][key]
    tu = rows(d, "task_util.csv")
    ua = changes(tu, lambda r: int(r["pid"]), lambda r: int(r["util_avg"]))
    ue = changes(tu, lambda r: int(r["pid"]), lambda r: int(r["util_est"]))
    for t in R["tasks"]:
        series_check(f"{name} {t['name']}.util", t["s"]["util"], ua.get(t["pid"], []), w)
        series_check(f"{name} {t['name']}.util_est", t["s"]["util_est"], ue.get(t["pid"], []), w)
        gridded += "dc" in t["s"]["util"]
    ov = changes(rows(d, "overutilized.csv"), lambda r: 0, lambda r: int(r["overutilized"]))
    series_check(f"{name} overutilized", R["overutilized"], ov.get(0, []), w)

    # lanes: who ran on each CPU (ids: task indexes) and where each task ran (ids: CPUs)
    cpu_iv, task_iv, open_at = defaultdict(list), defaultdict(list), {}
    for r in rows(d, "cpu_running.csv"):
        c, t, pid = int(r["cpu"]), int(r["time_ns"]), int(r["pid"])
        if c in open_at and open_at[c][1] in task_idx and t > open_at[c][0]:
            cpu_iv[c].append((open_at[c][0], t, task_idx[open_at[c][1]]))
            task_iv[open_at[c][1]].append((open_at[c][0], t, c))
        open_at[c] = (t, pid)
    for c, (t, pid) in open_at.items():
        if pid in task_idx and end > t:
            cpu_iv[c].append((t, end, task_idx[pid]))
            task_iv[pid].append((t, end, c))

    def lane_check(what, ln, ivs):
        if "dt" in ln:
            got, t = [], 0
            for dt, dur, i in zip(ln["dt"], ln["dur"], ln["id"]):
                t += dt
                got.append((t, t + dur, i))
            check(what + " exact", len(ivs) <= EXACT_MAX, f"({len(ivs)} intervals)")
            # the last interval ends at the run's end, which the summary gives to the us
            ok = len(got) == len(ivs) and all(
                a[0] == b[0] and a[2] == b[2] and (a[1] == b[1] or (b[1] == end and abs(a[1] - end) < 1000))
                for a, b in zip(sorted(got), sorted(ivs)))
            return check(what + " == CSV intervals", ok, f"{len(got)} vs {len(ivs)}")
        check(what + " gridded", len(ivs) > EXACT_MAX, f"({len(ivs)} intervals)")
        busy, longest, ids = defaultdict(int), defaultdict(int), defaultdict(set)
        for t0, t1, i in ivs:
            while t1 > t0:
                k = t0 // w
                e = min(t1, (k + 1) * w)
                busy[k] += e - t0
                if e - t0 > longest[k]:
                    longest[k], ids[k] = e - t0, {i}
                elif e - t0 == longest[k]:
                    ids[k].add(i)
                t0 = e
        ok = True
        for k in range(len(ln["top"])):
            want_busy = math.ceil(busy[k] * 100 / w) if busy[k] else 0
            if ln["busy"][k] != want_busy or (busy[k] and ln["top"][k] not in ids[k]) or \
               (not busy[k] and ln["top"][k] != -1):
                ok = False
                print(f"  {what} column {k}: busy {ln['busy'][k]} top {ln['top'][k]}, want {want_busy} of {ids[k]}")
                break
        ok &= not any(busy[k] for k in busy if k >= len(ln["top"]))
        return check(what + " columns == CSV's", ok)

    for c in R["cpus"]:
        lane_check(f"{name} cpu{c['cpu']} lane", c["lane"], cpu_iv[c["cpu"]])
    for t in R["tasks"]:
        lane_check(f"{name} {t['name']} lane", t["lane"], task_iv[t["pid"]])
        missed = [int(r["time_ns"]) for r in rows(d, "rtapp_timer.csv")
                  if int(r["pid"]) == t["pid"] and r["missed"] == "1"]
        m = t["misses"]
        check(f"{name} {t['name']} misses_total", t["misses_total"] == len(missed))
        if "dt" in m:
            got = [sum(m["dt"][:i + 1]) for i in range(len(m["dt"]))]
            check(f"{name} {t['name']} misses == CSV's", got == missed and len(missed) <= EXACT_MAX)
        else:
            cnt = defaultdict(int)
            for x in missed:
                cnt[x // w] += 1
            check(f"{name} {t['name']} miss counts == CSV's",
                  all(m["count"][k] == cnt[k] for k in range(len(m["count"]))) and len(missed) > EXACT_MAX)
    if w:
        check(f"{name} grid covers the run", end // w < D["runs"][0]["columns"], f"w {w} end {end}")
    return gridded


d = os.path.join(out, "short")
subprocess.run([capsim, "simulate", "--duration", "2s", "--csv", d, "--report", d + ".html"],
               check=True, capture_output=True)
check("2 s: every series exact", verify("2s", d, d + ".html") == 0)

d = os.path.join(out, "long")
r1 = subprocess.run([capsim, "simulate", "--duration", "40s", "--json", "--csv", d, "--report", d + ".html"],
                    check=True, capture_output=True, text=True).stdout
check("40 s: busy series gridded", verify("40s", d, d + ".html") > 0)
plain = subprocess.run([capsim, "simulate", "--duration", "40s", "--json"], check=True,
                       capture_output=True, text=True).stdout
check("the summary with --report == without", r1 == plain)
# the same command again (the command line is in the page)
os.rename(d + ".html", d + "-first.html")
shutil.rmtree(d)
subprocess.run([capsim, "simulate", "--duration", "40s", "--json", "--csv", d, "--report", d + ".html"],
               check=True, capture_output=True)
check("a report is byte-identical run to run",
      open(d + ".html", "rb").read() == open(d + "-first.html", "rb").read())

# no duration: the workload's loops end it, its length unknown while it runs
wl = os.path.join(out, "finite.json")
with open(wl, "w") as f:
    f.write('{"tasks": {"a": {"loop": 12000, "run": 300, "timer": {"ref": "a", "period": 2000}},\n'
            '           "b": {"loop": 3000, "run": 2500, "timer": {"ref": "b", "period": 9000}}}}\n')
d = os.path.join(out, "finite")
subprocess.run([capsim, "simulate", "--platform", "hikey960", "--workload", wl, "--csv", d,
                "--report", d + ".html"], check=True, capture_output=True)
check("a run of unknown length: busy series gridded", verify("finite", d, d + ".html") > 0)
# the threshold: a task alone on CPU2 runs once a loop, so its lanes hold one interval a loop
for loops, form in ((2048, "dt"), (2049, "top")):
    wl = os.path.join(out, f"pinned{loops}.json")
    with open(wl, "w") as f:
        f.write('{"tasks": {"p": {"loop": %d, "cpus": [2], "run": 1000, '
                '"timer": {"ref": "p", "period": 4000}}}}\n' % loops)
    d = os.path.join(out, f"pinned{loops}")
    subprocess.run([capsim, "simulate", "--platform", "hikey960", "--workload", wl, "--csv", d,
                    "--report", d + ".html"], check=True, capture_output=True)
    verify(f"pinned{loops}", d, d + ".html")
    R = page_data(d + ".html")["runs"][0]
    check(f"{loops} intervals: lanes {'exact' if form == 'dt' else 'gridded'}",
          form in R["cpus"][2]["lane"] and form in R["tasks"][0]["lane"])
print("report_decimation:", "ok" if not page_series.failed else "FAILED")
sys.exit(page_series.failed)
