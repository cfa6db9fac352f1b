# A task event naming no task of the workload (exit 1).
cd "$TMPDIR_CASE" || exit 3
cat >s.json <<EOF
{"platform": "rk3399", "workload": "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json",
 "events": [{"at": 1, "task_stop": {"task": "uii"}}]}
EOF
"$CAPSIM" compare s.json
