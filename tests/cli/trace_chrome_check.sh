# The Chrome JSON trace of shipped scenarios passes the Trace Event Format's rules and carries
# the text trace's switches as CPU slices and its counters (tests/traces/check_chrome.py); the
# format follows a .json name under a compression suffix.
set -e
t=$TMPDIR_CASE
for sc in default hikey960-game-ipa; do
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration 3s --trace "$t/$sc.trace" >/dev/null
  "$CAPSIM" simulate ../../scenarios/$sc.json --duration 3s --trace "$t/$sc.json.gz" >/dev/null
  gzip -dc "$t/$sc.json.gz" >"$t/$sc.json"
  python3 ../traces/check_chrome.py "$t/$sc.trace" "$t/$sc.json"
done
# the kernel's optional families as instants with the text's fields
sc=hikey960-game-ipa ev="--trace-events energy,thermal_power"
"$CAPSIM" simulate ../../scenarios/$sc.json --duration 10s --trace "$t/$sc-ev.trace" $ev >/dev/null
"$CAPSIM" simulate ../../scenarios/$sc.json --duration 10s --trace "$t/$sc-ev.json" $ev >/dev/null
grep -q '"name":"sched_compute_energy"' "$t/$sc-ev.json"
grep -q '"name":"thermal_power_cpu_limit"' "$t/$sc-ev.json"
python3 ../traces/check_chrome.py "$t/$sc-ev.trace" "$t/$sc-ev.json"
