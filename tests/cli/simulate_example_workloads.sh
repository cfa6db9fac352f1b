# Every example workload simulates on three boards. In the phone-at-rest example every service
# runs, then waits for a periodic timer of period P. As in rt-app, the timer counts from the
# thread's t_first (its start, 0), so the task starts once at 0 and wakes at P, 2P, ... before
# the run ends at 2 s: floor((2 s - 1 ns) / P) wake-ups, and activations = 1 + that. A deadline
# miss (a timer already past due: no sleep, no wake-up) costs that wake-up, and as a relative
# timer then counts from the late instant, at most one more: with m misses the activations are
# between 1 + floor(...) - 2m and 1 + floor(...) - m, exactly 1 + floor(...) without a miss.
# A timer of a CPU in an idle state wakes its task only once the CPU is out (the rest of the
# state's entry, then its exit: at most its wakeup latency, the largest of HiKey960's DT states
# read from platform show): a timer that expires less than that before the end may wake its
# task after it, one activation fewer.
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
exit_us=$($CAPSIM platform show hikey960 --json | python3 -c '
import json, sys
print(max(s["wakeup_latency_us"] for c in json.load(sys.stdin)["cpus"] for s in c["idle_states"]))')
while read -r name period; do
  misses=$(awk -v n="$name" '$1 == n { print $4 }' "$TMPDIR_CASE/out")
  [ -n "$misses" ] || { echo "$name: not in the summary"; exit 1; }
  most=$((1 + (2000000000 - 1) / (period * 1000) - misses))
  least=$((1 + (2000000000 - 1 - exit_us * 1000) / (period * 1000) - 2 * misses))
  got=$(awk -v n="$name" '$1 == n { print $2 }' "$TMPDIR_CASE/out")
  [ "$got" -le "$most" ] && [ "$got" -ge "$least" ] ||
    { echo "$name: $got activations ($misses misses), expected $least..$most"; exit 1; }
done <"$TMPDIR_CASE/periods"
echo "32 services, activations as their periods give"
