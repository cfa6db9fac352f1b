# A scenario "seed" takes 0..2^64-1, as --seed does: 2^64 - 1 is kept whole (it was read as
# 2^63 - 1) and 2^64 is refused with its position (json-c saturates it silently).
w="\"workload\": \"$CAPSIM_SOURCE_DIR/scenarios/workloads/rk3399-uclamp-ui.json\""
printf '{"platform": "rk3399", %s,\n "seed": 18446744073709551615}\n' "$w" >"$TMPDIR_CASE/max.json"
"$CAPSIM" simulate "$TMPDIR_CASE/max.json" --duration 1ms --json | grep -o '"seed": [0-9]*'
printf '{"platform": "rk3399", %s,\n "seed": 18446744073709551616}\n' "$w" >"$TMPDIR_CASE/s.json"
cd "$TMPDIR_CASE" && "$CAPSIM" simulate s.json --duration 1ms
