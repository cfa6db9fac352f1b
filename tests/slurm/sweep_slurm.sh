#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `capsim sweep --emit slurm` on a real Slurm: a single-node cluster of Debian's slurm-wlm
# (slurmctld, slurmd) and munge, started here as root on loopback in a temporary directory,
# runs the emitted job array with `sbatch --wait`; every run's report must exist and equal,
# byte for byte, the local engine's report of the same run id, and the table `capsim sweep`
# then writes from the Slurm reports must equal the local engine's table.
# Exit 77 (skipped, the reason printed) when Slurm is not installed or cannot start here.
# The daemons run under `timeout`, so they end by themselves even if this script is killed.
# Usage: tests/slurm/sweep_slurm.sh CAPSIM SOURCE_DIR
set -u
capsim=$1 src=$2
DAEMON_SECONDS=${DAEMON_SECONDS:-240}
skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }

for c in slurmctld slurmd sbatch sinfo scontrol munged python3; do
  command -v "$c" >/dev/null 2>&1 ||
    skip "$c not found: install Debian's slurm-wlm and munge (make slurm-check does)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs as their user"

tmp=$(mktemp -d /tmp/capsim-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
  # scontrol shutdown stops both Slurm daemons; munged -s stops munge; then their pids
  SLURM_CONF=$tmp/slurm.conf timeout 10 scontrol shutdown >/dev/null 2>&1
  timeout 10 munged -s -S "$tmp/munge/sock" >/dev/null 2>&1
  for i in $(seq 50); do
    alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.2
  done
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
  [ -f "$tmp/munge/pid" ] && kill -KILL "$(cat "$tmp/munge/pid")" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# munge with a key of its own, on a socket of its own
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log"
chmod 755 "$tmp/munge"
head -c 1024 /dev/urandom >"$tmp/munge/key" && chmod 600 "$tmp/munge/key"
timeout "$DAEMON_SECONDS" munged -F -f -S "$tmp/munge/sock" --key-file="$tmp/munge/key" \
  --log-file="$tmp/log/munged.log" --pid-file="$tmp/munge/pid" --seed-file="$tmp/munge/seed" \
  >"$tmp/log/munged.out" 2>&1 &
pids+=($!)
for i in $(seq 50); do [ -S "$tmp/munge/sock" ] && break; sleep 0.1; done
[ -S "$tmp/munge/sock" ] || skip "munged does not start: $(tail -n 3 "$tmp/log/munged.out" "$tmp/log/munged.log" 2>/dev/null)"

# two free loopback ports, so that concurrent runs of this test do not meet
read -r ctld_port d_port < <("${CAPSIM_BUILD_PYTHON:-python3}" -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')
cpus=$(nproc); [ "$cpus" -gt 2 ] && cpus=2
cat >"$tmp/slurm.conf" <<EOF
ClusterName=capsimtest
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/sock
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
timeout "$DAEMON_SECONDS" slurmctld -D -i >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
timeout "$DAEMON_SECONDS" slurmd -D -N localhost >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)
state=
for i in $(seq 60); do
  state=$(timeout 5 sinfo -h -n localhost -o %T 2>/dev/null)
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] || skip "the node is not idle after 30 s (sinfo: '${state:-no answer}'); " \
  "slurmctld: $(tail -n 3 "$tmp/log/slurmctld.out" "$tmp/log/slurmctld.log" 2>/dev/null)" \
  "slurmd: $(tail -n 3 "$tmp/log/slurmd.out" "$tmp/log/slurmd.log" 2>/dev/null)"

# a sweep of 4 runs of a shipped scenario, 2 simulated seconds each
cat >"$tmp/sweep.json" <<EOF
{ "scenario": "$src/scenarios/rk3399-uclamp-ui.json", "fixed": { "duration": "2s" },
  "grid": { "model": [ "v6.9", "v6.10" ], "seed": [ 1, 2 ] } }
EOF
"$capsim" sweep "$tmp/sweep.json" --emit slurm --runs-dir "$tmp/slurm.runs" 2>"$tmp/emit.err" ||
  { cat "$tmp/emit.err" >&2; fail "capsim sweep --emit slurm fails"; }
ids=$(cat "$tmp/slurm.runs/runs.txt")
[ "$(wc -w <<<"$ids")" -eq 4 ] || fail "runs.txt lists $(wc -w <<<"$ids") runs, not 4"
grep -q '^#SBATCH --array=0-3$' "$tmp/slurm.runs/sweep.sbatch" || fail "sweep.sbatch is not an array of 4 tasks"

(cd "$tmp" && timeout 120 sbatch --wait "$tmp/slurm.runs/sweep.sbatch") >"$tmp/sbatch.out" 2>&1 ||
  { cat "$tmp/sbatch.out" "$tmp"/slurm.runs/slurm-*.out "$tmp"/slurm.runs/*.error >&2 2>/dev/null
    fail "sbatch --wait of the job array fails or times out"; }
jobid=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' "$tmp/sbatch.out")
[ -n "$jobid" ] || fail "sbatch printed no job id: $(cat "$tmp/sbatch.out")"
# each array task wrote its Slurm output file: the runs did go through Slurm
for k in 0 1 2 3; do
  [ -f "$tmp/slurm.runs/slurm-${jobid}_$k.out" ] || fail "no output of array task $k of job $jobid"
done

# the local engine on the same sweep
"$capsim" sweep "$tmp/sweep.json" --runs-dir "$tmp/local.runs" -o "$tmp/local.csv" 2>"$tmp/local.err" ||
  { cat "$tmp/local.err" >&2; fail "the local sweep fails"; }
for id in $ids; do
  [ -s "$tmp/slurm.runs/$id.json" ] || fail "run $id: no report from Slurm"
  [ -e "$tmp/slurm.runs/$id.error" ] && fail "run $id failed under Slurm: $(cat "$tmp/slurm.runs/$id.error")"
  [ -s "$tmp/local.runs/$id.json" ] || fail "run $id: no report from the local engine"
  cmp "$tmp/slurm.runs/$id.json" "$tmp/local.runs/$id.json" ||
    fail "run $id: the Slurm report differs from the local engine's"
done
"${CAPSIM_BUILD_PYTHON:-python3}" - "$tmp/slurm.runs" $ids <<'EOF' || fail "a Slurm report is not a simulate report"
import json, sys
for i in sys.argv[2:]:
    doc = json.load(open(f"{sys.argv[1]}/{i}.json"))
    assert doc["tasks"] and doc["cpus"], i
EOF
# the table from the Slurm reports: nothing left to run, the local engine's rows
"$capsim" sweep "$tmp/sweep.json" --runs-dir "$tmp/slurm.runs" -o "$tmp/slurm.csv" 2>"$tmp/table.err" ||
  { cat "$tmp/table.err" >&2; fail "capsim sweep after the array fails"; }
grep -q ' runs, all with a report in ' "$tmp/table.err" || fail "capsim sweep after the array ran runs again: $(cat "$tmp/table.err")"
cmp "$tmp/slurm.csv" "$tmp/local.csv" || fail "the table from the Slurm reports differs from the local engine's"
echo "ok: a 4-task Slurm job array (job $jobid, slurm-wlm $(slurmctld -V | cut -d' ' -f2)) gives the local engine's reports and table"
