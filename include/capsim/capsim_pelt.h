/* SPDX-License-Identifier: MIT */
/*
 * capsim_pelt.h - Per-Entity Load Tracking, bit-exact with kernel/sched/pelt.c (v6.10+).
 *
 * One struct capsim_sched_avg per tracked signal: a task, a runqueue's CFS/RT/DL utilization,
 * or the HW-pressure average (hw_load_avg). Time is in ns; PELT consumes it in 1024 ns units and
 * in periods of 1024 such units (~1 ms); a period n periods ago weighs y^n, with y^32 = 1/2.
 * Start from an all-zero struct. Every value is the kernel's, bit for bit, wrap-around included.
 */
#ifndef CAPSIM_PELT_H
#define CAPSIM_PELT_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

/*
 * Mirrors struct sched_avg (include/linux/sched.h), LP64 widths; util_est kept by the caller.
 * Frozen: the kernel's layout, and the caller's state between calls.
 */
struct capsim_sched_avg {
	uint64_t last_update_time; /* ns; advances by whole 1024 ns units, reset if time goes back */
	uint64_t load_sum;
	uint64_t runnable_sum;
	uint32_t util_sum;
	uint32_t period_contrib; /* the part of the current 1024-unit period already accounted */
	uint64_t load_avg;
	uint64_t runnable_avg;
	uint64_t util_avg;
};

#define CAPSIM_LOAD_AVG_PERIOD 32
#define CAPSIM_LOAD_AVG_MAX 47742
#define CAPSIM_PELT_MIN_DIVIDER (CAPSIM_LOAD_AVG_MAX - 1024)

/**
 * capsim_pelt_update_load_sum() - mirrors ___update_load_sum(), kernel/sched/pelt.c.
 * @now: ns; @load, @runnable, @running: the state during (last update, @now] (the kernel's
 * unsigned long, unsigned long, int; only whether @running is non-zero matters).
 * Return: 1 if a period boundary was crossed (the averages must be recomputed), else 0.
 * Less than 1024 ns since the last update: nothing changes (the remainder is kept).
 * Time going backwards (now - last_update_time negative as s64) resets last_update_time to
 * @now and returns 0.
 */
CAPSIM_API int capsim_pelt_update_load_sum(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
					   uint64_t runnable, int running);

/**
 * capsim_pelt_update_load_avg() - mirrors ___update_load_avg(), kernel/sched/pelt.c:
 * load_avg = @load * load_sum / divider, runnable_avg and util_avg = sum / divider, with
 * divider = capsim_pelt_divider(@sa). @load is the entity's weight (1 for rq-level signals).
 */
CAPSIM_API void capsim_pelt_update_load_avg(struct capsim_sched_avg *sa, uint64_t load);

/**
 * capsim_pelt_update() - update_load_sum then, when it reports 1, update_load_avg(@weight):
 * the pattern of every __update_load_avg_*() wrapper in the kernel.
 * Return: the value of capsim_pelt_update_load_sum().
 */
CAPSIM_API int capsim_pelt_update(struct capsim_sched_avg *sa, uint64_t now, uint64_t load,
				  uint64_t runnable, int running, uint64_t weight);

/** capsim_pelt_decay_load() - mirrors decay_load(): @val * y^@n, y^32 = 1/2. */
CAPSIM_API uint64_t capsim_pelt_decay_load(uint64_t val, uint64_t n);

/** capsim_pelt_divider() - mirrors get_pelt_divider(): PELT_MIN_DIVIDER + period_contrib. */
CAPSIM_API uint32_t capsim_pelt_divider(const struct capsim_sched_avg *sa);

/*
 * The PELT replay format (docs/formats.md, "PELT CSV"), what `capsim pelt FILE` reads and
 * writes: rows of now_ns,load,runnable,running,weight in, one line of struct capsim_sched_avg
 * fields out per row; the contract used to check bit-exactness against kernel/sched/pelt.c.
 */
#define CAPSIM_PELT_CSV_IN_HEADER "now_ns,load,runnable,running,weight"
#define CAPSIM_PELT_CSV_OUT_HEADER                                                          \
	"now_ns,updated,load_sum,runnable_sum,util_sum,period_contrib,load_avg,runnable_avg," \
	"util_avg,last_update_time"
/* Longest output line: 10 fields of at most 20 digits, 9 commas, '\n', NUL. */
#define CAPSIM_PELT_CSV_LINE_MAX 256

/*
 * One input row: the state during (previous row, now_ns] and the weight for the averages.
 * Frozen: an element of capsim_pelt_csv.rows, one column each of the pinned CSV header.
 */
struct capsim_pelt_row {
	uint64_t now_ns;
	uint64_t load;
	uint64_t runnable;
	uint64_t weight;
	int running; /* the kernel's int; 0..INT_MAX */
};

/* A parsed PELT CSV: @nrows rows, owned by it (capsim_pelt_csv_free()); sized by the caller. */
struct capsim_pelt_csv {
	uint32_t size; /* sizeof(struct capsim_pelt_csv), set by the caller (CAPSIM_SIZED) */
	struct capsim_pelt_row *rows;
	size_t nrows;
};

/**
 * capsim_pelt_csv_parse() - parse a whole PELT CSV held in memory.
 * @data, @len: the file's bytes (need not be NUL-terminated); @name: the file name for messages.
 * @out: filled on success; free it with capsim_pelt_csv_free().
 * Accepts an optional UTF-8 BOM, LF or CRLF line ends, and blank lines at the very end only.
 * Thread safety: none needed (no shared state).
 * Return: 0, or CAPSIM_ERR_PARSE / CAPSIM_ERR_RANGE / CAPSIM_ERR_NOMEM with @err (may be NULL)
 * set to "NAME:LINE:COL: what is wrong (expected ...)"; @out is then empty.
 */
CAPSIM_API int capsim_pelt_csv_parse(const char *data, size_t len, const char *name,
				     struct capsim_pelt_csv *out, capsim_error *err);

/** capsim_pelt_csv_free() - release @csv's rows (NULL-safe); leaves it empty. */
CAPSIM_API void capsim_pelt_csv_free(struct capsim_pelt_csv *csv);

/**
 * capsim_pelt_csv_format_line() - one output line, '\n'-terminated, into @buf
 * (CAPSIM_PELT_CSV_LINE_MAX bytes): @now_ns, @updated and the fields of @sa.
 * Return: the line's length.
 */
CAPSIM_API size_t capsim_pelt_csv_format_line(uint64_t now_ns, int updated,
					      const struct capsim_sched_avg *sa, char *buf);

/**
 * capsim_pelt_csv_replay_row() - apply @row to @sa (capsim_pelt_update_load_sum(), then
 * capsim_pelt_update_load_avg(weight) when it reports an update) and format the output line,
 * '\n'-terminated, into @buf (CAPSIM_PELT_CSV_LINE_MAX bytes).
 * Return: the line's length.
 */
CAPSIM_API size_t capsim_pelt_csv_replay_row(struct capsim_sched_avg *sa,
					     const struct capsim_pelt_row *row, char *buf);

/*
 * A periodic task (run RUN every PERIOD) under the kernel's PELT, updated where the kernel
 * updates a task's sched_avg: at enqueue (wake-up) and dequeue (sleep), and optionally at every
 * scheduler tick while it runs; what `capsim pelt --periodic` answers ("what util_avg does this
 * task settle at, and how soon"), with the kernel's integers.
 */

/* Longest simulation accepted: activations (periods) simulated. */
#define CAPSIM_PELT_PERIODIC_MAX_ACTIVATIONS 10000000ULL
/* Fewest activations that still leave a settled window to measure. */
#define CAPSIM_PELT_PERIODIC_MIN_ACTIVATIONS 8ULL

struct capsim_pelt_periodic_cfg {
	uint32_t size; /* sizeof(struct capsim_pelt_periodic_cfg), set by the caller (CAPSIM_SIZED) */
	uint64_t run_ns;      /* > 0, <= period_ns */
	uint64_t period_ns;   /* > 0 */
	uint64_t duration_ns; /* whole periods are simulated: duration_ns / period_ns of them */
	uint64_t start_ns;    /* clock value of the first wake-up */
	uint64_t tick_ns;     /* scheduler tick while running (e.g. 4 ms at HZ=250); 0: none */
	uint64_t weight;      /* se->load.weight scaled down, e.g. 1024 at nice 0 */
	uint32_t tolerance;   /* util_avg units: how close to the settled band counts as settled */
};

/* The layout version of struct capsim_pelt_periodic_sample; raised when fields are appended. */
#define CAPSIM_PELT_SAMPLE_VERSION 1

/* One sched_avg update of the simulation: the row `capsim pelt` would print for it. */
struct capsim_pelt_periodic_sample {
	uint32_t size;    /* sizeof(struct capsim_pelt_periodic_sample) as the library filled it */
	uint32_t version; /* CAPSIM_PELT_SAMPLE_VERSION of the library */
	uint64_t now_ns;
	int running;  /* the state during (previous update, now_ns] */
	int updated;
	struct capsim_sched_avg sa;
};

/*
 * struct capsim_pelt_periodic_result - what the simulation found.
 * @activations: periods simulated (K); @window_first: first activation of the settled window,
 * the last quarter of the run (at least one activation), over which min/max/mean are taken.
 * @act_min, @act_max: util_avg trough and peak of each activation (K entries each; owned).
 * @settle_activation: first activation from which every activation's trough and peak are within
 * @tolerance of the window's min and max; @settled: it is at or before @window_first.
 * @util_mean, @load_mean: time averages over the window of the signal as it evolves (sampled
 * at every 1024-us period boundary too, not held stale through sleeps); reporting only.
 */
struct capsim_pelt_periodic_result {
	uint32_t size; /* sizeof(struct capsim_pelt_periodic_result), set by the caller (CAPSIM_SIZED) */
	uint64_t activations;
	uint64_t window_first;
	uint64_t util_min, util_max;
	uint64_t load_min, load_max;
	double util_mean, load_mean;
	uint64_t settle_activation;
	uint64_t settle_ns; /* settle_activation * period, from the first wake-up */
	int settled;
	uint16_t *act_min;
	uint16_t *act_max;
};

/**
 * capsim_pelt_periodic_check() - validate @cfg (ranges, activation count, clock overflow).
 * Return: 0 or CAPSIM_ERR_RANGE / CAPSIM_ERR_INVALID with a message in @err (may be NULL).
 */
CAPSIM_API int capsim_pelt_periodic_check(const struct capsim_pelt_periodic_cfg *cfg,
					  capsim_error *err);

/**
 * capsim_pelt_periodic_run() - simulate @cfg (which must pass capsim_pelt_periodic_check()).
 * @sample: called for every update in time order, if not NULL, with @ctx.
 * Thread safety: none needed (no shared state).
 * Return: 0, or CAPSIM_ERR_NOMEM / the check's error; free @res with capsim_pelt_periodic_free().
 */
CAPSIM_API int capsim_pelt_periodic_run(const struct capsim_pelt_periodic_cfg *cfg,
					struct capsim_pelt_periodic_result *res,
					void (*sample)(const struct capsim_pelt_periodic_sample *s,
						       void *ctx),
					void *ctx, capsim_error *err);

/** capsim_pelt_periodic_free() - release the arrays of @res (NULL-safe). */
CAPSIM_API void capsim_pelt_periodic_free(struct capsim_pelt_periodic_result *res);

#endif /* CAPSIM_PELT_H */
