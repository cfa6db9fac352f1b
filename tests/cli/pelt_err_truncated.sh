# A file cut in the middle of a row.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,1,1024\n2000,1,' >bad.csv
"$CAPSIM" pelt bad.csv
