# A HW (LMh) cap on RB5's middle cluster at 1.5 GHz: capacity 801 at reference 2419200 kHz.
# hw_pressure = 801 - 801*1500000/2419200 = 801 - 496 = 305, seen at once by v6.9 as thermal
# pressure (801 - 305 = 496); v6.10 sees it through hw_load_avg, below 305 after 100 ms.
# A user cap on policy7 (2.4 GHz -> 2361600 kHz, the highest OPP of cpu7_opp_table below it) is invisible to v6.9.
set -e
out=$($CAPSIM capacity rb5 --hw-cap 4-6=1500MHz --max-freq 7=2.4GHz --after 100ms --json | tr -d ' \n')
echo "$out" | grep -q '"cpu":5,[^}]*"hw_pressure":305,"hw_load_avg":[0-9]*,[^}]*"v6_9_thermal_pressure":305,"v6_9_capacity":496' \
  || { echo "CPU 5: $out"; exit 1; }
avg=$(echo "$out" | grep -o '"cpu":5,[^}]*' | grep -o '"hw_load_avg":[0-9]*' | cut -d: -f2)
[ "$avg" -gt 0 ] && [ "$avg" -lt 305 ] || { echo "hw_load_avg $avg not in (0, 305)"; exit 1; }
p7=$((1024 - 1024 * 2361600 / 3091200))
echo "$out" | grep -q "\"cpu\":7,[^}]*\"policy_max_khz\":2361600,[^}]*\"cpufreq_pressure\":$p7,[^}]*\"v6_9_capacity\":1024" \
  || { echo "CPU 7: expected cpufreq pressure $p7: $out"; exit 1; }
