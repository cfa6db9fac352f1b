#!/usr/bin/env bash
# The HTML reports of the default scenario (simulate, 10 s and 40 s), of a compare and of
# `compare` on three shipped scenarios open in headless Chromium with no console error, no
# request but the page itself and a screenshot that is not blank (tests/report/render.js); the
# pages name no http:// or https:// URL at all. Every verdict cell of a page made with --json
# beside it says the JSON's number (render.js reads the cells, parses the JSON), and a JSON with
# one number changed makes the check fail. The pages of `capsim analyze --report` (a real trace,
# with and without its platform) open the same way and name nothing only a simulation has (no
# deadline, energy, seed, slack, misses, delivered, capacity_of or util row: render.js ANALYZE).
# The screenshots stay in OUTDIR to be looked at.
# Usage: report_render.sh CAPSIM NODE_MODULES OUTDIR
set -u
capsim=$1 node_modules=$2 out=$3
here=$(cd "$(dirname "$0")" && pwd)
scenarios=$here/../../scenarios
rm -rf "$out" && mkdir -p "$out"
"$capsim" simulate --report "$out/default.html" --json -o "$out/default.json" || exit 1
"$capsim" compare --duration 3s --report "$out/compare.html" --json -o "$out/compare.json" || exit 1
# 40 s: busy series and lanes decimated per pixel (docs/formats.md), drawn from their columns
"$capsim" simulate --duration 40s --report "$out/gridded.html" >/dev/null || exit 1
pages="default compare gridded"
for s in rb5-lmh-bursts hikey960-game-ipa rk3399-uclamp-ui; do
  "$capsim" compare "$scenarios/$s.json" --report "$out/$s.html" --json -o "$out/$s.json" || exit 1
  pages="$pages $s"
done
# capsim analyze --report of a real trace (Juno r0, LISA's), with its platform and without:
# the page of a trace shows none of what only a simulation has (render.js ANALYZE)
traces=$here/../data/traces
"$capsim" analyze "$traces/juno-sched-load.report.txt" --report "$out/analyze.html" -o /dev/null \
  --platform "$here/../data/lisa/juno-sched-load.plat_info.yml" || exit 1
"$capsim" analyze "$traces/juno-sched-load.report.txt" --report "$out/analyze-noplat.html" \
  -o /dev/null || exit 1
render() { NODE_PATH=$node_modules timeout 180 node "$here/render.js" "$@"; }
fail=0
for p in $pages; do
  if grep -qE 'https?://' "$out/$p.html"; then echo "$p.html names a URL"; fail=1; fi
  json=$out/$p.json; [ -f "$json" ] || json=
  echo "$p:"; render "$out/$p.html" "$out/$p.png" $json || fail=1
done
for p in analyze analyze-noplat; do
  echo "$p:"; ANALYZE=1 render "$out/$p.html" "$out/$p.png" || fail=1
done
# the check can fail: one task's deadline misses under one model, off by one in the JSON
NODE_PATH=$node_modules node -e '
  const fs = require("fs"), J = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const S = Object.values(J.models)[1]; S.tasks[0].deadline_misses += 1;
  fs.writeFileSync(process.argv[2], JSON.stringify(J));' "$out/hikey960-game-ipa.json" "$out/mutated.json" || exit 1
echo "mutated (must fail):"
if render "$out/hikey960-game-ipa.html" "$out/mutated.png" "$out/mutated.json"; then
  echo "a verdict cell off by one in the JSON went unnoticed"; fail=1
fi
exit $fail
