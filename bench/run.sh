#!/usr/bin/env bash
# Runs every benchmark built in BUILD_DIR (bench_*) and prints their figures, each followed by
# its whole wall and CPU time (user + sys: wall time swings with the machine's other load).
# bench_report keeps the report of bench (b)'s hour, which bench/report_load.js then opens in
# headless Chromium (the build's playwright-core and Debian's chromium) to time its loading.
set -eu
build=${1:-build-bench}
here=$(cd "$(dirname "$0")" && pwd)
page=$build/bench-report-b.html
for bin in "$build"/bench_*; do
  [ -x "$bin" ] || continue
  echo "== $(basename "$bin")"
  TIMEFORMAT="== $(basename "$bin"): wall %R s, CPU %U s user + %S s sys"
  if [ "$(basename "$bin")" = bench_report ]; then
    time "$bin" r s -o "$page"
  else
    time "$bin"
  fi
done
if [ -f "$page" ] && [ -d "$build/report_js/node_modules/playwright-core" ] && [ -x /usr/bin/chromium ]; then
  echo "== report_load (bench (b)'s report in Chromium)"
  NODE_PATH=$build/report_js/node_modules node "$here/report_load.js" "$page" 5
fi
