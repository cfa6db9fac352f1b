# operating-points-v2 pointing at no node.
cd "$CAPSIM_TEST_DATA/platforms" && $CAPSIM platform show dangling-opp-table.dts --json
