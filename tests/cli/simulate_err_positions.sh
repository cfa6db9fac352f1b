# Run-time refusals of a scenario event name the event's position in the file: a cooling
# state above the device's maximum, and removing a max request never added (exit 1 each).
cd "$TMPDIR_CASE" || exit 3
wl=$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json
cat >cdev.json <<EOF2
{"platform": "rk3399", "workload": "$wl", "duration": 2, "thermal": {},
 "events": [{"at": 1, "cooling_state": {"cdev": "thermal-cpufreq-1", "state": 99}}]}
EOF2
"$CAPSIM" simulate cdev.json
echo "status $?"
cat >req.json <<EOF2
{"platform": "rk3399", "workload": "$wl", "duration": 2,
 "events": [{"at": 0.5, "max_freq": {"policy": "policy4", "khz": null, "name": "never-added"}}]}
EOF2
"$CAPSIM" simulate req.json
