# Spaces around a value are not accepted.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000, 1,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
