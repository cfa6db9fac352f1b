# SPDX-License-Identifier: MIT
"""The binding against the program: every figure the Python API returns is compared with what
`capsim ... --json` prints for the same input, so a struct that drifted from the C layout, or a
wrong conversion, fails here."""
import concurrent.futures
import json
import os

import pytest

import capsim
from conftest import ROOT, cli, cli_json

SCEN = os.path.join(ROOT, "scenarios", "rk3399-uclamp-ui.json")


def test_simulate_json_is_the_cli_s():
    r = capsim.simulate(SCEN, duration="2s", model="v6.9")
    assert r.json == cli("simulate", SCEN, "--duration", "2s", "--model", "v6.9", "--json").stdout


def test_v6_1_model_is_the_cli_s():
    """v6.1 (6.1's CFS fair class) is a model name here as on the command line, by its enum too."""
    assert capsim.MODELS[6] == "v6.1"
    r = capsim.simulate(SCEN, duration="2s", model="v6.1")
    assert r.json == cli("simulate", SCEN, "--duration", "2s", "--model", "v6.1", "--json").stdout
    assert json.loads(r.json)["model"] == "v6.1"
    assert capsim.simulate(SCEN, duration="2s", model=6).json == r.json


def test_kernel_config_is_the_cli_s(tmp_path):
    """kernel_config= reads the file as --kernel-config does; the JSON records what it set."""
    kc = tmp_path / "gki.config"
    kc.write_text("CONFIG_HZ=1000\nCONFIG_UCLAMP_BUCKETS_COUNT=20\n")
    r = capsim.simulate(SCEN, duration="1s", kernel_config=str(kc))
    assert r.json == cli("simulate", SCEN, "--duration", "1s", "--kernel-config", str(kc),
                         "--json").stdout
    used = json.loads(r.json)["kernel_config"]
    # the scenario's kernel block gives hz 250, which wins over the file's CONFIG_HZ
    assert (used["file"], used["hz"], used["uclamp_buckets_count"]) == (str(kc), 250, 20)
    with pytest.raises(capsim.ParseError):
        kc.write_text("CONFIG_UCLAMP_TASK=m\n")
        capsim.simulate(SCEN, duration="1s", kernel_config=str(kc))


@pytest.mark.parametrize("scenario", ["rk3399-uclamp-ui.json", "hikey960-game-ipa.json",
                                      "rb5-lmh-bursts.json"])
def test_summary_structs_match_the_cli(scenario):
    path = os.path.join(ROOT, "scenarios", scenario)
    r = capsim.simulate(path, duration="1s")
    ref = cli_json("simulate", path, "--duration", "1s", "--json")
    assert r.header["platform"] == ref["platform"] and r.header["seed"] == ref["seed"]
    assert r.header["model"] == ref["model"] and r.header["hz"] == ref["hz"]
    assert r.header["governor"] == ref["governor"] and r.header["eas"] == ref["eas"]
    assert r.totals["events"] == ref["events"] and r.totals["migrations"] == ref["migrations"]
    assert r.totals["misfit_migrations"] == ref["misfit_migrations"]
    assert round(r.totals["energy_j"], 6) == ref["energy_j"]
    assert round(r.totals["overutilized_pct"], 4) == ref["overutilized_pct"]
    assert list(r.tasks.name) == [t["name"] for t in ref["tasks"]]
    for (_, t), rt in zip(r.tasks.iterrows(), ref["tasks"]):
        for k in ("activations", "deadline_misses", "timer_events", "migrations", "util_avg_end"):
            assert t[k] == rt[k], (t["name"], k)
        assert round(t["runtime_ns"] / 1e9, 6) == rt["runtime_s"]
        assert {str(c): round(ns / 1e9, 6) for c, ns in t["runtime_by_cpu_ns"].items()} == \
            rt["runtime_by_cpu_s"]
        assert round(t["lat_p99_us"], 3) == rt["wakeup_latency_us"]["p99"]  # JSON: %.3f
    assert list(r.cpus.index) == [c["cpu"] for c in ref["cpus"]]
    for cpu, rc in zip(r.cpus.itertuples(), ref["cpus"]):
        assert round(cpu.busy_pct, 4) == rc["busy_pct"]
        assert round(cpu.mean_actual_capacity, 1) == rc["mean_actual_capacity"]
        assert round(cpu.energy_j, 6) == rc["energy_j"]


def test_scenario_built_in_code_is_the_file_s():
    # the CLI's --platform/--workload start from the built-in scenario (its kernel block: HZ,
    # governor, rate_limit_us, EAS, uclamp, model) without its caps, as Scenario.default() does
    sc = capsim.Scenario.default(platform="rk3399", workload=os.path.join(ROOT, "scenarios", "workloads",
                                                                          "rk3399-uclamp-ui.json"),
                                 duration="1s", seed=1, clear_events=True, max_freq=["policy4=408MHz"])
    assert capsim.simulate(sc).json == cli(
        "simulate", "--platform", "rk3399", "--workload", "scenarios/workloads/rk3399-uclamp-ui.json",
        "--duration", "1s", "--seed", "1", "--max-freq", "policy4=408MHz", "--json").stdout


def test_compare_report_is_the_cli_s():
    table, text = capsim.compare(SCEN, models=["v6.9", "v6.10"], duration="1s", json=True)
    ref = json.loads(cli("compare", SCEN, "--models", "v6.9,v6.10", "--duration", "1s",
                         "--json").stdout)
    assert json.loads(text) == ref
    assert list(table.index) == ["v6.9", "v6.10"]
    assert round(table.loc["v6.9", "energy_j"], 6) == ref["models"]["v6.9"]["energy_j"]


def test_capacity_matches_the_cli():
    df = capsim.capacity("rk3399", max_freq={4: 1200000})
    ref = cli_json("capacity", "rk3399", "--max-freq", "4=1200000", "--json")
    cpus = ref["cpus"] if isinstance(ref, dict) else ref
    for c in cpus:
        assert df.loc[c["cpu"], "actual_capacity"] == c["actual_capacity"]
        assert df.loc[c["cpu"], "cpufreq_pressure"] == c["cpufreq_pressure"]
    assert df.actual_capacity.tolist() == [381, 381, 381, 381, 682, 682]


def test_platform_tables_match_the_cli():
    p = capsim.Platform("hikey960")
    ref = cli_json("platform", "show", "hikey960", "--json")
    assert p.cpus.capacity_orig.tolist() == [c["capacity_orig"] for c in ref["cpus"]]
    assert p.cpus.freq_ref_khz.tolist() == [c["freq_ref_khz"] for c in ref["cpus"]]
    assert p.cpus.compatible.tolist() == [c["compatible"] for c in ref["cpus"]]
    assert p.info["freq_invariance"] == ref["freq_invariance"] == "cpufreq"
    opps = [(pol["policy"], o["khz"], o["power_uw"], o["cost"]) for pol in ref["policies"]
            for o in pol["opps"]]
    assert [tuple(x) for x in p.opps[["policy", "khz", "power_uw", "cost"]].itertuples(index=False)] == opps
    assert capsim.platforms() == cli("platform", "list").stdout.split() or \
        set(capsim.platforms()) <= set(cli("platform", "list").stdout.split())


def test_place_matches_the_cli():
    state = os.path.join(ROOT, "examples", "place", "rk3399-big-capped.json")
    d, cpus = capsim.place(state, task="util=50,uclamp_min=1024,prev=4")
    ref = cli_json("place", "--state", state, "--task", "util=50,uclamp_min=1024,prev=4", "--json")
    assert d["select_idle_capacity"] == ref["select_idle_capacity"]
    assert d["feec"] == ref["feec"]
    assert d["select_idle_capacity"] == 0 and d["feec"] == 0  # README: no CPU fits; CPU0 has most


def test_lisa_platforms():
    juno = capsim.Platform(os.path.join(ROOT, "tests", "data", "lisa", "juno-sched-load.plat_info.yml"))
    assert juno.cpus.capacity_orig.tolist() == [446, 1024, 1024, 446, 446, 446]
    assert capsim.Platform("rk3399").to_lisa() == cli("platform", "show", "rk3399", "--format",
                                                      "lisa").stdout


def test_errors_are_typed_and_carry_capsim_messages(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{\n  "platform": "rk3399",\n  "kernel": { "hz": "fast" }\n}\n')
    with pytest.raises(capsim.ParseError) as e:
        capsim.Scenario(str(bad))
    assert e.value.message.startswith(str(bad) + ":3:")
    assert e.value.message == cli("simulate", str(bad), check=False).stderr.strip()[len("capsim: "):]
    with pytest.raises(capsim.NotFoundError):
        capsim.Platform("no-such-board")
    with pytest.raises(capsim.RangeError):
        capsim.Scenario(hz=0)


def test_series_columns_agree_with_the_summary():
    r = capsim.simulate(SCEN, duration="2s", series=True)
    runs = r.runs.assign(ns=r.runs.end_ns - r.runs.start_ns)
    by_task = runs.groupby("task").ns.sum()
    for t in r.tasks.itertuples():
        assert by_task[t.name] == t.runtime_ns, t.name
    cs = r.cpu_series
    # the scenario caps policy4 at 408 MHz: v6.10 sees actual capacity 232 on CPUs 4-5
    cap4 = cs[(cs.cpu == 4) & (cs.signal == "capacity")].value
    assert cap4.iloc[-1] == 232
    opps = set(capsim.Platform("rk3399").opps.khz)
    assert set(cs[cs.signal == "freq_khz"].value) <= opps
    assert len(set(cs[(cs.cpu == 0) & (cs.signal == "freq_khz")].value)) > 1  # schedutil moved it
    assert (cs.time_ns.diff().dropna() >= 0).all()


def test_series_are_the_recordings_the_cli_writes_as_csv(tmp_path):
    """One recorder: the binding's frequency column is, row for row, `--csv`'s cpu_frequency.csv
    (changes of delivered frequency), and its time-weighted mean is the summary's (the static
    cap lowers policy4's policy->cur with no governor step: that change must be there)."""
    r = capsim.simulate(SCEN, duration="2s", series=True)
    cli("simulate", SCEN, "--duration", "2s", "--csv", str(tmp_path))
    import csv
    rows, last = [], {}
    with open(tmp_path / "cpu_frequency.csv") as f:
        for row in csv.DictReader(f):
            c, v = int(row["cpu"]), int(row["delivered_khz"])
            if last.get(c) != v:
                rows.append((int(row["time_ns"]), c, v))
            last[c] = v
    cs = r.cpu_series[r.cpu_series.signal == "freq_khz"]
    assert list(zip(cs.time_ns.tolist(), cs.cpu.tolist(), cs.value.tolist())) == rows
    end = r.header["duration_ns"]
    for cpu in (0, 4):
        f = cs[cs.cpu == cpu]
        t = f.time_ns.tolist() + [end]
        mean = sum(v * (t[i + 1] - t[i]) for i, v in enumerate(f.value.tolist())) / end
        assert abs(mean - r.cpus.loc[cpu, "mean_freq_khz"]) <= 1 + 1e-3 * mean, cpu


def test_series_are_compact_and_not_copied():
    """Issue 32: the columns are C's own arrays in compact types (no copy: numpy does not own
    them), task names a categorical; the frames keep the recording alive after the Result."""
    r = capsim.simulate(SCEN, duration="1s", series=True)
    cs, runs = r.cpu_series, r.runs
    assert [str(t) for t in cs.dtypes] == ["int64", "uint16", "category", "uint32"]
    assert [str(t) for t in runs.dtypes] == ["int32", "category", "uint16", "int64", "int64"]
    assert not cs.time_ns.to_numpy().flags.owndata and not runs.end_ns.to_numpy().flags.owndata
    want = sorted(r.tasks.name)
    del r
    import gc
    gc.collect()
    assert sorted(runs.task.unique()) == want and (runs.end_ns >= runs.start_ns).all()


def test_series_window_and_step_sample_the_full_series():
    """series=dict(start, end, step): each signal sampled at start + k * step (a row where the
    value differs from that signal's last row), derived here from the full series; the runs cut
    to the window."""
    full = capsim.simulate(SCEN, duration="2s", series=True)
    win = capsim.simulate(SCEN, duration="2s", series=dict(start="0.25s", end=1.5, step="50ms"))
    start, end, step = 250_000_000, 1_500_000_000, 50_000_000
    fs = full.cpu_series
    want, last = [], {}
    for at in range(start, end, step):
        held = fs[fs.time_ns <= at].groupby(["cpu", "signal"], observed=True).value.last()
        for cpu in sorted(fs.cpu.unique()):
            for name in fs.signal.cat.categories:  # in enum capsim_signal's order
                if (cpu, name) in held.index and last.get((cpu, name)) != held[(cpu, name)]:
                    last[(cpu, name)] = held[(cpu, name)]
                    want.append((at, int(cpu), name, int(held[(cpu, name)])))
    ws = win.cpu_series
    got = list(zip(ws.time_ns.tolist(), ws.cpu.tolist(), ws.signal.astype(str).tolist(),
                   ws.value.tolist()))
    assert got == want and len(got) > 20
    fr = full.runs
    # overlapping [start, end), or empty within it
    keep = fr[(fr.start_ns < end) & (fr.end_ns >= start) &
              ~((fr.end_ns == start) & (fr.start_ns < fr.end_ns))]
    assert win.runs.start_ns.tolist() == keep.start_ns.clip(lower=start).tolist()
    assert win.runs.end_ns.tolist() == keep.end_ns.clip(upper=end).tolist()
    assert win.runs.task.astype(str).tolist() == keep.task.astype(str).tolist()
    with pytest.raises(capsim.RangeError):
        capsim.simulate(SCEN, duration="1s", series=dict(start="1s", end="0.5s"))
    with pytest.raises(ValueError):
        capsim.simulate(SCEN, duration="1s", series=dict(stride="1ms"))


def test_runs_in_threads_give_the_serial_results():
    seeds = [1, 2, 3, 4]
    serial = [capsim.simulate(SCEN, duration="1s", seed=s).json for s in seeds]
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        par = list(ex.map(lambda s: capsim.simulate(SCEN, duration="1s", seed=s).json, seeds))
    assert par == serial


def test_a_deadlock_within_the_duration_is_a_warning():
    """Issue 30, defect 8: the run's warning reaches Python as the CLI prints it (a
    CapsimWarning with the same text); the run still ends with its figures. compare() names
    the model, as `capsim compare` does."""
    wl = os.path.join(ROOT, "tests", "data", "deadlock", "abba.json")
    want = cli("simulate", "--platform", "rk3399", "--workload", wl, "--duration", "1s",
               check=False).stderr
    line = [l for l in want.splitlines() if "deadlock at" in l]
    assert len(line) == 1 and line[0].startswith("capsim: warning: ")
    with pytest.warns(capsim.CapsimWarning) as got:
        r = capsim.simulate({"platform": "rk3399", "workload": wl, "duration": "1s"})
    assert [str(w.message) for w in got] == [line[0][len("capsim: warning: "):]]
    assert r.totals["events"] > 0
    with pytest.warns(capsim.CapsimWarning) as got:
        capsim.compare({"platform": "rk3399", "workload": wl, "duration": "1s"},
                       models=["v6.9", "v6.10"])
    assert [str(w.message).split(":")[0] for w in got] == ["model v6.9", "model v6.10"]
