# A cooling_state event needs the thermal loop (exit 1).
cd "$TMPDIR_CASE" || exit 3
cat >s.json <<EOF
{"platform": "rk3399", "workload": "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json",
 "events": [{"at": 1, "cooling_state": {"cdev": "thermal-cpufreq-1", "state": 2}}]}
EOF
"$CAPSIM" compare s.json
