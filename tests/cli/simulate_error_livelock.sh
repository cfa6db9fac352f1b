# A loop of events that take no time can not be simulated: a clear error, exit 1, no partial trace.
printf '{"global": {"duration": 1}, "tasks": {"t": {"yield": 0}}}' >"$TMPDIR_CASE/w.json"
$CAPSIM simulate --platform hikey960 --workload "$TMPDIR_CASE/w.json" --trace "$TMPDIR_CASE/t.trace" 2>&1 | sed "s|$TMPDIR_CASE/||g"
echo "exit ${PIPESTATUS[0]}"
ls "$TMPDIR_CASE" | grep -c trace || echo "no trace file, not even a temporary one"
