/* SPDX-License-Identifier: MIT */
/*
 * recording.h - the recording of include/capsim/capsim_record.h, as its writers read it. A series
 * (a signal of a CPU, a task, a thermal zone) keeps every change while it has at most
 * REC_EXACT_MAX; a busier one is decimated per pixel: folded into the run's grid of REC_COLUMNS
 * columns (one per CSS pixel of the page's widest plot), each column that saw a change keeping
 * its lowest and highest value (the value held into it counted) and its last one, so a line
 * drawn from them covers what the full series would. The folding is done as the events arrive
 * (a change costs a compare or two), so memory and the page stay bounded whatever the run's
 * length. Lanes (who ran where) keep their run intervals the same way, then per column the id
 * that ran longest in one interval and the busy time; marks (deadline misses, trips) their
 * times, then a count per column. Beside them per-task histograms and, for a binding, the
 * full-resolution columns. recording.c fills it from the event sink; report_html.c writes it.
 */
#ifndef CAPSIM_RECORDING_H
#define CAPSIM_RECORDING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

#define REC_COLUMNS 1400u     /* the grid's columns over the run: the page's plots are <= 1400 px */
#define REC_EXACT_MAX 2048u   /* changes a series keeps exactly (intervals a lane, times marks) */
#define REC_HIST_BINS 48u

struct rec_pt {
	uint64_t t;
	int64_t v;
};

/* a column of the grid that saw a change: its range (the value held into it counted), its last */
struct rec_col {
	uint32_t col;
	int64_t lo, hi, last;
};

struct rec_series {
	struct rec_pt *p;            /* exact: every change, in time order (NULL once gridded) */
	uint32_t n, cap;
	bool grid;                   /* gridded (REC_EXACT_MAX changes were reached) */
	bool open;                   /* gridded: @cur holds the last column that saw a change */
	struct rec_col cur;          /* that column, kept here while it is open (the hot path) */
	uint64_t col_end;            /* where @cur ends, ns */
	struct rec_col *c;           /* gridded: the columns before @cur, in order */
	uint32_t nc, capc;
	bool have;
	int64_t last;                /* the last value added (repeats are skipped) */
};

/* a gridded series' columns: c[0..nc) then cur if open */
static inline uint32_t rec_ncols(const struct rec_series *s)
{
	return s->nc + s->open;
}

static inline const struct rec_col *rec_col_at(const struct rec_series *s, uint32_t i)
{
	return i < s->nc ? &s->c[i] : &s->cur;
}

struct rec_iv {
	uint64_t t0, t1;
	int32_t id;
};

struct rec_cell {
	int32_t top;                 /* the id of the cell's longest single interval, -1: none */
	uint64_t top_ns;
	uint64_t busy_ns;
};

/* who ran on a CPU (ids: task indexes), or where a task ran (ids: CPUs) */
struct rec_lane {
	struct rec_iv *iv;           /* exact: every interval (NULL once gridded) */
	uint32_t n, cap;
	struct rec_cell *c;          /* gridded: REC_COLUMNS cells, c[0..nc) used */
	uint32_t nc;
	uint32_t cur;                /* gridded: the cell of the last interval's end */
	uint64_t cur_start, cur_end;
};

struct rec_marks {
	uint64_t *t;                 /* exact: the times (NULL once gridded) */
	uint32_t n, cap;
	uint32_t *count;             /* gridded: REC_COLUMNS counts, count[0..nc) used */
	uint32_t nc;
	uint64_t total;
};

enum { REC_CPU_ACTUAL, REC_CPU_DELIVERED, REC_CPU_UTIL, REC_CPU_CAPACITY_OF, REC_CPU_FREQ,
       REC_CPU_FREQ_REQ, REC_CPU_FREQ_MIN, REC_CPU_FREQ_MAX, REC_CPU_HW_PRESSURE,
       REC_CPU_CPUFREQ_PRESSURE, REC_CPU_NR_SERIES };

struct rec_cpu {
	struct rec_series s[REC_CPU_NR_SERIES];
	struct rec_lane lane;        /* ids: task indexes */
	uint64_t orig, freq_ref;
	int32_t curr;                /* task index running, -1: idle */
	uint64_t since;
};

enum { REC_TASK_UTIL, REC_TASK_UTIL_EST, REC_TASK_NR_SERIES };

struct rec_task {
	char *name;
	int32_t pid;
	struct rec_series s[REC_TASK_NR_SERIES];
	struct rec_lane lane;        /* ids: CPUs */
	uint64_t lat_hist[REC_HIST_BINS];
	uint64_t slack_hist[REC_HIST_BINS], late_hist[REC_HIST_BINS]; /* slack >= 0, < 0 */
	struct rec_marks misses;
	uint64_t waking;             /* sched_waking time + 1, 0: none pending */
	int64_t util, util_est;
	FILE *log;                   /* its rt-app log, once opened */
};

struct rec_named {
	char *name;
	struct rec_series s;
};

/*
 * Full-resolution columns for a binding (capsim_recording_series()), in compact types, within
 * the window [start, end) of simulated time; the CPU signals at each change (step 0) or at each
 * instant start + k * step. Grown by doubling, on the hot path. capsim_recording_columns()'s
 * wider 1.0 columns (w_*) are made from them at the end.
 */
struct rec_cols {
	uint64_t start, end, step;   /* end UINT64_MAX: to the run's end */
	uint64_t next;               /* the next instant the held values are sampled at */
	bool wide;                   /* make the w_* columns at the end */
	size_t nr_samples, cap_samples;
	int64_t *s_time;
	uint16_t *s_cpu;
	uint8_t *s_signal;
	uint32_t *s_value;
	size_t nr_runs, cap_runs;
	int32_t *r_task;             /* index of the task (capsim_recording_task()) */
	uint16_t *r_cpu;
	int64_t *r_start, *r_end;
	uint32_t (*held)[CAPSIM_SIGNAL_COUNT]; /* per CPU, the value now (UINT32_MAX: none yet) */
	uint32_t (*out)[CAPSIM_SIGNAL_COUNT];  /* per CPU, the value of its last row (or none) */
	uint64_t *w_time, *w_value, *w_start, *w_end;
	int32_t *w_cpu, *w_pid, *w_rcpu;
};

struct capsim_recording {
	void *run;                   /* the run (src/api/recording_api.c's); NULL once it is freed */
	/* get_actual_cpu_capacity() of the run as an event is recorded: read from @capacity_ctx,
	 * the run itself, or the run's writer thread (src/api/writer_thread.c), which carries the
	 * value the run's thread read for the event */
	uint64_t (*actual_capacity)(const void *capacity_ctx, int cpu);
	const void *capacity_ctx;
	unsigned nr_cpus;
	struct rec_cpu *cpus;
	struct rec_task *tasks;
	uint32_t nr_tasks, cap_tasks;
	int32_t *task_of_pid;        /* pid -> task index, -1 */
	uint32_t nr_pids;
	struct rec_named *zones, *cdevs;
	uint32_t nr_zones, nr_cdevs;
	struct rec_marks trips;
	struct rec_series overutilized;
	uint64_t end;
	uint64_t grid_ns;            /* the grid's column width, 0 until a series needs it */
	struct rec_cols *cols;       /* NULL: not asked for */
	bool columns_only;           /* capsim_recording_columns_only(): no series, lanes, streams */
	/* streams */
	FILE *csv[16];               /* by family (recording.c's table), NULL: not streamed */
	char *log_base;
	capsim_open_fn log_open;
	void *log_ctx;
	int error;
	char errmsg[640];
};

/* bins of the histograms: bin 0 is 0; bin k (k >= 1) holds [2^(k-1), 2^k) us */
static inline unsigned rec_hist_bin(uint64_t us)
{
	unsigned b = us ? 64u - (unsigned)__builtin_clzll(us) : 0;

	return b < REC_HIST_BINS ? b : REC_HIST_BINS - 1;
}

/*
 * The recording's own half, which reads only the events; attaching it to a run, which needs the
 * engine, is the layer above's (src/api/recording_api.c).
 * recording_new() - a recording of @nr_cpus CPUs until @end_ns; NULL when out of memory.
 * recording_event() - the sink: @ctx is the recording.
 * recording_types, recording_log_types, recording_column_types - the events it reads; those of
 * its rt-app logs; those its columns alone read (capsim_recording_columns_only()).
 * recording_set_log() - the logs' @basename ("rt-app" if NULL), @open(@ctx) opening each.
 * recording_end() - the run ended at @end_ns: its open run intervals close.
 * recording_error() - 0, or the first error a writer met (in @err).
 * recording_free() - frees @r; detaching it from its run is the caller's.
 */
struct capsim_recording *recording_new(unsigned nr_cpus, uint64_t end_ns);
void recording_event(void *ctx, const struct capsim_event *ev);
extern const uint64_t recording_types, recording_log_types, recording_column_types;
int recording_set_log(struct capsim_recording *r, const char *basename, capsim_open_fn open,
		      void *ctx, capsim_error *err);
void recording_end(struct capsim_recording *r, uint64_t end_ns);
int recording_error(const struct capsim_recording *r, capsim_error *err);
void recording_free(struct capsim_recording *r);

/*
 * A real trace's figures into a recording (`capsim analyze --report`, src/api/analyze.c), its
 * times from the trace's first event:
 * recording_cpu_value() - CPU @cpu's series @k (REC_CPU_*) is @v from @t.
 * recording_task() - the index of the task of @pid (made, named @comm, when new), -1 for pid 0.
 * recording_run() - task index @task ran on @cpu over [@t0, @t1): both lanes.
 */
void recording_cpu_value(struct capsim_recording *r, unsigned cpu, unsigned k, uint64_t t,
			 int64_t v);
int32_t recording_task(struct capsim_recording *r, int32_t pid, const char *comm);
void recording_run(struct capsim_recording *r, unsigned cpu, int32_t task, uint64_t t0,
		   uint64_t t1);

#endif /* CAPSIM_RECORDING_H */
