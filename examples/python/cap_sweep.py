#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Sweep the RK3399 big cluster's cap (policy4, every OPP) under each kernel model and plot
the UI workload's deadline misses and the energy per model (rk3399-cap-sweep.json; the runs go
through `capsim sweep`, resumable, then matplotlib writes cap-sweep.png). The UI task's 6 ms
frames (rk3399-ui-heavy.json) miss on a big CPU capped to 600 MHz or less: the models that do
not see the cap (v6.9, none) keep it there, the others move it to a little CPU.

    PYTHONPATH=python python3 examples/python/cap_sweep.py [OUT.png] [--engine dask]
"""
import os
import sys

import matplotlib
matplotlib.use("Agg")  # no display: a PNG
import matplotlib.pyplot as plt

import capsim

here = os.path.dirname(os.path.abspath(__file__))
out = next((a for a in sys.argv[1:] if a.endswith(".png")), "cap-sweep.png")
engine = "dask" if "--engine" in sys.argv and sys.argv[-1] == "dask" else "local"
table = capsim.sweep(os.path.join(here, "rk3399-cap-sweep.json"), engine=engine, jobs=2,
                     output=os.path.splitext(out)[0] + ".csv")
# typed columns: numbers are numbers, the caps one column per policy ("408MHz" as written)
table["cap_mhz"] = table["caps.policy4"].str.extract(r"(\d+)MHz", expand=False).astype(int)
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2))
for model, g in table.groupby("model", sort=False):
    g = g.sort_values("cap_mhz")
    ax1.plot(g.cap_mhz, g.deadline_misses, marker="o", label=model)
    ax2.plot(g.cap_mhz, g.energy_j, marker="o", label=model)
ax1.set(xlabel="policy4 scaling_max_freq (MHz)", ylabel="deadline misses (all tasks)",
        title="RK3399, uclamp_min=1024 UI task: misses")
ax2.set(xlabel="policy4 scaling_max_freq (MHz)", ylabel="energy (J)", title="energy")
ax1.legend(title="model")
fig.tight_layout()
fig.savefig(out, dpi=100)
print("wrote", out, "from", len(table), "runs")
