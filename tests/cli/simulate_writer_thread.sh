# The writers on their own thread (--writer-thread on, the default; src/api/writer_thread.c)
# write the same bytes as on the run's thread (off): every trace format (and one compressed),
# the HTML report, the CSV series and summaries, the JSON report, for every shipped scenario
# (thermal and HW-cap ones carry pressure events, whose CPU masks and capacity the ring copies),
# with every event family a trace adds (the lisa text events, compute_energy). A write error
# says the same and leaves nothing either way. (stderr of the runs that succeed is not compared:
# a slow run says so there, by the wall clock.)
set -u
cd "$TMPDIR_CASE" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
sc=$CAPSIM_SOURCE_DIR/scenarios/default.json
both() { # NAME ARGS...: the run with the thread on into on/NAME, off into off/NAME
  local n=$1 m
  shift
  for m in on off; do
    mkdir -p "$m/$n"
    (cd "$m/$n" && "$CAPSIM" simulate --writer-thread "$m" "$@" >stdout 2>/dev/null; echo "exit $?" >status)
    # the HTML report embeds the command line: the same once the option's value is out of it
    [ -f "$m/$n/r.html" ] && sed -i "s/--writer-thread $m/--writer-thread X/" "$m/$n/r.html"
  done
  diff -r "on/$n" "off/$n" >/dev/null || fail "$n: the outputs differ with and without the thread"
}
for f in ftrace report dat; do
  both "$f" "$sc" --duration 2s --trace t --trace-format "$f" --trace-events lisa,energy,thermal_power
done
for f in perfetto chrome; do
  both "$f" "$sc" --duration 2s --trace t --trace-format "$f" --trace-events energy,thermal_power
done
both zst "$sc" --duration 2s --trace t.trace.zst
for s in "$CAPSIM_SOURCE_DIR"/scenarios/*.json; do
  n=$(basename "$s" .json)
  both "$n" "$s" --duration 1s --trace t.trace --report r.html --csv csv --json -o r.json
  for f in t.trace r.html csv/cpu_capacity.csv csv/summary_tasks.csv r.json; do
    [ -s "on/$n/$f" ] || fail "$n: on/$n/$f is empty or missing"
  done
done
echo "$(ls -d on/* | wc -l) runs, the same bytes with and without the writer thread"
# a write error: the same message and status, nothing left
for m in on off; do
  (trap '' XFSZ; ulimit -f 32; "$CAPSIM" simulate "$sc" --duration 2s --writer-thread "$m" \
    --trace "e$m.trace" --report "e$m.html" -o "e$m.txt" 2>&1 | sed "s/e$m/eM/"; exit "${PIPESTATUS[0]}")
  echo "exit $?"
done
[ -n "$(find . -maxdepth 1 -name 'e*')" ] && fail "outputs were left after the failed runs"
exit $bad
