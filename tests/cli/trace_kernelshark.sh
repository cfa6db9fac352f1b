# KernelShark's library (Debian's kernelshark 2.2.1: libkshark.so.2, what the GUI loads a file
# with) opens the trace.dat of every shipped scenario (hikey960-game-ipa with the energy,
# thermal_power and lisa families, cut to 12 s) and loads as many entries as trace-cmd report
# prints, merged in global time order (check_kshark.py). (The GUI itself also starts headless,
# QT_QPA_PLATFORM=offscreen, but has no batch mode to check anything with.)
set -e
t=$TMPDIR_CASE
for s in ../../scenarios/*.json; do
  name=$(basename "$s" .json)
  opts=()
  [ "$name" = hikey960-game-ipa ] && opts=(--duration 12s --trace-events energy,thermal_power,lisa)
  "$CAPSIM" simulate "$s" "${opts[@]}" --trace "$t/$name.dat" >/dev/null
  n=$(trace-cmd report "$t/$name.dat" | grep -c ': ')
  [ "$n" -gt 1000 ]
  python3 ../traces/check_kshark.py "$t/$name.dat" "$n"
done
