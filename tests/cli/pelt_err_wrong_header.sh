# A misspelt header field.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runable,running,weight\n1000,1,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
