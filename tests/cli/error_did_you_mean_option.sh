# A mistyped option is refused with the nearest option the command's --help names (exit 2);
# one with no near option gets no guess.
"$CAPSIM" simulate --duraton 5s
echo "status $?"
"$CAPSIM" pelt --periodc=4ms/16ms
echo "status $?"
"$CAPSIM" simulate -x
