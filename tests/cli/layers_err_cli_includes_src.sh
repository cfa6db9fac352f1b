# A CLI file that includes an engine header: the CLI may use only the public API. Without
# --public the same tree passes (its src/ is clean).
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh "$CAPSIM_TEST_DATA"/layers/cli-includes-src || exit 9
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh --public "$CAPSIM_TEST_DATA"/layers/cli-includes-src
