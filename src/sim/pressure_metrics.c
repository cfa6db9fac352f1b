// SPDX-License-Identifier: MIT
/*
 * pressure_metrics.c - the pressure metrics of `capsim compare` (see pressure_metrics.h): time
 * under believed pressure, the error of the believed capacity against the delivered one, and
 * placements the delivered capacity could not serve. Accumulation is integer (ns, capacity*ns);
 * only the reported summaries are floating point.
 */
#include <stdlib.h>

#include "sim/pressure_metrics.h"

#include "internal.h"

int pm_init(struct pressure_metrics *pm, unsigned nr_cpus)
{
	*pm = (struct pressure_metrics){ 0 };
	pm->cpus = calloc(nr_cpus ? nr_cpus : 1, sizeof(*pm->cpus));
	if (!pm->cpus)
		return CAPSIM_ERR_NOMEM;
	pm->nr_cpus = nr_cpus;
	return 0;
}

void pm_release(struct pressure_metrics *pm)
{
	free(pm->cpus);
	pm->cpus = NULL;
	pm->nr_cpus = 0;
}

void pm_account(struct pressure_metrics *pm, unsigned cpu, uint64_t dt_ns, uint64_t believed,
		uint64_t delivered, uint64_t original)
{
	struct pm_cpu *c = &pm->cpus[cpu];
	uint64_t diff = believed > delivered ? believed - delivered : delivered - believed;

	c->sampled_ns += dt_ns;
	if (believed < original)
		c->pressure_ns += dt_ns;
	if (delivered < original)
		c->capped_ns += dt_ns;
	c->abs_err += (unsigned __int128)diff * dt_ns;
}

/* mirrors fits_capacity(), kernel/sched/fair.c: cap * 1280 < max * 1024 (20 % margin) */
static int fits_capacity(uint64_t cap, uint64_t max)
{
	return cap * 1280 < max * 1024;
}

void pm_placement(struct pressure_metrics *pm, uint64_t util, uint64_t uclamp_min,
		  uint64_t uclamp_max, uint64_t delivered)
{
	uint64_t capped = util < uclamp_max ? util : uclamp_max;

	pm->placements++;
	if (!fits_capacity(capped, delivered))
		pm->misfit_placements++;
	if (uclamp_min) {
		pm->uclamp_min_placements++;
		if (uclamp_min > delivered) {
			pm->uclamp_min_violations++;
			pm->uclamp_min_shortfall += uclamp_min - delivered;
		}
	}
}

double pm_mean_shortfall(const struct pressure_metrics *pm)
{
	return pm->uclamp_min_placements ?
		       (double)pm->uclamp_min_shortfall / (double)pm->uclamp_min_placements : 0.0;
}

double pm_pressure_pct(const struct pressure_metrics *pm, unsigned cpu)
{
	const struct pm_cpu *c = &pm->cpus[cpu];

	return c->sampled_ns ? 100.0 * (double)c->pressure_ns / (double)c->sampled_ns : 0.0;
}

double pm_capped_pct(const struct pressure_metrics *pm, unsigned cpu)
{
	const struct pm_cpu *c = &pm->cpus[cpu];

	return c->sampled_ns ? 100.0 * (double)c->capped_ns / (double)c->sampled_ns : 0.0;
}

double pm_mean_abs_err(const struct pressure_metrics *pm, unsigned cpu)
{
	const struct pm_cpu *c = &pm->cpus[cpu];

	return c->sampled_ns ? (double)c->abs_err / (double)c->sampled_ns : 0.0;
}

double pm_mean_abs_err_all(const struct pressure_metrics *pm)
{
	unsigned __int128 err = 0;
	uint64_t ns = 0;

	for (unsigned i = 0; i < pm->nr_cpus; i++) {
		err += pm->cpus[i].abs_err;
		ns += pm->cpus[i].sampled_ns;
	}
	return ns ? (double)err / (double)ns : 0.0;
}
