# A platform JSON whose second CPU gives "cluster" twice (json-c keeps the last silently):
# refused with both positions (exit 1).
cd "$TMPDIR_CASE" || exit 3
cat >p.json <<'JSON'
{"name": "two", "cpus": [{"cpu": 0, "cluster": 0, "capacity_dmips_mhz": 1024},
  {"cpu": 1, "cluster": 0, "capacity_dmips_mhz": 1024, "cluster": 1}],
 "policies": [{"cpus": "0-1", "opps": [{"khz": 1000000}]}]}
JSON
"$CAPSIM" platform show p.json
