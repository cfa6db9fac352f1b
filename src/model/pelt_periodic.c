// SPDX-License-Identifier: MIT
/*
 * pelt_periodic.c - a periodic task's util_avg under the kernel's PELT (kernel/sched/pelt.c,
 * v6.10+), updated where fair.c updates a task's sched_avg.
 *
 * Activation k wakes at start + k * PERIOD and runs RUN. The kernel updates a task's PELT
 * signal before it changes state: at enqueue (the interval just ended was sleep: load,
 * runnable and running 0) and at dequeue (it was running: 1, 1, 1), and at each tick while
 * it runs (entity_tick()). Between updates the kernel's util_avg does not move, so the
 * samples here are the values the kernel would show (e.g. in the sched_pelt_se tracepoint).
 *
 * "Settled": the last quarter of the run is the settled window; its lowest trough and highest
 * peak are the settled min and max. The task has settled from the first activation after
 * which every activation's trough and peak stay within the tolerance of those two values.
 *
 * The mean is the time average of the signal as it evolves, not of the stale value the task
 * holds while asleep (which would weigh the peak by the sleep time): a shadow sched_avg sees
 * the same states and is also updated at every 1024-us period boundary, as a CPU's blocked
 * load updates would (every n-th boundary when the window holds more than 20 M of them), and
 * the area under it is summed in trapezoids.
 */
#include <stdlib.h>

#include "abi.h"
#include "internal.h"
#include "capsim/capsim.h"

#define MAX_WEIGHT (1ULL << 18)  /* MAX_SHARES, kernel/sched/sched.h */
#define MAX_UPDATES 100000000ULL /* the task's own updates: one run stays under seconds */
#define MAX_MEAN_SAMPLES 20000000ULL /* the mean's extra samples, whatever the window */
#define PELT_PERIOD_NS (1024ULL * 1024) /* 1024 units of 1024 ns */

static uint64_t activations(const struct capsim_pelt_periodic_cfg *cfg)
{
	return cfg->duration_ns / cfg->period_ns;
}

/* The settled window: the last quarter of the activations, at least one. */
static uint64_t window_len(uint64_t activations)
{
	return activations / 4 ? activations / 4 : 1;
}

/* Updates a run costs: two per activation and the ticks. */
static int too_many_updates(const struct capsim_pelt_periodic_cfg *cfg, uint64_t k)
{
	uint64_t per_act = 2 + (cfg->tick_ns ? cfg->run_ns / cfg->tick_ns : 0);

	return per_act > MAX_UPDATES / k;
}

/* The mean's sampling step: every period boundary, or every n-th for very long windows. */
static uint64_t mean_step_ns(const struct capsim_pelt_periodic_cfg *cfg, uint64_t wlen)
{
	uint64_t boundaries = wlen * cfg->period_ns / PELT_PERIOD_NS;

	return PELT_PERIOD_NS * (boundaries / MAX_MEAN_SAMPLES + 1);
}

static int periodic_check(const struct capsim_pelt_periodic_cfg *cfg, capsim_error *err)
{
	uint64_t k;

	if (!cfg->run_ns || !cfg->period_ns)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"RUN and PERIOD must be longer than 0 (expected e.g. 4ms/16ms)");
	if (cfg->run_ns > cfg->period_ns)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"RUN (%llu ns) is longer than PERIOD (%llu ns) (expected RUN <= PERIOD)",
					(unsigned long long)cfg->run_ns,
					(unsigned long long)cfg->period_ns);
	if (!cfg->weight || cfg->weight > MAX_WEIGHT)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"weight %llu is out of range (expected 1..%llu, e.g. 1024 at nice 0)",
					(unsigned long long)cfg->weight, MAX_WEIGHT);
	if (cfg->tolerance > SCHED_CAPACITY_SCALE)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"tolerance %u is out of range (expected 0..1024 util_avg units)",
					cfg->tolerance);
	k = activations(cfg);
	if (k < CAPSIM_PELT_PERIODIC_MIN_ACTIVATIONS || k > CAPSIM_PELT_PERIODIC_MAX_ACTIVATIONS)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"the duration covers %llu periods (expected %llu..%llu)",
					(unsigned long long)k, CAPSIM_PELT_PERIODIC_MIN_ACTIVATIONS,
					CAPSIM_PELT_PERIODIC_MAX_ACTIVATIONS);
	if (cfg->start_ns > UINT64_MAX - k * cfg->period_ns)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"start %llu ns + duration overflows the 64-bit clock",
					(unsigned long long)cfg->start_ns);
	if (too_many_updates(cfg, k))
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"the run needs more than %llu PELT updates (expected a shorter "
					"duration or a longer tick)", MAX_UPDATES);
	return 0;
}

struct sim {
	const struct capsim_pelt_periodic_cfg *cfg;
	struct capsim_pelt_periodic_result *res;
	void (*sample)(const struct capsim_pelt_periodic_sample *s, void *ctx);
	void *ctx;
	struct capsim_sched_avg sa;
	struct capsim_sched_avg shadow; /* also updated at every period boundary, for the mean */
	uint64_t window_start_ns;
	uint64_t mean_step_ns;
	uint64_t last_ns;
	double util_area, load_area; /* time-weighted sums over the window (reporting) */
};

/*
 * Brings the shadow signal to @now through every sampling step on the way, adding the area
 * under it (trapezoids between samples) to the window's areas.
 */
static void shadow_to(struct sim *s, uint64_t now, int running)
{
	uint64_t t = s->last_ns;

	while (t < now) {
		uint64_t next = (t / s->mean_step_ns + 1) * s->mean_step_ns;
		double u0 = (double)s->shadow.util_avg, l0 = (double)s->shadow.load_avg;
		/* Before the window only the task's own update times are needed. */
		if (next > now || next < t || t < s->window_start_ns)
			next = now;
		capsim_pelt_update(&s->shadow, next, running, running, running, s->cfg->weight);
		if (t >= s->window_start_ns) {
			s->util_area += (double)(next - t) * (u0 + (double)s->shadow.util_avg) / 2;
			s->load_area += (double)(next - t) * (l0 + (double)s->shadow.load_avg) / 2;
		}
		t = next;
	}
}

/* One update of the task's sched_avg at @now; @k is the activation it belongs to. */
static void update(struct sim *s, uint64_t now, int running, uint64_t k)
{
	struct capsim_pelt_periodic_result *res = s->res;
	struct capsim_pelt_periodic_sample smp = { .size = sizeof(smp),
						    .version = CAPSIM_PELT_SAMPLE_VERSION,
						    .now_ns = now,
						    .running = running };

	shadow_to(s, now, running);
	smp.updated = capsim_pelt_update(&s->sa, now, running, running, running, s->cfg->weight);
	smp.sa = s->sa;
	s->last_ns = now;
	if (k < res->activations) {
		uint16_t u = (uint16_t)s->sa.util_avg; /* <= 1024 for a 0/1 signal */
		if (u < res->act_min[k])
			res->act_min[k] = u;
		if (u > res->act_max[k])
			res->act_max[k] = u;
		if (k >= res->window_first) {
			res->util_min = s->sa.util_avg < res->util_min ? s->sa.util_avg : res->util_min;
			res->util_max = s->sa.util_avg > res->util_max ? s->sa.util_avg : res->util_max;
			res->load_min = s->sa.load_avg < res->load_min ? s->sa.load_avg : res->load_min;
			res->load_max = s->sa.load_avg > res->load_max ? s->sa.load_avg : res->load_max;
		}
	}
	if (s->sample)
		s->sample(&smp, s->ctx);
}

/* Activation @k: wake up (after sleeping), the ticks while running, then sleep. */
static void activation(struct sim *s, uint64_t k)
{
	const struct capsim_pelt_periodic_cfg *cfg = s->cfg;
	uint64_t wake = cfg->start_ns + k * cfg->period_ns, sleep = wake + cfg->run_ns;

	update(s, wake, 0, k);
	if (cfg->tick_ns)
		for (uint64_t t = (wake / cfg->tick_ns + 1) * cfg->tick_ns; t < sleep; t += cfg->tick_ns)
			update(s, t, 1, k);
	update(s, sleep, 1, k);
}

/* The first activation after the last one whose trough or peak leaves the settled band. */
static uint64_t settle_activation(const struct capsim_pelt_periodic_result *res, uint32_t tol)
{
	for (uint64_t k = res->activations; k-- > 0;) {
		uint64_t lo = res->act_min[k], hi = res->act_max[k];
		if (lo + tol < res->util_min || lo > res->util_min + tol ||
		    hi + tol < res->util_max || hi > res->util_max + tol)
			return k + 1;
	}
	return 0;
}

/* the caller's sized @in into @cfg: the fields it knows, the others 0 */
static int read_cfg(struct capsim_pelt_periodic_cfg *cfg, const struct capsim_pelt_periodic_cfg *in,
		    capsim_error *err)
{
	if (abi_read(cfg, sizeof(*cfg), in, ABI_V1_PELT_PERIODIC_CFG))
		return abi_size_error(err, "struct capsim_pelt_periodic_cfg", in,
				      ABI_V1_PELT_PERIODIC_CFG);
	return 0;
}

int capsim_pelt_periodic_check(const struct capsim_pelt_periodic_cfg *in, capsim_error *err)
{
	struct capsim_pelt_periodic_cfg cfg;
	int ret = read_cfg(&cfg, in, err);

	return ret ? ret : periodic_check(&cfg, err);
}

static int periodic_run(const struct capsim_pelt_periodic_cfg *cfg,
			struct capsim_pelt_periodic_result *res,
			void (*sample)(const struct capsim_pelt_periodic_sample *s, void *ctx),
			void *ctx, capsim_error *err)
{
	struct sim s = { .cfg = cfg, .res = res, .sample = sample, .ctx = ctx };
	uint64_t k, wlen;
	int ret;

	*res = (struct capsim_pelt_periodic_result){ 0 };
	ret = periodic_check(cfg, err);
	if (ret)
		return ret;
	res->activations = activations(cfg);
	wlen = window_len(res->activations);
	res->window_first = res->activations - wlen;
	res->util_min = res->load_min = UINT64_MAX;
	res->act_min = malloc(res->activations * sizeof(*res->act_min));
	res->act_max = calloc(res->activations, sizeof(*res->act_max));
	if (!res->act_min || !res->act_max) {
		capsim_pelt_periodic_free(res);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	for (k = 0; k < res->activations; k++)
		res->act_min[k] = UINT16_MAX;

	s.window_start_ns = cfg->start_ns + res->window_first * cfg->period_ns;
	s.mean_step_ns = mean_step_ns(cfg, wlen);
	s.last_ns = cfg->start_ns;
	capsim_pelt_update(&s.shadow, cfg->start_ns, 0, 0, 0, cfg->weight);
	for (k = 0; k < res->activations; k++)
		activation(&s, k);
	/* The next wake-up closes the last sleep, so the window ends on a whole period. */
	update(&s, cfg->start_ns + k * cfg->period_ns, 0, k);

	res->util_mean = s.util_area / (double)(wlen * cfg->period_ns);
	res->load_mean = s.load_area / (double)(wlen * cfg->period_ns);
	res->settle_activation = settle_activation(res, cfg->tolerance);
	res->settle_ns = res->settle_activation * cfg->period_ns;
	res->settled = res->settle_activation <= res->window_first;
	return 0;
}

int capsim_pelt_periodic_run(const struct capsim_pelt_periodic_cfg *in,
			     struct capsim_pelt_periodic_result *out,
			     void (*sample)(const struct capsim_pelt_periodic_sample *s, void *ctx),
			     void *ctx, capsim_error *err)
{
	struct capsim_pelt_periodic_cfg cfg;
	struct capsim_pelt_periodic_result res;
	int ret = read_cfg(&cfg, in, err);

	if (ret)
		return ret;
	if (!abi_size_ok(out, ABI_V1_PELT_PERIODIC_RESULT))
		return abi_size_error(err, "struct capsim_pelt_periodic_result", out,
				      ABI_V1_PELT_PERIODIC_RESULT);
	ret = periodic_run(&cfg, &res, sample, ctx, err);
	/* also on failure: the result is then empty, safe to free */
	abi_fill(out, &res, sizeof(res), ABI_V1_PELT_PERIODIC_RESULT);
	return ret;
}

void capsim_pelt_periodic_free(struct capsim_pelt_periodic_result *res)
{
	if (!res)
		return;
	free(res->act_min);
	free(res->act_max);
	res->act_min = res->act_max = NULL;
}
