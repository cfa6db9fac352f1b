# 2^64 does not fit in now_ns.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n18446744073709551616,1,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
