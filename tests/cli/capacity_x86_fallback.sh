# x86 has no arch_scale_freq_ref(): a 3.3 GHz cap gives no cpufreq pressure in 6.10..6.12.100;
# with the cpuinfo.max_freq fallback (d2d5c129d07e): 1024 - 1024*3300000/4680714 = 1024 - 721 = 303.
set -e
cd "$CAPSIM_TEST_DATA/platforms"
none=$($CAPSIM capacity x86-hybrid.json --max-freq 0=3.3GHz --json | tr -d ' \n')
echo "$none" | grep -q '"cpu":0,[^}]*"policy_max_khz":3300000,[^}]*"freq_ref_khz":0,"cpufreq_pressure":0,' \
  || { echo "6.10: $none"; exit 1; }
fb=$($CAPSIM capacity x86-hybrid.json --max-freq 0=3.3GHz --fallback cpuinfo_max --json | tr -d ' \n')
p=$((1024 - 1024 * 3300000 / 4680714))
echo "$fb" | grep -q "\"cpu\":0,[^}]*\"cpufreq_pressure\":$p,[^}]*\"actual_capacity\":$((1024 - p))," \
  || { echo "fallback: expected $p: $fb"; exit 1; }
# boost above the reference: RK3399 has no turbo OPP, so --boost changes nothing there
$CAPSIM capacity rk3399 --boost 4 --json | tr -d ' \n' | grep -q '"cpu":4,[^}]*"cpufreq_pressure":0,'
