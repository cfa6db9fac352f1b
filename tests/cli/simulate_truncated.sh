# Runs that stop early still report what they simulated, marked truncated: --max-events and
# --timeout (exit 4), SIGINT and SIGTERM (exit 128 + the signal; the trace and the report are
# whole); a run with a duration has no event cap; outputs are opened before the run, so a bad
# -o fails at once and leaves no trace behind; the trace and the report cannot be one file.
set -um # job control: background runs do not start with SIGINT ignored
mkdir "$TMPDIR_CASE/run" && cd "$TMPDIR_CASE/run" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
"$CAPSIM" simulate --duration 1h --max-events 100000 --json -o m.json; rc=$?
[ $rc = 4 ] || fail "--max-events: exit $rc"
python3 - m.json <<'PY' || bad=1
import json, sys
d = json.load(open(sys.argv[1]))
assert d["truncated_by"] == "max_events", d["truncated_by"]
assert d["events"] == 100000, d["events"]
assert abs(d["truncated_at_s"] - d["duration_s"]) < 1e-6 and 0 < d["duration_s"] < 3600
PY
"$CAPSIM" simulate --duration 10h --timeout 300ms -o t.txt; rc=$?
[ $rc = 4 ] || fail "--timeout: exit $rc"
grep -q '^truncated: the run stopped early at .* (stopped)' t.txt || fail "--timeout: no truncated line"
for sig in INT TERM; do
  "$CAPSIM" simulate --duration 10h --trace "s-$sig.trace" -o "s-$sig.txt" & pid=$!
  for _ in $(seq 100); do ls -A | grep -q "s-$sig.trace.capsim-" && break; sleep 0.05; done
  sleep 0.2; kill -"$sig" $pid; wait $pid; rc=$?
  [ $rc -gt 128 ] && [ "$(kill -l $((rc - 128)))" = "$sig" ] || fail "$sig: exit $rc"
  grep -q '^truncated: ' "s-$sig.txt" || fail "$sig: the report is not marked truncated"
  head -1 "s-$sig.trace" | grep -q '^# tracer: nop' || fail "$sig: no trace"
done
ls -A | grep -q capsim- && fail "temporary files were left"
"$CAPSIM" simulate --trace t.trace -o /nonexistent/dir/o.txt 2>/dev/null; rc=$?
[ $rc = 1 ] && [ ! -e t.trace ] || fail "a bad -o: exit $rc, or the trace was written"
"$CAPSIM" simulate --trace same -o same 2>&1; echo "exit $?"
exit $bad
