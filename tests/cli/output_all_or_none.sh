# Every command with several outputs finishes them all before it puts any in place, as simulate
# does (issue 30, "whole or absent"): when the last one cannot be written, none of the others
# is left behind. compare (--report, --csv, --rtapp-log, then -o), analyze (--events, --csv,
# then -o) and sweep --emit slurm (runs.txt, then sweep.sbatch); -o /dev/full fails only as
# it is finished, after the others were written.
set -u
cd "$TMPDIR_CASE" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
absent() { for f in "$@"; do [ -e "$f" ] && fail "$f was left after the failed run"; done; }
sc=$CAPSIM_SOURCE_DIR/scenarios/default.json
trace=$CAPSIM_TEST_DATA/traces/juno-sched-load.report.txt

"$CAPSIM" compare "$sc" --duration 300ms --models v6.9,v6.10 --report r.html --csv d \
  --rtapp-log l -o /dev/full 2>/dev/null && fail "compare -o /dev/full: exit 0"
absent r.html d l
"$CAPSIM" compare "$sc" --duration 300ms --models v6.9,v6.10 --report r.html --csv d \
  -o no-such-dir/c.txt 2>/dev/null && fail "compare -o no-such-dir/c.txt: exit 0"
absent r.html d
# and each is written when all can be
"$CAPSIM" compare "$sc" --duration 300ms --models v6.9,v6.10 --report r.html --csv d \
  --rtapp-log l -o c.txt || fail "compare: exit $?"
[ -s r.html ] && [ -s d/v6.9/summary_cpus.csv ] && [ -d l/v6.10 ] && [ -s c.txt ] ||
  fail "compare: an output is missing"

"$CAPSIM" analyze "$trace" --events e.jsonl --csv ad -o /dev/full 2>/dev/null &&
  fail "analyze -o /dev/full: exit 0"
absent e.jsonl ad
"$CAPSIM" analyze "$trace" --events e.jsonl --csv ad -o a.txt || fail "analyze: exit $?"
[ -s e.jsonl ] && [ -s ad/tasks.csv ] && [ -s a.txt ] || fail "analyze: an output is missing"

printf '{"scenario": "%s", "fixed": {"duration": "100ms"}, "grid": {"seed": [1, 2]}}\n' "$sc" >s.json
mkdir -p runs/sweep.sbatch
"$CAPSIM" sweep s.json --runs-dir runs --emit slurm 2>/dev/null &&
  fail "sweep --emit slurm with a directory for its script: exit 0"
absent runs/runs.txt
rmdir runs/sweep.sbatch
"$CAPSIM" sweep s.json --runs-dir runs --emit slurm 2>/dev/null || fail "sweep --emit slurm: exit $?"
[ "$(wc -l <runs/runs.txt)" = 2 ] && [ -s runs/sweep.sbatch ] || fail "sweep --emit slurm: an output is missing"

[ -n "$(find . -name '*.capsim-*')" ] && fail "temporary files were left"
[ $bad = 0 ] && echo "every output whole or absent"
exit $bad
