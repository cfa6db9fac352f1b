# SPDX-License-Identifier: MIT
"""The sweep engines: capsim.sweep() from Python, and the Dask engine of `capsim sweep --engine dask`.

The expansion of SWEEP.json into runs (ids, scenarios) and the results table are the capsim
program's (cli/cmd_sweep.c: `--emit list`, then a plain `capsim sweep` that finds every report
and only writes the table), so both engines give the same runs, reports and table. The Dask
engine sends each run without a report to a worker, which simulates it through this package
(the GIL released); the client writes each report as it arrives (atomically: a temporary file
renamed), so a worker lost mid-sweep costs only its runs in flight, which the scheduler gives
to another worker. A failed run's message is kept as RUNS/ID.error.

    python3 -m capsim.engine SWEEP.json [--jobs N] [--scheduler ADDR] [-o F] [--runs-dir D]
"""
import argparse
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pandas as pd


def find_capsim(capsim=None):
    """The capsim program: @capsim, $CAPSIM, build/capsim beside the loaded library, or PATH."""
    if capsim:
        return capsim
    if os.environ.get("CAPSIM"):
        return os.environ["CAPSIM"]
    from ._lib import lib_path
    near = os.path.join(os.path.dirname(os.path.abspath(lib_path)), "capsim")
    if os.path.exists(near):
        return near
    found = shutil.which("capsim")
    if not found:
        raise FileNotFoundError("capsim: the capsim program is needed for sweeps (set $CAPSIM)")
    return found


def _common(runs_dir, output):
    args = []
    if runs_dir:
        args += ["--runs-dir", runs_dir]
    if output:
        args += ["-o", output]
    return args


def expand(path, capsim=None, runs_dir=None, output=None):
    """The runs of SWEEP.json: dicts with id, params, scenario, dir, result, done."""
    out = subprocess.run([find_capsim(capsim), "sweep", path, "--emit", "list"]
                         + _common(runs_dir, output), check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def simulate_run(run):
    """On a worker: one run's `capsim simulate --json` text, or raises capsim's error."""
    import capsim
    sc = capsim.Scenario.parse(run["scenario"], name=run["id"], dir=run["dir"])
    return capsim.simulate(sc).json


def _write_atomic(path, text):
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


@contextlib.contextmanager
def _runs_dir_lock(runs):
    """RUNS/.lock held (flock, as `capsim sweep` holds it) while the client writes reports:
    another sweep on the same runs directory is refused meanwhile, and this one is refused
    while another holds it. Released before the program's table step, which takes it itself."""
    if not runs:
        yield
        return
    runs_dir = os.path.dirname(runs[0]["result"])
    path = os.path.join(runs_dir, ".lock")
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RuntimeError("%s: another capsim sweep is using %s (it holds %s): wait for it "
                               "to end, or give this one another --runs-dir"
                               % (runs_dir, runs_dir, path)) from None
        yield
    finally:
        os.close(fd)


def run_dask(runs, jobs=None, scheduler=None, progress=True, on_result=None):
    """Simulate @runs (those not done) on Dask; write each report (or .error) as it arrives,
    holding RUNS/.lock meanwhile. on_result(n_done, client) is called after each, e.g. to kill
    a worker in a test."""
    with _runs_dir_lock(runs):
        return _run_dask(runs, jobs, scheduler, progress, on_result)


def _run_dask(runs, jobs, scheduler, progress, on_result):
    from dask.distributed import Client, LocalCluster, as_completed
    todo = [r for r in runs if not r["done"]]
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=jobs or 2, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    failed = 0
    try:
        futures = {client.submit(simulate_run, r, key="capsim-run-" + r["id"], pure=False,
                                 retries=2): r for r in todo}
        for n, fut in enumerate(as_completed(futures), 1):
            r = futures[fut]
            err_path = r["result"][:-len(".json")] + ".error"
            try:
                _write_atomic(r["result"], fut.result())
                if os.path.exists(err_path):
                    os.unlink(err_path)
            except Exception as e:  # the run's own failure: keep its message, go on
                failed += 1
                msg = getattr(e, "message", None) or str(e)
                _write_atomic(err_path, msg)
                print("\ncapsim sweep: run %s failed: %s" % (r["id"], msg), file=sys.stderr)
            if progress:
                print("\rcapsim sweep: %d of %d runs done on Dask, %d failed" % (n, len(todo), failed),
                      end="", file=sys.stderr)
            if on_result:
                on_result(n, client)
        if progress and todo:
            print(file=sys.stderr)
    finally:
        client.close()
        if cluster:
            cluster.close()
    return failed


def run(path, engine="local", jobs=None, scheduler=None, output=None, runs_dir=None,
        capsim=None, on_result=None):
    """Run the sweep @path and return its table as a DataFrame (also written to @output)."""
    exe = find_capsim(capsim)
    if engine == "dask":
        run_dask(expand(path, exe, runs_dir, output), jobs, scheduler, on_result=on_result)
    elif engine != "local":
        raise ValueError("engine %r: expected local or dask" % engine)
    # every report is there now (dask), or the local engine runs the rest: either way the
    # program writes the table
    args = [exe, "sweep", path] + (["--jobs", str(jobs)] if jobs and engine == "local" else [])
    res = subprocess.run(args + _common(runs_dir, output), capture_output=True, text=True)
    sys.stderr.write(res.stderr)
    if res.returncode not in (0, 1):
        raise RuntimeError("capsim sweep failed (%d): %s" % (res.returncode, res.stderr))
    if output and output.endswith(".json"):
        with open(output) as f:
            return pd.json_normalize(json.load(f))
    import io
    return typed_table(pd.read_csv(open(output) if output else io.StringIO(res.stdout), dtype=str,
                                   keep_default_na=False))


# the table's text columns (docs/formats.md, "Sweep"): never numbers, even when they look so
TEXT_COLUMNS = ("id", "status", "error")


def _expand_object_column(table, col):
    """A column of JSON objects (a field such as caps, hw_caps or uclamp: compact JSON in the
    CSV) as one column per key, "caps.policy4", at its place, as pd.json_normalize() names the
    JSON table's; @table unchanged when the column holds anything else."""
    cells = table[col]
    given = cells[cells != ""]
    if given.empty or not given.str.startswith("{").all():
        return table
    flat = pd.json_normalize([json.loads(v) if v else {} for v in cells]).add_prefix(col + ".")
    flat.index = table.index
    at = table.columns.get_loc(col)
    return pd.concat([table.iloc[:, :at], flat, table.iloc[:, at + 1:]], axis=1)


def _numeric(cells):
    """@cells as numbers when each given one is a number ("" is missing: NaN), else as is."""
    try:
        return pd.to_numeric(cells.replace("", float("nan")))
    except (ValueError, TypeError):
        return cells


def typed_table(table):
    """The CSV table with types: numbers as numbers (a failed run's missing figures NaN), each
    object-valued field as columns of its keys; id, status and error stay text."""
    for col in [c for c in table.columns if c not in TEXT_COLUMNS]:
        table = _expand_object_column(table, col)
    for col in [c for c in table.columns if c not in TEXT_COLUMNS]:
        if table[col].dtype == object:
            table[col] = _numeric(table[col])
    return table


def main(argv=None):
    ap = argparse.ArgumentParser(prog="capsim sweep --engine dask")
    ap.add_argument("sweep")
    ap.add_argument("--capsim")
    ap.add_argument("--jobs", type=int)
    ap.add_argument("--engine", default="dask")
    ap.add_argument("--scheduler")
    ap.add_argument("-o", "--output")
    ap.add_argument("--runs-dir")
    a = ap.parse_args(argv)
    exe = find_capsim(a.capsim)
    runs = expand(a.sweep, exe, a.runs_dir, a.output)
    todo = sum(not r["done"] for r in runs)
    if runs and todo:
        # the program's own count (cli/cmd_sweep.c print_todo()), before the runs go to Dask: its
        # table pass afterwards has none left to run
        print("capsim sweep: %d runs, %d with a report in %s, %d to run on Dask"
              % (len(runs), len(runs) - todo, os.path.dirname(runs[0]["result"]), todo),
              file=sys.stderr)
    try:
        failed = run_dask(runs, a.jobs, a.scheduler, progress=sys.stderr.isatty())
    except RuntimeError as e:  # RUNS/.lock held by another sweep
        print("capsim: %s" % e, file=sys.stderr)
        return 1
    # the table, by the program (it finds every report and runs nothing)
    res = subprocess.run([exe, "sweep", a.sweep] + _common(a.runs_dir, a.output))
    return res.returncode or (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
