# A run killed by SIGHUP leaves no temporary file and does not touch an existing target; the
# process ends by that signal. (SIGINT and SIGTERM stop a run with its truncated report:
# simulate_truncated.)
set -um # job control: background runs do not start with SIGINT ignored
mkdir "$TMPDIR_CASE/run" && cd "$TMPDIR_CASE/run" || exit 3
bad=0
for sig in HUP; do
  echo keep >"t-$sig.trace"
  "$CAPSIM" simulate --duration 10h --trace "t-$sig.trace" -o "r-$sig.txt" & pid=$!
  # wait until the trace's temporary file exists, then stop the run
  for _ in $(seq 100); do ls -A | grep -q "t-$sig.trace.capsim-" && break; sleep 0.05; done
  kill -"$sig" $pid; wait $pid; rc=$?
  [ $rc -gt 128 ] && [ "$(kill -l $((rc - 128)))" = "$sig" ] || { echo "$sig: exit $rc"; bad=1; }
  [ "$(cat "t-$sig.trace")" = keep ] || { echo "$sig: the target was changed"; bad=1; }
  [ -e "r-$sig.txt" ] && { echo "$sig: a report was written"; bad=1; }
done
ls -A | grep -v "^t-[A-Z]*\.trace$" && { echo "files were left"; bad=1; }
exit $bad
