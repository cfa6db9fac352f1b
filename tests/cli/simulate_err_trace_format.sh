# An unknown --trace-format is refused before the run, naming the formats; no trace is left.
"$CAPSIM" simulate --duration 10ms --trace "$TMPDIR_CASE/t.trace" --trace-format pcap
status=$?
[ -e "$TMPDIR_CASE/t.trace" ] && echo "trace written"
exit $status
