# A missing input file.
cd "$TMPDIR_CASE" || exit 3
"$CAPSIM" pelt missing.csv
