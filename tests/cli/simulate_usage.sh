$CAPSIM simulate --duration
echo "exit $?"
$CAPSIM simulate --bogus
echo "exit $?"
$CAPSIM simulate --duration 0
echo "exit $?"
$CAPSIM simulate a.json b.json
echo "exit $?"
