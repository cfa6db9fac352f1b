# A scenario's "thermal" object that cannot apply is refused, naming the file, the key's place
# and why: a platform with no thermal zones, or whose zones cool no CPU; with zones that do
# (rk3399's cpu-thermal cools both policies), the same scenario runs.
cd "$TMPDIR_CASE" || exit 3
wl=$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json
printf '{ "name": "nozones", "arch": "x86", "cpus": [ { "capacity": 1024 }, { "capacity": 512 } ] }\n' > nozones.json
printf '{ "name": "fanonly", "arch": "x86", "cpus": [ { "capacity": 1024 } ],\n  "thermal_zones": [ { "name": "skin", "trips": [ { "name": "warm", "temperature_mc": 45000 } ] } ] }\n' > fanonly.json
for p in nozones fanonly rk3399; do
  plat=$p; [ $p = rk3399 ] || plat=$TMPDIR_CASE/$p.json
  printf '{"platform": "%s", "workload": "%s", "duration": "200ms",\n "thermal": {"governor": "step_wise"}}\n' "$plat" "$wl" > $p-s.json
done
"$CAPSIM" simulate nozones-s.json > out 2> err; st=$?
[ $st = 1 ] || { echo "no zones: exit $st, expected 1"; cat err; exit 1; }
grep -qF 'nozones-s.json:2:2: thermal: platform nozones has no thermal zones' err || { cat err; exit 1; }
[ ! -s out ] || { echo "no zones: wrote a report"; exit 1; }
"$CAPSIM" simulate fanonly-s.json > out 2> err; st=$?
[ $st = 1 ] || { echo "no CPU map: exit $st, expected 1"; cat err; exit 1; }
grep -qF 'fanonly-s.json:2:2: thermal: no thermal zone of platform fanonly has a cooling map onto a CPU' err || { cat err; exit 1; }
# compare's --thermal on such a platform: named as the option
"$CAPSIM" compare nozones-s.json --thermal step_wise --models v6.10 > out 2> err; st=$?
[ $st = 1 ] && grep -qF 'thermal: platform nozones has no thermal zones' err || { echo "compare: exit $st"; cat err; exit 1; }
"$CAPSIM" simulate rk3399-s.json > out 2> err || { echo "rk3399 with its zones refused:"; cat err; exit 1; }
echo ok
