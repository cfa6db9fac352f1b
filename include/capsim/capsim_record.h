/* SPDX-License-Identifier: MIT */
/*
 * capsim_record.h - what a run looked like over time: a recording attached to a run (beside its
 * text trace, if any) gathers the series that `capsim simulate --report / --csv / --rtapp-log`
 * and `capsim compare --report` write: the HTML report (one self-contained page with
 * interactive plots, decimated per pixel with min/max kept), tidy CSV time series (one file per
 * signal family, one row per change, streamed as the run goes) and rt-app's per-thread logs.
 * File and column names are in docs/formats.md, "Time series".
 *
 * Files are opened through a caller's callback (capsim_open_fn), so the caller decides where
 * and how they are written (the capsim program writes each atomically); the library writes and
 * never closes them.
 *
 * A binding asks the same recording for full-resolution columns (capsim_recording_columns():
 * each change of a CPU signal, each run interval) and reads them as arrays instead of taking a
 * call per event (an hour of a busy workload is millions of events): one sink, one pass over
 * the events, whatever outputs are asked for.
 */
#ifndef CAPSIM_RECORD_H
#define CAPSIM_RECORD_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct capsim_recording capsim_recording;

/*
 * capsim_open_fn - open the output file @name (a bare file name, e.g. "cpu_frequency.csv") for
 * writing: a FILE * the library writes to and the caller closes, or NULL (the library then
 * stops with CAPSIM_ERR_IO). Called in the run's thread.
 */
typedef FILE *(*capsim_open_fn)(void *ctx, const char *name);

/**
 * capsim_recording_attach() - record the run @s (before capsim_sim_run(); a text trace may be
 * open as well, a caller's sink may not). Free it with capsim_recording_free() after the run,
 * before or after capsim_sim_free(). Return: 0 and *@out, or CAPSIM_ERR_NOMEM /
 * CAPSIM_ERR_INVALID (the run started or has a caller's sink) with @err.
 */
CAPSIM_API int capsim_recording_attach(capsim_sim *s, capsim_recording **out, capsim_error *err);

/** capsim_recording_free() - detach (if its run lives) and release @r; NULL is a no-op. */
CAPSIM_API void capsim_recording_free(capsim_recording *r);

/**
 * capsim_recording_csv() - also stream the CSV time series (docs/formats.md, "Time series"):
 * every family's file is opened now through @open (with its header), rows follow as the run
 * goes. Call before the run. Return: 0, or CAPSIM_ERR_IO (@open failed) / CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_recording_csv(capsim_recording *r, capsim_open_fn open, void *ctx,
				    capsim_error *err);

/**
 * capsim_recording_rtapp_log() - also write rt-app's per-thread logs: "BASENAME-THREAD.log"
 * (rt-app's name; @basename NULL: the workload's global "log_basename", else rt-app's default
 * "rt-app"), each opened through @open at its thread's first row, one row per loop with
 * rt-app's columns. Call before the run. Return: 0 or CAPSIM_ERR_NOMEM; a failed @open shows
 * in capsim_recording_status().
 */
CAPSIM_API int capsim_recording_rtapp_log(capsim_recording *r, const char *basename,
					  capsim_open_fn open, void *ctx, capsim_error *err);

/**
 * capsim_sim_rtapp_logdir() - the global "logdir" of the rt-app workload that @s runs, where
 * rt-app writes its logs (a relative one from the current directory, as rt-app opens it).
 * Return: the string, valid while @s lives; NULL if the workload gives none or @s is NULL.
 */
CAPSIM_API const char *capsim_sim_rtapp_logdir(const capsim_sim *s);

/* What a column sample is (capsim_recording_cpu_samples()); values pinned, new ones appended. */
enum capsim_signal {
	CAPSIM_SIGNAL_CAPACITY = 0,          /* capacity_of() (CAPSIM_EV_CPU_CAPACITY) */
	CAPSIM_SIGNAL_ACTUAL_CAPACITY = 1,   /* get_actual_cpu_capacity() */
	CAPSIM_SIGNAL_UTIL = 2,              /* the CPU's CFS util_avg (CAPSIM_EV_CPU_COUNTERS) */
	CAPSIM_SIGNAL_FREQ_KHZ = 3,          /* delivered frequency (CAPSIM_EV_CPU_FREQUENCY) */
	CAPSIM_SIGNAL_REQUESTED_KHZ = 4,     /* policy->cur, what the governor asked for */
	CAPSIM_SIGNAL_HW_PRESSURE = 5,       /* arch_scale_hw_pressure() (v6.10+) */
	CAPSIM_SIGNAL_THERMAL_PRESSURE = 6,  /* v6.9 thermal pressure */
	CAPSIM_SIGNAL_COUNT
};

/**
 * capsim_signal_name() - the name of @sig: "capacity", "actual_capacity", "util", "freq_khz",
 * "requested_khz", "hw_pressure", "thermal_pressure". Return: it, or NULL if out of range.
 */
CAPSIM_API const char *capsim_signal_name(enum capsim_signal sig);

/**
 * capsim_recording_series() - also keep columns for a binding, in compact types (read with
 * capsim_recording_cpu_series() and capsim_recording_run_series()): within the window
 * [@start_ns, @end_ns) of simulated time (@end_ns 0: to the run's end), the CPU signals (enum
 * capsim_signal) at each change (@step_ns 0: full resolution; a signal's values before the
 * window show as a row at @start_ns) or decimated, each signal sampled at every instant
 * @start_ns + k * @step_ns, a row where its value differs from its last row; and each run
 * interval of a workload task, cut to the window (the step does not apply to them). Call
 * once, before the run. Return: 0, CAPSIM_ERR_RANGE (@end_ns not after @start_ns),
 * CAPSIM_ERR_INVALID (asked for already) or CAPSIM_ERR_NOMEM, with @err.
 */
CAPSIM_API int capsim_recording_series(capsim_recording *r, uint64_t start_ns, uint64_t end_ns,
				       uint64_t step_ns, capsim_error *err);

/**
 * capsim_recording_columns_only() - @r keeps its columns (capsim_recording_series(),
 * capsim_recording_columns()) and nothing else: not the series, lanes and marks
 * capsim_report_html() draws, nor CSV streams or rt-app logs, and the run builds only the
 * events the columns read. For a binding, which reads only the columns: it saves their cost.
 * Call before the run; capsim_report_html(), capsim_recording_csv() and
 * capsim_recording_rtapp_log() then refuse @r. Return: 0, or CAPSIM_ERR_INVALID (@r streams
 * CSV or logs already) with @err.
 */
CAPSIM_API int capsim_recording_columns_only(capsim_recording *r, capsim_error *err);

/**
 * capsim_recording_cpu_series() - after capsim_recording_finish(): capsim_recording_series()'s
 * CPU rows in time order (at one instant, by CPU then signal): @time_ns, @cpu, @signal (enum
 * capsim_signal) and @value columns (any may be NULL; every signal's value fits 32 bits:
 * capacities, utilization, kHz, pressures). The arrays belong to @r (valid until it is
 * freed). Return: the number of rows (0 without capsim_recording_series()).
 */
CAPSIM_API size_t capsim_recording_cpu_series(const capsim_recording *r, const int64_t **time_ns,
					      const uint16_t **cpu, const uint8_t **signal,
					      const uint32_t **value);

/**
 * capsim_recording_run_series() - after capsim_recording_finish(): capsim_recording_series()'s
 * run intervals (sched_switch in to out, the last ones closed at the run's end), ordered by
 * their end: @task (the index capsim_recording_task() takes), @cpu, @start_ns, @end_ns
 * columns (any may be NULL), owned by @r. Return: the number of rows.
 */
CAPSIM_API size_t capsim_recording_run_series(const capsim_recording *r, const int32_t **task,
					      const uint16_t **cpu, const int64_t **start_ns,
					      const int64_t **end_ns);

/**
 * capsim_recording_columns() - also keep full-resolution columns in the 1.0 types (read with
 * capsim_recording_cpu_samples() and capsim_recording_run_intervals()): each change of a CPU
 * signal (enum capsim_signal) and each run interval of a workload task, as
 * capsim_recording_series(@r, 0, 0, 0) keeps them, widened at capsim_recording_finish().
 * Call before the run. Return: 0 or CAPSIM_ERR_NOMEM with @err.
 */
CAPSIM_API int capsim_recording_columns(capsim_recording *r, capsim_error *err);

/**
 * capsim_recording_cpu_samples() - after capsim_recording_finish(): the CPU samples in time
 * order, @time_ns, @cpu, @signal (enum capsim_signal) and @value columns (any may be NULL), a
 * row only when that signal of that CPU changed. The arrays belong to @r (valid until it is
 * freed). Return: the number of rows (0 without capsim_recording_columns()).
 */
CAPSIM_API size_t capsim_recording_cpu_samples(const capsim_recording *r, const uint64_t **time_ns,
					       const int32_t **cpu, const uint8_t **signal,
					       const uint64_t **value);

/**
 * capsim_recording_run_intervals() - after capsim_recording_finish(): the workload tasks' run
 * intervals (sched_switch in to out, the last ones closed at the run's end), ordered by their
 * end: @pid, @cpu, @start_ns, @end_ns columns (any may be NULL), owned by @r. Return: the
 * number of rows (0 without capsim_recording_columns()).
 */
CAPSIM_API size_t capsim_recording_run_intervals(const capsim_recording *r, const int32_t **pid,
						 const int32_t **cpu, const uint64_t **start_ns,
						 const uint64_t **end_ns);

/**
 * capsim_recording_task() - the @i-th workload task seen (0..count-1, in order of first
 * appearance): its pid into *@pid (may be NULL). Return: its comm (owned by @r), or NULL past
 * the last.
 */
CAPSIM_API const char *capsim_recording_task(const capsim_recording *r, unsigned i, int32_t *pid);

/**
 * capsim_recording_finish() - after capsim_sim_run() and before capsim_sim_free(): the series
 * end where the run ended. Return: 0, or the first CAPSIM_ERR_IO / CAPSIM_ERR_NOMEM the
 * recording met (a file that could not be opened, memory for the series), with @err.
 */
CAPSIM_API int capsim_recording_finish(capsim_recording *r, capsim_error *err);

/**
 * capsim_summary_csv() - the summary tables as CSV: "summary_tasks.csv" and
 * "summary_cpus.csv", each opened through @open. Return: 0 or CAPSIM_ERR_IO with @err.
 */
CAPSIM_API int capsim_summary_csv(const capsim_summary *sum, capsim_open_fn open, void *ctx,
				  capsim_error *err);

/* What a report says it ran: shown in its header and embedded so the run can be repeated. */
struct capsim_report_inputs {
	uint32_t size; /* sizeof(struct capsim_report_inputs), set by the caller (CAPSIM_SIZED) */
	const char *command;        /* the command line, as the user typed it (NULL: none) */
	const char *scenario_name;  /* e.g. the scenario file's path (NULL: none) */
	const char *scenario_text;  /* its JSON, embedded as is (NULL: none) */
	const char *workload_text;  /* the rt-app JSON (NULL: none) */
};

/**
 * capsim_report_html() - the HTML report of @n runs of one scenario (1: simulate; more: compare,
 * the models overlaid with a selector): recordings @recs and summaries @sums in the same
 * order, @in for the header. One page, scripts and styles inline, no network. Return: 0,
 * CAPSIM_ERR_INVALID (@n 0 or above CAPSIM_MODEL_COUNT, a NULL entry), CAPSIM_ERR_NOMEM or
 * CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_report_html(const capsim_recording *const *recs,
				  const capsim_summary *const *sums, unsigned n,
				  const struct capsim_report_inputs *in, FILE *fp);

#ifdef __cplusplus
}
#endif

#endif /* CAPSIM_RECORD_H */
