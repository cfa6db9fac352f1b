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

Arguments are checked before the C library sees them: a wrong type raises TypeError (a bool or
"250" is no int, 250.7 no HZ, a str no list of overlays), a value out of range ValueError (the
library's own ranges, those of the CLI: RangeError, ParseError and the like are ValueErrors
too; a value too wide for its C parameter, such as a seed >= 2**64, is refused before it could
wrap). A Platform, Workload or Scenario that was closed (close(), `with`, or __del__()) raises
ValueError when used. Ctrl-C (SIGINT) stops simulate(), compare(), capacity() and sweep()
within a second: the run is stopped at its next event (capsim_sim_stop(), as `capsim simulate`
does on SIGINT), its memory released, and KeyboardInterrupt raised; no partial result is
returned.
"""
import csv as _csv
import ctypes
import decimal
import io
import json as _json
import math
import numbers
import os
import sys
import threading
import warnings

try:
    import numpy as np
    import pandas as pd
except ImportError as _e:  # one line saying what to install, not the bare module name
    raise ImportError("capsim needs numpy and pandas: %s cannot import %s (pip install numpy "
                      "pandas, e.g. in a venv: README.md, \"Python\")"
                      % (sys.executable, _e.name)) from None

from . import _lib
from ._lib import lib, libc

__all__ = ["CapsimError", "CapsimWarning", "ParseError", "InputIOError", "RangeError", "InvalidError",
           "UnsupportedError", "NotFoundError", "InternalError", "Platform", "Workload",
           "Scenario", "Result", "simulate", "compare", "capacity", "place", "platforms",
           "sweep", "analyze", "Analysis", "version", "MODELS", "PELT_FORMS"]

MODELS = ["v6.10", "v6.9", "latest", "capped", "none", "v6.12", "v6.1"]
GOVERNORS = ["schedutil", "performance", "powersave"]
PELT_FORMS = ["auto", "pre-5.1", "5.1"]  # enum capsim_pelt_form's order


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


class CapsimWarning(UserWarning):
    """A run's warning (warnings.warn()): a deadlock within the duration, as the CLI's
    "capsim: warning: ..." line; the run went on to its end."""


class UnknownNameError(NotFoundError, ValueError):
    """A model or governor name that capsim does not know (a ValueError, and a NotFoundError
    as before)."""


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


# --- the checks of every argument, before C sees it --------------------------------------

U32_MAX, U64_MAX = 2**32 - 1, 2**64 - 1


def _int(name, v, lo=0, hi=U64_MAX):
    """An int argument (not a bool, a float or a str) in lo..hi: the C parameter's width, the
    library range-checking the value itself (the CLI's ranges, one place)."""
    if isinstance(v, bool) or not isinstance(v, numbers.Integral):
        raise TypeError("%s: expected an int, not %s %r" % (name, type(v).__name__, v))
    v = int(v)
    if not lo <= v <= hi:
        raise ValueError("%s: %d out of range (expected %d..%d)" % (name, v, lo, hi))
    return v


def _flag(name, v):
    if not isinstance(v, (bool, numbers.Integral)) or (not isinstance(v, bool) and v not in (0, 1)):
        raise TypeError("%s: expected True or False, not %r" % (name, v))
    return int(bool(v))


def _path(name, v, allow_none=False):
    """A path argument: a str or os.PathLike (bytes too), never None or another type."""
    if v is None and allow_none:
        return None
    if not isinstance(v, (str, bytes, os.PathLike)):
        raise TypeError("%s: expected a path (str or os.PathLike), not %s %r"
                        % (name, type(v).__name__, v))
    b = _b(v)
    if not b or b"\0" in b:
        raise ValueError("%s: %r is no path (empty, or with a NUL)" % (name, v))
    return b


def _paths(name, v):
    """A list of paths: a list or tuple (a str is one path, not a list of characters)."""
    if isinstance(v, (str, bytes, os.PathLike)) or not isinstance(v, (list, tuple)):
        raise TypeError("%s: expected a list of paths, not %s %r" % (name, type(v).__name__, v))
    return [_path("%s[%d]" % (name, k), x) for k, x in enumerate(v)]


def _text(name, v):
    if not isinstance(v, (str, bytes)):
        raise TypeError("%s: expected a str, not %s %r" % (name, type(v).__name__, v))
    b = _b(v)
    if b"\0" in b:
        raise ValueError("%s: %r has a NUL" % (name, v))
    return b


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
    """A model: its name, or its enum capsim_model value (the library knows which exist)."""
    if isinstance(m, numbers.Integral) and not isinstance(m, bool):
        if not 0 <= m <= U32_MAX or lib.capsim_model_name(int(m)) is None:
            raise UnknownNameError(-7, "model %r: expected one of %s" % (m, ", ".join(MODELS)))
        return int(m)
    out = ctypes.c_int()
    if lib.capsim_model_from_name(_text("model", m), ctypes.byref(out)):
        raise UnknownNameError(-7, "model %r: expected one of %s" % (m, ", ".join(MODELS)))
    return out.value


def _duration_ns(d, name="duration"):
    """A duration as the CLI reads one (capsim_parse_duration_ns(): a number is seconds, a str
    may have a unit): a whole number of ns, or ValueError, as the CLI refuses it."""
    if isinstance(d, bool) or not isinstance(d, (numbers.Real, str)):
        raise TypeError("%s: expected seconds (int or float) or a str with a unit, not %s %r"
                        % (name, type(d).__name__, d))
    if isinstance(d, numbers.Real) and not isinstance(d, numbers.Integral):
        if not math.isfinite(d):
            raise ValueError("%s: %r is not a finite duration" % (name, d))
        # the float's shortest decimal form, as written: 1.0000000005 stays 1.0000000005 s
        text = format(decimal.Decimal(repr(float(d))), "f")
    else:
        text = str(d)
    out = _lib.c_u64()
    if "\0" in text or lib.capsim_parse_duration_ns(text.encode(), 1000000000, ctypes.byref(out)):
        raise RangeError(-4, "%s %r: expected a whole number of ns, as seconds or a time with "
                         "a unit (10s, 500ms), below 2**64 ns" % (name, d))
    return out.value


def _khz(name, v):
    """A frequency: kHz as an int (0..2**32-1), or a str with a unit ("1.2GHz")."""
    if isinstance(v, str):
        out = _lib.c_u32()
        if "\0" in v or lib.capsim_parse_freq_khz(v.encode(), ctypes.byref(out)):
            raise ParseError(-3, "%s %r: expected kHz or a unit (1.2GHz)" % (name, v))
        return out.value
    return _int(name, v, 0, U32_MAX)


class _Handle:
    """A C object held by Python: used only while open; close() (or `with`, or __del__())
    frees it once, and a use after that raises ValueError instead of handing C a NULL."""
    _free = None

    def _live(self):
        h = getattr(self, "_h", None)
        if not h:
            raise ValueError("%s: used after close()" % type(self).__name__)
        return h

    def close(self):
        h = getattr(self, "_h", None)
        self._h = None
        if h:
            type(self)._free(h)

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def platforms():
    """The shipped platform names (`capsim platform list`)."""
    names, err = ctypes.POINTER(ctypes.c_char_p)(), _lib.Error()
    n = _check(lib.capsim_platform_list(ctypes.byref(names), ctypes.byref(err)), err)
    out = [names[i].decode() for i in range(n)]
    lib.capsim_platform_list_free(names)
    return out


class Platform(_Handle):
    """A board as the kernel builds it at boot: a shipped name, a .dtb/.dts, a platform JSON or
    a LISA PlatformInfo YAML, then platform JSON overlays (a list of paths) in order."""
    _free = staticmethod(lib.capsim_platform_free)

    def __init__(self, name, overlays=()):
        name, overlays = _path("platform", name), _paths("overlays", overlays)
        h, err = ctypes.c_void_p(), _lib.Error()
        ov = (ctypes.c_char_p * max(1, len(overlays)))(*overlays)
        _check(lib.capsim_platform_load(name, ov, len(overlays), ctypes.byref(h),
                                        ctypes.byref(err)), err)
        self._h = h

    @property
    def info(self):
        h, i = self._live(), _lib.PlatformInfo()
        lib.capsim_platform_get_info(h, ctypes.byref(i))
        return {"name": _s(i.name), "model": _s(i.model), "source": _s(i.source),
                "eas": bool(i.eas), "nr_cpus": i.nr_cpus, "nr_policies": i.nr_policies,
                "freq_invariance": _s(i.freq_invariance),
                "notes": [_s(lib.capsim_platform_note(h, k)) for k in range(i.nr_notes)]}

    @property
    def name(self):
        return self.info["name"]

    @property
    def cpus(self):
        """A row per CPU: cluster, policy, capacity-dmips-mhz, capacity_orig, freq_ref_khz."""
        rows = []
        for cpu in range(self.info["nr_cpus"]):
            c = _lib.CpuInfo()
            lib.capsim_platform_get_cpu(self._live(), cpu, ctypes.byref(c))
            rows.append({"cpu": cpu, "cluster": c.cluster, "policy": c.policy,
                         "capacity_dmips_mhz": c.capacity_dmips_mhz,
                         "capacity_orig": c.capacity_orig, "freq_ref_khz": c.freq_ref_khz,
                         "node": _s(c.node_path), "compatible": _s(c.compatible),
                         "amu": bool(c.amu)})
        return pd.DataFrame(rows).set_index("cpu")

    def _policies(self):
        for i in range(self.info["nr_policies"]):
            p = _lib.PolicyInfo()
            lib.capsim_platform_get_policy(self._live(), i, ctypes.byref(p))
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
                lib.capsim_platform_get_opp(self._live(), i, k, ctypes.byref(o))
                rows.append({"policy": p.cpu, "khz": o.khz, "uv": o.uv, "turbo": bool(o.turbo),
                             "power_uw": o.em_power_uw if o.has_em else None,
                             "perf": o.em_perf if o.has_em else None,
                             "cost": o.em_cost if o.has_em else None,
                             "efficient": bool(o.em_efficient) if o.has_em else None})
        return pd.DataFrame(rows)

    def to_lisa(self):
        """The platform as LISA's PlatformInfo YAML (`capsim platform show P --format lisa`)."""
        return _write_to_string(lib.capsim_platform_write_lisa, self._live())


def _mapping(name, v):
    if v is None:
        return {}
    if not isinstance(v, dict):
        raise TypeError("%s: expected a dict, not %s %r" % (name, type(v).__name__, v))
    return v


def capacity(platform, max_freq=None, hw_cap=None, after=None, hz=250):
    """What the scheduler believes each CPU's capacity is under caps (`capsim capacity`):
    max_freq {policy CPU: kHz or "1.2GHz"}, hw_cap {cpulist: freq}, HW caps settled for `after`
    (a duration, at most 1 h as `capsim capacity --after`; it takes well under a second).
    A row per CPU. A Platform given is changed by the caps (a name or path loads a new one)."""
    hz = _int("hz", hz, 0, U32_MAX)
    after_ns = None if after is None else _duration_ns(after, "after")
    caps = []  # (kind, "POLICY=FREQ" / "CPULIST=FREQ"), each value's type checked first
    # kinds 0 and 3: CAPSIM_CAP_MAX_FREQ, CAPSIM_CAP_HW
    for kind, name, what, m in ((0, "max_freq", "policies (\"policy4\" or 4)", max_freq),
                                (3, "hw_cap", "CPU lists (\"4-5\" or 4)", hw_cap)):
        for target, f in _mapping(name, m).items():
            if isinstance(target, bool) or not isinstance(target, (str, numbers.Integral)):
                raise TypeError("%s: expected %s, not %r" % (name, what, target))
            khz = _khz("%s[%r]" % (name, target), f)
            caps.append((kind, _text(name, "%s=%s" % (target, f if isinstance(f, str) else khz))))
    p = platform if isinstance(platform, Platform) else Platform(platform)
    h, err = p._live(), _lib.Error()
    for kind, text in caps:
        # read as `capsim capacity` reads it: the library's grammar
        cap = _lib.Cap()
        _check(lib.capsim_platform_parse_cap(h, kind, text, ctypes.byref(cap), ctypes.byref(err)), err)
        _check(lib.capsim_platform_apply_cap(h, ctypes.byref(cap), ctypes.byref(err)), err)
    # settling for 0 ns moves nothing: the library then only checks hz, as the CLI's --hz
    _check(lib.capsim_platform_settle_hw_load_avg(h, after_ns or 0, hz, ctypes.byref(err)), err)
    rows = []
    for cpu in range(p.info["nr_cpus"]):
        c = _lib.CpuCapacity()
        lib.capsim_platform_get_capacity(h, cpu, ctypes.byref(c))
        rows.append({"cpu": cpu, **c.values()})
    return pd.DataFrame(rows).set_index("cpu")


class Workload(_Handle):
    """An rt-app workload: Workload(path) or Workload.parse(text)."""
    _free = staticmethod(lib.capsim_workload_free)

    def __init__(self, path=None, _handle=None):
        if _handle is None:
            h, err = ctypes.c_void_p(), _lib.Error()
            _check(lib.capsim_workload_load(_path("workload", path), ctypes.byref(h),
                                            ctypes.byref(err)), err)
            _handle = h
        self._h = _handle

    @classmethod
    def parse(cls, text, name=None):
        if isinstance(text, dict):
            text = _json.dumps(text)
        h, err, t = ctypes.c_void_p(), _lib.Error(), _text("text", text)
        name = None if name is None else _text("name", name)
        _check(lib.capsim_workload_parse(t, len(t), name, ctypes.byref(h),
                                         ctypes.byref(err)), err)
        return cls(_handle=h)


class Scenario(_Handle):
    """A scenario: Scenario(path), Scenario.parse(text_or_dict, dir=...), Scenario() (built in
    code: set a platform and a workload), Scenario.default(). Keyword arguments set options:
    platform, workload (path or Workload), duration, seed, model, governor, hz, eas,
    max_freq / min_freq / hw_cap (lists of the --max-freq / --hw-cap forms)."""
    _free = staticmethod(lib.capsim_scenario_free)

    def __init__(self, path=None, _handle=None, **opts):
        if _handle is None:
            h, err = ctypes.c_void_p(), _lib.Error()
            if path is None:
                _check(lib.capsim_scenario_create(ctypes.byref(h), ctypes.byref(err)), err)
            else:
                _check(lib.capsim_scenario_load(_path("scenario", path), ctypes.byref(h),
                                                ctypes.byref(err)), err)
            _handle = h
        self._h = _handle
        self._workload = None  # the Workload whose handle C holds, kept alive with this one
        self.set(**opts)

    @classmethod
    def parse(cls, text, name=None, dir=None, **opts):
        if isinstance(text, dict):
            text = _json.dumps(text)
        h, err, t = ctypes.c_void_p(), _lib.Error(), _text("text", text)
        name = None if name is None else _text("name", name)
        _check(lib.capsim_scenario_parse(t, len(t), name, _path("dir", dir, True),
                                         ctypes.byref(h), ctypes.byref(err)), err)
        return cls(_handle=h, **opts)

    @classmethod
    def default(cls, **opts):
        h, err = ctypes.c_void_p(), _lib.Error()
        _check(lib.capsim_scenario_load_default(ctypes.byref(h), ctypes.byref(err)), err)
        return cls(_handle=h, **opts)

    def set(self, platform=None, workload=None, duration=None, seed=None, model=None,
            governor=None, hz=None, eas=None, max_freq=(), min_freq=(), hw_cap=(),
            clear_events=False, pressure_metrics=None, kernel_config=None):
        """Set options; every value is checked (TypeError, ValueError) before any is set.
        kernel_config: a kernel .config or defconfig path (docs/formats.md, "Kernel config"),
        which the scenario's kernel block and the other options here win over."""
        err, h = _lib.Error(), self._live()
        calls = []
        if _flag("clear_events", clear_events):
            calls.append(lambda: lib.capsim_scenario_clear_events(h, ctypes.byref(err)))
        if platform is not None:
            pb = _path("platform", platform)
            calls.append(lambda: lib.capsim_scenario_set_platform(h, pb, ctypes.byref(err)))
        if isinstance(workload, Workload):
            wh = workload._live()
            calls.append(lambda: lib.capsim_scenario_set_workload(h, wh, ctypes.byref(err)))
        elif workload is not None:
            wb = _path("workload", workload)
            calls.append(lambda: lib.capsim_scenario_set_workload_path(h, wb, ctypes.byref(err)))
        if duration is not None:
            ns = _duration_ns(duration)
            if not ns:  # the C call's 0 is "the workload's own", which the CLI cannot ask for
                raise RangeError(-4, "duration %r: expected a duration > 0, as the CLI's "
                                 "--duration (None keeps the scenario's)" % (duration,))
            calls.append(lambda: lib.capsim_scenario_set_duration(h, ns, ctypes.byref(err)))
        if seed is not None:
            sv = _int("seed", seed)
            calls.append(lambda: lib.capsim_scenario_set_seed(h, sv, ctypes.byref(err)))
        if model is not None:
            mv = _model(model)
            calls.append(lambda: lib.capsim_scenario_set_model(h, mv, ctypes.byref(err)))
        if governor is not None:
            if not isinstance(governor, str):
                raise TypeError("governor: expected a str, not %r" % (governor,))
            if governor not in GOVERNORS:
                raise UnknownNameError(-7, "governor %r: expected one of %s" % (governor, GOVERNORS))
            calls.append(lambda: lib.capsim_scenario_set_governor(h, GOVERNORS.index(governor),
                                                                  ctypes.byref(err)))
        if hz is not None:
            hv = _int("hz", hz, 0, U32_MAX)
            calls.append(lambda: lib.capsim_scenario_set_hz(h, hv, ctypes.byref(err)))
        if eas is not None:
            ev = _flag("eas", eas)
            calls.append(lambda: lib.capsim_scenario_set_eas(h, ev, ctypes.byref(err)))
        if kernel_config is not None:
            kb = _path("kernel_config", kernel_config)
            calls.append(lambda: lib.capsim_scenario_set_kernel_config(h, kb, ctypes.byref(err)))
        if pressure_metrics is not None:
            pv = _flag("pressure_metrics", pressure_metrics)
            calls.append(lambda: lib.capsim_scenario_set_pressure_metrics(h, pv, ctypes.byref(err)))
        for name, fn, vals in (("max_freq", lib.capsim_scenario_add_max_freq, max_freq),
                               ("min_freq", lib.capsim_scenario_add_min_freq, min_freq),
                               ("hw_cap", lib.capsim_scenario_add_hw_cap, hw_cap)):
            if not isinstance(vals, (str, list, tuple)):
                raise TypeError("%s: expected a str or a list of str, not %r" % (name, vals))
            for v in ([vals] if isinstance(vals, str) else vals):
                vb = _text(name, v)
                calls.append(lambda fn=fn, vb=vb: fn(h, vb, ctypes.byref(err)))
        for call in calls:
            _check(call(), err)
        if isinstance(workload, Workload):
            self._workload = workload
        return self


class Result:
    """A finished run: .header (dict), .tasks and .cpus (DataFrames), .json (the bytes of
    `capsim simulate --json`), .text (of `capsim simulate`); with series=True also .cpu_series
    and .runs."""

    def __init__(self, summary_ptr, recording=None):
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
                          "migrations": t.migrations, "util_avg_end": t.util_avg_end,
                          "energy_j": s.task_energy[i].energy_j,
                          "energy_share_pct": s.task_energy[i].share_pct})
        self.tasks = pd.DataFrame(tasks)
        self.cpus = pd.DataFrame([{f: getattr(s.cpus[i], f) for f, _ in s.cpus[i]._fields_}
                                  for i in range(s.nr_cpus)]).set_index("cpu")
        self.cpu_series = self.runs = None
        if recording is not None:
            self._read_series(recording)

    def _read_series(self, rec):
        """The recording's columns as DataFrames over C's own memory (no copy), in its compact
        types; the frames keep @rec (and so that memory) alive."""
        P, byref, h = ctypes.POINTER, ctypes.byref, rec._h
        t, c, g, v = P(_lib.c_i64)(), P(_lib.c_u16)(), P(_lib.c_u8)(), P(_lib.c_u32)()
        n = lib.capsim_recording_cpu_series(h, byref(t), byref(c), byref(g), byref(v))
        names = [lib.capsim_signal_name(i).decode() for i in range(7)]
        self.cpu_series = pd.DataFrame({
            "time_ns": rec.column(t, n, np.int64), "cpu": rec.column(c, n, np.uint16),
            # the signals (0-6) read as int8, the codes' type: the categorical keeps C's array
            "signal": pd.Categorical.from_codes(rec.column(g, n, np.int8), names),
            "value": rec.column(v, n, np.uint32)}, copy=False)
        task, cpu, st, en = P(_lib.c_i32)(), P(_lib.c_u16)(), P(_lib.c_i64)(), P(_lib.c_i64)()
        n = lib.capsim_recording_run_series(h, byref(task), byref(cpu), byref(st), byref(en))
        comms, pids, p = [], [], _lib.c_i32()
        while True:
            name = lib.capsim_recording_task(h, len(comms), byref(p))
            if name is None:
                break
            comms.append(name.decode())
            pids.append(p.value)
        # a comm may name several pids: the categories are the distinct comms
        uniq = sorted(set(comms))
        code_of = {name: i for i, name in enumerate(uniq)}
        # the codes in the type pandas keeps them in (coerce_indexer_dtype()): not copied again
        code_type = next(t for t in (np.int8, np.int16, np.int32) if len(uniq) < np.iinfo(t).max)
        to_cat = np.array([code_of[x] for x in comms] or [0], code_type)
        codes = rec.column(task, n, np.int32)
        self.runs = pd.DataFrame({
            "pid": np.array(pids or [0], np.int32)[codes],
            "task": pd.Categorical.from_codes(to_cat[codes], uniq),
            "cpu": rec.column(cpu, n, np.uint16), "start_ns": rec.column(st, n, np.int64),
            "end_ns": rec.column(en, n, np.int64)}, copy=False)

    def __del__(self):
        if getattr(self, "_sum", None):
            lib.capsim_summary_free(self._sum)
            self._sum = None

    def _live(self):
        if not getattr(self, "_sum", None):
            raise ValueError("Result: used after __del__()")
        return self._sum

    @property
    def json(self):
        return _write_to_string(lib.capsim_summary_write, self._live(), 1)

    @property
    def text(self):
        return _write_to_string(lib.capsim_summary_write, self._live(), 0)


def _scenario(scenario, opts):
    if scenario is not None and not isinstance(scenario, (Scenario, dict, str, os.PathLike)):
        raise TypeError("scenario: expected a path, a dict or a Scenario, not %s %r"
                        % (type(scenario).__name__, scenario))
    if isinstance(scenario, Scenario):
        return scenario.set(**opts)
    if scenario is None:
        return Scenario.default(**opts)
    if isinstance(scenario, dict):
        return Scenario.parse(scenario, **opts)
    return Scenario(scenario, **opts)


def _sim_run(sim, err):
    """capsim_sim_run(), stoppable by Ctrl-C: Python runs signal handlers only in the main thread
    between bytecodes, so there the run goes on a helper thread (the GIL released) while the
    main thread waits; a KeyboardInterrupt stops the run at its next event (capsim_sim_stop())
    and is raised once the run has ended. Elsewhere, a plain call."""
    if threading.current_thread() is not threading.main_thread():
        return lib.capsim_sim_run(sim, ctypes.byref(err))
    ret, done = [], threading.Event()

    def body():
        try:
            ret.append(lib.capsim_sim_run(sim, ctypes.byref(err)))
        finally:
            done.set()

    # an Event, not Thread.join(): a join cut by KeyboardInterrupt can see the thread as ended
    # before it is (CPython's join releases its state lock early when interrupted)
    threading.Thread(target=body, name="capsim-run", daemon=True).start()
    try:
        while not done.wait(0.05):
            pass
    except KeyboardInterrupt:
        lib.capsim_sim_stop(sim)
        # the run must end before its memory goes: a second Ctrl-C does not cut this wait
        while not done.is_set():
            try:
                done.wait(0.05)
            except KeyboardInterrupt:
                pass
        raise
    return ret[0]


class _Recording:
    """A run's recording (capsim_record.h), freed when nothing uses its columns any more: the
    arrays column() makes share its memory and keep it alive."""

    def __init__(self, h):
        self._h = h

    def __del__(self):
        lib.capsim_recording_free(self._h)

    def column(self, ptr, n, dtype):
        """The C array @ptr of @n values of @dtype as a numpy array over the same memory."""
        if not n:
            return np.empty(0, dtype)
        buf = (ctypes.c_char * (n * np.dtype(dtype).itemsize)).from_address(
            ctypes.cast(ptr, ctypes.c_void_p).value)
        buf.recording = self
        return np.frombuffer(buf, dtype)


def _series(v):
    """simulate()'s series=: False/None (none), True (every change over the whole run), or a
    dict of start, end (a window of simulated time) and step (a sample of each signal every
    step) as durations. Returns None or (start_ns, end_ns, step_ns), 0 for what is not given."""
    if v is None or v is False:
        return None
    if v is True:
        return (0, 0, 0)
    if not isinstance(v, dict):
        raise TypeError("series: expected True, False or a dict of start, end and step, not %r"
                        % (v,))
    unknown = set(v) - {"start", "end", "step"}
    if unknown:
        raise ValueError("series: unknown key %r (expected start, end, step)" % sorted(unknown)[0])
    return tuple(_duration_ns(v[k], "series " + k) if v.get(k) is not None else 0
                 for k in ("start", "end", "step"))


def _run(sc, series=None, prefix=""):
    """One run of Scenario sc; the GIL is released inside capsim_sim_run() (ctypes.CDLL). The
    run's warning, if any, is a CapsimWarning (warnings.warn()), @prefix before its text.
    @series: _series()'s tuple, or None."""
    sim, err, sh, rec = ctypes.c_void_p(), _lib.Error(), ctypes.c_void_p(), None
    _check(lib.capsim_sim_create(sc._live(), ctypes.byref(sim), ctypes.byref(err)), err)
    try:
        if series is not None:
            _check(lib.capsim_recording_attach(sim, ctypes.byref(sh), ctypes.byref(err)), err)
            rec = _Recording(sh)
            _check(lib.capsim_recording_columns_only(sh, ctypes.byref(err)), err)
            _check(lib.capsim_recording_series(sh, *series, ctypes.byref(err)), err)
        _check(_sim_run(sim, err), err)
        warning = lib.capsim_sim_warning(sim)
        if warning:  # a deadlock within the duration: the CLI's "capsim: warning: ..."
            warnings.warn(prefix + _s(warning), CapsimWarning, stacklevel=3)
        if rec is not None:
            _check(lib.capsim_recording_finish(sh, ctypes.byref(err)), err)
        sp = ctypes.POINTER(_lib.Summary)()
        _check(lib.capsim_sim_summary(sim, ctypes.byref(sp), ctypes.byref(err)), err)
        return Result(sp, rec)
    finally:
        lib.capsim_sim_free(sim)  # the recording lives on (as long as its columns)


def simulate(scenario=None, series=False, **opts):
    """`capsim simulate`: run a scenario (a path, a dict, a Scenario, or None for the built-in
    default) with options overridden as Scenario.set() takes them. Returns a Result.
    series=True also gives r.cpu_series and r.runs over the whole run at full resolution;
    series=dict(start=..., end=..., step=...) (durations, each optional) over a window of
    simulated time, each CPU signal sampled every step (capsim_recording_series()).
    Ctrl-C stops the run within a second and raises KeyboardInterrupt (no Result)."""
    return _run(_scenario(scenario, opts), _series(series))


def compare(scenario, models=("v6.9", "v6.10", "latest", "capped", "none"), json=False,
            **opts):
    """`capsim compare`: one run per model with pressure metrics. Returns (a DataFrame of the
    totals per model, the report text as `capsim compare [--json]` prints it). Ctrl-C stops
    the run going within a second and raises KeyboardInterrupt (no table)."""
    if isinstance(models, (str, bytes)) or not isinstance(models, (list, tuple)):
        raise TypeError("models: expected a list of model names, not %r" % (models,))
    for m in models:
        _model(m)
    sc = _scenario(scenario, dict(opts, pressure_metrics=True))
    results = []
    for m in models:
        sc.set(model=m)
        results.append(_run(sc, prefix="model %s: " % m))
    arr = (ctypes.POINTER(_lib.Summary) * len(results))(*[r._sum for r in results])
    report = _write_to_string(lib.capsim_compare_write, arr, len(results), int(bool(json)))
    table = pd.DataFrame([dict(model=r.header["model"], **r.totals,
                               deadline_misses=int(r.tasks.deadline_misses.sum()))
                          for r in results]).set_index("model")
    return table, report


def place(state, task=None, platform=None, model="v6.10"):
    """`capsim place`: one wake-up placement question from a state (a path, JSON text or dict);
    task "util=..,prev=.." replaces the state's. Returns (decision dict, a row per CPU)."""
    model = _model(model)
    task = None if task is None else _text("task", task)
    platform = _path("platform", platform, True)
    if not isinstance(state, (dict, str, os.PathLike)):
        raise TypeError("state: expected a path, JSON text or a dict, not %r" % (state,))
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
            _check(lib.capsim_place_use_platform(q, platform, ctypes.byref(err)), err)
        _check(lib.capsim_place_parse(q, t, len(t), 1, model, ctypes.byref(err)), err)
        if task:
            _check(lib.capsim_place_set_task(q, task, ctypes.byref(err)), err)
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
    threads, or on a Dask cluster), and return the results table as a DataFrame. Ctrl-C ends
    the `capsim sweep` program (it stops its runs, keeping the reports of the finished ones:
    the next call resumes) and raises KeyboardInterrupt within a second."""
    path = _path("path", path)
    if not isinstance(engine, str):
        raise TypeError("engine: expected \"local\" or \"dask\", not %r" % (engine,))
    if jobs is not None:
        _int("jobs", jobs, 1, 256)
    output, runs_dir = _path("output", output, True), _path("runs_dir", runs_dir, True)
    scheduler = None if scheduler is None else _text("scheduler", scheduler).decode()
    path, output, runs_dir = (None if x is None else os.fsdecode(x) for x in (path, output, runs_dir))
    from . import engine as _engine
    return _engine.run(path, engine=engine, jobs=jobs, scheduler=scheduler, output=output,
                      runs_dir=runs_dir, capsim=capsim)


# --- capsim analyze: the figures of a real trace -------------------------------------------

class Analysis:
    """The figures of a trace (`capsim analyze --json`, docs/formats.md "Trace analysis"):
    .json (that object, a dict), .cpus (a row per CPU), .freq_residency (cpu, khz, pct),
    .tasks (a row per pid: run time, wake-up latencies, CPU changes and, with a platform, the
    PELT replay and its error), .task_cpus (pid, cpu, runtime_s) and, with a platform,
    .capacity (time_ns, cpu, cpufreq_pressure, hw_pressure, hw_load_avg, actual_capacity: a
    row each time a CPU's believed capacity changes), .phases (pid, phase, loops, period_us,
    run_us, work_us, misses: each task's phases found by the workload extraction; empty
    without a platform); .pelt_form (None without a platform); .policy_limits (time_ns, cpu,
    min_khz, max_khz: each change of a CPU's cpufreq limits, policy_limits.csv) and, with a platform,
    .placements (placements.csv's columns: a row per placed wake-up, the model's CPU beside
    the trace's)."""

    CAPACITY_COLUMNS = ["time_ns", "cpu", "cpufreq_pressure", "hw_pressure", "hw_load_avg",
                        "actual_capacity"]
    PHASE_COLUMNS = ["pid", "phase", "loops", "period_us", "run_us", "work_us", "misses"]
    LIMIT_COLUMNS = ["time_ns", "cpu", "min_khz", "max_khz"]
    PLACEMENT_COLUMNS = ["time_ns", "pid", "comm", "prev_cpu", "target_cpu", "trace_cpu",
                         "model_cpu", "agree", "path", "overutilized", "task_util",
                         "task_util_est", "feec_cpu", "select_idle_capacity_cpu", "reason"]

    def __init__(self, figures, capacity_csv, limits_csv, placements_csv=None):
        self.json = figures
        self.pelt_form = figures["pelt"]["form"] if "pelt" in figures else None
        cpus, res = [], []
        for cpu, c in figures["cpus"].items():
            row = {"cpu": int(cpu), "window_start_s": c["window_s"][0],
                   "window_end_s": c["window_s"][1]}
            row.update({k: v for k, v in c.items()
                        if k not in ("window_s", "freq_residency_pct", "policy_limits")})
            cpus.append(row)
            res += [{"cpu": int(cpu), "khz": int(k), "pct": v}
                    for k, v in c["freq_residency_pct"].items()]
        self.cpus = pd.DataFrame(cpus).set_index("cpu") if cpus else pd.DataFrame()
        self.freq_residency = pd.DataFrame(res, columns=["cpu", "khz", "pct"])
        limits = [list(map(int, line.split(","))) for line in limits_csv.splitlines()[1:]]
        self.policy_limits = pd.DataFrame(limits, columns=self.LIMIT_COLUMNS)
        tasks, task_cpus, phases = [], [], []
        for t in figures["tasks"]:
            row = {k: v for k, v in t.items() if not isinstance(v, (dict, list))}
            phases += [dict(ph, pid=t["pid"], phase=i) for i, ph in enumerate(t.get("phases", []))]
            for key in ("wakeup_latency_us", "waking_latency_us"):
                for q, v in t.get(key, {}).items():
                    row["%s_%s_us" % (key[:-3], q)] = np.nan if v is None else v
            if "pelt_replay" in t:
                p = t["pelt_replay"]
                row["pelt_util_avg"] = p["util_avg"]
                row["pelt_seeded"] = p["seeded"]
                for k, v in (p["util_error"] or {}).items():
                    row["pelt_util_error_" + k] = v
            tasks.append(row)
            task_cpus += [{"pid": t["pid"], "cpu": int(c), "runtime_s": s}
                          for c, s in t["runtime_by_cpu_s"].items()]
        self.tasks = pd.DataFrame(tasks).set_index("pid") if tasks else pd.DataFrame()
        self.task_cpus = pd.DataFrame(task_cpus, columns=["pid", "cpu", "runtime_s"])
        self.phases = pd.DataFrame(phases, columns=self.PHASE_COLUMNS)
        self.capacity = None
        if capacity_csv is not None:
            rows = [list(map(int, line.split(","))) for line in capacity_csv.splitlines()[1:]]
            self.capacity = pd.DataFrame(rows, columns=self.CAPACITY_COLUMNS)
        self.placements = None
        if placements_csv is not None:
            rows = list(_csv.reader(io.StringIO(placements_csv)))[1:]
            self.placements = pd.DataFrame(rows, columns=self.PLACEMENT_COLUMNS)
            for col in self.PLACEMENT_COLUMNS:
                if col not in ("comm", "path", "reason"):
                    self.placements[col] = self.placements[col].astype("int64")


def analyze(trace, platform=None, model=None, hz=None, pelt="auto", kernel_config=None):
    """`capsim analyze TRACE --json`: read a kernel trace (ftrace or trace-cmd report text,
    systrace HTML, trace.dat, Perfetto, plain or compressed) and figure per CPU and per task
    what the scheduler did; with a platform (a name, a path or a Platform) also the capacity
    it believed over time and each task's PELT util replayed (pelt: "auto", "pre-5.1" or
    "5.1"). model None: the model of the kernel the trace names, else v6.10 (as the CLI
    without --model). hz None: the kernel config's CONFIG_HZ, else 250 (as the CLI without
    --hz); kernel_config: a kernel .config or defconfig path, as `--kernel-config`
    (docs/formats.md, "Kernel config"). Returns an Analysis."""
    path = _path("trace", trace)
    from_trace = model is None
    model = _model("v6.10" if from_trace else model)
    hz = 0 if hz is None else _int("hz", hz, 1, 1000)
    kc = _path("kernel_config", kernel_config, allow_none=True)
    if pelt not in PELT_FORMS:
        raise UnknownNameError(-7, "pelt %r: expected one of %s" % (pelt, ", ".join(PELT_FORMS)))
    p = platform if isinstance(platform, Platform) or platform is None else Platform(platform)
    err, t, a = _lib.Error(), ctypes.c_void_p(), ctypes.c_void_p()
    _check(lib.capsim_trace_open(path, ctypes.byref(t), ctypes.byref(err)), err)
    try:
        opts = _lib.AnalyzeOpts(platform=p._live() if p is not None else None, model=model, hz=hz,
                                model_from_trace=int(from_trace), kernel_config=kc)
        if p is None:
            _check(lib.capsim_analyze_pelt(t, ctypes.byref(opts), PELT_FORMS.index(pelt),
                                           ctypes.byref(a), ctypes.byref(err)), err)
            csv = None
            placements = None
        else:
            def run(fp, placements_fp):
                opts.capacity_csv, opts.placements_csv = fp, placements_fp
                return lib.capsim_analyze_pelt(t, ctypes.byref(opts), PELT_FORMS.index(pelt),
                                               ctypes.byref(a), ctypes.byref(err))
            ret, got = [0], {}
            placements = _write_to_string(lambda pfp: got.__setitem__("csv", _write_to_string(
                lambda fp: ret.__setitem__(0, run(fp, pfp)) or 0)) or 0)
            csv = got["csv"]
            _check(ret[0], err)
        figures = _json.loads(_write_to_string(lib.capsim_analysis_write_json, a))
        limits = _write_to_string(lib.capsim_analysis_write_policy_limits_csv, a)
    finally:
        lib.capsim_analysis_free(a)
        lib.capsim_trace_free(t)
    return Analysis(figures, csv, limits, placements)
