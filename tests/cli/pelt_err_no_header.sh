# Data on the first line.
cd "$TMPDIR_CASE" || exit 3
printf '1000,1,1,1,1024\n' >bad.csv
"$CAPSIM" pelt bad.csv
