# An rt-app task saying "run" twice: json-c (and rt-app with it) keeps the last value at the
# first place, so rt-app runs "run": 2000, "sleep": 500 where the file shows two runs. capsim
# runs it as rt-app does (exit 0: rt-app's own examples repeat keys), warning on stderr with
# both positions; its report is that of the file rt-app runs, written without the repeat.
cd "$TMPDIR_CASE" || exit 3
printf '{"tasks": {"t": {"loop": 1,\n  "run": 1000, "sleep": 500,\n  "run": 2000}}}\n' >w.json
printf '{"tasks": {"t": {"loop": 1,\n  "run": 2000, "sleep": 500}}}\n' >same.json
"$CAPSIM" simulate --platform rk3399 --workload w.json --duration 1 --json >w.out || exit
"$CAPSIM" simulate --platform rk3399 --workload same.json --duration 1 --json >same.out 2>same.err || exit
[ -s same.err ] && { echo "a warning without a repeated key:"; cat same.err; }
cmp w.out same.out && echo "report as rt-app runs it: run 2000, sleep 500"
# Once per file: compare reads the file once per model (3 runs, 1 warning); a scenario naming
# the file warns the same; a sweep of 4 runs over w.json and w2.json (a repeated "sleep", an
# event too) warns once for each file, sorted (its threads run in any order).
printf '{"platform": "rk3399", "workload": "w.json", "duration": "100ms"}\n' >s.json
"$CAPSIM" compare s.json --models v6.9,v6.10,latest >/dev/null || exit
"$CAPSIM" simulate s.json >/dev/null || exit
printf '{"tasks": {"u": {"loop": 1, "sleep": 1, "run": 10, "sleep": 2}}}\n' >w2.json
printf '{"fixed": {"platform": "rk3399", "duration": "50ms"}, "grid": {"workload": ["w.json", "w2.json"], "seed": [1, 2]}}\n' >sw.json
"$CAPSIM" sweep sw.json -o table.csv --jobs 2 2>sweep.err || exit
LC_ALL=C sort sweep.err | sed "s|$TMPDIR_CASE/||g" >&2
