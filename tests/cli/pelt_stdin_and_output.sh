# Standard input ("-" or a pipe) and -o OUT give the same bytes as the golden vector; CRLF line
# ends and a UTF-8 BOM (spreadsheet exports) are accepted.
set -u
g=$CAPSIM_TEST_DATA/pelt-golden/rt_util
"$CAPSIM" pelt - <"$g.in.csv" | cmp "$g.out.csv" - || exit 1
cat "$g.in.csv" | "$CAPSIM" pelt | cmp "$g.out.csv" - || exit 1
"$CAPSIM" pelt -o "$TMPDIR_CASE/out.csv" "$g.in.csv" && cmp "$g.out.csv" "$TMPDIR_CASE/out.csv" || exit 1
{ printf '\357\273\277'; sed 's/$/\r/' "$g.in.csv"; } >"$TMPDIR_CASE/crlf.csv"
"$CAPSIM" pelt --output="$TMPDIR_CASE/out2.csv" "$TMPDIR_CASE/crlf.csv" && cmp "$g.out.csv" "$TMPDIR_CASE/out2.csv"
