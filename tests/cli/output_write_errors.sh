# A write error names its cause and leaves no output (issue 30, defect 13 and the writer of
# item 1): the errno of the write that failed (EFBIG over `ulimit -f`, with SIGXFSZ ignored, as
# a full disk gives ENOSPC), never "Input/output error" or "write error"; --csv DIR is whole or
# absent (a directory the run made is removed again, one that existed keeps what it had) and
# every other output of the run is absent too. A device written directly (/dev/full) says the
# same.
set -u
cd "$TMPDIR_CASE" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
sc=$CAPSIM_SOURCE_DIR/scenarios/default.json
limited() { (trap '' XFSZ; ulimit -f 32; "$CAPSIM" simulate "$sc" --duration 2s "$@" 2>&1); echo "exit $?"; }
limited --csv d -o r.txt
[ -e d ] && fail "--csv d exists after the failed run"
[ -e r.txt ] && fail "the report was written after the failed run"
mkdir old && echo keep >old/cpu_frequency.csv
limited --csv old --report r.html
[ "$(ls -A old)" = cpu_frequency.csv ] && [ "$(cat old/cpu_frequency.csv)" = keep ] ||
  fail "--csv old: its files were changed"
[ -e r.html ] && fail "the HTML report was written after the failed run"
limited --trace t.dat -o r2.txt
[ -e t.dat ] || [ -e r2.txt ] && fail "outputs were written after the failed trace"
limited --trace t.trace.gz
"$CAPSIM" simulate "$sc" --duration 1s --trace /dev/full 2>&1; echo "exit $?"
"$CAPSIM" simulate "$sc" --duration 1s --report /dev/full 2>&1; echo "exit $?"
"$CAPSIM" simulate "$sc" --duration 1s --json -o /dev/full 2>&1; echo "exit $?"
[ -n "$(find . -name '*.capsim-*')" ] && fail "temporary files were left"
exit $bad
