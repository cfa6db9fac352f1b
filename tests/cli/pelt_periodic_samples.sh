# The periodic simulator updates where the kernel oracle did for periodic_25pct (4 ms run every
# 16 ms from T0 = 1000123456 ns, 2 s, enqueue + dequeue updates): same rows, byte for byte.
set -u
"$CAPSIM" pelt --periodic 4ms/16ms --start 1000123456ns --duration 2s --samples >"$TMPDIR_CASE/got.csv" || exit 1
cmp "$CAPSIM_TEST_DATA/pelt-golden/periodic_25pct.out.csv" "$TMPDIR_CASE/got.csv"
