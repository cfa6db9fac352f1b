# The human form on RK3399 with the big cluster capped to 408 MHz by scaling_max_freq
# (cpufreq pressure 792): a uclamp_min 1024 task. v6.10 sees the cap and sends the task to
# the little CPUs, which now have the higher actual capacity; v6.9 cannot see a user cap and
# keeps it on the big CPU (issue 7's RK3399 example).
s=$CAPSIM_SOURCE_DIR/examples/place/rk3399-big-capped.json
"$CAPSIM" place --state "$s" --task util=50,uclamp_min=1024,prev=4
echo
"$CAPSIM" place --model v6.9 --state "$s" --task util=50,uclamp_min=1024,prev=4
