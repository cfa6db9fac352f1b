# SPDX-License-Identifier: MIT
"""capsim sweep: a 50-run sweep gives the same table on a Dask LocalCluster of 2 workers (one
of them killed mid-sweep) as on the local engine, and the same reports as 50 separate
`capsim simulate --json` runs; runs are resumable, ids stable, failures kept apart."""
import json
import os
import signal
import subprocess

import capsim.engine as cs
from conftest import ROOT, capsim_exe, cli, cli_json

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
    assert row.energy_j == round(rep["energy_j"], 6) and row.events == rep["events"]
    assert row.deadline_misses == sum(t["deadline_misses"] for t in rep["tasks"])


def test_table_columns_are_typed(tmp_path):
    """Issue 31: numbers as numbers (groupby().mean() works), each cap a column of its own."""
    import pandas as pd
    doc = dict(SWEEP, grid={"caps": [{"policy4": "408MHz"}, {"policy4": "1800MHz"}],
                            "model": ["v6.9", "v6.10"]})
    t = cs.run(write_sweep(tmp_path, doc), jobs=2, runs_dir=str(tmp_path / "r"),
               capsim=capsim_exe())
    for col in ("energy_j", "duration_s", "overutilized_pct"):
        assert pd.api.types.is_float_dtype(t[col]), (col, t[col].dtype)
    for col in ("events", "activations", "deadline_misses", "migrations"):
        assert pd.api.types.is_integer_dtype(t[col]), (col, t[col].dtype)
    assert "caps" not in t.columns and t["caps.policy4"].tolist() == ["408MHz"] * 2 + ["1800MHz"] * 2
    assert t.id.map(type).eq(str).all() and (t.status == "ok").all()
    means = t.groupby("model").energy_j.mean()
    assert set(means.index) == {"v6.9", "v6.10"} and (means > 0).all()


def test_cap_sweep_example_shows_the_misses_its_cap_causes(tmp_path):
    """Issue 31: examples/python/cap_sweep.py plotted zero misses for every model (the shipped
    UI task's 2 ms frames fit even a big CPU capped to 408 MHz). Its sweep's workload, at the
    example's lowest and highest cap: a frame takes run x 1024 / capacity; where that exceeds
    the period on the big CPUs, v6.9 (blind to the cap, so the task stays there) misses and
    v6.10 misses no more (it moves the task to a little CPU where a frame fits when the task
    wakes; one the fork placed on a capped big CPU and that never sleeps stays: 6.10 has no
    misfit on the CPUs of a task's max_allowed_capacity)."""
    ex = os.path.join(ROOT, "examples", "python")
    doc = json.load(open(os.path.join(ex, "rk3399-cap-sweep.json")))
    import re
    text = open(os.path.join(ex, doc["fixed"]["workload"])).read()
    wl = json.loads(re.sub(r"/\*.*?\*/", "", text, flags=re.S))  # rt-app JSON has comments
    run_us, period_us = wl["tasks"]["ui"]["run"], wl["tasks"]["ui"]["timer"]["period"]
    little = cli_json("platform", "show", "rk3399", "--json")["cpus"][0]["capacity_orig"]
    frame_us = {cap: run_us * 1024 / (1024 * int(cap[:-3]) // 1800) for cap in ("408MHz", "1800MHz")}
    assert frame_us["408MHz"] > period_us > frame_us["1800MHz"] and run_us * 1024 / little < period_us
    small = dict(doc, scenario=os.path.join(ROOT, "scenarios", "rk3399-uclamp-ui.json"),
                 fixed=dict(doc["fixed"], duration="2s",
                            workload=os.path.join(ex, doc["fixed"]["workload"])),
                 grid={"caps": [{"policy4": "408MHz"}, {"policy4": "1800MHz"}],
                       "model": ["v6.9", "v6.10"]})
    t = cs.run(write_sweep(tmp_path, small), jobs=2, runs_dir=str(tmp_path / "r"),
               capsim=capsim_exe()).set_index(["caps.policy4", "model"])
    assert t.loc[("408MHz", "v6.9"), "deadline_misses"] > 0
    # v6.10 can only do better: a fork that lands on a capped big CPU stays there while the
    # task never sleeps (6.10's update_misfit_status(): no misfit on a CPU of the task's
    # max_allowed_capacity), so both models may miss alike
    assert t.loc[("408MHz", "v6.10"), "deadline_misses"] <= t.loc[("408MHz", "v6.9"), "deadline_misses"]
    assert (t.loc["1800MHz", "deadline_misses"] == 0).all()


def test_dask_engine_names_a_missing_module_in_one_line(tmp_path):
    """Issue 31: a Python without numpy/pandas/dask (a fresh venv) is one line, not a traceback."""
    import sys
    venv = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    res = subprocess.run([capsim_exe(), "sweep", write_sweep(tmp_path), "--engine", "dask"],
                         capture_output=True, text=True,
                         env=dict(os.environ, CAPSIM_PYTHON=str(venv / "bin" / "python")))
    assert res.returncode == 3 and len(res.stderr.splitlines()) == 1, res.stderr
    assert "cannot import" in res.stderr and "dask.distributed" in res.stderr, res.stderr


def test_dask_sweep_counts_what_it_runs(tmp_path):
    """Issue 31: after the Dask engine ran every run, the table pass said "0 to run"; the count
    of runs to run comes before they run, the table pass says all have a report. Without
    $CAPSIM_LIB: a build-tree program hands its own library (beside it, whatever the build
    directory's name) to the package."""
    doc = dict(SWEEP, grid={"model": ["v6.9", "v6.10", "none"]})
    env = {k: v for k, v in os.environ.items() if k != "CAPSIM_LIB"}
    res = subprocess.run([capsim_exe(), "sweep", write_sweep(tmp_path, doc), "--engine", "dask",
                          "--jobs", "2", "--runs-dir", str(tmp_path / "r")],
                         capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    assert counts(res) == (0, 3) and "0 to run" not in res.stderr, res.stderr
    assert "3 runs, all with a report in" in res.stderr


def test_resume_stable_ids_and_failures(tmp_path):
    small = dict(SWEEP, grid={"model": ["v6.9", "v6.10"]})
    path = write_sweep(tmp_path, small)
    first = subprocess.run([capsim_exe(), "sweep", path, "-o", str(tmp_path / "a.csv")],
                           capture_output=True, text=True)
    assert first.returncode == 0 and "2 to run" in first.stderr
    again = subprocess.run([capsim_exe(), "sweep", path, "-o", str(tmp_path / "a.csv")],
                           capture_output=True, text=True)
    assert counts(again) == (2, 0) and "0 to run" not in again.stderr
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
    assert counts(res) == (3, 0) and res.stdout.count(",ok,") == 3


def sweep_cli(path, runs_dir, *more):
    return subprocess.run([capsim_exe(), "sweep", path, "--runs-dir", str(runs_dir), *more],
                          capture_output=True, text=True)


def counts(res):
    """(runs with a report, runs to run) from `capsim sweep`'s first line on stderr (with
    nothing to run it says "all with a report", not "0 to run")."""
    import re
    m = re.search(r"(\d+) runs, (\d+) with a report in .*, (\d+) to run", res.stderr)
    if not m:
        m = re.search(r"(\d+) runs, all with a report in .*: writing the table", res.stderr)
        assert m, res.stderr
        return int(m.group(1)), 0
    return int(m.group(2)), int(m.group(3))


def test_resume_reruns_exactly_the_runs_an_edited_input_affects(tmp_path):
    """Issue 30, defect 2: a run's id hashes its whole resolved input. A 2 x 2 sweep over two
    workload files and two platforms (a platform JSON of ours on rk3399's DT, and the shipped
    rk3399); edit the base scenario, a workload file and the platform file in turn: each
    resume re-runs exactly the runs that read what changed, and the table is a fresh sweep's."""
    wl = open(os.path.join(ROOT, "scenarios", "workloads", "rk3399-uclamp-ui.json")).read()
    (tmp_path / "w1.json").write_text(wl)
    (tmp_path / "w2.json").write_text(wl.replace('"run": 1000', '"run": 3000'))
    plat = {"base": os.path.join(ROOT, "data", "platforms", "rk3399.dtb"), "name": "ours"}
    (tmp_path / "ours.json").write_text(json.dumps(plat))
    base = {"platform": "rk3399", "workload": "w1.json", "duration": "300ms", "seed": 1,
            "caps": {"policy4": "408MHz"}}
    (tmp_path / "base.json").write_text(json.dumps(base))
    path = write_sweep(tmp_path, {"scenario": "base.json",
                                  "grid": {"platform": ["ours.json", "rk3399"],
                                           "workload": ["w1.json", "w2.json"]}})
    runs = tmp_path / "runs"
    assert counts(sweep_cli(path, runs)) == (0, 4)
    assert counts(sweep_cli(path, runs)) == (4, 0)

    def table_is_fresh(tag):
        res = sweep_cli(path, runs, "-o", str(tmp_path / (tag + ".csv")))
        fresh = sweep_cli(path, tmp_path / (tag + ".fresh"), "-o", str(tmp_path / (tag + "f.csv")))
        assert res.returncode == fresh.returncode == 0, res.stderr + fresh.stderr
        table = open(tmp_path / (tag + ".csv")).read()
        assert table == open(tmp_path / (tag + "f.csv")).read()
        return table

    def ids():
        """{(platform, workload): id} of the expanded runs"""
        return {(r["params"]["platform"].split("/")[-1], r["params"]["workload"].split("/")[-1]):
                r["id"] for r in cs.expand(path, capsim_exe(), str(runs))}

    def rerun_exactly(edit, changed):
        """after edit(), the runs that read the edited file have new ids, the others keep
        theirs, and the resume runs exactly the new ones"""
        old = ids()
        edit()
        res = sweep_cli(path, runs)
        new = ids()
        assert {k for k in old if old[k] != new[k]} == changed
        assert counts(res) == (4 - len(changed), len(changed))

    before = table_is_fresh("a")
    # the base scenario's cap: every run reads it
    base["caps"]["policy4"] = "1800MHz"
    rerun_exactly(lambda: (tmp_path / "base.json").write_text(json.dumps(base)),
                  {(p, w) for p in ("ours.json", "rk3399") for w in ("w1.json", "w2.json")})
    after_cap = table_is_fresh("b")
    assert after_cap != before
    # one workload file: the two runs that read it
    w2 = wl.replace('"run": 1000', '"run": 4000')
    rerun_exactly(lambda: (tmp_path / "w2.json").write_text(w2),
                  {("ours.json", "w2.json"), ("rk3399", "w2.json")})
    table_is_fresh("c")
    # the platform file: the two runs on it
    edited = json.dumps(dict(plat, name="ours-edited"))
    rerun_exactly(lambda: (tmp_path / "ours.json").write_text(edited),
                  {("ours.json", "w1.json"), ("ours.json", "w2.json")})
    table = table_is_fresh("d")
    assert "ours-edited" in "".join(open(p).read() for p in runs.glob("*.json"))
    assert table.count(",ok,") == 4


def test_a_stored_report_is_used_only_when_whole(tmp_path):
    """Issue 30, defect 3: an empty, truncated or foreign RUNS/ID.json, a directory or a FIFO
    there is re-run with a note (a FIFO never blocks); failed rows make the exit status 1."""
    path = write_sweep(tmp_path, dict(SWEEP, grid={"seed": [1, 2, 3, 4]}))
    runs = tmp_path / "runs"
    assert sweep_cli(path, runs, "-o", str(tmp_path / "a.csv")).returncode == 0
    reports = sorted(runs.glob("*.json"))
    assert len(reports) == 4
    good = [p.read_text() for p in reports]
    reports[0].write_text("")
    reports[1].write_text(good[1][:len(good[1]) // 2])
    reports[2].write_text(good[3])  # another run's report (seed 4 for seed 3's id ...)
    reports[3].unlink()
    os.mkfifo(reports[3])
    res = subprocess.run([capsim_exe(), "sweep", path, "--runs-dir", str(runs), "-o",
                          str(tmp_path / "b.csv")], capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert counts(res) == (0, 4)
    assert res.stderr.count("runs again") == 4
    assert [p.read_text() for p in sorted(runs.glob("*.json"))] == good
    assert open(tmp_path / "a.csv").read() == open(tmp_path / "b.csv").read()
    # a directory where a report goes: the run fails, its row says so, the exit status is 1
    reports[0].unlink()
    reports[0].mkdir()
    res = subprocess.run([capsim_exe(), "sweep", path, "--runs-dir", str(runs)],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 1 and res.stdout.count(",failed,") == 1, res.stderr


def test_two_sweeps_cannot_share_a_runs_dir_at_once(tmp_path):
    import fcntl
    path = write_sweep(tmp_path, dict(SWEEP, grid={"seed": [1]}))
    runs = tmp_path / "runs"
    runs.mkdir()
    with open(runs / ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        res = sweep_cli(path, runs)
    assert res.returncode == 1 and "another capsim sweep is using" in res.stderr
    assert not list(runs.glob("*.json"))


def test_the_dask_engine_holds_the_runs_dir_lock(tmp_path):
    """The Dask engine's client writes the reports under RUNS/.lock, as `capsim sweep` does:
    refused while another sweep holds it (before any worker starts), and a local sweep on the
    same runs directory is refused while the client holds it."""
    import fcntl
    import pytest
    path = write_sweep(tmp_path, dict(SWEEP, grid={"seed": [1]}))
    runs_dir = tmp_path / "runs"
    runs = cs.expand(path, capsim_exe(), str(runs_dir))
    with open(runs_dir / ".lock", "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        with pytest.raises(RuntimeError, match="another capsim sweep is using"):
            cs.run_dask(runs, jobs=1)
    assert not list(runs_dir.glob("*.json"))
    with cs._runs_dir_lock(runs):
        res = sweep_cli(path, runs_dir)
    assert res.returncode == 1 and "another capsim sweep is using" in res.stderr


def test_grid_cap_and_fast_dedup(tmp_path):
    """Issue 30, defect 10: a grid beyond --max-runs (default 10^6) is refused before anything
    is allocated; 40 000 runs (of which 20 000 distinct) expand and dedup in well under the
    linear scan's time."""
    huge = write_sweep(tmp_path, dict(SWEEP, grid={"seed": list(range(1000)),
                                                    "hz": list(range(1, 1001)),
                                                    "duration": ["1s", "2s"]}), "huge.json")
    res = sweep_cli(huge, tmp_path / "r1", "--emit", "list")
    assert res.returncode == 1 and "2000000 runs" in res.stderr and "--max-runs 1000000" in res.stderr
    res = sweep_cli(huge, tmp_path / "r1", "--emit", "list", "--max-runs", "1999999")
    assert res.returncode == 1 and "--max-runs 1999999" in res.stderr
    assert "--max-runs" in cli("sweep", "--help").stdout
    # the same 20 000 seeds twice (in two explicit runs): one run each; CPU time measured (the
    # machine may be shared), where the linear scan took 4.7 s for 20 000 runs and 4x for 40 000
    import resource
    many = write_sweep(tmp_path, dict(SWEEP, runs=[{}, {}],
                                      grid={"seed": list(range(20000))}), "many.json")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    res = sweep_cli(many, tmp_path / "r2", "--emit", "list")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == 20000 and len({json.loads(l)["id"] for l in lines}) == 20000
    assert [json.loads(l)["params"]["seed"] for l in lines[:3]] == [0, 1, 2]
    assert cpu < 3, cpu


def test_emit_slurm_quotes_names_and_skips_an_empty_array(tmp_path):
    """Issue 30, defect 4: a name with a quote is quoted in sweep.sbatch, one with a line break
    refused; with nothing left to run no array is written."""
    d = tmp_path / "it's here"
    d.mkdir()
    path = write_sweep(d, dict(SWEEP, grid={"seed": [1]}))
    runs = d / "o'runs"
    cli("sweep", path, "--emit", "slurm", "--runs-dir", str(runs))
    subprocess.run(["sh", str(runs / "sweep.sbatch")], check=True,
                   env=dict(os.environ, SLURM_ARRAY_TASK_ID="0"))
    res = sweep_cli(path, runs)
    assert res.returncode == 0 and counts(res) == (1, 0), res.stderr
    # nothing to run: no script, and an earlier one removed
    res = sweep_cli(path, runs, "--emit", "slurm")
    assert res.returncode == 0 and "nothing to submit" in res.stderr
    assert not (runs / "sweep.sbatch").exists()
    # a line break in the sweep file's name would end the comment it is pasted in: refused
    nl = tmp_path / "a\ntouch INJECTED\n.json"
    nl.write_text(json.dumps(dict(SWEEP, grid={"seed": [7]})))
    res = sweep_cli(str(nl), tmp_path / "nl.runs", "--emit", "slurm")
    assert res.returncode == 1 and "line break" in res.stderr
    assert not (tmp_path / "nl.runs" / "sweep.sbatch").exists()


BAD_SWEEPS = [
    ('{"grid": {"seed": [1]}, "grid": {"seed": [2]}}', r':1:\d+: key "grid" given twice'),
    ('{"fixed": {"duration": "1s",\n "duration": "9999s"}}', r':2:\d+: key "duration" given twice'),
    ('{"fixed": {"seed": 18446744073709551616}}', r':1:\d+: 18446744073709551616 does not fit'),
    ('{"runs": [null]}', r'runs\[0\]: expected an object of fields'),
    ('{"name": 5}', r'name: 5 \(expected a string\)'),
    ('{"fixed": {"seed": -1}}', r'fixed.seed: -1 is not a valid seed'),
    # json-c stops after the first value or at a NUL, and the rest was never read (the
    # adversarial pass, tests/adversarial/adversarial.py)
    ('{"grid": {"seed": [1]}} trailing', r':1:\d+: text after the JSON value'),
    ('{"grid": {"seed": [1]}}\n{"grid": {"seed": [2]}}', r':2:1: text after the JSON value'),
    ('{"grid": {"seed": [1]}}\0', r': a NUL byte \(expected JSON text\)'),
]


def test_sweep_file_gets_every_json_check(tmp_path):
    """Issue 30, defect 11: SWEEP.json and its base scenario get the checks of every JSON input."""
    import re
    for k, (text, want) in enumerate(BAD_SWEEPS):
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        p = tmp_path / ("bad%d.json" % k)
        # every case but the duplicates also has a base scenario, so only the defect is wrong
        p.write_text(text.replace("{", '{"scenario": %s, ' % json.dumps(SWEEP["scenario"]), 1))
        res = sweep_cli(str(p), tmp_path / "r", "--emit", "list")
        assert res.returncode == 1 and re.search(re.escape(str(p)) + ".*" + want, res.stderr), \
            (text, res.stderr)
        assert doc is None or res.stdout == ""
    base = tmp_path / "base.json"
    base.write_text('{"platform": "rk3399", "seed": 1,\n "seed": 2, "workload": %s}'
                    % json.dumps(os.path.join(ROOT, "scenarios", "workloads", "rk3399-uclamp-ui.json")))
    p = write_sweep(tmp_path, {"scenario": str(base)}, "dupbase.json")
    res = sweep_cli(p, tmp_path / "r", "--emit", "list")
    assert res.returncode == 1 and re.search(re.escape(str(base)) + r':2:\d+: key "seed" given twice',
                                             res.stderr), res.stderr
