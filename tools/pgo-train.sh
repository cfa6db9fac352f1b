#!/usr/bin/env bash
# pgo-train.sh CAPSIM PROFILE_DIR: the training run of the profile-guided release build
# (make bench). It runs what users run - every shipped scenario under every kernel model, a
# comparison, the example workload of a phone at rest on three boards, the placement
# examples - and never the benchmarks' own workloads, so that the benchmark figures measure a
# build trained on something else.
set -eu
capsim=$(realpath "$1")
rm -rf "$2"
cd "$(dirname "$0")/.."
for sc in scenarios/*.json; do
  for model in v6.10 v6.9 latest capped none; do
    "$capsim" simulate "$sc" --model "$model" --json >/dev/null
  done
done
"$capsim" compare scenarios/hikey960-game-ipa.json >/dev/null
# the steady state of many light periodic tasks under the default model, where long
# simulations spend their time: five simulated minutes on each board, so that it, not the
# short scenario runs above, sets the profile of the event loop
for platform in hikey960 rk3399 pixel6; do
  "$capsim" simulate --platform "$platform" --workload examples/workloads/phone-at-rest.json \
    --duration 300 >/dev/null
done
"$capsim" place --state examples/place/rk3399-big-capped.json --task util=200,prev=0 >/dev/null
"$capsim" place --platform rk3399 --state examples/place/rk3399-signals.json \
  --task util=50,uclamp_min=1024,prev=0 >/dev/null
"$capsim" capacity rk3399 --max-freq 4=1200000 >/dev/null
echo "pgo-train: profile written to $2"
