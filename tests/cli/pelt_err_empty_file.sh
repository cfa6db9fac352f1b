# An empty file.
cd "$TMPDIR_CASE" || exit 3
printf '' >bad.csv
"$CAPSIM" pelt bad.csv
