# SPDX-License-Identifier: MIT
"""Issue 30, defects 5-7: every argument of the binding is checked before C sees it (TypeError
for a wrong type, ValueError for a value out of range, the CLI's ranges), a closed object
raises instead of handing C a NULL, and Ctrl-C stops simulate(), compare() and sweep() within a
second (KeyboardInterrupt)."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import capsim
from conftest import ROOT, capsim_exe

SCEN = os.path.join(ROOT, "scenarios", "rk3399-uclamp-ui.json")
TYPE_ERRORS = [
    dict(hz=True), dict(hz="250"), dict(hz=250.7), dict(seed=1.0), dict(seed="1"),
    dict(duration=True), dict(duration=None or [1]), dict(model=1.5), dict(governor=1),
    dict(eas="yes"), dict(max_freq=5), dict(platform=5), dict(workload=3.0),
]
VALUE_ERRORS = [
    dict(duration=1e30), dict(duration=2**64 / 1e9 + 0.1), dict(duration=1.0000000005),
    dict(duration=float("nan")), dict(duration=-1), dict(duration="1.0000000005s"),
    dict(seed=-1), dict(seed=2**64), dict(seed=2**64 + 5), dict(hz=2**32 + 250), dict(hz=0),
    dict(hz=-250), dict(model=2**32 + 1), dict(model=99), dict(model="v9.99"),
    dict(governor="ondemand"), dict(duration=366 * 86400 + 1),
    # the CLI's --duration is > 0 (the C call's 0, the workload's own, ran: adversarial pass)
    dict(duration=0), dict(duration="0"), dict(duration=0.0), dict(duration="0ms"),
]


@pytest.mark.parametrize("opts", TYPE_ERRORS, ids=repr)
def test_wrong_types_raise_type_error(opts):
    with pytest.raises(TypeError):
        capsim.simulate(SCEN, **opts)


@pytest.mark.parametrize("opts", VALUE_ERRORS, ids=repr)
def test_out_of_range_values_raise_value_error(opts):
    with pytest.raises(ValueError):
        capsim.simulate(SCEN, **opts)


def test_exact_values_are_kept():
    """What the CLI takes is taken exactly: a float duration of whole ns, the largest seed."""
    r = capsim.simulate(SCEN, duration=0.123456789, seed=2**64 - 1, hz=1000)
    assert r.header["duration_ns"] == 123456789 and r.header["seed"] == 2**64 - 1
    assert r.header["hz"] == 1000


def test_platform_and_overlay_arguments():
    with pytest.raises(TypeError):
        capsim.Platform(None)
    with pytest.raises(TypeError):
        capsim.Platform("rb5", overlays=[None])
    with pytest.raises(TypeError):
        capsim.Platform("rb5", overlays="file.json")  # a str is not a list of paths
    with pytest.raises(TypeError):
        capsim.Scenario(SCEN, platform=7)


@pytest.mark.parametrize("kw", [dict(after=-1), dict(after="3601s"), dict(after=1e30),
                                dict(max_freq={4: 2**32 + 408000}), dict(hz=2**32 + 250),
                                dict(hz=5000), dict(max_freq={4: -1})], ids=repr)
def test_capacity_ranges(kw):
    with pytest.raises(ValueError):
        capsim.capacity("rk3399", **kw)


@pytest.mark.parametrize("kw", [dict(after=True), dict(hz="250"), dict(max_freq={4: 408000.5}),
                                dict(max_freq=[408000]), dict(hw_cap={(4, 5): "1GHz"})], ids=repr)
def test_capacity_types(kw):
    with pytest.raises(TypeError):
        capsim.capacity("rk3399", **kw)


def test_capacity_after_up_to_the_cli_cap():
    """The CLI's 1 h cap is the library's (CAPSIM_MAX_SETTLE_NS): 1 h is taken, quickly."""
    t = time.monotonic()
    capsim.capacity("rk3399", hw_cap={"4-5": "1GHz"}, after="1h", hz=1000)
    assert time.monotonic() - t < 5


def test_closed_objects_raise_instead_of_crashing():
    p = capsim.Platform("rb5")
    p.__del__()
    with pytest.raises(ValueError):
        p.name
    with pytest.raises(ValueError):
        capsim.capacity(p)
    sc = capsim.Scenario(SCEN, duration="10ms")
    sc.__del__()
    with pytest.raises(ValueError):
        capsim.simulate(sc)
    with pytest.raises(ValueError):
        sc.set(seed=1)
    wl = capsim.Workload(os.path.join(ROOT, "scenarios", "workloads", "rk3399-uclamp-ui.json"))
    with capsim.Scenario(SCEN, duration="10ms", workload=wl) as sc2:
        del wl  # the scenario keeps it alive
        assert capsim.simulate(sc2).header["duration_ns"] == 10_000_000
        assert sc2._workload is not None
    with pytest.raises(ValueError):
        capsim.simulate(sc2)
    w = capsim.Workload.parse('{"tasks": {"t": {"run": 1000, "timer": {"ref": "u", "period": 10000}}}}')
    w.close()
    with pytest.raises(ValueError):
        capsim.Scenario(SCEN, workload=w)


CHILD = {
    "simulate": "capsim.simulate(%r, duration='300d')" % SCEN,
    "compare": "capsim.compare(%r, duration='300d')" % SCEN,
}


def _sweep_child(tmp_path):
    doc = {"scenario": SCEN, "fixed": {"duration": "300d"}, "grid": {"seed": [1]}}
    (tmp_path / "s.json").write_text(json.dumps(doc))
    return "capsim.sweep(%r, runs_dir=%r, capsim=%r)" % (str(tmp_path / "s.json"),
                                                         str(tmp_path / "runs"), capsim_exe())


@pytest.mark.parametrize("call", ["simulate", "compare", "sweep"])
def test_ctrl_c_stops_a_long_call_within_a_second(call, tmp_path):
    """SIGINT to a process inside a call that would go on for hours: KeyboardInterrupt reaches
    the caller within a second (CLOCK_MONOTONIC, shared by both processes), and the call
    returns nothing."""
    code = CHILD.get(call) or _sweep_child(tmp_path)
    child = subprocess.Popen([sys.executable, "-c", "import capsim, sys, time\n"
                              "print('go', flush=True)\n"
                              "try:\n    " + code + "\n    print('returned')\n"
                              "except KeyboardInterrupt:\n"
                              "    print('interrupted %.6f' % time.monotonic(), flush=True)\n"
                              "    raise\n"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert child.stdout.readline() == "go\n"
        time.sleep(1.5)  # well into the call (a 300-day run goes for hours)
        assert child.poll() is None
        t = time.monotonic()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
    finally:
        child.kill()
    assert "KeyboardInterrupt" in err and "returned" not in out, err
    # ended by the KeyboardInterrupt (Python re-raises SIGINT), not a crash at exit
    assert child.returncode == -signal.SIGINT, (child.returncode, err[-2000:])
    took = float(out.split("interrupted ")[1]) - t
    assert 0 <= took < 1.0, took
