# Bad usage of capsim place: exit 2 with a pointer to --help.
"$CAPSIM" place; echo "exit $?"
"$CAPSIM" place --cases a --state b; echo "exit $?"
"$CAPSIM" place --cases a --model v7; echo "exit $?"
"$CAPSIM" place --cases; echo "exit $?"
"$CAPSIM" place --frob; echo "exit $?"
"$CAPSIM" place --cases a --task util=1,prev=0; echo "exit $?"
"$CAPSIM" place --help | head -n 2; echo "exit $?"
