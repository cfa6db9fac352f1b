# SPDX-License-Identifier: MIT
"""capsim sweep: a 50-run sweep gives the same table on a Dask LocalCluster of 2 workers (one
of them killed mid-sweep) as on the local engine, and the same reports as 50 separate
`capsim simulate --json` runs; runs are resumable, ids stable, failures kept apart."""
import json
import os
import signal
import subprocess

import capsim.engine as cs
from conftest import ROOT, capsim_exe, cli

SWEEP = {
    "scenario": os.path.join(ROOT, "scenarios", "rk3399-uclamp-ui.json"),
    "fixed": {"duration": "500ms"},
    "grid": {"caps": [{"policy4": f} for f in ("408MHz", "816MHz", "1200MHz", "1608MHz", "1800MHz")],
             "model": ["v6.9", "v6.10", "latest", "capped", "none"],
             "seed": [1, 2]},
}


def write_sweep(tmp_path, doc=SWEEP, name="s.json"):
    p = tmp_path / name
    p.write_text(json.dumps(doc))
    return str(p)


def test_dask_with_a_killed_worker_local_and_separate_runs_agree(tmp_path):
    path = write_sweep(tmp_path)
    killed = []

    def kill_one(n, client):
        if n == 3 and not killed:  # mid-sweep: SIGKILL one worker process
            pids = client.run(os.getpid)
            victim = sorted(pids.values())[0]
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    dask = cs.run(path, engine="dask", jobs=2, output=str(tmp_path / "dask.csv"),
                  runs_dir=str(tmp_path / "dask.runs"), capsim=capsim_exe(), on_result=kill_one)
    assert killed
    local = cs.run(path, engine="local", jobs=2, output=str(tmp_path / "local.csv"),
                   runs_dir=str(tmp_path / "local.runs"), capsim=capsim_exe())
    assert len(local) == 50 and (local.status == "ok").all()
    assert dask.equals(local)
    assert open(tmp_path / "dask.csv").read() == open(tmp_path / "local.csv").read()
    # the same as 50 separate `capsim simulate --json` of the expanded scenarios
    runs = cs.expand(path, capsim_exe(), str(tmp_path / "dask.runs"))
    assert len(runs) == 50 and len({r["id"] for r in runs}) == 50
    for r in runs:
        sc = tmp_path / ("%s.scenario.json" % r["id"])
        sc.write_text(json.dumps(r["scenario"]))
        out = cli("simulate", str(sc), "--json").stdout
        assert out == open(r["result"]).read() == open(tmp_path / "local.runs" / (r["id"] + ".json")).read()
    # the table's figures are the reports'
    row = local.set_index("id").loc[runs[0]["id"]]
    rep = json.loads(open(runs[0]["result"]).read())
    assert row.energy_j == "%.6f" % rep["energy_j"] and int(row.events) == rep["events"]
    assert int(row.deadline_misses) == sum(t["deadline_misses"] for t in rep["tasks"])


def test_resume_stable_ids_and_failures(tmp_path):
    small = dict(SWEEP, grid={"model": ["v6.9", "v6.10"]})
    path = write_sweep(tmp_path, small)
    first = subprocess.run([capsim_exe(), "sweep", path, "-o", str(tmp_path / "a.csv")],
                           capture_output=True, text=True)
    assert first.returncode == 0 and "2 to run" in first.stderr
    again = subprocess.run([capsim_exe(), "sweep", path, "-o", str(tmp_path / "a.csv")],
                           capture_output=True, text=True)
    assert "2 with a report" in again.stderr and "0 to run" in again.stderr
    ids = [l.split(",")[0] for l in open(tmp_path / "a.csv").read().splitlines()[1:]]
    # a value added to the grid, and a run that fails: the old ids stay, the failure is its own
    more = dict(small, grid={"model": ["v6.9", "v6.10", "none"]},
                runs=[{}, {"platform": "no-such-board"}])
    path = write_sweep(tmp_path, more)
    res = subprocess.run([capsim_exe(), "sweep", path, "-o", str(tmp_path / "b.csv")],
                         capture_output=True, text=True)
    assert res.returncode == 1
    rows = [l.split(",") for l in open(tmp_path / "b.csv").read().splitlines()[1:]]
    assert len(rows) == 6
    assert [r[0] for r in rows[:2]] == ids and "2 with a report" in res.stderr
    bad = [r for r in rows if r[1] == "failed"]
    assert len(bad) == 3 and all("no-such-board: no such platform" in ",".join(r) for r in bad)
    assert all(("run %s failed: no-such-board" % r[0]) in res.stderr for r in bad)
    assert sum(r[1] == "ok" for r in rows) == 3


def test_emit_slurm(tmp_path):
    path = write_sweep(tmp_path, dict(SWEEP, grid={"seed": [1, 2, 3]}))
    cli("sweep", path, "--emit", "slurm", "--runs-dir", str(tmp_path / "r"))
    script = open(tmp_path / "r" / "sweep.sbatch").read()
    assert "#SBATCH --array=0-2" in script
    ids = open(tmp_path / "r" / "runs.txt").read().split()
    assert len(ids) == 3
    # run the array's tasks as Slurm would (SLURM_ARRAY_TASK_ID), then the table collects them
    for k in range(3):
        subprocess.run(["sh", str(tmp_path / "r" / "sweep.sbatch")], check=True,
                       env=dict(os.environ, SLURM_ARRAY_TASK_ID=str(k)))
    res = subprocess.run([capsim_exe(), "sweep", path, "--runs-dir", str(tmp_path / "r")],
                         capture_output=True, text=True)
    assert "0 to run" in res.stderr and res.stdout.count(",ok,") == 3
