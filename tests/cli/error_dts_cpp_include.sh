# A kernel-style .dts that #includes dt-bindings headers: dtc alone cannot read it, and the
# message says to run it through cpp first.
printf '/dts-v1/;\n#include <dt-bindings/interrupt-controller/arm-gic.h>\n/ { };\n' >"$TMPDIR_CASE/board.dts"
cd "$TMPDIR_CASE" && $CAPSIM platform show board.dts
