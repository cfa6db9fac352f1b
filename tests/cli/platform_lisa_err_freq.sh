$CAPSIM platform show "$CAPSIM_TEST_DATA/lisa/bad-freq.yml" 2>&1 | sed "s|$CAPSIM_TEST_DATA|DATA|"
exit ${PIPESTATUS[0]}
