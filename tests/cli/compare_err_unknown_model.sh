# An unknown model name is bad usage (exit 2).
"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" --models v6.9,v7.0
