# The program (cli/) and the benchmarks (bench/) use only the public API: they include
# capsim/... headers and cli's own, never a src/ header (the program links libcapsim.so,
# which exports nothing else).
"$CAPSIM_SOURCE_DIR"/tools/check-layers.sh --public "$CAPSIM_SOURCE_DIR"
