# Original capacities of the shipped boards, by hand from topology_normalize_cpu_scale():
# HiKey960 little 592*1844000*1024/(1024*2362000) = 462; RK3399 little 485*1416000/1800000
# = 381; Odroid-XU3 (arm32) little 539*1400000/2000000 = 377.
set -e
check() { # platform cpu capacity freq_ref
  $CAPSIM platform show "$1" --json | tr -d ' \n' | grep -q "\"cpu\":$2,[^}]*\"capacity_orig\":$3,\"freq_ref_khz\":$4," \
    || { echo "$1 CPU $2: expected capacity $3 at $4 kHz"; exit 1; }
}
check hikey960 0 462 1844000
check hikey960 7 1024 2362000
check rk3399 3 381 1416000
check odroid-xu3 0 377 1400000
check odroid-n2 0 618 1992000
# a .dts goes through dtc and gives the same numbers
check "$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dts" 3 381 1416000
# no coefficient: no EM, and show says so
$CAPSIM platform show odroid-n2 | grep -q 'not on every CPU: the platform runs without EAS'
