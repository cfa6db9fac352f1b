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
