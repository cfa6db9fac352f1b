# --platform takes CPUs, capacities and the energy model from the platform model (the shipped
# device trees): for RK3399 the decision is exactly the one with the golden inline platform,
# whose EM the kernel harness computed. Then the same state on the wrong board.
mkdir "$TMPDIR_CASE/w" && cd "$TMPDIR_CASE/w"
s=$CAPSIM_SOURCE_DIR/examples/place/rk3399-busy-little.json
cp "$CAPSIM_SOURCE_DIR/examples/place/rk3399-signals.json" noplat.json  # same CPUs, no platform
"$CAPSIM" place --state "$s" --task util=120,prev=1 --json >inline.json
"$CAPSIM" place --platform rk3399 --state noplat.json --task util=120,prev=1 --json >dt.json
strip_note() { sed 's/,"note":".*"}$/}/' "$1"; }
cmp <(strip_note inline.json) <(strip_note dt.json) && echo "rk3399 DT = inline golden platform"
"$CAPSIM" place --platform rk3399 --state noplat.json --task util=120,prev=1 | tail -n 1
"$CAPSIM" place --platform hikey960 --state noplat.json --task util=120,prev=1; echo "exit $?"
"$CAPSIM" place --platform nosuchboard --state noplat.json --task util=120,prev=1; echo "exit $?"
