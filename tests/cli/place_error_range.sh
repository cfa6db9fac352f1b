# Values the kernel cannot hold: clamps above 1024, a capacity of 0, a CPU that does not exist,
# a pd list that is not a permutation, a huge number; and v6.9 without the thermal fields.
cd "$TMPDIR_CASE"
h=$CAPSIM_TEST_DATA/placement-golden/hand_cases.jsonl
one() { head -n 1 "$h" | sed "$1" >c.jsonl; "$CAPSIM" place --cases c.jsonl; echo "exit $?"; }
one 's/"uclamp_max":1024,"prev_cpu"/"uclamp_max":1025,"prev_cpu"/'
one 's/"arch_cap":381/"arch_cap":0/'
one 's/"prev_cpu":0/"prev_cpu":6/'
one 's/"pd_order":\[1,0\]/"pd_order":[1,1]/'
one 's/"util_rt":0/"util_rt":99999999999999999999999/'
one 's/"allowed":\[[0-9,]*\]/"allowed":[1,9]/'
head -n 1 "$h" >c.jsonl; "$CAPSIM" place --model v6.9 --cases c.jsonl; echo "exit $?"
