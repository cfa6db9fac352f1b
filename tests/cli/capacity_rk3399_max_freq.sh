# The must-show case: capping policy4 of RK3399 at 1.2 GHz.
# cpufreq_update_pressure: 1024 - mult_frac(1024, 1200000, 1800000) = 1024 - 682 = 342;
# actual capacity = 1024 - max(hw_load_avg 0, 342) = 682. The little CPUs are untouched (381).
set -e
out=$($CAPSIM capacity rk3399 --max-freq 4=1200000 --json | tr -d ' \n')
p=$((1024 - 1024 * 1200000 / 1800000))
for cpu in 4 5; do
  echo "$out" | grep -q "\"cpu\":$cpu,\"capacity_orig\":1024,\"policy\":4,\"policy_max_khz\":1200000,[^}]*\"cpufreq_pressure\":$p,\"hw_pressure\":0,\"hw_load_avg\":0,\"actual_capacity\":$((1024 - p))," \
    || { echo "CPU $cpu: expected pressure $p, actual $((1024 - p)): $out"; exit 1; }
done
echo "$out" | grep -q '"cpu":0,"capacity_orig":381,"policy":0,"policy_max_khz":1416000,[^}]*"actual_capacity":381,' \
  || { echo "CPU 0 changed: $out"; exit 1; }
