#!/usr/bin/env python3
# The trace's capacity counters are what the run's kernel model believes, and the summaries say
# the same. For every shipped scenario under every model (short runs), from the Chrome JSON
# trace's counters (every signal of every CPU, each written when it changes):
#  - v6.10 and later (capped and none included): at every instant a CPU's counters change,
#    actual_capacity = original_capacity - max(hw_load_avg, cpufreq_pressure); no
#    thermal_load_avg track;
#  - v6.9: actual_capacity = original_capacity - hw_pressure (the instantaneous thermal
#    pressure, what util_fits_cpu() and feec subtract), a thermal_load_avg track and no
#    hw_load_avg one;
#  - the time-weighted mean of actual_capacity over the run equals the JSON summary's and the
#    CSV summary's mean_actual_capacity of each CPU.
# Usage: belief_counters.py CAPSIM OUTDIR
import csv, glob, json, os, re, shutil, subprocess, sys

capsim, out = sys.argv[1], sys.argv[2]
SCEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scenarios")
MODELS = ["v6.9", "v6.10", "v6.12", "latest", "capped", "none"]
# the run's time 0 in every trace (docs/formats.md, "Trace clock": 1 s after "boot")
TRACE_START_NS = 10**9
DURATION = "2s"  # long enough for rb5's LMh bursts and a thermal trip or two
shutil.rmtree(out, ignore_errors=True)  # nothing of an earlier run may answer for this one
os.makedirs(out)
fail = 0


def bad(msg):
    global fail
    fail = 1
    print("FAIL " + msg)


def counters(trace):
    """{cpu: [(time_ns, {signal: value})]}: each CPU's counters after each instant they change"""
    per_cpu, state = {}, {}
    with open(trace) as f:
        events = [e for e in json.load(f)["traceEvents"] if e.get("ph") == "C"]
    for e in events:
        m = re.fullmatch(r"cpu(\d+)_(\w+)", e["name"])
        if not m:
            continue  # a zone's temperature ("cpu0-thermal_temp")
        cpu, sig, t = int(m.group(1)), m.group(2), round(e["ts"] * 1000) - TRACE_START_NS
        st = state.setdefault(cpu, {})
        st[sig] = e["args"]["value"]
        rows = per_cpu.setdefault(cpu, [])
        if rows and rows[-1][0] == t:
            rows[-1] = (t, dict(st))
        else:
            rows.append((t, dict(st)))
    return per_cpu


def believed(model, s):
    if model == "v6.9":
        return s["original_capacity"] - s["hw_pressure"]
    return s["original_capacity"] - max(s["hw_load_avg"], s["cpufreq_pressure"])


# every shipped scenario, and the default one under a HW throttle of its busy big CPUs (the
# shipped ones in 2 s leave the throttled CPUs idle, whose average then never moves)
runs = [(os.path.basename(f)[:-5], f, []) for f in sorted(glob.glob(os.path.join(SCEN, "*.json")))]
runs.append(("default-hw-cap", os.path.join(SCEN, "default.json"),
             ["--hw-cap", "4-7=1000000@100ms+1s"]))
moved = {}
for name, scn, extra in runs:
    for model in MODELS:
        d = os.path.join(out, f"{name}-{model}")
        trace = os.path.join(out, f"{name}-{model}.json")
        run = subprocess.run([capsim, "simulate", scn, "--model", model, "--duration", DURATION,
                              "--json", "--csv", d, "--trace", trace, *extra],
                             capture_output=True, text=True)
        if run.returncode:
            bad(f"{name} {model}: exit {run.returncode}: {run.stderr.strip()}")
            continue
        summary = json.loads(run.stdout)
        end = round(summary["duration_s"] * 1e9)
        with open(os.path.join(d, "summary_cpus.csv")) as f:
            csv_mean = {int(r["cpu"]): float(r["mean_actual_capacity"]) for r in csv.DictReader(f)}
        checked = 0
        for cpu, rows in sorted(counters(trace).items()):
            have = rows[-1][1]
            absent = "hw_load_avg" if model == "v6.9" else "thermal_load_avg"
            present = "thermal_load_avg" if model == "v6.9" else "hw_load_avg"
            if absent in have or present not in have:
                bad(f"{name} {model} cpu{cpu}: tracks {sorted(have)}")
                continue
            for t, s in rows:
                checked += 1
                for sig in ("hw_load_avg", "thermal_load_avg", "cpufreq_pressure"):
                    moved[sig] = moved.get(sig, 0) + (s.get(sig, 0) != 0)
                if s["actual_capacity"] != believed(model, s):
                    bad(f"{name} {model} cpu{cpu} at {t} ns: actual_capacity "
                        f"{s['actual_capacity']}, the model's counters give {believed(model, s)}"
                        f" ({s})")
                    break
            integral = sum(s["actual_capacity"] * ((rows[i + 1][0] if i + 1 < len(rows) else end) - t)
                           for i, (t, s) in enumerate(rows))
            mean = integral / end
            js = next(c["mean_actual_capacity"] for c in summary["cpus"] if c["cpu"] == cpu)
            for what, got in (("json", js), ("csv", csv_mean[cpu])):
                if abs(got - mean) > 0.0015:  # both print three decimals
                    bad(f"{name} {model} cpu{cpu}: {what} mean_actual_capacity {got:.3f}, "
                        f"the trace's {mean:.3f}")
        print(f"{name} {model}: {checked} counter instants checked")
# the checks above saw each pressure signal away from 0 (else they prove little)
for sig in ("hw_load_avg", "thermal_load_avg", "cpufreq_pressure"):
    print(f"{sig}: {moved.get(sig, 0)} instants away from 0")
    if not moved.get(sig):
        bad(f"no run moved {sig}")
sys.exit(fail)
