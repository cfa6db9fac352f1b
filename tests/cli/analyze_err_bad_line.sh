# A line that is neither an event nor a header: exit 1, FILE:LINE and what was expected; no
# output file left behind.
cd "$TMPDIR_CASE" && head -5 "$CAPSIM_TEST_DATA/traces/juno-sched-load.report.txt" > t.txt &&
  echo "this is not a trace line" >> t.txt
$CAPSIM analyze t.txt --json -o out.json
st=$?
[ -e out.json ] && echo "out.json written"
exit $st
