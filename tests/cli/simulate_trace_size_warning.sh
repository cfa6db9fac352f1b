# A trace on its way past 1 GiB gets one warning on stderr, with its estimate, as soon as the
# first 2^20 events show the rate; --no-trace-size-warning silences it. --max-events stops
# the run there (exit 4, its truncated report), so the test writes only the first events.
cd "$TMPDIR_CASE" || exit 3
sc=$CAPSIM_SOURCE_DIR/scenarios/default.json
"$CAPSIM" simulate "$sc" --duration 24h --max-events 1048600 --trace t.pftrace -o r.txt 2>err.txt
echo "status $?"
echo "$(grep -c 'warning: the trace' err.txt)"
sed -n 's/.*\(warning: the trace t.pftrace will be about\) [0-9.]* GB (.*; \(--no-trace-size-warning silences this\)$/\1 N GB; \2/p' err.txt
"$CAPSIM" simulate "$sc" --duration 24h --max-events 1048600 --trace t.pftrace -o r.txt \
  --no-trace-size-warning 2>err2.txt
echo "status $?"
echo "$(grep -c 'warning: the trace' err2.txt)"
"$CAPSIM" simulate "$sc" --duration 2s --trace t2.pftrace -o r.txt 2>err3.txt
echo "status $?"
echo "$(grep -c 'warning: the trace' err3.txt)"
