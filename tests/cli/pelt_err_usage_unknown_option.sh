# An unknown option is bad usage (exit 2).
"$CAPSIM" pelt --bogus x.csv
