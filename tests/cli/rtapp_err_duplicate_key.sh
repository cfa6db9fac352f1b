# An rt-app task saying "run" twice: json-c (and rt-app with it) keeps one value at the first
# place, so one run where the file shows two; refused with both positions (exit 1).
cd "$TMPDIR_CASE" || exit 3
printf '{"tasks": {"t": {"loop": 1,\n  "run": 1000, "sleep": 500,\n  "run": 2000}}}\n' >w.json
"$CAPSIM" simulate --platform rk3399 --workload w.json --duration 1
