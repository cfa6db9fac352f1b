/* SPDX-License-Identifier: MIT */
/*
 * recording.h - the recording of include/capsim/capsim_record.h, as its writers read it: series
 * decimated per bucket with min/max kept (M4: a bucket keeps its first, lowest, highest and last
 * point, so a line drawn from them covers what the full series would), occupancy lanes (who ran
 * where, per bucket), per-task histograms and markers. The bucket width starts small and doubles
 * when a series holds REC_MAX_POINTS, so memory and the page stay bounded whatever the run's
 * length. recording.c fills it from the event sink; report_html.c writes it.
 */
#ifndef CAPSIM_RECORDING_H
#define CAPSIM_RECORDING_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

#define REC_MAX_POINTS 4096u  /* per series: at least 1024 buckets of up to 4 points */
#define REC_MAX_BUCKETS 2048u /* per lane */
#define REC_HIST_BINS 48u
#define REC_MAX_MARKS 20000u  /* deadline misses, trips: beyond it only counted */

struct rec_pt {
	uint64_t t;
	int64_t v;
};

struct rec_series {
	struct rec_pt *p;
	uint32_t n, cap;
	uint64_t width;              /* bucket width, ns */
	uint64_t bucket;             /* the open bucket */
	struct rec_pt b[4];          /* its first, min, max, last */
	bool open;
	bool have;
	int64_t last;                /* the last value added (repeats are skipped) */
};

struct rec_cell {
	int32_t top;                 /* the id that used the bucket most, -1: none */
	uint32_t top_ns;
	uint64_t busy_ns;
};

/* who ran on a CPU, or where a task ran: intervals folded into buckets */
struct rec_lane {
	struct rec_cell *c;
	uint32_t n;
	uint64_t width;
};

struct rec_marks {
	uint64_t *t;
	uint32_t n, cap;
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

struct capsim_recording {
	struct capsim_sim *sim;      /* NULL once the run is freed */
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

/** rec_series_flush() - close @s's open bucket (before reading it). */
void rec_series_flush(struct rec_series *s);

#endif /* CAPSIM_RECORDING_H */
