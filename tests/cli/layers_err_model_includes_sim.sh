# A model file that includes the engine, and its own layer's header without naming the layer.
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh "$CAPSIM_TEST_DATA"/layers/model-includes-sim
