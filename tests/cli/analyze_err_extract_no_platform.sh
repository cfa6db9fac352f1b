# --extract-workload without --platform: a usage error (exit 2) naming what is missing, and no
# W.json written: the work a run is worth needs the platform's capacities.
cd "$TMPDIR_CASE" || exit 3
$CAPSIM analyze "$CAPSIM_TEST_DATA/traces/juno-sched-load.report.txt" --extract-workload w.json
st=$?
[ -e w.json ] && echo "w.json written"
exit $st
