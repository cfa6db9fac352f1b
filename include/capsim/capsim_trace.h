/* SPDX-License-Identifier: MIT */
/*
 * capsim_trace.h - reading real kernel traces, and what `capsim analyze` figures from them.
 *
 * A trace is read as a stream, in memory that does not grow with its length: the kernel's
 * ftrace text (/sys/kernel/tracing/trace: with or without the record-tgid column and the
 * irq-info flags, or in the latency format) and `trace-cmd report` text (with or without -R),
 * systrace / atrace HTML (its ftrace text blocks) and atrace's zlib form, trace.dat (through
 * libtracecmd) and Perfetto protobuf, plain or compressed (gzip, zstd, xz);
 * the format is told from the file's first bytes. The grammar, the skips and their reasons
 * are in docs/formats.md, "Trace input".
 */
#ifndef CAPSIM_CAPSIM_TRACE_H
#define CAPSIM_CAPSIM_TRACE_H

#include <stdint.h>
#include <stdio.h>

typedef struct capsim_trace capsim_trace;       /* a trace being read */
typedef struct capsim_analysis capsim_analysis; /* the figures of one trace */

/*
 * One "name=value" of an event's text; a {..} or ARRAY[..] value is kept whole, brackets and all.
 * Frozen: an element of capsim_trace_event.fields.
 */
struct capsim_trace_field {
	const char *name;
	const char *value;
};

enum capsim_trace_kind {
	CAPSIM_TRACE_EVENT = 0,        /* an event line */
	CAPSIM_TRACE_LOST = 1,         /* "CPU:N [LOST n EVENTS]" or trace-cmd's "[EVENTS DROPPED]" */
	CAPSIM_TRACE_BUFFER_START = 2, /* "##### CPU N buffer started ####": N's events begin here */
};

/* The layout version of struct capsim_trace_event; raised when fields are appended. */
#define CAPSIM_TRACE_EVENT_VERSION 1

/*
 * struct capsim_trace_event - one event (or marker) of a trace, valid until the next
 * capsim_trace_next() call.
 * @kind:      what the line was; a marker has @cpu, @ts_ns (the last event's before it), @line and,
 *             for CAPSIM_TRACE_LOST, @lost (0: the count was not printed).
 * @ts_ns:     the timestamp, exact to the digits printed (seconds.µs: a multiple of 1000 ns)
 * @cpu:       the CPU whose buffer held it
 * @pid, @tgid: the task that was current; @tgid -1 when the trace has no tgid column or prints "-----"
 * @comm:      its comm as printed ("<...>" when the trace had no name for it, "<idle>" for pid 0)
 * @name:      the name printed after the timestamp ("sched_switch", "print", "tracing_mark_write")
 * @body:      the text after "name: ", unchanged
 * @fields:    @nr_fields name/value pairs read from @body: "key=value" pairs; libtraceevent's
 *             sched_switch and sched_wakeup plugin texts as the kernel's field names (prev_comm,
 *             prev_pid, prev_prio, prev_state, next_comm, next_pid, next_prio; comm, pid, prio,
 *             success, target_cpu); print/bprint/bputs/tracing_mark_write as "ip" and "buf"
 * @failed:    1 for trace-cmd's "[FAILED TO PARSE]" text: @fields are read as far as they go
 * @line:      its line in the file (1-based); in a trace.dat or Perfetto trace, its byte offset
 */
struct capsim_trace_event {
	uint32_t size;    /* sizeof(struct capsim_trace_event) as the library filled it */
	uint32_t version; /* CAPSIM_TRACE_EVENT_VERSION of the library */
	enum capsim_trace_kind kind;
	uint64_t ts_ns;
	int cpu;
	int pid;
	int tgid;
	const char *comm;
	const char *name;
	const char *body;
	unsigned nr_fields;
	const struct capsim_trace_field *fields;
	int failed;
	uint64_t lost;
	uint64_t line;
};

/* Why lines were passed over (each counted, docs/formats.md "Trace input"). */
enum capsim_trace_skip {
	CAPSIM_TRACE_SKIP_RAW = 0,   /* the kernel's `raw` option: "PID CPU TS type: N", no event name */
	CAPSIM_TRACE_SKIP_LATE = 1,  /* not skipped: given out of time order, later than the reorder window */
	CAPSIM_TRACE_SKIP_UNKNOWN = 2, /* a binary trace's event the reader has no fields for: a
					* Perfetto event message it does not read, a trace.dat
					* record whose id has no format in the file */
	CAPSIM_TRACE_SKIP_UNREAD = 3,  /* Perfetto's compressed_packets (not read) */
	CAPSIM_TRACE_SKIP_HTML_BLOCK = 4, /* a systrace page's trace-data block that is not ftrace
					   * text: a JSON trace, a process dump */
	CAPSIM_TRACE_SKIP_COUNT
};

/**
 * capsim_trace_open() - start reading the trace at @path ("-": standard input).
 * Return: 0, or a negative enum capsim_err with @err saying why; *@out is then NULL.
 */
CAPSIM_API int capsim_trace_open(const char *path, capsim_trace **out, capsim_error *err);

/**
 * capsim_trace_open_mem() - the same over @len bytes at @data, which must outlive the handle,
 * called @name in messages.
 */
CAPSIM_API int capsim_trace_open_mem(const void *data, size_t len, const char *name,
				     capsim_trace **out, capsim_error *err);

/**
 * capsim_trace_next() - the next event or marker in time order. Events are put back in order
 * within a window of CAPSIM_TRACE_REORDER_WINDOW events; one later than that comes as it is,
 * counted under CAPSIM_TRACE_SKIP_LATE.
 * Return: 1 (*@ev set), 0 (the end), or a negative enum capsim_err with @err as
 * "FILE:LINE: what is wrong (expected ...)".
 */
CAPSIM_API int capsim_trace_next(capsim_trace *t, const struct capsim_trace_event **ev,
				 capsim_error *err);

#define CAPSIM_TRACE_REORDER_WINDOW 1024

/** capsim_trace_field() - the value of @ev's field @name, or NULL. */
CAPSIM_API const char *capsim_trace_field(const struct capsim_trace_event *ev, const char *name);

/**
 * capsim_trace_field_i64() - @ev's field @name as a decimal or 0x-hex integer.
 * Return: 0, or CAPSIM_ERR_NOT_FOUND (no such field) or CAPSIM_ERR_PARSE (not an integer).
 */
CAPSIM_API int capsim_trace_field_i64(const struct capsim_trace_event *ev, const char *name,
				      int64_t *out);

/**
 * capsim_trace_prev_state_runnable() - whether a sched_switch prev_state says the task was
 * still runnable (preempted): "R", "R+", or a number whose low byte is 0 (0, 256 since 4.14,
 * 1024 in 3.x, 4096 in 4.8-4.13: the preemption bit of each era). 0 for a sleeping state.
 */
CAPSIM_API int capsim_trace_prev_state_runnable(const char *prev_state);

/** capsim_trace_name() - the name the trace's messages give it (its path, "-"). */
CAPSIM_API const char *capsim_trace_name(const capsim_trace *t);

/** capsim_trace_nr_cpus() - the CPU count the header gave ("cpus=N", "#P:N"), or 0. */
CAPSIM_API unsigned capsim_trace_nr_cpus(const capsim_trace *t);

/**
 * capsim_trace_kernel_release() - the kernel release the trace names ("6.12.3-arm64"), or NULL:
 * a trace.dat's uname option (file version 6), a Perfetto trace's system_info.utsname.release
 * (known once its packet is read: the reader reads its window ahead of the first event). Text
 * traces name none.
 */
CAPSIM_API const char *capsim_trace_kernel_release(const capsim_trace *t);

/** capsim_trace_skipped() - how many lines were passed over (or given late) for @why. */
CAPSIM_API uint64_t capsim_trace_skipped(const capsim_trace *t, enum capsim_trace_skip why);

/** capsim_trace_skip_name() - "raw_line", "late", "unknown_event", "compressed_packets",
 * "html_blocks" (NULL out of range). */
CAPSIM_API const char *capsim_trace_skip_name(enum capsim_trace_skip why);

/** capsim_trace_free() - NULL is a no-op. */
CAPSIM_API void capsim_trace_free(capsim_trace *t);

/**
 * capsim_trace_write_jsonl() - @ev as one JSON object and a newline (`capsim analyze --events`):
 * "ts" (seconds), "cpu", "comm", "pid", "event", then each field, typed: an integer as a
 * number, a {..} or ARRAY[..] list as a list of numbers (or of strings when not all are),
 * anything else as a string; "failed_to_parse": true when @ev->failed.
 * Return: 0 or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_trace_write_jsonl(const struct capsim_trace_event *ev, FILE *fp);

/*
 * What capsim_analyze() is given besides the trace.
 * @platform: the board the trace was taken on, or NULL: the capacity and pressure figures need it
 * @model:    the kernel model that turns the traced pressures into capacity
 * @hz:       the tick rate assumed for the PELT average of HW pressure (the kernel samples it at
 *            ticks); 0: 250
 * @events:   where every event goes as a JSON line (capsim_trace_write_jsonl()), or NULL
 * @capacity_csv: with @platform, where the capacity series goes as CSV, or NULL
 *            (`time_ns,cpu,cpufreq_pressure,hw_pressure,hw_load_avg,actual_capacity`, a row per change)
 * @model_from_trace: 1: the model of the kernel release the trace names
 *            (capsim_trace_kernel_release(), capsim_model_for_release()), @model only when it
 *            names none; 0: @model
 * @record:   1: keep the series and lanes capsim_analysis_write_html() draws (appended)
 * @placements_csv: with @platform, where each placed wake-up goes as a CSV row, or NULL
 *            (docs/formats.md "Trace analysis", placements.csv; appended)
 */
struct capsim_analyze_opts {
	uint32_t size; /* sizeof(struct capsim_analyze_opts), set by the caller (CAPSIM_SIZED) */
	const capsim_platform *platform;
	enum capsim_model model;
	unsigned hz;
	FILE *events;
	FILE *capacity_csv;
	int model_from_trace;
	int record;
	FILE *placements_csv;
	/* a kernel .config or defconfig (docs/formats.md, "Kernel config"), or NULL: its CONFIG_HZ
	 * is the ticks' rate unless @hz is given (non-zero), and --replay's runs read it whole */
	const char *kernel_config;
};

/**
 * capsim_analyze() - read @t to its end and figure what docs/formats.md "Trace analysis" defines.
 * Return: 0 (*@out set; free with capsim_analysis_free()), or a negative enum capsim_err with
 * @err saying why (a reader error: FILE:LINE).
 */
CAPSIM_API int capsim_analyze(capsim_trace *t, const struct capsim_analyze_opts *opts,
			      capsim_analysis **out, capsim_error *err);

/*
 * The PELT form a task's util is replayed with (docs/formats.md "Trace analysis", pelt):
 * since v5.1 PELT runs on the runqueue's clock_pelt, scaled by capacity and frequency while
 * busy; before v5.1 on the task clock, with each contribution scaled by the frequency and the
 * CPU's capacity at the update, so util is bounded by capacity. AUTO: the form of the kernel
 * release the trace names (capsim_trace_kernel_release(): before 5.1 PRE_5_1, else 5_1); when
 * it names none, PRE_5_1 if it logs the PELT events of 4.x kernels (sched_load_se,
 * sched_load_avg_task), else 5_1.
 */
enum capsim_pelt_form {
	CAPSIM_PELT_FORM_AUTO = 0,
	CAPSIM_PELT_FORM_PRE_5_1 = 1,
	CAPSIM_PELT_FORM_5_1 = 2,
};

/* The names of enum capsim_pelt_form in its order (`capsim analyze --pelt`). */
#define CAPSIM_PELT_FORM_NAMES "auto pre-5.1 5.1"

/**
 * capsim_analyze_pelt() - capsim_analyze() with the PELT form of the task util replay given
 * (capsim_analyze() is this with CAPSIM_PELT_FORM_AUTO). The replay needs @opts->platform.
 */
CAPSIM_API int capsim_analyze_pelt(capsim_trace *t, const struct capsim_analyze_opts *opts,
				   enum capsim_pelt_form pelt, capsim_analysis **out,
				   capsim_error *err);

/**
 * capsim_analysis_pelt_form() - the form the replay took (AUTO resolved), or
 * CAPSIM_PELT_FORM_AUTO when there was no replay (no platform).
 */
CAPSIM_API enum capsim_pelt_form capsim_analysis_pelt_form(const capsim_analysis *a);

/** capsim_pelt_form_name() - "auto", "pre-5.1", "5.1" (NULL out of range). */
CAPSIM_API const char *capsim_pelt_form_name(enum capsim_pelt_form f);

/** capsim_analysis_write_json() - the figures as one JSON object. Return: 0 or CAPSIM_ERR_IO. */
CAPSIM_API int capsim_analysis_write_json(const capsim_analysis *a, FILE *fp);

/** capsim_analysis_write_text() - the figures for people. Return: 0 or CAPSIM_ERR_IO. */
CAPSIM_API int capsim_analysis_write_text(const capsim_analysis *a, FILE *fp);

/** capsim_analysis_write_tasks_csv() - one row per task (docs/formats.md). Return: 0 or CAPSIM_ERR_IO. */
CAPSIM_API int capsim_analysis_write_tasks_csv(const capsim_analysis *a, FILE *fp);

/** capsim_analysis_write_cpus_csv() - one row per CPU (docs/formats.md). Return: 0 or CAPSIM_ERR_IO. */
CAPSIM_API int capsim_analysis_write_cpus_csv(const capsim_analysis *a, FILE *fp);

/**
 * capsim_analysis_write_policy_limits_csv() - the cpu_frequency_limits change points per CPU
 * (docs/formats.md, policy_limits.csv). Return: 0 or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_analysis_write_policy_limits_csv(const capsim_analysis *a, FILE *fp);

/**
 * capsim_analysis_write_html() - `capsim analyze --report`: simulate's page (the same page
 * code, capsim_report_html()) drawn from @a, which was made with @opts->record: per CPU its
 * capacity, pressures, frequency and limits over time and who ran, per task where it ran and
 * its figures; what needs a platform is left out and the page says so. @command (or NULL) is
 * shown as the command line. Return: 0, CAPSIM_ERR_INVALID (@a made without @record),
 * CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_analysis_write_html(const capsim_analysis *a, const char *command, FILE *fp);

/**
 * capsim_analysis_write_workload() - `capsim analyze --extract-workload`: the workload the trace
 * shows as rt-app JSON, which `capsim simulate --workload` and `capsim compare --workload` run
 * (docs/formats.md "Trace analysis", phases): per task its phases (the JSON's tasks[].phases),
 * each periodic one as `run` + `timer`, a continuous one as `run`, `run` in µs of work on the
 * biggest CPU (the file's `calibration`) at its reference frequency.
 * Return: 0, CAPSIM_ERR_INVALID (@a made without a platform), CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_analysis_write_workload(const capsim_analysis *a, FILE *fp);

/**
 * capsim_analysis_replay() - `capsim analyze --replay`: the workload of @a
 * (capsim_analysis_write_workload()) simulated on @platform (a short name or a DTB, DTS or
 * platform JSON path: the board @a was made with) for the trace's window under each of the
 * @nr_models @models, one after the other; the writers then add per task and model its run
 * time per cluster, wake-up latency and misses beside the trace's own (docs/formats.md "Trace
 * analysis", replay). Return: 0, or a negative enum capsim_err with @err: CAPSIM_ERR_INVALID
 * (@a made without a platform, or replayed before), or a run's error.
 */
CAPSIM_API int capsim_analysis_replay(capsim_analysis *a, const char *platform,
				      const enum capsim_model *models, unsigned nr_models,
				      capsim_error *err);

/** capsim_analysis_free() - NULL is a no-op. */
CAPSIM_API void capsim_analysis_free(capsim_analysis *a);

#endif /* CAPSIM_CAPSIM_TRACE_H */
