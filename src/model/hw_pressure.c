// SPDX-License-Identifier: MIT
/*
 * hw_pressure.c - HW pressure: a frequency cap imposed by the hardware/firmware faster than
 * cpufreq can follow (Qualcomm LMh through qcom-cpufreq-hw is the in-tree user), reported by
 * topology_update_hw_pressure(cpus, capped_freq) (drivers/base/arch_topology.c, v6.10+):
 *
 *   pressure = 0 if freq_ref <= capped_freq, else cap - mult_frac(cap, capped_freq, freq_ref)
 *
 * with cap and freq_ref of the first CPU of @cpus, written to every CPU of @cpus. The
 * scheduler filters it with PELT into rq->avg_hw (update_hw_load_avg(), kernel/sched/pelt.c)
 * on the task clock, with no decay shift since v6.10. Before v6.10 the same LMh call was
 * arch_update_thermal_pressure(), so the value also feeds the pre-6.10 thermal view.
 */
#include "internal.h"
#include "model/belief.h"
#include "model/platform.h"

/* mirrors topology_update_hw_pressure(), drivers/base/arch_topology.c, v6.10+ */
void platform_set_hw_pressure(struct capsim_platform *p, const capsim_cpumask *cpus,
			      uint32_t capped_khz)
{
	unsigned first;
	struct belief_cpu_params c;
	uint64_t pressure;

	for (first = 0; first < p->nr_cpus && !capsim_cpumask_test(cpus, first); first++)
		;
	if (first == p->nr_cpus)
		return;
	c = belief_cpu_params_of(p, first);
	pressure = belief_capped_pressure(&c, capped_khz);
	for (unsigned cpu = first; cpu < p->nr_cpus; cpu++) {
		if (!capsim_cpumask_test(cpus, cpu))
			continue;
		p->cpus[cpu].hw_pressure = pressure;
		p->cpus[cpu].thermal_pressure_v69 = pressure;
	}
}

uint64_t platform_hw_pressure(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].hw_pressure;
}

/* mirrors update_hw_load_avg(), kernel/sched/pelt.c, v6.10+ (now = rq_clock_task) */
int platform_update_hw_load_avg(struct capsim_platform *p, unsigned cpu, uint64_t now_ns)
{
	uint64_t pressure = p->cpus[cpu].hw_pressure;

	return capsim_pelt_update(&p->cpus[cpu].avg_hw, now_ns, pressure, pressure,
				  (int)pressure, 1);
}

/* mirrors hw_load_avg(), kernel/sched/pelt.h */
uint64_t platform_hw_load_avg(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].avg_hw.load_avg;
}
