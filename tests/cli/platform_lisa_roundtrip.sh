# The YAML `platform show rk3399 --format lisa` writes loads back to the same platform: the same
# capacities, policies, OPPs and energy model (power, perf, cost, efficiency) -- and so the same
# run: a scenario simulated on it prints the same JSON, byte for byte, as on rk3399 itself.
# Read with Python's yaml too (PyYAML, a real reader of what LISA reads), tags and all.
set -e
yml=$TMPDIR_CASE/rk3399.plat_info.yml
$CAPSIM platform show rk3399 --format lisa > "$yml"
python3 - "$yml" <<'PY'
import sys, yaml
class L(yaml.SafeLoader): pass
L.add_multi_constructor('tag:yaml.org,2002:python/', lambda l, s, n:
    l.construct_sequence(n) if isinstance(n, yaml.SequenceNode) else l.construct_mapping(n, deep=True))
c = yaml.load(open(sys.argv[1]), Loader=L)['platform-info']['conf']
assert c['cpu-capacities']['orig'] == {0: 381, 1: 381, 2: 381, 3: 381, 4: 1024, 5: 1024}, c
assert c['freq-domains'] == [[0, 1, 2, 3], [4, 5]], c
assert c['freqs'][4][-1] == 1800000 and c['freqs'][0][-1] == 1416000, c
PY
$CAPSIM platform show rk3399 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(json.dumps([[c["capacity_orig"], c["freq_ref_khz"], c["policy"]] for c in d["cpus"]]))
print(json.dumps([[p["cpus"], [[o["khz"], o["power_uw"], o["perf"], o["cost"], o["efficient"]] for o in p["opps"]]] for p in d["policies"]]))' > "$TMPDIR_CASE/a"
$CAPSIM platform show "$yml" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(json.dumps([[c["capacity_orig"], c["freq_ref_khz"], c["policy"]] for c in d["cpus"]]))
print(json.dumps([[p["cpus"], [[o["khz"], o["power_uw"], o["perf"], o["cost"], o["efficient"]] for o in p["opps"]]] for p in d["policies"]]))' > "$TMPDIR_CASE/b"
diff "$TMPDIR_CASE/a" "$TMPDIR_CASE/b"
grep -q '27769' "$TMPDIR_CASE/a"   # the EM really is in the comparison
# Both runs in WFI (kernel.cpuidle_off), the workload path made absolute for the scenario's copy;
# the overlay below re-gives what the YAML's capsim: key now also carries (input.lisa_lossless
# checks that key's whole round trip).
sc=$TMPDIR_CASE/rk3399-uclamp-ui.json
python3 - "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" "$sc" <<'PY'
import json, os, sys
d = json.load(open(sys.argv[1]))
d['kernel']['cpuidle_off'] = True
d['workload'] = os.path.join(os.path.dirname(sys.argv[1]), d['workload'])
json.dump(d, open(sys.argv[2], 'w'))
PY
$CAPSIM simulate "$sc" --duration 2s --json > "$TMPDIR_CASE/run-a"
# The cpufreq driver, the clock's latency, the cpu-supply's ramp and the OPPs' voltages as
# rk3399's, through an overlay on the YAML.
$CAPSIM platform show rk3399 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(json.dumps({"policies": [{"cpus": "%d-%d" % (p["cpus"][0], p["cpus"][-1]),
    "cpufreq_driver": p["cpufreq_driver"], "transition_latency_ns": p["transition_latency_ns"],
    "clock_latency_ns": p["clock_latency_ns"], "cpu_supply": p["cpu_supply"],
    "patch_opps": [{"khz": o["khz"], "uv": o["uv"]} for o in p["opps"]]}
    for p in d["policies"]]}))' > "$TMPDIR_CASE/driver.json"
$CAPSIM simulate "$sc" --duration 2s --platform "$yml" --overlay "$TMPDIR_CASE/driver.json" \
  --json > "$TMPDIR_CASE/run-b"
# the same run; only the list of idle states each CPU's residency is reported over differs
python3 - "$TMPDIR_CASE/run-a" "$TMPDIR_CASE/run-b" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for c in a['cpus'] + b['cpus']:
    r = c.pop('idle_residency_s')
    assert all(x == 0 for x in r[1:]), r  # in WFI only
assert a == b
PY
