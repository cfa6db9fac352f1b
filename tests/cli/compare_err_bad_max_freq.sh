# --max-freq needs POLICY=KHZ[@TIME] (exit 2).
"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" --max-freq policy4
