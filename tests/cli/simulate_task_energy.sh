# A task's energy share (issue 31): its energy_j is the EM power of the OPP its CPU ran at over
# the time it ran, the tasks sum to the run's energy_j but for the sugov kthreads' time. Expected
# figures are derived here from the platform's own EM (`capsim platform show --json`):
# - RK3399, one task pinned to CPU4 with policy4 capped at its lowest OPP from the start (the OPP
#   never changes, so its sugov kthread never runs): energy_j = runtime_s x power_uw(408 MHz),
#   share = its part of the run's energy_j, all of it: 100 %;
# - a one-CPU platform with one OPP: the same, share 100 %;
# - the per-task CSV carries the same two columns.
cd "$TMPDIR_CASE"
"$CAPSIM" platform show rk3399 --json >rk.plat
cat >w4.json <<'J'
{ "tasks": { "p": { "cpus": [4], "loop": -1, "run": 3000, "timer": { "ref": "t", "period": 10000 } } } }
J
"$CAPSIM" simulate --platform rk3399 --workload w4.json --duration 1s --max-freq 4=408000 --json >rk.out
cat >one.json <<'J'
{ "name": "one", "cpus": [ { "capacity": 1024 } ],
  "policies": [ { "cpus": "0", "dynamic_power_coefficient": 100,
                  "opps": [ { "khz": 1000000, "uv": 800000 } ] } ] }
J
"$CAPSIM" platform show one.json --json >one.plat
cat >w.json <<'J'
{ "global": { "calibration": "CPU0" },
  "tasks": { "p": { "loop": -1, "run": 2000, "timer": { "ref": "t", "period": 10000 } } } }
J
"$CAPSIM" simulate --platform one.json --workload w.json --duration 1s --json >one.out
mkdir -p csv && "$CAPSIM" simulate --platform one.json --workload w.json --duration 1s --csv csv >/dev/null
"${CAPSIM_PYTHON:-python3}" - <<'PY'
import csv, json
def check(what, ok):
    print(("ok: " if ok else "FAIL: ") + what)
def power_uw(plat, policy, khz):
    p = next(p for p in plat["policies"] if p["policy"] == policy)
    return next(o["power_uw"] for o in p["opps"] if o["khz"] == khz)
rk, rkp = json.load(open("rk.out")), json.load(open("rk.plat"))
w = power_uw(rkp, 4, 408000) * 1e-6
t = rk["tasks"][0]
check("rk3399: the task ran on CPU4 only", list(t["runtime_by_cpu_s"]) == ["4"])
check("rk3399: its energy = run time x EM power at 408 MHz",
      abs(t["energy_j"] - t["runtime_s"] * w) <= 2e-6)
check("rk3399: its share of the run's energy_j",
      abs(t["energy_share_pct"] - 100 * t["energy_j"] / rk["energy_j"]) <= 1e-3)
kt = sum(c.get("kthread_busy_s", 0) for c in rk["cpus"])
check("rk3399: no sugov kthread time, share 100 %", kt == 0 and t["energy_share_pct"] == 100)
one, onep = json.load(open("one.out")), json.load(open("one.plat"))
t = one["tasks"][0]
check("one CPU: energy = run time x EM power of its one OPP",
      abs(t["energy_j"] - t["runtime_s"] * power_uw(onep, 0, 1000000) * 1e-6) <= 2e-6)
check("one CPU: no kthread time, share 100 %",
      sum(c.get("kthread_busy_s", 0) for c in one["cpus"]) == 0 and t["energy_share_pct"] == 100)
row = next(csv.DictReader(open("csv/summary_tasks.csv")))
check("CSV: energy_j and energy_share_pct as the JSON's",
      float(row["energy_j"]) == t["energy_j"] and float(row["energy_share_pct"]) == t["energy_share_pct"])
PY
# every shipped scenario: the tasks' energies and the sugov kthreads' (kthread_energy_j, present
# only where they ran, as kthread_busy_s) sum to the run's energy_j, to the JSON's 6 decimals
# each; the kthreads' part is at most their time at the most powerful OPP
for s in "$CAPSIM_SOURCE_DIR"/scenarios/*.json; do
  n=$(basename "$s" .json)
  (cd "$(dirname "$s")" && "$CAPSIM" simulate "$s" --json) >"scn-$n.out" || echo "FAIL: $n did not run"
done
"${CAPSIM_PYTHON:-python3}" - "$CAPSIM" "$CAPSIM_SOURCE_DIR"/scenarios/*.json <<'PY'
import json, os, subprocess, sys
capsim = sys.argv[1]
for s in sys.argv[2:]:
    n = os.path.basename(s)[:-5]
    r = json.load(open(f"scn-{n}.out"))
    tasks = sum(t["energy_j"] for t in r["tasks"])
    slack = 1e-6 * (len(r["tasks"]) + 2)
    kt = sum(c.get("kthread_busy_s", 0) for c in r["cpus"])
    ke = r.get("kthread_energy_j", 0)
    top = lambda: max(o["power_uw"] or 0 for p in json.loads(subprocess.run(
        [capsim, "platform", "show", r["platform"], "--json"], capture_output=True,
        cwd=os.path.dirname(s), check=True).stdout)["policies"] for o in p["opps"]) * 1e-6
    ok = abs(r["energy_j"] - tasks - ke) <= slack and (ke == 0 or 0 < kt and ke <= kt * top() + 1e-6)
    print(("ok: " if ok else "FAIL: ") + f"{n}: the tasks' energies sum to energy_j"
          + ("" if kt == 0 else " with the sugov kthreads' kthread_energy_j"))
PY
