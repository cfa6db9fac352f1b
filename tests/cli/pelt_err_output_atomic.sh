# Bad input with -o OUT: OUT is neither created nor replaced, and no temporary file is left.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,1,1024\n2000,1,1,x,1024\n' >bad.csv
echo keep >old.csv
"$CAPSIM" pelt -o new.csv bad.csv; rc=$?
"$CAPSIM" pelt -o old.csv bad.csv 2>/dev/null
[ -e new.csv ] && echo "new.csv was created"
[ "$(cat old.csv)" = keep ] || echo "old.csv was changed"
ls -A | grep -q 'tmp\|capsim-' && echo "a temporary file was left"
exit $rc
