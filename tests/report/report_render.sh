#!/usr/bin/env bash
# The HTML reports of the default scenario (simulate, 10 s and 40 s) and of a compare open in headless
# Chromium with no console error, no request but the page itself and a screenshot that is not
# blank (tests/report/render.js); the pages name no http:// or https:// URL at all.
# Usage: report_render.sh CAPSIM NODE_MODULES OUTDIR
set -u
capsim=$1 node_modules=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out" && mkdir -p "$out"
"$capsim" simulate --report "$out/default.html" >/dev/null || exit 1
"$capsim" compare --duration 3s --report "$out/compare.html" >/dev/null || exit 1
# 40 s: busy series and lanes decimated per pixel (docs/formats.md), drawn from their columns
"$capsim" simulate --duration 40s --report "$out/gridded.html" >/dev/null || exit 1
fail=0
for p in default compare gridded; do
  if grep -qE 'https?://' "$out/$p.html"; then echo "$p.html names a URL"; fail=1; fi
  NODE_PATH=$node_modules timeout 120 node "$here/render.js" "$out/$p.html" "$out/$p.png" || fail=1
done
exit $fail
