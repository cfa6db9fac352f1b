# A row with six fields: the column of the extra comma.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,1,1024,7\n' >bad.csv
"$CAPSIM" pelt bad.csv
