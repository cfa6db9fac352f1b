# cpus[].idle_power_uw is refused, naming the file, the JSON path and what was expected: a list
# that does not match the CPU's idle states (RK3399: WFI, cpu-sleep, cluster-sleep; a stand-alone
# platform: WFI only), a power above the energy model's EM_MAX_POWER, a value that is not an
# integer, something other than a list (exit 1 each). simulate refuses it the same way.
cd "$TMPDIR_CASE" || exit 3
b=$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dtb
printf '{"base": "%s", "cpus": [{"cpu": 1, "idle_power_uw": [30000, 5000]}]}\n' "$b" >short.json
"$CAPSIM" platform show short.json
echo "status $?"
printf '{"cpus": [{"idle_power_uw": [30000, 5000]}]}\n' >alone.json
"$CAPSIM" platform show alone.json
echo "status $?"
printf '{"base": "%s", "cpus": [{"cpu": 4, "idle_power_uw": [1, 2, 64000001]}]}\n' "$b" >big.json
"$CAPSIM" platform show big.json
echo "status $?"
printf '{"base": "%s", "cpus": [{"cpu": 4, "idle_power_uw": [1, 2.5, 3]}]}\n' "$b" >float.json
"$CAPSIM" platform show float.json
echo "status $?"
printf '{"base": "%s", "cpus": [{"cpu": 4, "idle_power_uw": {"wfi": 1}}]}\n' "$b" >object.json
"$CAPSIM" simulate --platform object.json --workload "$CAPSIM_TEST_DATA/rtapp/mp3-short.json" \
  --duration 10ms 2>&1 >/dev/null | grep -v 'warning'
echo "status ${PIPESTATUS[0]}"
