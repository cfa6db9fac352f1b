# Every kernel golden vector replays bit-exactly: capsim pelt NAME.in.csv == NAME.out.csv.
set -u
n=0
for in in "$CAPSIM_TEST_DATA"/pelt-golden/*.in.csv; do
  out=${in%.in.csv}.out.csv
  "$CAPSIM" pelt "$in" >"$TMPDIR_CASE/got.csv" || { echo "capsim failed on $in"; exit 1; }
  cmp "$out" "$TMPDIR_CASE/got.csv" || { diff "$out" "$TMPDIR_CASE/got.csv" | head -5; exit 1; }
  n=$((n + 1))
done
# the eight shared vectors (tests/data/pelt-golden/README.upstream.md); none may go missing
[ "$n" = 8 ] || { echo "expected 8 vectors, replayed $n"; exit 1; }
