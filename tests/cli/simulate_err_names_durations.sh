# Scenario names with a control character are refused (exit 1); a duration finer than 1 ns
# is refused, quoted as the file wrote it, not rounded (a number as "1.0000000005s" is); a
# duration beyond 366 days (68 years here) is refused in a scenario, on the command line
# (exit 2) and in an rt-app global.duration.
cd "$TMPDIR_CASE" || exit 3
# a copy beside the files, so that columns do not depend on where the tree is
cp "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json" wl.json || exit 3
wl=wl.json
printf '{"name": "a\\nb", "platform": "rk3399", "workload": "%s"}\n' "$wl" >name.json
"$CAPSIM" simulate name.json
echo "status $?"
printf '{"platform": "rk3399", "workload": "%s", "duration": 1.0000000005}\n' "$wl" >ns.json
"$CAPSIM" simulate ns.json
echo "status $?"
printf '{"platform": "rk3399", "workload": "%s", "duration": "1.0000000005s"}\n' "$wl" >ns2.json
"$CAPSIM" simulate ns2.json
echo "status $?"
printf '{"platform": "rk3399", "workload": "%s", "duration": 2145916800}\n' "$wl" >long.json
"$CAPSIM" simulate long.json
echo "status $?"
"$CAPSIM" simulate --platform rk3399 --workload "$wl" --duration 24837d
echo "status $?"
printf '{"global": {"duration": 2145916800}, "tasks": {"t": {"run": 1000, "sleep": 1000}}}\n' >rt.json
"$CAPSIM" simulate --platform rk3399 --workload rt.json
