# A deadlock within a duration is a warning (docs/errors.md, "A workload that can never end"),
# and the run goes on to its end (exit 0): issue 30, defect 8, where it was silent. Each of these
# workloads deadlocks in its first second (tests/data/deadlock/: a mutex cycle, a barrier one
# side never reaches, a task re-locking its own mutex, a wait no one signals). compare warns
# for each model, sweep for each run it simulates (naming the run's id).
cd "$CAPSIM_TEST_DATA/deadlock" || exit 3
for f in abba barrier-one-side relock wait-unsignalled; do
  err=$("$CAPSIM" simulate --platform rk3399 --workload "$f.json" --duration 1s 2>&1 >/dev/null)
  rc=$?
  n=$(printf '%s\n' "$err" | grep -c "^capsim: warning: .*$f.json: deadlock at [0-9.]* s: ")
  echo "$f: exit $rc, $n deadlock warning(s)"
  n=$("$CAPSIM" compare --platform rk3399 --workload "$f.json" --duration 1s --models v6.9,v6.10 \
        2>&1 >/dev/null | grep -c "^capsim: warning: model v6\.[0-9]*: .*$f.json: deadlock at")
  echo "$f compare: $n deadlock warning(s)"
  printf '{"fixed": {"platform": "rk3399", "workload": "%s", "duration": "1s"}, "grid": {"model": ["v6.9", "v6.10"]}}\n' \
    "$PWD/$f.json" >"$TMPDIR_CASE/$f.sweep.json"
  n=$("$CAPSIM" sweep "$TMPDIR_CASE/$f.sweep.json" --runs-dir "$TMPDIR_CASE/$f.runs" 2>&1 >/dev/null |
        grep -c "^capsim: warning: run [0-9a-f]\{16\}: .*$f.json: deadlock at")
  echo "$f sweep: $n deadlock warning(s)"
done
