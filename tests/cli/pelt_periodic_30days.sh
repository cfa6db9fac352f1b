# A 30-day run (259200 activations of 1 s every 10 s) completes without overflow: each
# activation rises from ~0 to 1024 (1 s = 30 half-lives) and decays to ~0 in 9 s, and the mean
# is the duty-cycle value 1024 * 1 / 10 = 102.4 within 1% (101.4 .. 103.4).
set -u
out=$("$CAPSIM" pelt --periodic 1s/10s --duration 720h) || exit 1
echo "$out" | grep -q '^simulated: 30 d = 259200 activations' || { echo "$out"; exit 1; }
echo "$out" | grep -Eq '^  util_avg +0 +1024 +10(1\.[4-9]|2\.[0-9]|3\.[0-4])$' || { echo "$out"; exit 1; }
