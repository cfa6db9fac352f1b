# KernelShark's library (Debian's kernelshark 2.2.1: libkshark.so.2, what the GUI loads a file
# with) opens the trace.dat of a shipped scenario, with the energy and thermal_power families,
# and loads as many entries as trace-cmd report prints. (The GUI itself also starts headless,
# QT_QPA_PLATFORM=offscreen, but has no batch mode to check anything with.)
set -e
t=$TMPDIR_CASE
"$CAPSIM" simulate ../../scenarios/hikey960-game-ipa.json --duration 12s --trace "$t/k.dat" \
  --trace-events energy,thermal_power >/dev/null
n=$(trace-cmd report "$t/k.dat" | grep -c ': ')
[ "$n" -gt 1000 ]
python3 ../traces/check_kshark.py "$t/k.dat" "$n" >/dev/null
