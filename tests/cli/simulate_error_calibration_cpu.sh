# rt-app "calibration": "CPUn" with no CPU n on the platform: refused at the key's position
# (the workload parses; only the platform tells that CPU12 does not exist).
printf '{"global": {"duration": 1,\n  "calibration": "CPU12"},\n "tasks": {"t": {"run": 100, "sleep": 100}}}\n' >"$TMPDIR_CASE/w.json"
$CAPSIM simulate --platform hikey960 --workload "$TMPDIR_CASE/w.json" 2>&1 | sed "s|$TMPDIR_CASE/||g"
echo "exit ${PIPESTATUS[0]}"
