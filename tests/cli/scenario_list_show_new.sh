# `capsim scenario list` names every shipped scenario (scenarios/*.json) with its own
# "description"; `show` prints one's file as it is; `new --platform P` writes, for every shipped
# platform, a scenario that `simulate` runs as written: its cap on the policy of the biggest CPUs
# at one of that policy's OPPs, its bursts on those CPUs, the thermal loop exactly when a zone
# of P cools a CPU; a platform file named by a relative path still loads from elsewhere.
set -e
cd "$TMPDIR_CASE"
$CAPSIM scenario list > list
python3 - "$CAPSIM_SOURCE_DIR/scenarios" list <<'PY'
import glob, json, os, sys
want = {}
for f in sorted(glob.glob(os.path.join(sys.argv[1], "*.json"))):
    d = json.load(open(f))
    assert d.get("description"), "%s has no description" % f
    want[os.path.basename(f)[:-5]] = d["description"]
got = {}
for line in open(sys.argv[2]):
    name, desc = line.rstrip("\n").split(None, 1)
    got[name] = desc
assert got == want, (got, want)
PY
$CAPSIM scenario show rk3399-uclamp-ui > show
tail -n +5 show | cmp - "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json"
head -1 show | grep -q "^scenario rk3399-uclamp-ui: .*/scenarios/rk3399-uclamp-ui.json$"
st=0; $CAPSIM scenario show no-such-scenario 2> err || st=$?
[ $st = 1 ] && grep -q "no-such-scenario: no such shipped scenario" err
for p in $($CAPSIM platform list | awk 'NR > 1 { print $1 }'); do
  $CAPSIM scenario new --platform "$p" -o "$p.json"
  $CAPSIM platform show "$p" --json > "$p.plat.json"
  python3 - "$p.json" "$p.plat.json" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
sc = json.loads(re.sub(r"/\*.*?\*/", "", text, flags=re.S))  # a scenario may hold comments
plat = json.load(open(sys.argv[2]))
cap = {c["cpu"]: c["capacity_orig"] for c in plat["cpus"]}
if plat["policies"]:
    big = max(plat["policies"], key=lambda p: (cap[p["policy"]], p["policy"]))
    (key, khz), = sc["caps"].items()
    assert key == "policy%d" % big["policy"] and khz in [o["khz"] for o in big["opps"]], (key, khz)
    burst = sc["events"][0]["hw_bursts"]
    cpus = burst["cpus"].split("-")
    assert list(range(int(cpus[0]), int(cpus[-1]) + 1)) == big["cpus"], burst
    assert burst["khz"] < khz, burst
cools = any(m["policy"] is not None for z in plat["thermal_zones"] for m in z["cooling_maps"])
assert ("thermal" in sc) == cools, (sys.argv[1], cools)
assert sc["workload"]["tasks"]["ui"]["util_min"] == 1024
PY
  $CAPSIM simulate "$p.json" --duration 300ms --json > "$p.run.json"
done
# a relative platform file, the scenario written in another directory
mkdir -p sub && cp "$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb" board.dtb
$CAPSIM scenario new --platform board.dtb -o sub/s.json
$CAPSIM simulate sub/s.json --duration 300ms > /dev/null
# usage errors: exit 2
st=0; $CAPSIM scenario new 2> err || st=$?; [ $st = 2 ] && grep -q "new needs --platform" err
st=0; $CAPSIM scenario list --platform rk3399 2> err || st=$?; [ $st = 2 ]
st=0; $CAPSIM scenario frob 2> err || st=$?; [ $st = 2 ] && grep -q "unknown action 'frob'" err
echo ok
