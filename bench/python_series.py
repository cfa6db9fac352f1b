#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What series=True costs from Python: bench (d)'s dense workload (hikey960 with its energy
model, 100 periodic tasks, periods 4-100 ms at 1-8 %; bench_sim.c's periodic_tasks_in(100,
4000, 96001, 0)) simulated for MINUTES minutes (default 10), once without series and once with
every series (r.cpu_series and r.runs), each in a process of its own: its CPU time (user +
system) and peak RSS, the rows and the frames' bytes.

    CAPSIM_LIB=build/libcapsim.so PYTHONPATH=python python3 bench/python_series.py [MINUTES]

Run by the interpreter the build found (the one with numpy and pandas).
"""
import json
import os
import resource
import subprocess
import sys


def dense_workload(n=100, lo_us=4000, span_us=96001):
    tasks = {}
    for i in range(n):
        period = lo_us + (i * 7919) % span_us
        tasks["t%u" % i] = {"run": period * (1 + (i * 31) % 8) // 100,
                            "timer": {"ref": "unique", "period": period}}
    return {"tasks": tasks}


def child(minutes, series):
    import capsim
    w = capsim.Workload.parse(dense_workload(), name="dense")
    r = capsim.simulate(capsim.Scenario(), platform="hikey960", workload=w,
                        duration="%ds" % (minutes * 60),
                        series=series)
    rows = nbytes = 0
    for df in (r.cpu_series, r.runs):
        if df is not None:
            rows += len(df)
            nbytes += int(df.memory_usage(deep=True).sum())
    ru = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"cpu_s": ru.ru_utime + ru.ru_stime, "peak_rss_mb": ru.ru_maxrss / 1024,
                      "rows": rows, "frame_mb": nbytes / 2**20}))


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        child(int(sys.argv[2]), sys.argv[3] == "1")
        return
    minutes = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    out = {}
    for series in (False, True):
        p = subprocess.run([sys.executable, __file__, "--child", str(minutes), str(int(series))],
                           check=True, capture_output=True, text=True, env=os.environ)
        out[series] = json.loads(p.stdout)
    base, full = out[False], out[True]
    print("python series, bench (d)'s workload, %d simulated min:" % minutes)
    for name, f in (("without series", base), ("series=True", full)):
        print("  %-15s CPU %7.2f s  peak RSS %7.1f MB  rows %10d  frames %7.1f MB"
              % (name, f["cpu_s"], f["peak_rss_mb"], f["rows"], f["frame_mb"]))
    print("  CPU ratio %.2f (target <= 1.3), peak RSS %.1f MB (target <= 300)"
          % (full["cpu_s"] / base["cpu_s"], full["peak_rss_mb"]))


if __name__ == "__main__":
    main()
