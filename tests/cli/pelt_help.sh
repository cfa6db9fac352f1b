# --help and `capsim help pelt` print the usage on stdout and exit 0; docs/cli.md shows the
# same synopsis.
set -u
"$CAPSIM" pelt --help | head -2
"$CAPSIM" help pelt | cmp - <("$CAPSIM" pelt -h) || exit 1
grep -qF 'capsim pelt [-o OUT] [FILE|-]' "$CAPSIM_SOURCE_DIR/docs/cli.md" || { echo "docs/cli.md lacks the synopsis"; exit 1; }
grep -qF 'capsim pelt --periodic RUN/PERIOD [--duration D] [--weight W] [--tick T]' "$CAPSIM_SOURCE_DIR/docs/cli.md" || { echo "docs/cli.md lacks the synopsis"; exit 1; }
