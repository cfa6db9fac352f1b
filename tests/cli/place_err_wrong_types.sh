# Placement inputs: true is no integer ("util_cfs": true names the field, its position and the
# expected type), and a --task key given twice names both (exit 1 each). A task's uclamp_min
# above its uclamp_max stays accepted: the kernel can hold it (place_hand_reasons, hand-21).
cd "$TMPDIR_CASE" || exit 3
cp "$CAPSIM_SOURCE_DIR/examples/place/rk3399-big-capped.json" state.json
st=state.json
g=$CAPSIM_TEST_DATA/placement-golden
sed -n 1p "$g/hand_cases.jsonl" | sed 's/"util_cfs":[0-9]*,/"util_cfs":true,/' >cases.jsonl
"$CAPSIM" place --cases cases.jsonl
echo "status $?"
"$CAPSIM" place --state "$st" --task util=50,util=60,prev=4
