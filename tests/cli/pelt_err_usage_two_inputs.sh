# Two input files.
"$CAPSIM" pelt a.csv b.csv
