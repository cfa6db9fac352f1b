/* SPDX-License-Identifier: MIT */
/*
 * energy_model.h - the Energy Model (EM) of a performance domain, as kernel/power/energy_model.c
 * (v6.9+: em_perf_table, cost = 10 * power / perf) builds it and include/linux/energy_model.h
 * reads it. src/model/energy_model.c builds the tables from a platform's OPPs; the scheduler side
 * (find_energy_efficient_cpu in src/model/fair.c) estimates energy with the inline helpers below.
 */
#ifndef CAPSIM_ENERGY_MODEL_H
#define CAPSIM_ENERGY_MODEL_H

#include <stdint.h>

#include "capsim/capsim.h"

/* mirrors EM_PERF_STATE_INEFFICIENT, include/linux/energy_model.h */
#define EM_PERF_STATE_INEFFICIENT (1UL << 0)
/* mirrors EM_PERF_DOMAIN_SKIP_INEFFICIENCIES */
#define EM_PERF_DOMAIN_SKIP_INEFFICIENCIES (1UL << 1)
/* mirrors EM_MAX_POWER (µW) */
#define EM_MAX_POWER 64000000UL

/* mirrors struct em_perf_state (LP64 widths) */
struct em_perf_state {
	uint64_t performance; /* capacity at this frequency: arch_cap * freq / fmax */
	uint64_t frequency;   /* kHz */
	uint64_t power;       /* µW */
	uint64_t cost;        /* 10 * power / performance (v6.9+) */
	uint64_t cost_6_1;    /* fmax * power / frequency (6.1's, em_cpu_energy_6_1()) */
	uint64_t flags;       /* EM_PERF_STATE_INEFFICIENT */
};

/* mirrors struct em_perf_domain: ascending frequency, one table per cpufreq policy */
struct em_perf_domain {
	struct em_perf_state *table;
	unsigned nr_perf_states;
	uint64_t flags;           /* EM_PERF_DOMAIN_SKIP_INEFFICIENCIES */
	capsim_cpumask cpus;
};

/* --- building the tables: src/model/energy_model.c ------------------------------------------- */

/**
 * em_opp_power_uw() - mirrors dev_pm_opp_calc_power(), drivers/opp/of.c: the power in µW of an
 * OPP from dynamic-power-coefficient @coeff (µW/MHz/V²), its voltage @uv and rate @hz:
 * (u64)coeff * mV * mV * (Hz / 1000000) / 1000000, with mV = uv / 1000, each step truncating.
 */
uint64_t em_opp_power_uw(uint32_t coeff, uint32_t uv, uint64_t hz);

/**
 * em_pd_create() - mirrors em_create_perf_table() + em_init_performance() + em_compute_costs(),
 * kernel/power/energy_model.c (v6.9+). @khz and @power_uw: @nr states in ascending frequency;
 * @max_cap: arch_scale_cpu_capacity() of the domain's first CPU.
 * performance = max_cap * freq / fmax; cost = 10 * power / performance, computed from the
 * highest state down; a state whose cost is >= that of a higher state is INEFFICIENT.
 * Return: 0 and *@out (free with em_pd_free()); CAPSIM_ERR_RANGE for a non-increasing
 * frequency, a power of 0 or above EM_MAX_POWER, or a performance of 0 (what the kernel
 * rejects, or divides by); CAPSIM_ERR_NOMEM. @err gets the reason without a file prefix.
 */
int em_pd_create(const uint32_t *khz, const uint64_t *power_uw, unsigned nr, uint64_t max_cap,
		 const capsim_cpumask *cpus, struct em_perf_domain **out, capsim_error *err);

/** em_pd_free() - release a domain from em_pd_create(); NULL is a no-op. */
void em_pd_free(struct em_perf_domain *pd);

/* --- reading the tables from the scheduler: inline, as in include/linux/energy_model.h --- */

/*
 * mirrors em_pd_get_efficient_state(), include/linux/energy_model.h (v6.12; 7.x bounds the scan
 * to [min_perf_state, max_perf_state], the same with no limits set): the first state whose
 * performance reaches @max_util, skipping inefficient ones when the pd asks; else the last.
 */
static inline unsigned em_pd_get_efficient_state(const struct em_perf_state *table,
						 unsigned nr_perf_states, uint64_t max_util,
						 uint64_t pd_flags)
{
	for (unsigned i = 0; i < nr_perf_states; i++) {
		if (table[i].performance < max_util)
			continue;
		if ((pd_flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES) &&
		    (table[i].flags & EM_PERF_STATE_INEFFICIENT))
			continue;
		return i;
	}
	return nr_perf_states - 1;
}

/*
 * mirrors em_cpu_energy(), include/linux/energy_model.h (v6.9+ EM: no division by scale_cpu):
 * energy = cost(state for max_util, capped at @allowed_cpu_cap) * sum_util; 0 when idle.
 * Unsigned wrap-around as in the kernel. A pd without states costs nothing.
 */
static inline uint64_t em_cpu_energy(const struct em_perf_domain *pd, uint64_t max_util,
				     uint64_t sum_util, uint64_t allowed_cpu_cap)
{
	unsigned i;

	if (!sum_util || !pd->nr_perf_states)
		return 0;
	if (max_util > allowed_cpu_cap)
		max_util = allowed_cpu_cap;
	i = em_pd_get_efficient_state(pd->table, pd->nr_perf_states, max_util, pd->flags);
	return pd->table[i].cost * sum_util;
}

/*
 * mirrors em_pd_get_efficient_state() of 6.1.192, include/linux/energy_model.h: the first state
 * whose frequency reaches @freq, skipping inefficient ones when the pd asks; else the last
 */
static inline unsigned em_pd_get_efficient_state_6_1(const struct em_perf_domain *pd,
						     uint64_t freq)
{
	for (unsigned i = 0; i < pd->nr_perf_states; i++) {
		if (pd->table[i].frequency < freq)
			continue;
		if ((pd->flags & EM_PERF_DOMAIN_SKIP_INEFFICIENCIES) &&
		    (pd->table[i].flags & EM_PERF_STATE_INEFFICIENT))
			continue;
		return i;
	}
	return pd->nr_perf_states - 1;
}

/*
 * mirrors em_cpu_energy() of 6.1.192, include/linux/energy_model.h, from @perf_util, the
 * caller's map_util_perf() of the pd's max util (the 25 % headroom 6.1 adds here): capped at
 * @allowed_cpu_cap, mapped onto the top state's frequency (map_util_freq(): freq * util /
 * @scale_cpu, the pd's first CPU's capacity), the state chosen by frequency, then
 * em_estimate_energy(): cost_6_1 * sum_util / scale_cpu (64 bits). 0 when idle.
 */
static inline uint64_t em_cpu_energy_6_1(const struct em_perf_domain *pd, uint64_t perf_util,
					 uint64_t sum_util, uint64_t allowed_cpu_cap,
					 uint64_t scale_cpu)
{
	uint64_t freq;

	if (!sum_util || !pd->nr_perf_states)
		return 0;
	if (perf_util > allowed_cpu_cap)
		perf_util = allowed_cpu_cap;
	freq = pd->table[pd->nr_perf_states - 1].frequency * perf_util / scale_cpu;
	return pd->table[em_pd_get_efficient_state_6_1(pd, freq)].cost_6_1 * sum_util / scale_cpu;
}

#endif /* CAPSIM_ENERGY_MODEL_H */
