# Bad states and task specs: FILE:LINE:COL for JSON syntax, JSON paths for fields, the task
# spec named; exit 1 (2 for a bad --allowed list, which is usage).
mkdir "$TMPDIR_CASE/w" && cd "$TMPDIR_CASE/w"
cp "$CAPSIM_SOURCE_DIR/examples/place/rk3399-busy-little.json" busy.json
s=busy.json
printf '{\n  "cpus": [\n    {"idle": 2}\n  ]\n' >trunc.json
"$CAPSIM" place --state trunc.json --task util=1,prev=0; echo "exit $?"
sed 's/"util_rt": 120/"util_rt": -120/' "$s" >neg.json
"$CAPSIM" place --state neg.json --task util=1,prev=0; echo "exit $?"
sed 's/"rt_runnable"/"rt_runable"/' "$s" >typo.json
"$CAPSIM" place --state typo.json --task util=1,prev=0; echo "exit $?"
"$CAPSIM" place --state "$s"; echo "exit $?"
"$CAPSIM" place --state "$s" --task util=1,prev=9; echo "exit $?"
"$CAPSIM" place --state "$s" --task util=1,prev=0,uclamp=3; echo "exit $?"
"$CAPSIM" place --state "$s" --task util=1,prev=0 --allowed 7; echo "exit $?"
"$CAPSIM" place --state "$s" --task util=1,prev=0 --allowed x; echo "exit $?"
"$CAPSIM" place --state "$s" --platform rk3399 --task util=1,prev=0; echo "exit $?"
