# A scenario event of the timeline kinds with a typo: FILE:LINE:COL and the JSON path (exit 1).
cd "$TMPDIR_CASE" || exit 3
cat >s.json <<EOF
{"platform": "rk3399", "workload": "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json",
 "events": [{"at": 1, "uclamp": {"task": "ui", "mn": 5}}]}
EOF
"$CAPSIM" compare s.json -o out.txt
rc=$?
test ! -e out.txt || echo "partial output left behind"
exit $rc
