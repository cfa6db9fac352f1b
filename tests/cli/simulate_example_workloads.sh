# Every example workload simulates on three boards. In the phone-at-rest example every service
# runs, then waits for a periodic timer of period P. As in rt-app, the timer's reference is the
# time t0 of its first use (the end of the first run, well under P), so the task starts once at
# 0 and wakes at t0 + P, t0 + 2P, ... before the run ends at 2 s: with t0 > 0 that is
# floor((2 s - 1 ns) / P) or one fewer wake-ups, less one for each deadline miss (a timer
# already past due: no sleep, no wake-up). Activations = the start + the wake-ups.
set -e
for w in "$CAPSIM_SOURCE_DIR"/examples/workloads/*.json; do
  for p in hikey960 rk3399 pixel6; do
    $CAPSIM simulate --platform $p --workload "$w" --duration 2s >"$TMPDIR_CASE/out" \
      || { echo "$w on $p failed"; exit 1; }
  done
done
w=$CAPSIM_SOURCE_DIR/examples/workloads/phone-at-rest.json
$CAPSIM simulate --platform hikey960 --workload "$w" --duration 2s >"$TMPDIR_CASE/out"
sed -n 's/^\t*"\([a-z0-9_]*\)": { "run": [0-9]*, "timer": { "ref": "unique", "period": \([0-9]*\) } },*$/\1 \2/p' \
  "$w" >"$TMPDIR_CASE/periods"
[ "$(wc -l <"$TMPDIR_CASE/periods")" = 32 ] || { echo "expected 32 periodic services"; exit 1; }
while read -r name period; do
  misses=$(awk -v n="$name" '$1 == n { print $3 }' "$TMPDIR_CASE/out")
  most=$((1 + (2000000000 - 1) / (period * 1000) - misses))
  got=$(awk -v n="$name" '$1 == n { print $2 }' "$TMPDIR_CASE/out")
  [ -n "$misses" ] && { [ "$got" = "$most" ] || [ "$got" = $((most - 1)) ]; } ||
    { echo "$name: $got activations ($misses misses), expected $most or one fewer"; exit 1; }
done <"$TMPDIR_CASE/periods"
echo "32 services, activations as their periods give"
