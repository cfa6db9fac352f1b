# sweep --kernel-config F: every run reads F as simulate --kernel-config does (its report's
# kernel_config names the bucket count F sets), the grid's hz (the run's kernel block) wins over
# F's CONFIG_HZ, and F's contents are part of each run's id (the same grid without it, or with
# another F, has other ids); --engine dask refuses it (exit 2); a bad F fails the sweep before
# any run (exit 1).
set -u
cd "$TMPDIR_CASE" || exit 3
printf '{"scenario": "%s", "fixed": {"duration": "100ms"}, "grid": {"hz": [100, 300]}}\n' \
  "$CAPSIM_SOURCE_DIR/scenarios/default.json" >s.json
printf 'CONFIG_HZ=1000\nCONFIG_UCLAMP_BUCKETS_COUNT=20\n' >k.config
printf 'CONFIG_HZ=1000\nCONFIG_UCLAMP_BUCKETS_COUNT=10\n' >k10.config
"$CAPSIM" sweep s.json --runs-dir R -o a.csv 2>/dev/null || echo "sweep a failed"
"$CAPSIM" sweep s.json --runs-dir R --kernel-config k.config -o b.csv 2>/dev/null || echo "sweep b failed"
"$CAPSIM" sweep s.json --runs-dir R --kernel-config k10.config -o c.csv 2>/dev/null || echo "sweep c failed"
ids() { tail -n +2 "$1" | cut -d, -f1 | sort; }
echo "ids shared without and with the file: $(comm -12 <(ids a.csv) <(ids b.csv) | wc -l)"
echo "ids shared with two files: $(comm -12 <(ids b.csv) <(ids c.csv) | wc -l)"
for id in $(ids b.csv); do
	grep -o '"kernel_config": {[^}]*}' "R/$id.json" | grep -o '"hz": [0-9]*\|"uclamp_buckets_count": [0-9]*' | tr '\n' ' '
	echo
done | sort
for id in $(ids a.csv); do grep -c '"kernel_config"' "R/$id.json"; done | sort | uniq -c | sed 's/^ *//'
"$CAPSIM" sweep s.json --runs-dir R --kernel-config k.config --engine dask 2>&1
echo "status $?"
printf 'CONFIG_UCLAMP_BUCKETS_COUNT=32\n' >bad.config
n=$(ls R | wc -l)
"$CAPSIM" sweep s.json --runs-dir R --kernel-config bad.config -o d.csv 2>&1
echo "status $?, reports added: $(($(ls R | wc -l) - n))"
