# SPDX-License-Identifier: MIT
"""capsim from Python: the public C API of libcapsim (include/capsim/, docs/api.md) through
ctypes (capsim/_lib.py says why), with results as pandas DataFrames.

    import capsim
    r = capsim.simulate("scenarios/rk3399-uclamp-ui.json", duration="2s")
    r.tasks          # a row per task: activations, deadline_misses, slack, runtime, ...
    r.cpus           # a row per CPU: busy %, mean frequency and actual capacity, energy
    r.json           # exactly what `capsim simulate --json` prints for the same run

Time series come from the library's recording (capsim_record.h: the one that also writes
`--report`, `--csv` and `--rtapp-log`), asked for full-resolution columns gathered in C while
the run goes (no Python call per event): `simulate(..., series=True)` then
`r.cpu_series` (time_ns, cpu, signal, value: each change of capacity, actual capacity, util,
frequency, pressures) and `r.runs` (a task's run intervals per CPU). Errors raise a subclass
of CapsimError carrying capsim's own "FILE:LINE:COL: ..." message. The GIL is released
while a run simulates, so runs in several threads go in parallel.
"""
import ctypes
import json as _json
import os

import numpy as np
import pandas as pd

from . import _lib
from ._lib import lib, libc

__all__ = ["CapsimError", "ParseError", "InputIOError", "RangeError", "InvalidError",
           "UnsupportedError", "NotFoundError", "InternalError", "Platform", "Workload",
           "Scenario", "Result", "simulate", "compare", "capacity", "place", "platforms",
           "sweep", "version", "MODELS"]

MODELS = ["v6.10", "v6.9", "latest", "capped", "none", "v6.12"]
GOVERNORS = ["schedutil", "performance", "powersave"]


class CapsimError(Exception):
    """A failed call: .code is the enum capsim_err value, .message capsim's message."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


class NoMemoryError(CapsimError, MemoryError):
    pass


class InputIOError(CapsimError, OSError):
    pass


class ParseError(CapsimError, ValueError):
    pass


class RangeError(CapsimError, ValueError):
    pass


class InvalidError(CapsimError, ValueError):
    pass


class UnsupportedError(CapsimError):
    pass


class NotFoundError(CapsimError, LookupError):
    pass


class InternalError(CapsimError):
    pass


_ERRORS = {-1: NoMemoryError, -2: InputIOError, -3: ParseError, -4: RangeError,
           -5: InvalidError, -6: UnsupportedError, -7: NotFoundError, -8: InternalError}


def _raise(code, err=None, what=None):
    msg = err.msg.decode(errors="replace") if err is not None and err.msg[:1] != b"" else ""
    if not msg:
        msg = "%s: %s" % (what or "capsim", lib.capsim_strerror(code).decode())
    raise _ERRORS.get(code, CapsimError)(code, msg)


def _check(ret, err=None, what=None):
    if ret < 0:
        _raise(ret, err, what)
    return ret


def _b(s):
    return os.fsencode(s) if isinstance(s, (str, os.PathLike)) else s


def _s(b):
    return b.decode() if b is not None else None


def version():
    """The version of the libcapsim loaded ("0.1.0")."""
    return lib.capsim_version().decode()


def _write_to_string(fn, *args):
    """Run a writer fn(*args, FILE *) into memory (open_memstream); return its text."""
    buf, size = ctypes.c_char_p(), ctypes.c_size_t()
    fp = libc.open_memstream(ctypes.byref(buf), ctypes.byref(size))
    if not fp:
        raise NoMemoryError(-1, "open_memstream failed")
    ret = fn(*args, fp)
    libc.fclose(fp)
    text = ctypes.string_at(buf, size.value).decode()
    libc.free(buf)
    if ret < 0:
        _raise(ret, what="writing a report")
    return text


def _model(m):
    if isinstance(m, int):
        return m
    out = ctypes.c_int()
    if lib.capsim_model_from_name(_b(m), ctypes.byref(out)):
        raise NotFoundError(-7, "model %r: expected one of %s" % (m, ", ".join(MODELS)))
    return out.value


def _duration_ns(d):
    if isinstance(d, (int, float)) and not isinstance(d, bool):
        return int(round(d * 1e9))
    out = _lib.c_u64()
    if lib.capsim_parse_duration_ns(_b(str(d)), 1000000000, ctypes.byref(out)):
        raise RangeError(-4, "duration %r: expected seconds or a time with a unit (10s, 500ms)" % d)
    return out.value


def platforms():
    """The shipped platform names (`capsim platform list`)."""
    names, err = ctypes.POINTER(ctypes.c_char_p)(), _lib.Error()
    n = _check(lib.capsim_platform_list(ctypes.byref(names), ctypes.byref(err)), err)
    out = [names[i].decode() for i in range(n)]
    lib.capsim_platform_list_free(names)
    return out


class Platform:
    """A board as the kernel builds it at boot: a shipped name, a .dtb/.dts, a platform JSON or
    a LISA PlatformInfo YAML, then platform JSON overlays in order."""

    def __init__(self, name, overlays=()):
        self._h = ctypes.c_void_p()
        err = _lib.Error()
        ov = (ctypes.c_char_p * max(1, len(overlays)))(*[_b(o) for o in overlays])
        _check(lib.capsim_platform_load(_b(name), ov, len(overlays), ctypes.byref(self._h),
                                        ctypes.byref(err)), err)

    def __del__(self):
        if getattr(self, "_h", None):
            lib.capsim_platform_free(self._h)
            self._h = None

    @property
    def info(self):
        i = _lib.PlatformInfo()
        lib.capsim_platform_get_info(self._h, ctypes.byref(i))
        return {"name": _s(i.name), "model": _s(i.model), "source": _s(i.source),
                "eas": bool(i.eas), "nr_cpus": i.nr_cpus, "nr_policies": i.nr_policies,
                "freq_invariance": _s(i.freq_invariance),
                "notes": [_s(lib.capsim_platform_note(self._h, k)) for k in range(i.nr_notes)]}

    @property
    def name(self):
        return self.info["name"]

    @property
    def cpus(self):
        """A row per CPU: cluster, policy, capacity-dmips-mhz, capacity_orig, freq_ref_khz."""
        rows = []
        for cpu in range(self.info["nr_cpus"]):
            c = _lib.CpuInfo()
            lib.capsim_platform_get_cpu(self._h, cpu, ctypes.byref(c))
            rows.append({"cpu": cpu, "cluster": c.cluster, "policy": c.policy,
                         "capacity_dmips_mhz": c.capacity_dmips_mhz,
                         "capacity_orig": c.capacity_orig, "freq_ref_khz": c.freq_ref_khz,
                         "node": _s(c.node_path), "compatible": _s(c.compatible),
                         "amu": bool(c.amu)})
        return pd.DataFrame(rows).set_index("cpu")

    def _policies(self):
        for i in range(self.info["nr_policies"]):
            p = _lib.PolicyInfo()
            lib.capsim_platform_get_policy(self._h, i, ctypes.byref(p))
            yield i, p

    @property
    def policies(self):
        """A row per cpufreq policy (named by its first CPU)."""
        return pd.DataFrame([{"policy": p.cpu, "cpus": p.cpus.cpus(), "nr_opps": p.nr_opps,
                              "cpuinfo_min_khz": p.cpuinfo_min_khz,
                              "cpuinfo_max_khz": p.cpuinfo_max_khz, "min_khz": p.min_khz,
                              "max_khz": p.max_khz, "energy_model": bool(p.energy_model)}
                             for _, p in self._policies()]).set_index("policy")

    @property
    def opps(self):
        """A row per OPP of every policy, with its energy-model perf state."""
        rows = []
        for i, p in self._policies():
            for k in range(p.nr_opps):
                o = _lib.OppInfo()
                lib.capsim_platform_get_opp(self._h, i, k, ctypes.byref(o))
                rows.append({"policy": p.cpu, "khz": o.khz, "uv": o.uv, "turbo": bool(o.turbo),
                             "power_uw": o.em_power_uw if o.has_em else None,
                             "perf": o.em_perf if o.has_em else None,
                             "cost": o.em_cost if o.has_em else None,
                             "efficient": bool(o.em_efficient) if o.has_em else None})
        return pd.DataFrame(rows)

    def to_lisa(self):
        """The platform as LISA's PlatformInfo YAML (`capsim platform show P --format lisa`)."""
        return _write_to_string(lib.capsim_platform_write_lisa, self._h)


def capacity(platform, max_freq=None, hw_cap=None, after=None, hz=250):
    """What the scheduler believes each CPU's capacity is under caps (`capsim capacity`):
    max_freq {policy CPU: kHz or "1.2GHz"}, hw_cap {cpulist: freq}, HW caps settled for `after`
    (a duration). A row per CPU."""
    p = platform if isinstance(platform, Platform) else Platform(platform)
    err = _lib.Error()

    def apply(kind, target, freq):
        # "POLICY=KHZ" / "CPULIST=KHZ", read as `capsim capacity` reads it: the library's grammar
        cap = _lib.Cap()
        _check(lib.capsim_platform_parse_cap(p._h, kind, _b("%s=%s" % (target, freq)),
                                             ctypes.byref(cap), ctypes.byref(err)), err)
        _check(lib.capsim_platform_apply_cap(p._h, ctypes.byref(cap), ctypes.byref(err)), err)

    for pol, f in (max_freq or {}).items():
        apply(0, pol, f)  # CAPSIM_CAP_MAX_FREQ
    for cpus, f in (hw_cap or {}).items():
        apply(3, cpus, f)  # CAPSIM_CAP_HW
    if after is not None:
        _check(lib.capsim_platform_settle_hw_load_avg(p._h, _duration_ns(after), hz,
                                                      ctypes.byref(err)), err)
    rows = []
    for cpu in range(p.info["nr_cpus"]):
        c = _lib.CpuCapacity()
        lib.capsim_platform_get_capacity(p._h, cpu, ctypes.byref(c))
        rows.append({"cpu": cpu, **{f: getattr(c, f) for f, _ in c._fields_}})
    return pd.DataFrame(rows).set_index("cpu")


class Workload:
    """An rt-app workload: Workload(path) or Workload.parse(text)."""

    def __init__(self, path=None, _handle=None):
        self._h = ctypes.c_void_p() if _handle is None else _handle
        if path is not None:
            err = _lib.Error()
            _check(lib.capsim_workload_load(_b(path), ctypes.byref(self._h), ctypes.byref(err)),
                   err)

    @classmethod
    def parse(cls, text, name=None):
        if isinstance(text, dict):
            text = _json.dumps(text)
        h, err, t = ctypes.c_void_p(), _lib.Error(), _b(text)
        _check(lib.capsim_workload_parse(t, len(t), _b(name), ctypes.byref(h),
                                         ctypes.byref(err)), err)
        return cls(_handle=h)

    def __del__(self):
        if getattr(self, "_h", None):
            lib.capsim_workload_free(self._h)
            self._h = None


class Scenario:
    """A scenario: Scenario(path), Scenario.parse(text_or_dict, dir=...), Scenario() (built in
    code: set a platform and a workload), Scenario.default(). Keyword arguments set options:
    platform, workload (path or Workload), duration, seed, model, governor, hz, eas,
    max_freq / min_freq / hw_cap (lists of the --max-freq / --hw-cap forms)."""

    def __init__(self, path=None, _handle=None, **opts):
        self._h = ctypes.c_void_p() if _handle is None else _handle
        err = _lib.Error()
        if _handle is None:
            if path is None:
                _check(lib.capsim_scenario_create(ctypes.byref(self._h), ctypes.byref(err)), err)
            else:
                _check(lib.capsim_scenario_load(_b(path), ctypes.byref(self._h),
                                                ctypes.byref(err)), err)
        self.set(**opts)

    @classmethod
    def parse(cls, text, name=None, dir=None, **opts):
        if isinstance(text, dict):
            text = _json.dumps(text)
        h, err, t = ctypes.c_void_p(), _lib.Error(), _b(text)
        _check(lib.capsim_scenario_parse(t, len(t), _b(name), _b(dir), ctypes.byref(h),
                                         ctypes.byref(err)), err)
        return cls(_handle=h, **opts)

    @classmethod
    def default(cls, **opts):
        h, err = ctypes.c_void_p(), _lib.Error()
        _check(lib.capsim_scenario_load_default(ctypes.byref(h), ctypes.byref(err)), err)
        return cls(_handle=h, **opts)

    def __del__(self):
        if getattr(self, "_h", None):
            lib.capsim_scenario_free(self._h)
            self._h = None

    def set(self, platform=None, workload=None, duration=None, seed=None, model=None,
            governor=None, hz=None, eas=None, max_freq=(), min_freq=(), hw_cap=(),
            clear_events=False, pressure_metrics=None):
        err, h = _lib.Error(), self._h
        calls = []
        if clear_events:
            calls.append(lambda: lib.capsim_scenario_clear_events(h, ctypes.byref(err)))
        if platform is not None:
            calls.append(lambda: lib.capsim_scenario_set_platform(h, _b(platform), ctypes.byref(err)))
        if isinstance(workload, Workload):
            calls.append(lambda: lib.capsim_scenario_set_workload(h, workload._h, ctypes.byref(err)))
        elif workload is not None:
            calls.append(lambda: lib.capsim_scenario_set_workload_path(h, _b(workload),
                                                                       ctypes.byref(err)))
        if duration is not None:
            calls.append(lambda: lib.capsim_scenario_set_duration(h, _duration_ns(duration),
                                                                  ctypes.byref(err)))
        if seed is not None:
            calls.append(lambda: lib.capsim_scenario_set_seed(h, int(seed), ctypes.byref(err)))
        if model is not None:
            calls.append(lambda: lib.capsim_scenario_set_model(h, _model(model), ctypes.byref(err)))
        if governor is not None:
            if governor not in GOVERNORS:
                raise NotFoundError(-7, "governor %r: expected one of %s" % (governor, GOVERNORS))
            calls.append(lambda: lib.capsim_scenario_set_governor(h, GOVERNORS.index(governor),
                                                                  ctypes.byref(err)))
        if hz is not None:
            calls.append(lambda: lib.capsim_scenario_set_hz(h, int(hz), ctypes.byref(err)))
        if eas is not None:
            calls.append(lambda: lib.capsim_scenario_set_eas(h, int(bool(eas)), ctypes.byref(err)))
        if pressure_metrics is not None:
            calls.append(lambda: lib.capsim_scenario_set_pressure_metrics(
                h, int(bool(pressure_metrics)), ctypes.byref(err)))
        for fn, vals in ((lib.capsim_scenario_add_max_freq, max_freq),
                         (lib.capsim_scenario_add_min_freq, min_freq),
                         (lib.capsim_scenario_add_hw_cap, hw_cap)):
            for v in ([vals] if isinstance(vals, str) else vals):
                calls.append(lambda fn=fn, v=v: fn(h, _b(v), ctypes.byref(err)))
        for call in calls:
            _check(call(), err)
        return self


class Result:
    """A finished run: .header (dict), .tasks and .cpus (DataFrames), .json (the bytes of
    `capsim simulate --json`), .text (of `capsim simulate`); with series=True also .cpu_series
    and .runs."""

    def __init__(self, summary_ptr, series=None):
        self._sum = summary_ptr
        s = summary_ptr.contents
        self.header = {"platform": _s(s.platform), "workload": _s(s.workload),
                       "duration_ns": s.duration_ns, "duration_s": s.duration_s, "hz": s.hz,
                       "governor": GOVERNORS[s.governor], "eas": bool(s.eas),
                       "uclamp": bool(s.uclamp), "model": MODELS[s.model], "seed": s.seed,
                       "caps": [{"policy": s.caps[i].policy_cpu, "max": bool(s.caps[i].max),
                                 "khz": s.caps[i].khz} for i in range(s.nr_caps)],
                       "has_energy_model": bool(s.has_energy_model)}
        self.totals = {"energy_j": s.energy_j, "migrations": s.migrations,
                       "misfit_migrations": s.misfit_migrations,
                       "overutilized_pct": s.overutilized_pct, "events": s.events}
        if s.has_idle_power:  # idle states' power x residency, apart from energy_j
            self.totals["idle_energy_j"] = s.idle_energy_j
        if s.has_pressure_metrics:
            self.totals.update({"pressure_" + f: getattr(s.pressure, f)
                                for f, _ in s.pressure._fields_})
        tasks = []
        for i in range(s.nr_tasks):
            t = s.tasks[i]
            tasks.append({"name": _s(t.name), "activations": t.activations,
                          "deadline_misses": t.deadline_misses, "timer_events": t.timer_events,
                          "slack_mean_us": t.slack_mean_us, "slack_min_us": t.slack_min_us,
                          "runtime_ns": t.runtime_ns,
                          "runtime_by_cpu_ns": {t.runtime_by_cpu[k].cpu: t.runtime_by_cpu[k].ns
                                                for k in range(t.nr_runtime_by_cpu)},
                          "lat_p50_us": t.lat_p50_us, "lat_p99_us": t.lat_p99_us,
                          "migrations": t.migrations, "util_avg_end": t.util_avg_end})
        self.tasks = pd.DataFrame(tasks)
        self.cpus = pd.DataFrame([{f: getattr(s.cpus[i], f) for f, _ in s.cpus[i]._fields_}
                                  for i in range(s.nr_cpus)]).set_index("cpu")
        self.cpu_series = self.runs = None
        if series is not None:
            self._read_series(series)

    def _read_series(self, h):
        t, c, g, v = (ctypes.POINTER(_lib.c_u64)(), ctypes.POINTER(_lib.c_i32)(),
                      ctypes.POINTER(_lib.c_u8)(), ctypes.POINTER(_lib.c_u64)())
        n = lib.capsim_recording_cpu_samples(h, ctypes.byref(t), ctypes.byref(c),
                                             ctypes.byref(g), ctypes.byref(v))

        def col(ptr, dtype):
            # one copy of the C column (the recording is freed after this)
            return np.ctypeslib.as_array(ptr, shape=(n,)).astype(dtype, copy=True) if n \
                else np.empty(0, dtype)

        names = [lib.capsim_signal_name(i).decode() for i in range(7)]
        self.cpu_series = pd.DataFrame({
            "time_ns": col(t, np.uint64), "cpu": col(c, np.int32),
            "signal": pd.Categorical.from_codes(col(g, np.int8), names),
            "value": col(v, np.uint64)})
        pid, cpu, st, en = (ctypes.POINTER(_lib.c_i32)(), ctypes.POINTER(_lib.c_i32)(),
                            ctypes.POINTER(_lib.c_u64)(), ctypes.POINTER(_lib.c_u64)())
        n = lib.capsim_recording_run_intervals(h, ctypes.byref(pid), ctypes.byref(cpu),
                                               ctypes.byref(st), ctypes.byref(en))
        comms, k, p = {}, 0, _lib.c_i32()
        while True:
            name = lib.capsim_recording_task(h, k, ctypes.byref(p))
            if name is None:
                break
            comms[p.value] = name.decode()
            k += 1
        pids = col(pid, np.int32)
        self.runs = pd.DataFrame({"pid": pids, "task": [comms.get(int(x)) for x in pids],
                                  "cpu": col(cpu, np.int32), "start_ns": col(st, np.uint64),
                                  "end_ns": col(en, np.uint64)})

    def __del__(self):
        if getattr(self, "_sum", None):
            lib.capsim_summary_free(self._sum)
            self._sum = None

    @property
    def json(self):
        return _write_to_string(lib.capsim_summary_write, self._sum, 1)

    @property
    def text(self):
        return _write_to_string(lib.capsim_summary_write, self._sum, 0)


def _scenario(scenario, opts):
    if isinstance(scenario, Scenario):
        return scenario.set(**opts)
    if scenario is None:
        return Scenario.default(**opts)
    if isinstance(scenario, dict):
        return Scenario.parse(scenario, **opts)
    return Scenario(scenario, **opts)


def _run(sc, series=False):
    """One run of Scenario sc; the GIL is released inside capsim_sim_run() (ctypes.CDLL)."""
    sim, err, sh = ctypes.c_void_p(), _lib.Error(), ctypes.c_void_p()
    _check(lib.capsim_sim_create(sc._h, ctypes.byref(sim), ctypes.byref(err)), err)
    try:
        if series:
            _check(lib.capsim_recording_attach(sim, ctypes.byref(sh), ctypes.byref(err)), err)
            _check(lib.capsim_recording_columns(sh, ctypes.byref(err)), err)
        _check(lib.capsim_sim_run(sim, ctypes.byref(err)), err)
        if series:
            _check(lib.capsim_recording_finish(sh, ctypes.byref(err)), err)
        sp = ctypes.POINTER(_lib.Summary)()
        _check(lib.capsim_sim_summary(sim, ctypes.byref(sp), ctypes.byref(err)), err)
        return Result(sp, sh if series else None)
    finally:
        lib.capsim_recording_free(sh)
        lib.capsim_sim_free(sim)


def simulate(scenario=None, series=False, **opts):
    """`capsim simulate`: run a scenario (a path, a dict, a Scenario, or None for the built-in
    default) with options overridden as Scenario.set() takes them. Returns a Result."""
    return _run(_scenario(scenario, opts), series)


def compare(scenario, models=("v6.9", "v6.10", "latest", "capped", "none"), json=False,
            **opts):
    """`capsim compare`: one run per model with pressure metrics. Returns (a DataFrame of the
    totals per model, the report text as `capsim compare [--json]` prints it)."""
    sc = _scenario(scenario, dict(opts, pressure_metrics=True))
    results = []
    for m in models:
        sc.set(model=m)
        results.append(_run(sc))
    arr = (ctypes.POINTER(_lib.Summary) * len(results))(*[r._sum for r in results])
    report = _write_to_string(lib.capsim_compare_write, arr, len(results), int(bool(json)))
    table = pd.DataFrame([dict(model=r.header["model"], **r.totals,
                               deadline_misses=int(r.tasks.deadline_misses.sum()))
                          for r in results]).set_index("model")
    return table, report


def place(state, task=None, platform=None, model="v6.10"):
    """`capsim place`: one wake-up placement question from a state (a path, JSON text or dict);
    task "util=..,prev=.." replaces the state's. Returns (decision dict, a row per CPU)."""
    if isinstance(state, dict):
        text = _json.dumps(state)
    elif os.path.exists(str(state)):
        with open(state) as f:
            text = f.read()
    else:
        text = state
    q, err, t = ctypes.c_void_p(), _lib.Error(), _b(text)
    _check(lib.capsim_place_create(ctypes.byref(q), ctypes.byref(err)), err)
    try:
        if platform:
            _check(lib.capsim_place_use_platform(q, _b(platform), ctypes.byref(err)), err)
        _check(lib.capsim_place_parse(q, t, len(t), 1, _model(model), ctypes.byref(err)), err)
        if task:
            _check(lib.capsim_place_set_task(q, _b(task), ctypes.byref(err)), err)
        _check(lib.capsim_place_finish(q, ctypes.byref(err)), err)
        lib.capsim_place_run(q)
        d = _lib.PlaceDecision()
        lib.capsim_place_get_decision(q, ctypes.byref(d))
        rows = []
        for cpu in range(d.nr_cpus):
            c = _lib.PlaceCpu()
            lib.capsim_place_get_cpu(q, cpu, ctypes.byref(c))
            rows.append({"cpu": cpu, "pd": c.pd, "actual_cap": c.actual_cap,
                         "util_fits_cpu": c.util_fits_cpu, "cpu_util": list(c.cpu_util),
                         "effective": list(c.effective)})
        decision = {"task_util_est": d.task_util_est,
                    "select_idle_capacity": d.select_idle_capacity, "feec": d.feec,
                    "feec_exit": _s(d.feec_exit),
                    "select_idle_capacity_reason": d.select_idle_capacity_reason.decode(),
                    "feec_reason": d.feec_reason.decode()}
        return decision, pd.DataFrame(rows).set_index("cpu")
    finally:
        lib.capsim_place_free(q)


def sweep(path, engine="local", jobs=None, scheduler=None, output=None, runs_dir=None,
          capsim=None):
    """`capsim sweep`: expand SWEEP.json into runs, run those without a result (locally in
    threads, or on a Dask cluster), and return the results table as a DataFrame."""
    from . import engine as _engine
    return _engine.run(path, engine=engine, jobs=jobs, scheduler=scheduler, output=output,
                      runs_dir=runs_dir, capsim=capsim)
