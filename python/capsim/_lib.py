# SPDX-License-Identifier: MIT
"""The C library as ctypes sees it: finding libcapsim.so, the public structs of include/capsim/
mirrored field for field (docs/api.md, "ABI": a sized struct only grows at its end, the others
are frozen within a SOVERSION), and each function's signature.

ctypes rather than cffi: the package stays pure Python (no compiler or headers at install time,
no third dependency), and calls through ctypes.CDLL release the GIL for their duration, so
runs simulated from several Python threads go in parallel. The cost is this file: the structs
are written twice, and the tests compare every figure with the CLI's JSON to catch a drift.
"""
import ctypes
import ctypes.util
import os

c_u8, c_u16, c_u32, c_u64 = ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64
c_i32, c_i64 = ctypes.c_int32, ctypes.c_int64
c_int, c_uint, c_double, c_char_p, c_bool = (ctypes.c_int, ctypes.c_uint, ctypes.c_double,
                                             ctypes.c_char_p, ctypes.c_bool)
P = ctypes.POINTER
c_void_p = ctypes.c_void_p
c_size_t = ctypes.c_size_t

CAPSIM_MAX_CPUS = 256


class Error(ctypes.Structure):
    _fields_ = [("code", c_int), ("msg", ctypes.c_char * 1024)]


class CpuMask(ctypes.Structure):
    _fields_ = [("bits", c_u64 * (CAPSIM_MAX_CPUS // 64))]

    def cpus(self):
        return [c for c in range(CAPSIM_MAX_CPUS) if (self.bits[c // 64] >> (c % 64)) & 1]


class Sized(ctypes.Structure):
    """A struct the caller sizes (capsim.h, "The ABI of the structs"): made with size =
    sizeof, as C's CAPSIM_SIZED(); the library fills or reads only that many bytes."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.size = ctypes.sizeof(self)

    def values(self):
        """Its fields by name, the size aside."""
        return {f: getattr(self, f) for f, _ in self._fields_ if f != "size"}


class SummaryCap(ctypes.Structure):
    _fields_ = [("policy_cpu", c_uint), ("max", c_int), ("khz", c_u32)]


class SummaryPolicy(ctypes.Structure):
    _fields_ = [("cpu", c_uint), ("cpus", CpuMask)]


class CpuTime(ctypes.Structure):
    _fields_ = [("cpu", c_uint), ("ns", c_u64)]


class TaskSummary(ctypes.Structure):
    _fields_ = [("name", c_char_p), ("activations", c_u64), ("deadline_misses", c_u64),
                ("timer_events", c_u64), ("slack_mean_us", c_double), ("slack_min_us", c_double),
                ("runtime_ns", c_u64), ("runtime_by_cpu", P(CpuTime)),
                ("nr_runtime_by_cpu", c_uint), ("lat_p50_us", c_double),
                ("lat_p99_us", c_double), ("migrations", c_u64), ("util_avg_end", c_u64)]


class CpuSummary(ctypes.Structure):
    _fields_ = [("cpu", c_uint), ("busy_ns", c_u64), ("busy_pct", c_double),
                ("mean_freq_khz", c_double), ("mean_actual_capacity", c_double),
                ("energy_j", c_double), ("believed_pressure_pct", c_double),
                ("capped_pct", c_double), ("mean_abs_capacity_error", c_double),
                ("nr_idle_states", c_uint),
                ("idle_residency_ns", c_u64 * 10),  # CAPSIM_MAX_IDLE_STATES
                ("kthread_busy_ns", c_u64),
                ("idle_energy_j", c_double)]  # appended: idle states' power x residency


class PressureSummary(ctypes.Structure):
    _fields_ = [("mean_abs_capacity_error", c_double), ("placements", c_u64),
                ("misfit_placements", c_u64), ("uclamp_min_placements", c_u64),
                ("uclamp_min_violations", c_u64), ("mean_uclamp_min_shortfall", c_double)]


class TaskEnergy(ctypes.Structure):  # appended beside TaskSummary, whose layout is fixed
    _fields_ = [("energy_j", c_double), ("share_pct", c_double)]


class Summary(ctypes.Structure):  # sized and versioned by the library
    _fields_ = [("size", c_u32),
                ("version", c_u32),
                ("platform", c_char_p), ("workload", c_char_p), ("duration_ns", c_u64),
                ("duration_s", c_double), ("hz", c_uint), ("governor", c_int), ("eas", c_int),
                ("uclamp", c_int), ("model", c_int), ("seed", c_u64),
                ("caps", P(SummaryCap)), ("nr_caps", c_uint),
                ("policies", P(SummaryPolicy)), ("nr_policies", c_uint),
                ("has_energy_model", c_int), ("tasks", P(TaskSummary)), ("nr_tasks", c_uint),
                ("cpus", P(CpuSummary)), ("nr_cpus", c_uint), ("energy_j", c_double),
                ("migrations", c_u64), ("misfit_migrations", c_u64),
                ("overutilized_pct", c_double), ("events", c_u64),
                ("has_pressure_metrics", c_int), ("pressure", PressureSummary),
                ("truncated_at_ns", c_u64), ("truncated_by", c_int),
                ("task_counts", ctypes.c_void_p),
                ("has_idle_power", c_int), ("idle_energy_j", c_double),
                ("task_energy", P(TaskEnergy)),  # appended: per task, its part of energy_j
                ("kthread_energy_j", c_double)]  # appended: the sugov kthreads' part


class PlatformInfo(Sized):
    _fields_ = [("size", c_u32),
                ("name", c_char_p), ("model", c_char_p), ("source", c_char_p), ("arch", c_int),
                ("fallback", c_int), ("capacity_source", c_int), ("eas", c_bool),
                ("nr_cpus", c_uint), ("nr_policies", c_uint), ("nr_zones", c_uint),
                ("nr_notes", c_uint), ("freq_invariance", c_char_p),
                ("freq_invariance_given", c_bool)]


class CpuInfo(Sized):
    _fields_ = [("size", c_u32),
                ("cluster", c_int), ("core", c_int), ("thread", c_int), ("policy", c_int),
                ("policy_index", c_int), ("capacity_dmips_mhz", c_u32),
                ("capacity_orig", c_u64), ("freq_ref_khz", c_u32), ("node_path", c_char_p),
                ("compatible", c_char_p), ("amu", c_bool)]


class PolicyInfo(Sized):
    _fields_ = [("size", c_u32),
                ("cpu", c_uint), ("cpus", CpuMask), ("nr_opps", c_uint),
                ("cpuinfo_min_khz", c_u32), ("cpuinfo_max_khz", c_u32), ("min_khz", c_u32),
                ("max_khz", c_u32), ("boost_enabled", c_bool),
                ("dynamic_power_coefficient", c_u32), ("energy_model", c_bool),
                ("em_microwatts", c_bool), ("em_skip_inefficiencies", c_bool),
                ("cooling_states", c_uint), ("opp_table_path", c_char_p),
                ("cpufreq_driver", c_char_p), ("driver_given", c_bool),
                ("transition_latency_ns", c_u32), ("transition_delay_us", c_u32),
                ("fast_switch", c_bool), ("clock_latency_ns", c_u32),
                ("has_cpu_supply", c_bool), ("supply_ramp_delay", c_u32),
                ("supply_settling_time_us", c_u32), ("supply_settling_time_up_us", c_u32),
                ("supply_settling_time_down_us", c_u32), ("clock_firmware", c_bool)]


class OppInfo(Sized):
    _fields_ = [("size", c_u32),
                ("khz", c_u32), ("uv", c_u32), ("uv_min", c_u32), ("uv_max", c_u32),
                ("uw", c_u32), ("turbo", c_bool), ("suspend", c_bool), ("has_em", c_bool),
                ("em_power_uw", c_u64), ("em_perf", c_u64), ("em_cost", c_u64),
                ("em_efficient", c_bool)]


class CpuCapacity(Sized):
    _fields_ = [("size", c_u32),
                ("capacity_orig", c_u64), ("policy", c_int), ("policy_max_khz", c_u32),
                ("policy_min_khz", c_u32), ("freq_ref_khz", c_u32),
                ("cpufreq_pressure", c_u64), ("hw_pressure", c_u64), ("hw_load_avg", c_u64),
                ("actual_capacity", c_u64), ("v6_9_thermal_pressure", c_u64),
                ("v6_9_capacity", c_u64)]


class Cap(Sized):
    _fields_ = [("size", c_u32),
                ("kind", c_int), ("policy", c_uint), ("cpus", CpuMask), ("value", c_u32)]


class PlaceDecision(Sized):
    _fields_ = [("size", c_u32),
                ("nr_cpus", c_uint), ("task_util_est", c_u64), ("select_idle_capacity", c_int),
                ("feec", c_int), ("feec_exit", c_char_p),
                ("select_idle_capacity_reason", ctypes.c_char * 512),
                ("feec_reason", ctypes.c_char * 512)]


class PlaceCpu(Sized):
    _fields_ = [("size", c_u32),
                ("pd", c_uint), ("actual_cap", c_u64), ("util_fits_cpu", c_int),
                ("cpu_util", c_u64 * 4), ("effective", c_u64 * 3)]


def _candidates():
    """Where libcapsim.so is looked for: $CAPSIM_LIB, a build/ directory above this package
    (the source tree after `make build`), then the system's search path (an install)."""
    env = os.environ.get("CAPSIM_LIB")
    if env:
        yield env
        return
    d = os.path.dirname(os.path.abspath(__file__))
    for _ in range(4):
        d = os.path.dirname(d)
        for build in (os.environ.get("CAPSIM_BUILD", "build"),):
            p = os.path.join(d, build, "libcapsim.so.0")
            if os.path.exists(p):
                yield p
    yield "libcapsim.so.0"
    found = ctypes.util.find_library("capsim")
    if found:
        yield found


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append("%s: %s" % (path, e))
    raise ImportError("capsim: cannot load libcapsim.so (set CAPSIM_LIB to its path, or run "
                      "`make build` in the source tree): " + "; ".join(errors))


lib, lib_path = _load()
libc = ctypes.CDLL(None)

_SIGS = {
    "capsim_version": (c_char_p, []),
    "capsim_strerror": (c_char_p, [c_int]),
    "capsim_model_name": (c_char_p, [c_int]),
    "capsim_model_from_name": (c_int, [c_char_p, P(c_int)]),
    "capsim_governor_name": (c_char_p, [c_int]),
    "capsim_platform_load": (c_int, [c_char_p, P(c_char_p), c_uint, P(c_void_p), P(Error)]),
    "capsim_platform_free": (None, [c_void_p]),
    "capsim_platform_list": (c_int, [P(P(c_char_p)), P(Error)]),
    "capsim_platform_list_free": (None, [P(c_char_p)]),
    "capsim_platform_get_info": (c_int, [c_void_p, P(PlatformInfo)]),
    "capsim_platform_note": (c_char_p, [c_void_p, c_uint]),
    "capsim_platform_get_cpu": (c_int, [c_void_p, c_uint, P(CpuInfo)]),
    "capsim_platform_get_policy": (c_int, [c_void_p, c_uint, P(PolicyInfo)]),
    "capsim_platform_get_opp": (c_int, [c_void_p, c_uint, c_uint, P(OppInfo)]),
    "capsim_platform_apply_cap": (c_int, [c_void_p, P(Cap), P(Error)]),
    "capsim_platform_parse_cap": (c_int, [c_void_p, c_int, c_char_p, P(Cap), P(Error)]),
    "capsim_platform_settle_hw_load_avg": (c_int, [c_void_p, c_u64, c_uint, P(Error)]),
    "capsim_platform_get_capacity": (c_int, [c_void_p, c_uint, P(CpuCapacity)]),
    "capsim_platform_write_lisa": (c_int, [c_void_p, c_void_p]),
    "capsim_parse_freq_khz": (c_int, [c_char_p, P(c_u32)]),
    "capsim_parse_duration_ns": (c_int, [c_char_p, c_u64, P(c_u64)]),
    "capsim_parse_cpulist": (c_int, [c_char_p, P(CpuMask)]),
    "capsim_place_create": (c_int, [P(c_void_p), P(Error)]),
    "capsim_place_free": (None, [c_void_p]),
    "capsim_place_use_platform": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_place_parse": (c_int, [c_void_p, c_char_p, c_size_t, c_int, c_int, P(Error)]),
    "capsim_place_set_task": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_place_finish": (c_int, [c_void_p, P(Error)]),
    "capsim_place_run": (None, [c_void_p]),
    "capsim_place_get_decision": (c_int, [c_void_p, P(PlaceDecision)]),
    "capsim_place_get_cpu": (c_int, [c_void_p, c_uint, P(PlaceCpu)]),
    "capsim_workload_load": (c_int, [c_char_p, P(c_void_p), P(Error)]),
    "capsim_workload_parse": (c_int, [c_char_p, c_size_t, c_char_p, P(c_void_p), P(Error)]),
    "capsim_workload_free": (None, [c_void_p]),
    "capsim_scenario_load": (c_int, [c_char_p, P(c_void_p), P(Error)]),
    "capsim_scenario_parse": (c_int, [c_char_p, c_size_t, c_char_p, c_char_p, P(c_void_p),
                                      P(Error)]),
    "capsim_scenario_load_default": (c_int, [P(c_void_p), P(Error)]),
    "capsim_scenario_create": (c_int, [P(c_void_p), P(Error)]),
    "capsim_scenario_free": (None, [c_void_p]),
    "capsim_scenario_set_platform": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_set_workload_path": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_set_workload": (c_int, [c_void_p, c_void_p, P(Error)]),
    "capsim_scenario_set_duration": (c_int, [c_void_p, c_u64, P(Error)]),
    "capsim_scenario_set_seed": (c_int, [c_void_p, c_u64, P(Error)]),
    "capsim_scenario_set_model": (c_int, [c_void_p, c_int, P(Error)]),
    "capsim_scenario_set_governor": (c_int, [c_void_p, c_int, P(Error)]),
    "capsim_scenario_set_hz": (c_int, [c_void_p, c_uint, P(Error)]),
    "capsim_scenario_set_eas": (c_int, [c_void_p, c_int, P(Error)]),
    "capsim_scenario_set_cpuidle_governor": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_set_kernel_config": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_set_pressure_metrics": (c_int, [c_void_p, c_int, P(Error)]),
    "capsim_scenario_add_max_freq": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_add_min_freq": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_add_hw_cap": (c_int, [c_void_p, c_char_p, P(Error)]),
    "capsim_scenario_clear_events": (c_int, [c_void_p, P(Error)]),
    "capsim_sim_create": (c_int, [c_void_p, P(c_void_p), P(Error)]),
    "capsim_sim_run": (c_int, [c_void_p, P(Error)]),
    "capsim_sim_free": (None, [c_void_p]),
    "capsim_sim_stop": (None, [c_void_p]),
    "capsim_sim_warning": (c_char_p, [c_void_p]),
    "capsim_sim_summary": (c_int, [c_void_p, P(P(Summary)), P(Error)]),
    "capsim_sim_summary_take": (c_int, [c_void_p, P(P(Summary)), P(Error)]),
    "capsim_summary_free": (None, [P(Summary)]),
    "capsim_summary_write": (c_int, [P(Summary), c_int, c_void_p]),
    "capsim_compare_write": (c_int, [P(P(Summary)), c_uint, c_int, c_void_p]),
    "capsim_signal_name": (c_char_p, [c_int]),
    "capsim_recording_attach": (c_int, [c_void_p, P(c_void_p), P(Error)]),
    "capsim_recording_series": (c_int, [c_void_p, c_u64, c_u64, c_u64, P(Error)]),
    "capsim_recording_columns_only": (c_int, [c_void_p, P(Error)]),
    "capsim_recording_finish": (c_int, [c_void_p, P(Error)]),
    "capsim_recording_free": (None, [c_void_p]),
    "capsim_recording_cpu_series": (c_size_t, [c_void_p, P(P(c_i64)), P(P(c_u16)), P(P(c_u8)),
                                               P(P(c_u32))]),
    "capsim_recording_run_series": (c_size_t, [c_void_p, P(P(c_i32)), P(P(c_u16)),
                                               P(P(c_i64)), P(P(c_i64))]),
    "capsim_recording_task": (c_char_p, [c_void_p, c_uint, P(c_i32)]),
}



class AnalyzeOpts(Sized):  # struct capsim_analyze_opts (capsim_trace.h)
    _fields_ = [("size", c_u32), ("platform", c_void_p), ("model", c_int), ("hz", c_uint), ("events", c_void_p),
                ("capacity_csv", c_void_p), ("model_from_trace", c_int), ("record", c_int),
                ("placements_csv", c_void_p), ("kernel_config", c_char_p)]


_SIGS.update({
    "capsim_trace_open": (c_int, [c_char_p, P(c_void_p), P(Error)]),
    "capsim_trace_free": (None, [c_void_p]),
    "capsim_analyze_pelt": (c_int, [c_void_p, P(AnalyzeOpts), c_int, P(c_void_p), P(Error)]),
    "capsim_analysis_write_json": (c_int, [c_void_p, c_void_p]),
    "capsim_analysis_write_policy_limits_csv": (c_int, [c_void_p, c_void_p]),
    "capsim_analysis_free": (None, [c_void_p]),
    "capsim_pelt_form_name": (c_char_p, [c_int]),
})

for _name, (_res, _args) in _SIGS.items():
    _f = getattr(lib, _name)
    _f.restype = _res
    _f.argtypes = _args

libc.open_memstream.restype = c_void_p
libc.open_memstream.argtypes = [P(ctypes.c_char_p), P(c_size_t)]
libc.fclose.argtypes = [c_void_p]
libc.free.argtypes = [c_void_p]
