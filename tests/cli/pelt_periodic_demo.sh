# The `make run` demo. The settled band of a 4 ms / 16 ms task is 225..288: the oscillation the
# kernel oracle shows for periodic_25pct (tests/data/pelt-golden/README.upstream.md); its mean
# is near the duty-cycle value 1024 * 4 / 16 = 256 (within 1%: 253.4 .. 258.6).
set -u
out=$("$CAPSIM" pelt --periodic 4ms/16ms) || exit 1
echo "$out" | grep -Eq '^  util_avg +225 +288 +25[3-8]\.[0-9]$' || { echo "$out"; exit 1; }
echo "$out" | grep -q '^time to settle: [0-9.]* ms (activation [0-9]*)' || { echo "$out"; exit 1; }
