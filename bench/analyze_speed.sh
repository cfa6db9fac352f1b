#!/usr/bin/env bash
# `capsim analyze` on a big ftrace text and on the same events as a trace.dat, beside
# `trace-cmd report` of that trace.dat, in the same run: CPU time (user + sys), wall time and
# peak RSS of each (GNU time). Not a test: figures in bench/README.md.
#
# The traces are capsim's own: `simulate scenarios/default.json --duration D --trace` once as
# text (about 0.46 MB per simulated second) and once, same scenario and seed so the same
# events, as trace.dat. They are written into DIR (a build folder: never commit them) and kept
# for the next run. Each command is run RUNS times, alternating; every run is printed.
# Usage: bench/analyze_speed.sh CAPSIM DIR [DURATION] [RUNS]
set -eu
capsim=$1
dir=$2
duration=${3:-2400s}
runs=${4:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
time_bin=/usr/bin/time
[ -x "$time_bin" ] || { echo "analyze_speed.sh: needs GNU time ($time_bin)" >&2; exit 2; }
command -v trace-cmd >/dev/null || { echo "analyze_speed.sh: needs trace-cmd" >&2; exit 2; }
mkdir -p "$dir"
text=$dir/big-$duration.trace
dat=$dir/big-$duration.dat
for t in "$text" "$dat"; do
  [ -s "$t" ] || "$capsim" simulate "$here/scenarios/default.json" --duration "$duration" \
    --trace "$t" > /dev/null
done
echo "text: $(stat -c %s "$text") B, trace.dat: $(stat -c %s "$dat") B"

# one measured command: NAME then the command; its stdout goes to /dev/null. GNU time's peak
# RSS counts the pages of a file mapped in (libtracecmd maps the trace.dat's): the highest
# RssAnon (memory allocated) and RssFile the process showed, sampled every 50 ms, beside it
measure() {
  local name=$1 tpid
  shift
  "$time_bin" -f "$name: CPU %U s user + %S s sys, wall %e s, peak RSS %M KiB" -o "$dir/time.txt" \
    "$@" > /dev/null &
  tpid=$!
  /usr/bin/python3 -c '
import sys, time
tpid, peak = sys.argv[1], {"RssAnon": 0, "RssFile": 0}
while True:  # the command: the child of GNU time, sampled until time exits
    try:
        kids = open(f"/proc/{tpid}/task/{tpid}/children").read().split()
    except OSError:
        break
    for kid in kids:
        try:
            for line in open(f"/proc/{kid}/status"):
                k, _, v = line.partition(":")
                if k in peak:
                    peak[k] = max(peak[k], int(v.split()[0]))
        except (OSError, ValueError):
            pass
    time.sleep(0.05)
print("sampled peak RssAnon %d KiB, RssFile %d KiB" % (peak["RssAnon"], peak["RssFile"]))
' "$tpid" > "$dir/rss.txt"
  wait "$tpid"
  echo "$(cat "$dir/time.txt") ($(cat "$dir/rss.txt"))"
}
for i in $(seq "$runs"); do
  echo "== run $i"
  measure "capsim analyze TEXT --json" "$capsim" analyze "$text" --json
  measure "capsim analyze DAT --json" "$capsim" analyze "$dat" --json
  measure "trace-cmd report DAT" trace-cmd report "$dat"
done
# the two readers saw the same sched_switch events (the two formats name print differently)
"$capsim" analyze "$text" --json > "$dir/text.json"
"$capsim" analyze "$dat" --json > "$dir/dat.json"
python3 - "$dir/text.json" "$dir/dat.json" <<'EOF'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
for k in ("sched_switch", "sched_wakeup", "cpu_frequency"):
    print(f"{k}: text {a['events'][k]}, trace.dat {b['events'][k]}")
    assert a["events"][k] == b["events"][k]
print("window:", a["window_s"], b["window_s"])
EOF
