# running is the kernel's int: 2^32 would silently become 0.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running,weight\n1000,1,1,4294967296,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
