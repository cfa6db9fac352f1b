# A gzip'ed trace cut short: exit 1 naming the byte, never the figures of a shorter trace.
cd "$TMPDIR_CASE" && gzip -c "$CAPSIM_TEST_DATA/traces/juno-sched-load.report.txt" | head -c 20000 > t.gz
$CAPSIM analyze t.gz
