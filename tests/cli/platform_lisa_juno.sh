# The must-show case: LISA's Juno r0 PlatformInfo (tests/data/lisa) loads as a platform whose
# original capacities are LISA's cpu-capacities: 446 for the A53s (CPUs 0, 3-5) and 1024 for the
# A57s (1-2); its freq-domains are the policies and the nrg-model's busy-costs (mW) become
# opp-microwatt: the A57's 1.1 GHz costs 583 -> 583000 uW.
set -e
out=$($CAPSIM platform show "$CAPSIM_TEST_DATA/lisa/juno-sched-load.plat_info.yml" --json | tr -d ' \n')
for cpu in 0 3 4 5; do
  echo "$out" | grep -q "{\"cpu\":$cpu,[^}]*\"policy\":0,[^}]*\"capacity_orig\":446," || { echo "CPU $cpu: $out"; exit 1; }
done
for cpu in 1 2; do
  echo "$out" | grep -q "{\"cpu\":$cpu,[^}]*\"policy\":1,[^}]*\"capacity_orig\":1024," || { echo "CPU $cpu: $out"; exit 1; }
done
echo "$out" | grep -q '"policy":1,"cpus":\[1,2\],"cpuinfo_min_khz":450000,"cpuinfo_max_khz":1100000,' || { echo "policy1: $out"; exit 1; }
echo "$out" | grep -q '{"khz":1100000,"uv":null,"power_uw":583000,' || { echo "EM: $out"; exit 1; }
echo "$out" | grep -q '"eas":true' || { echo "no EAS: $out"; exit 1; }
