# A two-cell capacity-dmips-mhz: exit 1, the node/property path and what was expected.
cd "$CAPSIM_TEST_DATA/platforms" && $CAPSIM capacity bad-dmips-cells.dts
