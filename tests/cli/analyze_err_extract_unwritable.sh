# An --extract-workload W.json that cannot be written: exit 1, and none of the outputs (here
# -o's summary) left behind: all of them or none.
cd "$TMPDIR_CASE" || exit 3
$CAPSIM analyze "$CAPSIM_TEST_DATA/traces/juno-sched-load.report.txt" \
  --platform "$CAPSIM_TEST_DATA/lisa/juno-sched-load.plat_info.yml" -o out.txt \
  --extract-workload no-such-dir/w.json
st=$?
[ -e out.txt ] && echo "out.txt written"
exit $st
