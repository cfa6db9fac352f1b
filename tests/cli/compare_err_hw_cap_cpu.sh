# A --hw-cap on a CPU the platform lacks (exit 1).
"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" --hw-cap 4-7=1GHz@1s+50ms --models v6.10
