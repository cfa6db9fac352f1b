# SPDX-License-Identifier: MIT
"""capsim.analyze(): the figures of a real trace as DataFrames. Each expected value is worked
out here from the trace text itself (docs/formats.md, "Trace analysis", the definitions), or
from a float model of PELT written here; the binding is also compared with the CLI's JSON."""
import csv
import math
import os
import re

import pytest

import capsim
from conftest import ROOT, cli, cli_json

JUNO = os.path.join(ROOT, "tests", "data", "traces", "juno-sched-load.report.txt")
JUNO_PLAT = os.path.join(ROOT, "tests", "data", "lisa", "juno-sched-load.plat_info.yml")
LINE = re.compile(r"^\s*(.*?)-(\d+)\s+\[(\d+)\]\s+(\d+)\.(\d+):\s+(\w+):\s?(.*)$")
SWITCH = re.compile(r"^\s*(.+):(\d+) \[(\d+)\] (\S+) ==> (.+):(\d+) \[(\d+)\]\s*$")


def juno_events():
    """(ts_ns, cpu, name, body) of every event line of the Juno trace, in time order."""
    out = []
    with open(JUNO) as f:
        for line in f:
            m = LINE.match(line)
            if m:
                ts = int(m.group(4)) * 10**9 + int(m.group(5).ljust(9, "0"))
                out.append((ts, int(m.group(3)), m.group(6), m.group(7)))
    return sorted(out, key=lambda e: e[0])


def test_runtime_and_busy_worked_out_from_the_text():
    ev = juno_events()
    first, last = ev[0][0], ev[-1][0]
    running, since, busy, runtime = {}, {}, {}, {}
    for ts, cpu, name, body in ev:
        if name != "sched_switch":
            continue
        prev, nxt = SWITCH.match(body).group(2, 6)
        prev, nxt = int(prev), int(nxt)
        start = since.get(cpu, first)  # a CPU's first switch: prev ran from the window's start
        if prev:
            runtime[prev] = runtime.get(prev, 0) + ts - start
            busy[cpu] = busy.get(cpu, 0) + ts - start
        running[cpu], since[cpu] = nxt, ts
    for cpu, pid in running.items():  # still running at the window's end
        if pid:
            runtime[pid] = runtime.get(pid, 0) + last - since[cpu]
            busy[cpu] = busy.get(cpu, 0) + last - since[cpu]
    r = capsim.analyze(JUNO)
    assert r.pelt_form is None and r.capacity is None
    for pid, ns in runtime.items():
        assert r.tasks.loc[pid, "runtime_s"] == pytest.approx(ns / 1e9, abs=1e-9)
    for cpu, ns in busy.items():
        assert r.cpus.loc[cpu, "busy_pct"] == pytest.approx(100 * ns / (last - first), abs=1e-4)
    assert r.task_cpus.groupby("pid").runtime_s.sum().to_dict() == pytest.approx(
        {pid: ns / 1e9 for pid, ns in runtime.items() if ns})


def test_the_binding_is_the_cli_s():
    r = capsim.analyze(JUNO, platform=JUNO_PLAT, pelt="5.1")
    assert r.json == cli_json("analyze", JUNO, "--platform", JUNO_PLAT, "--pelt", "5.1", "--json")
    assert r.pelt_form == "5.1" and list(r.capacity.columns) == capsim.Analysis.CAPACITY_COLUMNS
    # the Juno trace logs sched_load_se: auto takes the pre-5.1 form
    assert capsim.analyze(JUNO, platform=JUNO_PLAT).pelt_form == "pre-5.1"
    with pytest.raises(ValueError):
        capsim.analyze(JUNO, pelt="4.19")


def test_kernel_config_sets_the_tick_rate(tmp_path):
    """kernel_config= is `--kernel-config`: its CONFIG_HZ is the tick rate unless hz= is
    given (docs/formats.md, "Trace analysis"); a bad file is the library's error."""
    kc = tmp_path / "defconfig"
    kc.write_text("CONFIG_HZ_100=y\nCONFIG_HZ=100\n")
    r = capsim.analyze(JUNO, platform=JUNO_PLAT, kernel_config=kc)
    assert r.json["hz"] == 100
    assert r.json["kernel_config"] == {"file": str(kc), "hz": 100, "hz_from": "kernel_config",
                                       "used_for": ["hz", "replay"]}
    assert r.json == cli_json("analyze", JUNO, "--platform", JUNO_PLAT, "--kernel-config",
                              str(kc), "--json")
    given = capsim.analyze(JUNO, platform=JUNO_PLAT, kernel_config=kc, hz=300)
    assert given.json["hz"] == 300 and given.json["kernel_config"]["hz_from"] == "option"
    assert capsim.analyze(JUNO, platform=JUNO_PLAT).json["hz"] == 250
    kc.write_text("CONFIG_HZ=abc\n")
    with pytest.raises(capsim.CapsimError, match="defconfig"):
        capsim.analyze(JUNO, platform=JUNO_PLAT, kernel_config=kc)
    with pytest.raises(TypeError):
        capsim.analyze(JUNO, kernel_config=3)


Y = 0.5 ** (1 / 32)
PERIOD_NS = 1024 * 1024


def util_running(run_ns, cap, form):
    """A float PELT: util after running run_ns from 0 on a CPU of capacity cap at its top
    frequency. Before 5.1 the contributions are scaled (util tends to cap); since 5.1 the clock
    is (util tends to 1024, but in time scaled by cap / 1024)."""
    if form == "pre-5.1":
        return cap * (1 - Y ** (run_ns / PERIOD_NS))
    return 1024 * (1 - Y ** (run_ns * cap / 1024 / PERIOD_NS))


def pelt_trace(tmp_path, event, form):
    """Pid 42 runs on CPU 0 (Juno little: capacity 446, 850 MHz its top) from 1.0 s to 1.3 s;
    its PELT is logged as @event every 20 ms with the values of util_running(form)."""
    lines = ["x-1 [000] d..2. 1.000000: cpu_frequency: state=850000 cpu_id=0",
             "x-1 [000] d..2. 1.000000: sched_switch: prev_comm=swapper/0 prev_pid=0 prev_prio=120 "
             "prev_state=R ==> next_comm=t42 next_pid=42 next_prio=120"]
    for k in range(0, 16):
        ts = 1_000_001_000 + k * 20_000_000
        util = round(util_running(ts - 1_000_000_000, 446, form))
        lines.append("t42-42 [000] d..2. %d.%06d: %s: cpu=0 path=(null) comm=t42 pid=42 load=0 "
                     "util=%d" % (ts // 10**9, ts % 10**9 // 1000, event, util))
    lines.append("t42-42 [000] d..2. 1.310000: sched_switch: prev_comm=t42 prev_pid=42 "
                 "prev_prio=120 prev_state=S ==> next_comm=swapper/0 next_pid=0 next_prio=120")
    path = tmp_path / ("%s.txt" % event)
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("event,form,other", [("sched_load_se", "pre-5.1", "5.1"),
                                              ("sched_pelt_se", "5.1", "pre-5.1")])
def test_pelt_replay_follows_a_float_model(tmp_path, event, form, other):
    # the logs follow `form`: auto takes it from the event's name, and the replay in that form
    # stays within the float model's error (its 1-ms windows: 1 util here), the other does not
    trace = pelt_trace(tmp_path, event, form)
    r = capsim.analyze(trace, platform=JUNO_PLAT)
    assert r.pelt_form == form
    assert r.json["pelt"]["chosen_by"] == ("trace_events" if form == "pre-5.1" else "default")
    t = r.tasks.loc[42]
    assert t.pelt_seeded and t.pelt_util_error_n == 15
    assert t.pelt_util_error_max_abs <= 2
    far = capsim.analyze(trace, platform=JUNO_PLAT, pelt=other).tasks.loc[42]
    worst = max(abs(util_running(k * 20e6, 446, form) - util_running(k * 20e6, 446, other))
                for k in range(1, 16))
    assert far.pelt_util_error_max_abs >= worst - 6 > 100
    assert r.json["pelt"]["util_error"]["n"] == 15
    assert not math.isnan(t.pelt_util_error_mean_abs)


def test_phases_merge_preemptions_and_count_work(tmp_path):
    # pid 7 wakes every 10 ms on CPU 0 (a Juno little) at half its reference frequency and
    # runs 4 ms, once preempted halfway (prev_state R+: the same activation); then it changes
    # to 1 ms every 10 ms. Work is ns x capacity x f / f_ref / the biggest CPU's capacity.
    cpus = cli_json("platform", "show", JUNO_PLAT, "--json")["cpus"]
    big = max(c["capacity_orig"] for c in cpus)
    cap, ref = cpus[0]["capacity_orig"], cpus[0]["freq_ref_khz"]
    sw = ("x-1 [000] d..2. %.6f: sched_switch: prev_comm=%s prev_pid=%d prev_prio=120 "
          "prev_state=%s ==> next_comm=%s next_pid=%d next_prio=120")
    wake = "x-1 [000] d..2. %.6f: sched_wakeup: comm=t7 pid=7 prio=120 target_cpu=000"
    lines = ["x-1 [000] d..2. 1.000000: cpu_frequency: state=%d cpu_id=0" % (ref // 2)]
    runs = [4000] * 5 + [1000] * 5
    for k, run_us in enumerate(runs):
        t0 = 1.0 + k * 0.010
        lines += [wake % t0, sw % (t0, "swapper/0", 0, "R", "t7", 7)]
        if k == 2:  # preempted for 1 ms in the middle
            mid = t0 + run_us / 2e6
            lines += [sw % (mid, "t7", 7, "R+", "kw", 9), sw % (mid + 0.001, "kw", 9, "S", "t7", 7)]
            lines += [sw % (t0 + run_us / 1e6 + 0.001, "t7", 7, "S", "swapper/0", 0)]
        else:
            lines += [sw % (t0 + run_us / 1e6, "t7", 7, "S", "swapper/0", 0)]
    path = tmp_path / "phases.txt"
    path.write_text("\n".join(lines) + "\n")
    r = capsim.analyze(str(path), platform=JUNO_PLAT)
    ph = r.phases[r.phases.pid == 7].reset_index(drop=True)
    assert list(ph.loops) == [5, 5]
    assert list(ph.period_us) == pytest.approx([10000, 10000])
    assert list(ph.run_us) == pytest.approx([4000, 1000])
    # printed to the ns (3 decimals of µs)
    assert list(ph.work_us) == pytest.approx([u * cap * 0.5 / big for u in (4000, 1000)], abs=5e-4)
    assert r.json == cli_json("analyze", str(path), "--platform", JUNO_PLAT, "--json")
    assert capsim.analyze(str(path)).phases.empty  # no platform: no work, no phases


def ftrace(events):
    """ftrace text of (µs after 1 s, cpu, event, body)."""
    return "# tracer: nop\n" + "".join(
        "          <idle>-0       [%03d] d..2. %d.%06d: %s: %s\n" % (c, 1 + t // 10**6, t % 10**6, n, b)
        for t, c, n, b in events)


def test_policy_limits_are_the_change_points(tmp_path):
    # both spellings; a repeat of a CPU's limits is no change; with rk3399 policy0 is CPUs 0-3
    ev = [(0, 0, "cpu_frequency_limits", "min=408000 max=1416000 cpu_id=0"),
          (1000, 0, "cpu_frequency_limits", "min_freq=408000 max_freq=1416000 cpu_id=0"),
          (2000, 0, "cpu_frequency_limits", "min_freq=600000 max_freq=816000 cpu_id=0"),
          (3000, 4, "cpu_idle", "state=1 cpu_id=4")]
    path = tmp_path / "limits.txt"
    path.write_text(ftrace(ev))
    want = [(10**9, 408000, 1416000), (10**9 + 2 * 10**6, 600000, 816000)]
    r = capsim.analyze(str(path))
    assert list(r.policy_limits.columns) == capsim.Analysis.LIMIT_COLUMNS
    assert [tuple(x) for x in r.policy_limits.values.tolist()] == [(t, 0, lo, hi) for t, lo, hi in want]
    assert r.placements is None
    r = capsim.analyze(str(path), platform="rk3399")
    assert [tuple(x) for x in r.policy_limits.values.tolist()] == \
        [(t, c, lo, hi) for c in range(4) for t, lo, hi in want]


def test_placements_frame_is_the_cli_s(tmp_path):
    # a task runs 20 ms on big CPU 4, sleeps, is woken and runs on CPU 4 again, then on CPU 5
    def sw(prev, state, nxt):
        return ("prev_comm=%s prev_pid=%d prev_prio=120 prev_state=%s ==> next_comm=%s "
                "next_pid=%d next_prio=120" % (prev[0], prev[1], state, nxt[0], nxt[1]))
    t, idle = ("hog", 301), lambda c: ("swapper/%d" % c, 0)
    wake = "comm=hog pid=301 prio=120 target_cpu=%03d"
    ev = [(0, c, "sched_switch", sw(idle(c), "R", idle(c))) for c in range(6)] + [
        (100, 4, "sched_switch", sw(idle(4), "R", t)),
        (20100, 4, "sched_switch", sw(t, "S", idle(4))),
        (21000, 0, "sched_wakeup", wake % 4),
        (21500, 4, "sched_switch", sw(idle(4), "R", t)),
        (31500, 4, "sched_switch", sw(t, "S", idle(4))),
        (32000, 0, "sched_wakeup", wake % 5),
        (32500, 5, "sched_switch", sw(idle(5), "R", t)),
        (40000, 5, "sched_switch", sw(t, "S", idle(5)))]
    path = tmp_path / "wake.txt"
    path.write_text(ftrace(ev))
    r = capsim.analyze(str(path), platform="rk3399")
    cli("analyze", str(path), "--platform", "rk3399", "--csv", str(tmp_path / "csv"))
    with open(tmp_path / "csv" / "placements.csv") as f:
        rows = list(csv.reader(f))
    assert rows[0] == capsim.Analysis.PLACEMENT_COLUMNS
    assert r.placements.astype(str).values.tolist() == rows[1:]
    assert len(r.placements) == r.json["placements"]["placed"] == 2
    assert r.placements.trace_cpu.tolist() == [4, 5]
    assert (r.placements.agree == (r.placements.trace_cpu == r.placements.model_cpu)).all()
