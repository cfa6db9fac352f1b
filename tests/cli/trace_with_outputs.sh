# Every trace format is the same file whatever other outputs the run writes (issue 30, defect 1:
# with --report, --csv or --rtapp-log beside it, the dat trace was 0 bytes, the Perfetto one lost
# events and the Chrome JSON was unterminated): each format alone and with each other output and
# with all of them, byte for byte; then a run stopped by SIGINT with all outputs has the trace
# of a run stopped after as many events by --max-events with the trace alone.
set -um # job control: background runs do not start with SIGINT ignored
cd "$TMPDIR_CASE" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
sc=$CAPSIM_SOURCE_DIR/scenarios/default.json
formats="ftrace:trace report:rep dat:dat perfetto:pftrace chrome:json"
for f in $formats; do
  fmt=${f%%:*} ext=${f#*:}
  "$CAPSIM" simulate "$sc" --duration 1s --trace "alone.$ext" --trace-format "$fmt" -o alone.txt ||
    fail "$fmt alone: exit $?"
  [ -s "alone.$ext" ] || fail "$fmt alone: empty trace"
  for extra in "--report r.html" "--csv d" "--rtapp-log l" "--report r.html --csv d --rtapp-log l"; do
    rm -rf d l r.html
    # shellcheck disable=SC2086 # $extra: the options and their values
    "$CAPSIM" simulate "$sc" --duration 1s --trace "with.$ext" --trace-format "$fmt" \
      -o with.txt $extra || fail "$fmt with $extra: exit $?"
    cmp -s "alone.$ext" "with.$ext" || fail "$fmt with $extra: the trace differs from the one alone"
    cmp -s alone.txt with.txt || fail "$fmt with $extra: the report differs"
  done
  # compressed, the same bytes once uncompressed
  "$CAPSIM" simulate "$sc" --duration 1s --trace "z.$ext.gz" --trace-format "$fmt" --report r.html \
    --csv d --rtapp-log l -o /dev/null || fail "$fmt.gz: exit $?"
  gzip -dc "z.$ext.gz" | cmp -s "alone.$ext" - || fail "$fmt.gz with the others: differs"
done
# SIGINT: the run stops at its next event; its trace (of the run with every output) is the one
# --max-events EVENTS gives with the trace alone, EVENTS being what its report says it ran;
# compressed too (dat.gz: whole once uncompressed, never a cut stream).
for f in $formats dat:dat.gz; do
  fmt=${f%%:*} ext=${f#*:}
  rm -rf d l
  "$CAPSIM" simulate "$sc" --duration 1h --trace "int.$ext" --trace-format "$fmt" --report r.html \
    --csv d --rtapp-log l --json -o int-report.json & pid=$!
  for _ in $(seq 200); do ls -A | grep -q "int.$ext.capsim-" && break; sleep 0.05; done
  sleep 0.3; kill -INT $pid; wait $pid; rc=$?
  [ $rc = 130 ] || fail "$fmt SIGINT: exit $rc"
  events=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["truncated_by"]=="stopped"; print(d["events"])' int-report.json) ||
    { fail "$fmt SIGINT: no truncated JSON report"; continue; }
  "$CAPSIM" simulate "$sc" --duration 1h --max-events "$events" --trace "max.$ext" \
    --trace-format "$fmt" -o /dev/null; rc=$?
  [ $rc = 4 ] || fail "$fmt --max-events $events: exit $rc"
  if [ "${ext%.gz}" != "$ext" ]; then
    gzip -t "int.$ext" || fail "$fmt SIGINT: int.$ext is not a whole gzip stream"
    cmp -s <(gzip -dc "int.$ext") <(gzip -dc "max.$ext") ||
      fail "$fmt SIGINT: int.$ext differs from --max-events $events alone, uncompressed"
  else
    cmp -s "int.$ext" "max.$ext" || fail "$fmt SIGINT: the trace differs from --max-events $events alone"
  fi
  [ -s r.html ] && [ -s d/summary_cpus.csv ] || fail "$fmt SIGINT: the other outputs are missing"
done
if [ -n "$(find . -name '*.capsim-*')" ]; then fail "temporary files were left"; fi
[ $bad = 0 ] && echo "all trace formats whole beside every other output"
