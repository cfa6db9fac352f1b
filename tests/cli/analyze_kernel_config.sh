# analyze --kernel-config F: F's CONFIG_HZ is the ticks' rate unless --hz is given (the JSON's
# hz and kernel_config.hz_from say which), the default 250 without one in F; --replay's runs
# read F (a CONFIG_HZ of 100 or 1000 changes the replayed figures, 250, the default, does not);
# without F the JSON has no kernel_config; a bad F is bad input (exit 1).
set -u
cd "$TMPDIR_CASE" || exit 3
trace=$CAPSIM_SOURCE_DIR/tests/data/traces/juno-sched-load.report.txt
plat=$CAPSIM_SOURCE_DIR/tests/data/lisa/juno-sched-load.plat_info.yml
for hz in 100 250 1000; do printf 'CONFIG_HZ=%s\n' $hz >k$hz.config; done
printf 'CONFIG_UCLAMP_BUCKETS_COUNT=20\n' >nohz.config
an() { "$CAPSIM" analyze "$trace" --platform "$plat" --json "$@" | tr -d '\n'; }
hz() { grep -o '"hz": [0-9]*, "kernel_config": {[^}]*}\|"hz": [0-9]*, "pelt"' | head -1; }
an --kernel-config k100.config | hz
an --kernel-config k100.config --hz 300 | hz
an --kernel-config nohz.config | hz
an | hz
an | grep -c '"kernel_config"'
replay() { an --replay v6.10 "$@" | sed 's/.*"replay": //'; }
replay >none.json
for hz in 100 250 1000; do
	replay --kernel-config k$hz.config | cmp -s - none.json && echo "CONFIG_HZ=$hz: replay as without" ||
		echo "CONFIG_HZ=$hz: replay differs"
done
printf 'CONFIG_HZ=0\n' >bad.config
"$CAPSIM" analyze "$trace" --kernel-config bad.config >/dev/null 2>&1
echo "status $?"
"$CAPSIM" analyze "$trace" --kernel-config bad.config 2>&1 >/dev/null
exit 0
