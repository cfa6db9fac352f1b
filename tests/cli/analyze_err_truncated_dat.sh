# A trace.dat cut inside its CPU data (LISA's Juno trace, tests/data/traces/README.md): exit 1
# naming the CPU whose data runs past the end, never libtracecmd reading past it.
cd "$TMPDIR_CASE" && xz -dc "$CAPSIM_TEST_DATA/traces/juno-sched-load.dat.xz" | head -c 3300000 > t.dat
$CAPSIM analyze t.dat
