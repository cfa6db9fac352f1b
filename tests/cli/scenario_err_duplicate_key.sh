# A scenario giving "duration" twice (json-c keeps the last silently), the second on the
# same line after a multi-byte character: refused with both positions, columns in characters.
cd "$TMPDIR_CASE" || exit 3
cat >s.json <<JSON
{"platform": "rk3399", "duration": 2,
 "workload": "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json",
 "name": "é", "duration": 20}
JSON
"$CAPSIM" simulate s.json
