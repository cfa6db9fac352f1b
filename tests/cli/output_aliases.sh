# An output never replaces an input or another output of the same run (issue 30, defect 9: the
# report was lost, or the scenario or workload overwritten, with exit 0): each case is refused
# before anything is written (exit 2) and every file is left as it was. Files that exist are
# compared by device and inode (a symlink, a hard link, /dev/stdout), new names by their
# absolute path; /dev/null may be shared.
set -u
cd "$TMPDIR_CASE" || exit 3
bad=0
fail() { echo "FAIL: $*"; bad=1; }
sim() { "$CAPSIM" simulate "$@" 2>&1; echo "exit $?"; }
wl=$CAPSIM_TEST_DATA/rtapp/template.json
cp "$CAPSIM_SOURCE_DIR/scenarios/default.json" my.json && cp my.json my.orig
cp "$wl" w.json && cp w.json w.orig
ln -s my.json link.json; ln my.json hard.json
sim --duration 1s --report F --json -o F
sim --duration 1s --report F --trace F
sim --duration 1s --report r.html --trace ./sub/../r.html
sim --duration 1s --report /dev/stdout -o /dev/stdout >into.txt; cat into.txt
sim --duration 1s --report /dev/stdout >into.txt; cat into.txt
sim --duration 1s --trace - --json
sim my.json --duration 1s -o my.json
sim my.json --duration 1s -o link.json
sim my.json --duration 1s --report hard.json
sim --duration 1s --platform rk3399 --workload w.json --trace w.json
sim --duration 1s --platform rk3399 --workload w.json --report w.json
mkdir d # an existing --csv directory: one of its files as -o
sim --duration 1s --platform rk3399 --workload w.json --csv d -o d/cpu_frequency.csv
for f in F r.html d/cpu_frequency.csv; do [ -e "$f" ] && fail "$f was written"; done
cmp -s my.json my.orig || fail "the scenario was changed"
cmp -s w.json w.orig || fail "the workload was changed"
[ -L link.json ] || fail "the symlink was replaced"
[ -n "$(find . -name '*.capsim-*')" ] && fail "temporary files were left"
# /dev/null is shared freely, and the same scenario read again is no output
"$CAPSIM" simulate --duration 1s --trace /dev/null --report /dev/null -o /dev/null ||
  fail "/dev/null twice: exit $?"
exit $bad
