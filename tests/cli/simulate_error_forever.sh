# A workload that never ends and no duration: refused, and no trace file is left behind.
printf '{"tasks": {"t": {"run": 1000, "sleep": 1000}}}' >"$TMPDIR_CASE/w.json"
printf '{"platform": "hikey960", "workload": "w.json"}' >"$TMPDIR_CASE/s.json"
$CAPSIM simulate "$TMPDIR_CASE/s.json" --trace "$TMPDIR_CASE/out.trace" 2>&1 | sed "s|$TMPDIR_CASE/||g"
echo "exit ${PIPESTATUS[0]}"
ls "$TMPDIR_CASE" | grep -c trace || echo "no trace file, not even a temporary one"
