# --help and `capsim help pelt` print the usage on stdout and exit 0.
set -u
"$CAPSIM" pelt --help | head -2
"$CAPSIM" help pelt | cmp - <("$CAPSIM" pelt -h)
