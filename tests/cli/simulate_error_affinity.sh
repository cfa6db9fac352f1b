# rt-app "cpus" naming no CPU of the platform: refused as sched_setaffinity() refuses it.
printf '{"global": {"duration": 1},\n "tasks": {"t": {"cpus": [9, 12], "run": 100, "sleep": 100}}}\n' >"$TMPDIR_CASE/w.json"
$CAPSIM simulate --platform hikey960 --workload "$TMPDIR_CASE/w.json" 2>&1 | sed "s|$TMPDIR_CASE/||g"
echo "exit ${PIPESTATUS[0]}"
