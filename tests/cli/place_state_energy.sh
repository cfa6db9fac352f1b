# The human form when energy decides: a busy little cluster, a 120-util task last on CPU1.
# Then the same task restricted to the big CPUs, and as JSON with the reasons.
s=$CAPSIM_SOURCE_DIR/examples/place/rk3399-busy-little.json
"$CAPSIM" place --state "$s" --task util=120,prev=1
echo
"$CAPSIM" place --state "$s" --task util=120,util_est=200,prev=1 --allowed 4-5
echo
"$CAPSIM" place --state "$s" --task util=120,prev=1 --json
