# Kernel corner cases through `capsim pelt`; the expected lines are derived by hand in
# the list below (table[1] = 0xfa83b2da = 4202935002, y ~ 0.97857).
#  1 5000: 4 units from 0, no period: sums 4, 4<<10; last 4096
#  2 5500: 1404 ns = 1 unit (remainder kept): sums 5, 5120; last 5120
#  3 4000: backwards: last = 4000, nothing else
#  4 4000+1019*1024: pos 5+1019 = 1024, p = 1: decay(5,1) = 4, decay(5120,1) = 5010,
#    contrib = decay(1019,1) = 997 + (47742-46718-1024 = 0) + 0; load_sum 1001,
#    runnable/util 5010+997*1024 = 1025938; avg / 46718: 0, 21, 21
#  5 +2^52 ns = exactly 2^32 periods: (u32) 0 -> updated 0, averages kept; sums decayed to 0
#    then contrib = 0 + (47742-0-1024) + 0 = 46718: 46718, 46718<<10 = 47839232
#  6 2^62, load 0: 4499201580858369 units: pos 1, p = 4393751543807, as u32 4294967295 != 0 -> 1;
#    all sums 0; last = old + units*1024 = 4611686018427387808
#  7 +96 ns past 2^62 (192 ns after last): no-op
#  8 last + 2^63: negative as s64 -> backwards: last = now
printf 'now_ns,load,runnable,running,weight
5000,1,1,1,1
5500,1,1,1,1
4000,1,1,1,1
1047456,1,1,1,1
4503599628417952,1,1,1,1
4611686018427387904,0,0,0,1
4611686018427388000,1,1,1,1
13835058055282163616,1,1,1,1
' | "$CAPSIM" pelt -
