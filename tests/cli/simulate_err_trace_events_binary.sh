# --trace-events lisa with a binary trace format (here from the .pftrace name) is refused before
# the run: the lisa__* events are text events; no trace is left.
"$CAPSIM" simulate --duration 10ms --trace "$TMPDIR_CASE/t.pftrace" --trace-events lisa
status=$?
[ -e "$TMPDIR_CASE/t.pftrace" ] && echo "trace written"
exit $status
