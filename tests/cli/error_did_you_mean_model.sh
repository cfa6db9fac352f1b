# A mistyped model name is refused with the nearest model: on the command line (exit 2) and
# in a scenario's kernel.model (exit 1, at its position).
"$CAPSIM" simulate --model v6.01
echo "status $?"
"$CAPSIM" compare --models v6.9,lates
echo "status $?"
cd "$TMPDIR_CASE" || exit 3
cat >s.json <<EOF2
{"platform": "rk3399", "workload": "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json",
 "kernel": {"model": "capped2"}}
EOF2
"$CAPSIM" simulate s.json
