# --overlay on simulate, compare and place: RB5's DT has no energy model; an overlay that gives
# it one makes EAS run (simulate), energy a figure instead of n/a (compare) and placement
# possible (place). A bad overlay is an error naming the overlay file. mp3-short.json repeats
# four keys (two "run", a "lock", an "unlock"): a warning each, once per command.
cd "$TMPDIR_CASE"
ov=$CAPSIM_TEST_DATA/platforms/rb5-em-overlay.json
wl=$CAPSIM_TEST_DATA/rtapp/mp3-short.json
echo '{"cpus":[{"util_cfs":300},{},{},{},{},{},{},{}]}' >st.json
echo '{"bogus": 1}' >bad.json
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fi; }

"$CAPSIM" simulate --platform rb5 --workload "$wl" --duration 200ms >plain.txt 2>>wl.err
"$CAPSIM" simulate --platform rb5 --overlay "$ov" --workload "$wl" --duration 200ms >em.txt 2>>wl.err
check "simulate: EAS off without the overlay" "head -n 1 plain.txt | grep -q 'EAS off'"
check "simulate: EAS on with it" "head -n 1 em.txt | grep -q 'EAS on'"

"$CAPSIM" compare --platform rb5 --workload "$wl" --duration 200ms --models v6.10 >c-plain.txt \
  2>>wl.err
"$CAPSIM" compare --platform rb5 --workload "$wl" --duration 200ms --models v6.10 \
  --overlay "$ov" >c-em.txt 2>>wl.err
check "mp3-short.json's 4 repeated keys warned of by each of the 4 runs" \
  "[ \$(grep -c '^capsim: warning: .*mp3-short.json:.* given twice in one object' wl.err) = 16 ] &&
   [ \$(wc -l <wl.err) = 16 ]"
check "compare: energy n/a without" "grep -Eq '^energy \(J\) +n/a' c-plain.txt"
check "compare: energy a figure with" "grep -Eq '^energy \(J\) +[0-9]+\.[0-9]+' c-em.txt"

"$CAPSIM" place --platform rb5 --state st.json --task util=100,prev=0; echo "exit $?"
"$CAPSIM" place --platform rb5 --overlay "$ov" --state st.json --task util=100,prev=0 >p.txt
echo "exit $?"
check "place: feec answers with the overlay's EM" "grep -q '^find_energy_efficient_cpu: CPU' p.txt"

"$CAPSIM" simulate --overlay bad.json --duration 10ms; echo "exit $?"
"$CAPSIM" compare --overlay missing.json --duration 10ms; echo "exit $?"
"$CAPSIM" place --overlay "$ov" --state st.json; echo "exit $?"
"$CAPSIM" simulate --overlay; echo "exit $?"
