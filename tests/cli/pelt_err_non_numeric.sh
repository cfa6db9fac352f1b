# A non-numeric field: line, column and field named.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,1,1024\n2000,abc,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
