# --duration without --periodic.
"$CAPSIM" pelt --duration 2s x.csv
