# A mistyped command (or `help` of one) is refused with the nearest command (exit 2).
"$CAPSIM" simulte
echo "status $?"
"$CAPSIM" help compar
echo "status $?"
"$CAPSIM" frobnicate
