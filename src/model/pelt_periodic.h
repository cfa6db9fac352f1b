/* SPDX-License-Identifier: MIT */
/*
 * pelt_periodic.h - the util_avg of a periodic task (run RUN every PERIOD), simulated with the
 * kernel's PELT and updated where the kernel updates a task's sched_avg: at enqueue (wake-up)
 * and dequeue (sleep), and optionally at every scheduler tick while it runs. Answers "what
 * util_avg does this task settle at, and how soon", the question LISA's float simulator
 * answers approximately, with the kernel's integers.
 */
#ifndef CAPSIM_PELT_PERIODIC_H
#define CAPSIM_PELT_PERIODIC_H

#include <stdint.h>

#include "capsim/capsim.h"

/* Longest simulation accepted: activations (periods) simulated. */
#define PELT_PERIODIC_MAX_ACTIVATIONS 10000000ULL
/* Fewest activations that still leave a settled window to measure. */
#define PELT_PERIODIC_MIN_ACTIVATIONS 8ULL

struct pelt_periodic_cfg {
	uint64_t run_ns;      /* > 0, <= period_ns */
	uint64_t period_ns;   /* > 0 */
	uint64_t duration_ns; /* whole periods are simulated: duration_ns / period_ns of them */
	uint64_t start_ns;    /* clock value of the first wake-up */
	uint64_t tick_ns;     /* scheduler tick while running (e.g. 4 ms at HZ=250); 0: none */
	uint64_t weight;      /* se->load.weight scaled down, e.g. 1024 at nice 0 */
	uint32_t tolerance;   /* util_avg units: how close to the settled band counts as settled */
};

/* One sched_avg update of the simulation: the row `capsim pelt` would print for it. */
struct pelt_periodic_sample {
	uint64_t now_ns;
	int running;  /* the state during (previous update, now_ns] */
	int updated;
	struct capsim_sched_avg sa;
};

/*
 * struct pelt_periodic_result - what the simulation found.
 * @activations: periods simulated (K); @window_first: first activation of the settled window,
 * the last quarter of the run (at least one activation), over which min/max/mean are taken.
 * @act_min, @act_max: util_avg trough and peak of each activation (K entries each).
 * @settle_activation: first activation from which every activation's trough and peak are within
 * @tolerance of the window's min and max; @settled: it is at or before @window_first.
 * @util_mean, @load_mean: time averages over the window of the signal as it evolves (sampled
 * at every 1024-us period boundary too, not held stale through sleeps); reporting only.
 */
struct pelt_periodic_result {
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
 * pelt_periodic_check() - validate @cfg (ranges, activation count, clock overflow).
 * Return: 0 or CAPSIM_ERR_RANGE / CAPSIM_ERR_INVALID with a message in @err.
 */
int pelt_periodic_check(const struct pelt_periodic_cfg *cfg, capsim_error *err);

/**
 * pelt_periodic_run() - simulate @cfg (which must pass pelt_periodic_check()).
 * @sample: called for every update in time order, if not NULL, with @ctx.
 * Return: 0, or CAPSIM_ERR_NOMEM / the check's error; free @res with pelt_periodic_free().
 */
int pelt_periodic_run(const struct pelt_periodic_cfg *cfg, struct pelt_periodic_result *res,
		      void (*sample)(const struct pelt_periodic_sample *s, void *ctx), void *ctx,
		      capsim_error *err);

/** pelt_periodic_free() - release the arrays of @res (NULL-safe). */
void pelt_periodic_free(struct pelt_periodic_result *res);

#endif /* CAPSIM_PELT_PERIODIC_H */
