# One reader for every input (src/input/readfile.c): a directory, /dev/zero, an oversize file
# and standard input get the same messages whichever command reads them, exit 1 (not 3).
cd "$TMPDIR_CASE"
mkdir d
truncate -s 70M big.json   # sparse: 70 MiB on paper, nothing on disk
run() { "$CAPSIM" "$@"; echo "exit $?"; }
run simulate d
run simulate --workload d
run simulate --platform d
run simulate big.json
run platform show d
run capacity d
run pelt d
run pelt /dev/zero
run pelt big.json
run place --state d
run place --cases /dev/zero
run place --state big.json
printf '{"tasks": {"t": {"run": }}}' | run simulate --platform rk3399 --workload - --duration 1ms
printf 'now_ns\n' | run pelt -
printf '{"cpus": [' | run place --state -
