# With --platform the PELT replay reads the logged PELT events: a util that is no integer in
# 0..1024 is an error naming the line and field (without --platform the event is only counted).
cd "$TMPDIR_CASE" && printf '  a-1 [000] 1.000000: sched_load_se: cpu=0 path=(null) comm=a pid=5 load=0 util=2048\n' > t.txt
$CAPSIM analyze t.txt --platform "$CAPSIM_SOURCE_DIR/tests/data/lisa/juno-sched-load.plat_info.yml"
