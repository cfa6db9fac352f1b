# A platform JSON with a string where a frequency belongs: the JSON path.
cd "$CAPSIM_TEST_DATA/platforms" && $CAPSIM platform show bad-khz.json
