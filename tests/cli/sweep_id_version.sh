# A sweep never reuses a report written by another capsim version (issue 30: a run's id hashes
# capsim_version() with its resolved input): the same sweep under another version (the program
# with capsim_version() replaced by an LD_PRELOAD module built beside it) has other ids and runs
# every run again; back under this version, its own reports are found again.
set -u
cd "$TMPDIR_CASE" || exit 3
shim=$(dirname "$CAPSIM")/sweep_version_shim.so
[ -f "$shim" ] || { echo "no $shim"; exit 1; }
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
printf '{"scenario": "%s", "fixed": {"duration": "100ms"}, "grid": {"seed": [1, 2]}}\n' \
  "$CAPSIM_SOURCE_DIR/scenarios/default.json" >s.json
"$CAPSIM" sweep s.json --runs-dir R -o a.csv 2>&1 | grep "runs,"
LD_PRELOAD=$shim "$CAPSIM" sweep s.json --runs-dir R -o b.csv 2>&1 | grep "runs,"
"$CAPSIM" sweep s.json --runs-dir R -o c.csv 2>&1 | grep "runs,"
cmp -s a.csv c.csv && echo "this version's table again"
[ "$(cut -d, -f1 a.csv | sort)" != "$(cut -d, -f1 b.csv | sort)" ] && echo "other ids under another version"
cut -d, -f2- a.csv | cmp -s - <(cut -d, -f2- b.csv) && echo "the same figures"
