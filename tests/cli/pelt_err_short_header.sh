# A header with too few fields.
cd "$TMPDIR_CASE" || exit 3
printf 'now_ns,load,runnable,running\n' >bad.csv
"$CAPSIM" pelt bad.csv
