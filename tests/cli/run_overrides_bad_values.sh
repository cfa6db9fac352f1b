# simulate and compare share their --duration/--seed checks (cli/cli_run.c): the same values are
# refused by both, as bad usage (exit 2), with the command named.
"$CAPSIM" simulate --seed x; echo "simulate --seed x: $?"
"$CAPSIM" simulate --duration 0; echo "simulate --duration 0: $?"
"$CAPSIM" compare --duration 101y; echo "compare --duration 101y: $?"
"$CAPSIM" compare --seed -1; echo "compare --seed -1: $?"
