# SIGTERM or SIGINT while dtc compiles a .dts: capsim ends dtc, removes both temporary files
# (in $TMPDIR) and then ends by the signal (exit 128 + N), leaving no orphan dtc behind. The
# dtc here is a stand-in that waits, so that the signal comes while it runs.
cd "$TMPDIR_CASE" || exit 3
set -m # a background job of a script ignores SIGINT otherwise
mkdir bin tmp
printf '#!/bin/sh\necho $$ >"$DTC_PIDFILE"\nexec sleep 30\n' >bin/dtc
chmod +x bin/dtc
cp "$CAPSIM_SOURCE_DIR/data/platforms/rk3399.dts" board.dts
for sig in TERM INT; do
  rm -f dtc.pid
  PATH="$PWD/bin:$PATH" TMPDIR="$PWD/tmp" DTC_PIDFILE="$PWD/dtc.pid" \
    "$CAPSIM" platform show board.dts >/dev/null &
  pid=$!
  for _ in $(seq 200); do [ -s dtc.pid ] && break; sleep 0.05; done
  [ -s dtc.pid ] || { echo "dtc never started"; exit 1; }
  ls tmp | sed 's/-......$/-XXXXXX/' | sort
  kill -s "$sig" "$pid"
  wait "$pid"
  echo "SIG$sig: status $?"
  kill -0 "$(cat dtc.pid)" 2>/dev/null && echo "dtc $(cat dtc.pid) still runs"
  echo "left in TMPDIR: $(ls tmp | wc -l)"
done
