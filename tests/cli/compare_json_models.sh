# compare --json: one object per model, in the order asked, each with the simulate keys and
# "pressure"; v6.10 moves the boosted UI task to the littles (policy0), v6.9 keeps it on the bigs.
out=$("$CAPSIM" compare "$CAPSIM_SOURCE_DIR/scenarios/rk3399-uclamp-ui.json" --duration 2s --models v6.9,v6.10 --json) || exit 1
echo "$out" | grep -c "^\"v6\.[0-9]*\": {\"platform\": \"rk3399\", .*\"model\": \"v6\.[0-9]*\""
echo "$out" | grep -o "\"pressure\": {\"mean_abs_capacity_error\"" | wc -l
echo "$out" | head -1
# where the UI task ran first (its lowest CPU): v6.9 on a big (4-5), v6.10 on a little (0-3)
echo "$out" | grep '{"name": "ui"' | grep -o '"runtime_by_cpu_s": {"[0-9]*"' |
	sed 's/.*"\([0-9]*\)"$/\1/' | while read -r c; do [ "$c" -ge 4 ] && echo big || echo little; done
