# A writer that includes the engine: below it, but writers read only the event sink.
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh "$CAPSIM_TEST_DATA"/layers/output-includes-sim
