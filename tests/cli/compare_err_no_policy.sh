# A --max-freq on a policy the platform lacks names the option (exit 1).
"$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" --max-freq policy2=1GHz --models v6.10
