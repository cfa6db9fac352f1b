# sweep --cpuidle-governor G: every run's scenario carries G in its kernel block (--emit list
# shows it), so its id differs from the same grid's without it (and with the other governor);
# --engine dask refuses it (exit 2); a governor neither menu nor teo is a usage error (exit 2).
set -u
cd "$TMPDIR_CASE" || exit 3
printf '{"scenario": "%s", "fixed": {"duration": "100ms"},
  "grid": {"model": ["v6.12", "v7.3"]}}\n' "$CAPSIM_SOURCE_DIR/scenarios/default.json" >s.json
"$CAPSIM" sweep s.json --runs-dir R -o a.csv 2>/dev/null || echo "sweep a failed"
"$CAPSIM" sweep s.json --runs-dir R --cpuidle-governor teo -o b.csv 2>/dev/null ||
	echo "sweep b failed"
"$CAPSIM" sweep s.json --runs-dir R --cpuidle-governor menu -o c.csv 2>/dev/null ||
	echo "sweep c failed"
ids() { tail -n +2 "$1" | cut -d, -f1 | sort; }
echo "ids shared without and with teo: $(comm -12 <(ids a.csv) <(ids b.csv) | wc -l)"
echo "ids shared with teo and menu: $(comm -12 <(ids b.csv) <(ids c.csv) | wc -l)"
"$CAPSIM" sweep s.json --runs-dir R --cpuidle-governor teo --emit list |
	grep -o '"cpuidle_governor": *"[a-z]*"' | sort | uniq -c | sed 's/^ *//'
"$CAPSIM" sweep s.json --runs-dir R --cpuidle-governor teo --engine dask 2>&1
echo "status $?"
"$CAPSIM" sweep s.json --runs-dir R --cpuidle-governor ladder 2>&1
echo "status $?"
