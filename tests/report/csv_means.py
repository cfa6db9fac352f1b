#!/usr/bin/env python3
# The CSV time series of `capsim simulate --csv` reproduce the summary's per-CPU means: busy %
# from cpu_running.csv (time not running pid 0), the time-weighted mean delivered frequency
# from cpu_frequency.csv and mean actual capacity from cpu_capacity.csv, each against the
# --json summary of the same run. Usage: csv_means.py CAPSIM OUTDIR
import csv, json, os, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
shutil.rmtree(out, ignore_errors=True)  # nothing of an earlier run may answer for this one
os.makedirs(out)
# The default scenario (its static cap included). Not yet a scenario whose static cap holds the
# frequency below what schedutil started at: the engine emits no cpu_frequency event when a
# freq_qos request alone lowers policy->cur (rk3399-uclamp-ui's CSV shows 1.8 GHz throughout).
runs = [("default", [])]
fail = 0
for name, args in runs:
    d = os.path.join(out, name)
    summary = json.loads(subprocess.run([capsim, "simulate", *args, "--json", "--csv", d],
                                        check=True, capture_output=True, text=True).stdout)
    end = round(summary["duration_s"] * 1e9)

    def weighted(file, col, key="cpu"):
        """time-weighted mean of @col per CPU over [0, end): each row holds until the next"""
        acc, last = {}, {}
        with open(os.path.join(d, file)) as f:
            for r in csv.DictReader(f):
                c, t = int(r[key]), int(r["time_ns"])
                if c in last:
                    acc[c] = acc.get(c, 0) + last[c][1] * (t - last[c][0])
                last[c] = (t, col(r))
        for c, (t, v) in last.items():
            acc[c] = acc.get(c, 0) + v * (end - t)
        return {c: a / end for c, a in acc.items()}

    busy = weighted("cpu_running.csv", lambda r: 100.0 if int(r["pid"]) else 0.0)
    freq = weighted("cpu_frequency.csv", lambda r: float(r["delivered_khz"]))
    cap = weighted("cpu_capacity.csv", lambda r: float(r["actual_capacity"]))
    for c in summary["cpus"]:
        n = c["cpu"]
        checks = [("busy_pct", busy.get(n, 0.0), c["busy_pct"], 0.01),
                  ("mean_freq_khz", freq.get(n, 0.0), c["mean_freq_khz"], 0.001 * c["mean_freq_khz"] + 1),
                  ("mean_actual_capacity", cap.get(n, 0.0), c["mean_actual_capacity"],
                   0.005 * c["mean_actual_capacity"] + 0.5)]
        for what, got, want, tol in checks:
            ok = abs(got - want) <= tol
            fail |= not ok
            print(f"{name} cpu{n} {what}: csv {got:.3f} summary {want:.3f} {'ok' if ok else 'DIFFERENT'}")
sys.exit(fail)
