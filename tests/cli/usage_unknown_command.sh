# An unknown subcommand is bad usage: exit 2 and a pointer to --help, never help on stdout + exit 0.
"$CAPSIM" frobnicate
