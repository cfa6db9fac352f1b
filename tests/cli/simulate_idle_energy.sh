# Idle power per state from a platform JSON (cpus[].idle_power_uw, µW: [WFI, DT states...]):
# the run reports idle energy = sum over states of power x residency, apart from the energy
# model's dynamic energy_j, which it does not change. Expected figures are derived here:
# - a stand-alone one-CPU platform with one OPP: a task of 2 ms every 10 ms (calibrated on that
#   CPU at that OPP) keeps it busy 100 x 2 ms of 1 s, so it idles 0.8 s in WFI (its only
#   state): 0.8 s x 50 mW = 0.04 J;
# - RK3399 with idle power on every CPU and cpuidle on, the task pinned to CPU4: the little
#   cluster never runs, so CPUs 0-3 spend the second in cluster-sleep (1 s x 1 mW each); every
#   CPU's figure is its powers x its idle_residency_s, the total their sum;
# - the text summary's idle_J column and idle line, compare's idle energy row; without the key
#   none of them appears.
cd "$TMPDIR_CASE"
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fi; }
cat >one.json <<'J'
{ "name": "one", "cpus": [ { "capacity": 1024, "idle_power_uw": [50000] } ],
  "policies": [ { "cpus": "0", "dynamic_power_coefficient": 100,
                  "opps": [ { "khz": 1000000, "uv": 800000 } ] } ] }
J
sed 's/, "idle_power_uw": \[50000\]//' one.json >one-nopower.json
cat >w.json <<'J'
{ "global": { "calibration": "CPU0" },
  "tasks": { "p": { "loop": -1, "run": 2000, "timer": { "ref": "t", "period": 10000 } } } }
J
for p in one one-nopower; do
  "$CAPSIM" simulate --platform $p.json --workload w.json --duration 1s --json >$p.out
  "$CAPSIM" simulate --platform $p.json --workload w.json --duration 1s >$p.txt
done
cat >rk.json <<J
{ "base": "$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb",
  "cpus": [ { "cpu": 0, "idle_power_uw": [30000, 5000, 1000] },
            { "cpu": 1, "idle_power_uw": [30000, 5000, 1000] },
            { "cpu": 2, "idle_power_uw": [30000, 5000, 1000] },
            { "cpu": 3, "idle_power_uw": [30000, 5000, 1000] },
            { "cpu": 4, "idle_power_uw": [90000, 9000, 2000] },
            { "cpu": 5, "idle_power_uw": [90000, 9000, 2000] } ] }
J
cat >w4.json <<'J'
{ "tasks": { "p": { "cpus": [4], "loop": -1, "run": 2000, "timer": { "ref": "t", "period": 10000 } } } }
J
printf '{"platform": "rk.json", "workload": "w4.json", "duration": 1, "kernel": {"cpuidle_off": false}}\n' >rk.scn.json
"$CAPSIM" simulate rk.scn.json --json >rk.out
"$CAPSIM" compare rk.scn.json --models v6.10,latest >rk.cmp
"$CAPSIM" compare --platform rk3399 --workload w4.json --duration 1s --models v6.10,latest >rk0.cmp
python3 - <<'PY'
import json
one, nop, rk = (json.load(open(f)) for f in ("one.out", "one-nopower.out", "rk.out"))
def check(what, ok):
    print(("ok: " if ok else "FAIL: ") + what)
busy = one["cpus"][0]["busy_pct"] / 100
check("one CPU: busy 100 x 2 ms of 1 s", abs(busy - 0.2) < 1e-6)
check("one CPU: its idle time all in WFI", one["cpus"][0]["idle_residency_s"] == [0.8])
check("one CPU: idle energy 0.8 s x 50 mW = 0.04 J",
      one["cpus"][0]["idle_energy_j"] == 0.04 and one["idle_energy_j"] == 0.04)
check("one CPU: the EM's energy_j is the same with and without idle power",
      one["energy_j"] == nop["energy_j"] > 0)
check("without idle_power_uw no idle_energy_j key",
      "idle_energy_j" not in nop and "idle_energy_j" not in nop["cpus"][0])
power = [[30000, 5000, 1000]] * 4 + [[90000, 9000, 2000]] * 2
for c in range(4):
    check(f"rk3399 CPU{c}: cluster-sleep all the run, 1 s x 1 mW",
          rk["cpus"][c]["idle_residency_s"] == [0, 0, 1.0] and rk["cpus"][c]["idle_energy_j"] == 0.001)
total = 0
for c, cpu in enumerate(rk["cpus"]):
    e = sum(p * 1e-6 * r for p, r in zip(power[c], cpu["idle_residency_s"]))
    total += e
    check(f"rk3399 CPU{c}: powers x residency", abs(cpu["idle_energy_j"] - e) < 2e-6)
check("rk3399: the total is the CPUs' sum", abs(rk["idle_energy_j"] - total) < 1e-5)
PY
check "text: idle_J column" "grep -Eq '^cpu +busy% +mean_freq_kHz +mean_act_cap +energy_J +idle_J$' one.txt"
check "text: CPU0's row ends in its idle energy" "grep -Eq '^0 .* 0\.0400$' one.txt"
check "text: the idle line" "grep -q '^idle: energy 0.0400 J (each idle state' one.txt"
check "text: neither without idle power" "! grep -q 'idle_J\|^idle: energy' one-nopower.txt"
check "compare: an idle energy row" "grep -Eq '^idle energy \(J\) +0\.[0-9]{4}' rk.cmp"
check "compare: none without idle power" "! grep -q '^idle energy' rk0.cmp"
