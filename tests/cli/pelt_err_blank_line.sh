# A blank line between rows (blank lines are only allowed at the end).
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,1,1024\n\n2000,1,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
