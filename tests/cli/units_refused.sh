# One unit grammar: a bare frequency is kHz and one far outside the OPPs it caps is refused
# with a hint (1500 meant as MHz would be a 1.5 MHz cap), on every command and in scenario
# files; a bare duration is seconds on every command (pelt and capacity --after too, whose
# bare numbers once meant us or ms); policies are N, policyN or cpuN with one spelling; units
# are read in any case.
cd "$TMPDIR_CASE" || exit 3
wl=$CAPSIM_TEST_DATA/rtapp/mp3-short.json
cat >caps.json <<JSON
{
  "platform": "rk3399",
  "workload": "$wl",
  "caps": {"policy4": 1200}
}
JSON
"$CAPSIM" capacity rb5 --hw-cap 4-6=1500; echo "exit $?"
"$CAPSIM" capacity rk3399 --max-freq 4=1200; echo "exit $?"
"$CAPSIM" capacity rk3399 --max-freq policy04=1200MHz; echo "exit $?"
# bare durations: seconds, as simulate's --duration 2 is
after=$("$CAPSIM" capacity rk3399 --after 100 --json | grep '"after_ns"')
[ "$after" = "  \"after_ns\": $((100 * 1000000000))," ] && echo "capacity --after 100: 100 s" || echo "capacity --after 100: $after"
"$CAPSIM" pelt --periodic 4/16 | grep -q '^periodic task: runs 4 s every 16 s' && echo "pelt --periodic 4/16: 4 s every 16 s"
"$CAPSIM" pelt --periodic 4ms/16ms --duration 2 --samples | tail -1 | cut -d, -f1 |
  { read -r ns; [ "$ns" -le $((2 * 1000000000)) ] && [ "$ns" -gt $((2 * 1000000000 - 16000000)) ] && echo "pelt --duration 2: 2 s"; }
"$CAPSIM" simulate --platform rk3399 --workload "$wl" --max-freq 4=1200 --duration 1s; echo "exit $?"
"$CAPSIM" compare --platform rk3399 --workload "$wl" --hw-cap 4-5=1500@1+1 --duration 1s; echo "exit $?"
"$CAPSIM" simulate caps.json 2>&1 | sed "s|$TMPDIR_CASE/||"
# accepted: cpuN, units in any case, a bare kHz within the OPPs
"$CAPSIM" capacity rk3399 --max-freq cpu5=1.2Ghz --hw-cap 0-3=1000mhz --max-freq 0=1008000 \
  --after 100ms --json | grep -c '"policy_max_khz": \(1200000\|1008000\)'
