# The human form's two decisions and reasons for each of the 23 hand cases (each case line is
# also a valid state). Reviewed against the cases' notes: e.g. hand-06 "no CPU fits uclamp_min
# 1024; CPU0 has the highest actual capacity", hand-11 prev returned although not allowed,
# hand-16 the "utilization changed" exit, hand-17 the rq clamp carry-over (prev fits only -1).
mkdir "$TMPDIR_CASE/w" && cd "$TMPDIR_CASE/w"
while IFS= read -r line; do
  printf '%s\n' "$line" >state.json
  sed -n 's/^{"id":"\([^"]*\)".*/== \1/p' state.json
  "$CAPSIM" place --state state.json | tail -n 2
done <"$CAPSIM_TEST_DATA/placement-golden/hand_cases.jsonl"
