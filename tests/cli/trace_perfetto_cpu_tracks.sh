# The Perfetto trace of every shipped scenario, decoded with Debian's protoc against upstream's
# perfetto_trace.proto (tests/data/perfetto/), has each CPU's counter tracks under a parent track
# "CPU N" (tests/traces/check_perfetto_tracks.py).
set -e
t=$TMPDIR_CASE
for s in ../../scenarios/*.json; do
  n=$(basename "$s" .json)
  "$CAPSIM" simulate "$s" --duration 1s --trace "$t/$n.pftrace" >/dev/null
  cpus=$("$CAPSIM" simulate "$s" --duration 1ms --trace "$t/$n.trace" >/dev/null &&
         sed -n 's/.*#P:\([0-9]*\).*/\1/p' "$t/$n.trace")
  "${CAPSIM_BUILD_PYTHON:-python3}" ../traces/check_perfetto_tracks.py "$t/$n.pftrace" ../data/perfetto/perfetto_trace.proto.xz "$cpus"
done
