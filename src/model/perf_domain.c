// SPDX-License-Identifier: MIT
/*
 * perf_domain.c - builds rd->pd, the list of performance domains EAS walks, from a platform's
 * per-policy energy models. Mirrors build_perf_domains() and pd_init(), kernel/sched/topology.c
 * (v6.12). Not modelled: sched_is_eas_possible()'s checks (asymmetric capacities, schedutil on
 * every policy, frequency invariance, no SMT; 6.12 has no complexity limit) and the sysctl: the caller
 * decides that EAS runs.
 */
#include "model/perf_domain.h"
#include "model/platform.h"

int build_perf_domains(const struct capsim_platform *plat, struct em_perf_domain *pds,
		       unsigned *cpu_pd, unsigned *pd_order, unsigned *nr_pds, capsim_error *err)
{
	unsigned n = 0;

	*nr_pds = 0;
	if (plat->nr_cpus > CAPSIM_MAX_CPUS)
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: %u CPUs (expected at most %u)",
					plat->name, plat->nr_cpus, CAPSIM_MAX_CPUS);
	for (unsigned cpu = 0; cpu < plat->nr_cpus; cpu++) {
		int pol = platform_policy_of(plat, cpu);
		const struct em_perf_domain *em = pol >= 0 ? plat->policies[pol].em : NULL;
		unsigned id;

		/* pd_init(): em_cpu_get() must find an EM, else no pd list at all */
		if (!em)
			return capsim_error_set(err, CAPSIM_ERR_UNSUPPORTED,
						"%s: CPU%u has no energy model, so EAS cannot run (expected a cpufreq policy with a dynamic-power-coefficient or opp-microwatt)",
						plat->name, cpu);
		/* find_pd(): skip CPUs an earlier pd covers */
		for (id = 0; id < n && !capsim_cpumask_test(&pds[id].cpus, cpu); id++)
			;
		if (id == n)
			pds[n++] = *em;
		cpu_pd[cpu] = id;
	}
	/* each new pd was prepended: the list runs from the last one found to the first */
	for (unsigned i = 0; i < n; i++)
		pd_order[i] = n - 1 - i;
	*nr_pds = n;
	return CAPSIM_OK;
}

unsigned long em_complexity(const struct em_perf_domain *pds, unsigned nr_pds, unsigned nr_cpus)
{
	unsigned long nr_ps = 0;

	for (unsigned i = 0; i < nr_pds; i++)
		nr_ps += pds[i].nr_perf_states;
	return (unsigned long)nr_pds * (nr_cpus + nr_ps);
}
