# --trace and -o names ending in .gz, .zst or .xz are compressed: each decompresses (with the
# format's own tool) to the bytes of the uncompressed run.
set -u
cd "$TMPDIR_CASE" || exit 3
run() { "$CAPSIM" simulate --duration 200ms --json "$@"; }
run --trace plain.trace -o plain.json || exit 1
for z in gz:"gzip -dc" zst:"zstd -qdc" xz:"xz -dc"; do
  ext=${z%%:*} unz=${z#*:}
  run --trace "t.trace.$ext" -o "r.json.$ext" || { echo "$ext: exit $?"; exit 1; }
  $unz "t.trace.$ext" | cmp -s - plain.trace || { echo "$ext: trace differs"; exit 1; }
  $unz "r.json.$ext" | cmp -s - plain.json || { echo "$ext: report differs"; exit 1; }
done
[ -s plain.trace ] && grep -q sched_switch plain.trace || { echo "no trace"; exit 1; }
