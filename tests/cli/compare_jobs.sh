# compare --jobs N runs the models in parallel threads: the same bytes as --jobs 1, text and
# JSON, for every N (more jobs than models included); a bad N is a usage error.
set -u
cd "$TMPDIR_CASE" || exit 3
scn=$CAPSIM_SOURCE_DIR/scenarios/hikey960-game-ipa.json
"$CAPSIM" compare "$scn" --duration 3s --jobs 1 >j1.txt || exit 1
"$CAPSIM" compare "$scn" --duration 3s --jobs 1 --json >j1.json || exit 1
for n in 2 3 8; do
  "$CAPSIM" compare "$scn" --duration 3s --jobs $n | cmp -s - j1.txt || { echo "text differs at --jobs $n"; exit 1; }
  "$CAPSIM" compare "$scn" --duration 3s --jobs $n --json | cmp -s - j1.json || { echo "JSON differs at --jobs $n"; exit 1; }
done
"$CAPSIM" compare "$scn" --duration 3s | cmp -s - j1.txt || { echo "the default jobs differ"; exit 1; }
grep -q '"v6.9"' j1.json && grep -q '"none"' j1.json || { echo "models missing"; exit 1; }
"$CAPSIM" compare "$scn" --jobs 0 2>&1
echo "exit $?"
