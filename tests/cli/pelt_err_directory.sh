# A folder given as the input file.
cd "$TMPDIR_CASE" || exit 3
mkdir -p dir.csv
"$CAPSIM" pelt dir.csv
