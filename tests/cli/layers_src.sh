# The library's own tree keeps its layers (src/README.md): no lower layer includes a higher one.
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh "$CAPSIM_SOURCE_DIR"
