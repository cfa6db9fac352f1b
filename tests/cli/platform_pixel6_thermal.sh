# The shipped Pixel 6 has the GS101 CPU thermal zones of the patch that adds them for mainline
# ("arm64: dts: exynos: gs101: Add thermal management unit", gs101-tmu.dtsi, 2026-01-19), and
# `platform show` lists the cpufreq cooling devices with each state's frequency: state k of a
# policy's device is its k-th highest frequency (get_state_freq()), from its own OPP table.
set -e
$CAPSIM platform show pixel6 --json > "$TMPDIR_CASE/p.json"
python3 - "$TMPDIR_CASE/p.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
# the patch's zones: trips (name, type, mC, hysteresis mC) and the trip its map is bound to,
# with the CPUs that map cools (cpu6/7, cpu4/5, cpu0-3)
patch = {
  "cpucl2-thermal": ([("big-cold", "active", 20000, 5000), ("big-switch-on", "active", 70000, 2000),
                      ("big-control-temp", "passive", 90000, 5000), ("big-pre-switch-on", "active", 55000, 2000),
                      ("big-alert2", "active", 95000, 5000), ("big-hw-throttling", "active", 103000, 5000),
                      ("big-pause", "active", 108000, 5000), ("big-hot", "hot", 115000, 3000)],
                     "big-control-temp", [6, 7]),
  "cpucl1-thermal": ([("mid-cold", "active", 20000, 5000), ("mid-switch-on", "active", 70000, 2000),
                      ("mid-control-temp", "passive", 90000, 5000), ("mid-pre-switch-on", "active", 55000, 2000),
                      ("mid-alert2", "active", 95000, 5000), ("mid-hw-throttling", "active", 98000, 5000),
                      ("mid-pause", "active", 108000, 5000), ("mid-hot", "hot", 115000, 3000)],
                     "mid-control-temp", [4, 5]),
  "cpucl0-thermal": ([("little-cold", "active", 20000, 5000), ("little-switch-on", "active", 70000, 2000),
                      ("little-control-temp", "passive", 95000, 5000), ("little-pre-switch-on", "active", 55000, 2000),
                      ("little-alert2", "active", 100000, 5000), ("little-alert5", "active", 103000, 5000),
                      ("little-alert6", "active", 110000, 5000), ("little-hot", "hot", 115000, 3000)],
                     "little-control-temp", [0, 1, 2, 3]),
}
zones = {z["name"]: z for z in d["thermal_zones"]}
assert sorted(zones) == sorted(patch), sorted(zones)
pol_of = {c: p for p in d["policies"] for c in p["cpus"]}
for name, (trips, trip, cpus) in patch.items():
    z = zones[name]
    got = [(t["name"], t["type"], t["temperature_mc"], t["hysteresis_mc"]) for t in z["trips"]]
    assert got == trips, (name, got)
    assert z["polling_delay_ms"] == 0 and z["polling_delay_passive_ms"] == 0, z
    assert len(z["cooling_maps"]) == 1, z["cooling_maps"]
    m = z["cooling_maps"][0]
    assert m["trip"] == trip and m["lower"] is None and m["upper"] is None, m
    assert sorted(pol_of[m["policy"]]["cpus"]) == cpus, (name, m)
assert d["description"] and "gs101-tmu.dtsi" in d["description"], d["description"]
# one cooling device per policy, in policy order; its states from the top of its OPP table
devs = d["cooling_devices"]
assert [c["name"] for c in devs] == ["thermal-cpufreq-%d" % i for i in range(len(d["policies"]))]
for dev, pol in zip(devs, d["policies"]):
    khz = sorted((o["khz"] for o in pol["opps"] if not o["turbo"]), reverse=True)
    assert dev["policy"] == pol["policy"] and dev["state_khz"] == khz, (dev, khz)
print("ok")
PY
# the text form lists the same devices, each state with its kHz
$CAPSIM platform show pixel6 > "$TMPDIR_CASE/p.txt"
python3 - "$TMPDIR_CASE/p.json" "$TMPDIR_CASE/p.txt" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
for i, dev in enumerate(d["cooling_devices"]):
    states = " ".join("%d=%d" % (k, f) for k, f in enumerate(dev["state_khz"]))
    assert ("thermal-cpufreq-%d  policy%d" % (i, dev["policy"])) in text and states in text, dev
assert "description: Pixel 6" in text
PY
