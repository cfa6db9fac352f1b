# A mistyped JSON key is refused at its position with the nearest key the object takes: a
# scenario's root and kernel objects, a timeline event, a platform JSON, an rt-app file and a
# placement state (exit 1 each).
cd "$TMPDIR_CASE" || exit 3
# a copy beside the files, so that columns do not depend on where the tree is
cp "$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json" wl.json || exit 3
wl=wl.json
printf '{"platform": "rk3399", "workload": "%s", "duraton": 5}\n' "$wl" >root.json
"$CAPSIM" simulate root.json
echo "status $?"
printf '{"platform": "rk3399", "workload": "%s",\n "kernel": {"govenor": "schedutil"}}\n' "$wl" >kernel.json
"$CAPSIM" simulate kernel.json
echo "status $?"
printf '{"platform": "rk3399", "workload": "%s",\n "events": [{"at": 1, "uclamp": {"task": "ui", "mni": 10}}]}\n' "$wl" >ev.json
"$CAPSIM" simulate ev.json
echo "status $?"
printf '{"base": "%s/data/platforms/rk3399.dtb", "nmae": "x"}\n' "$CAPSIM_SOURCE_DIR" >plat.json
"$CAPSIM" platform show plat.json
echo "status $?"
printf '{"tasks": {"t": {"run": 1000, "timer": {"ref": "a", "perod": 4000}}}}\n' >rt.json
"$CAPSIM" simulate --platform rk3399 --workload rt.json --duration 1s
echo "status $?"
sed 's/"idle": 1/"idel": 1/' "$CAPSIM_SOURCE_DIR/examples/place/rk3399-big-capped.json" >state.json
"$CAPSIM" place --state state.json --task util=50,prev=0
