// SPDX-License-Identifier: MIT
/*
 * kernel_side_6_1.c - the kernel's answer to the pre-6.10 groups, from Linux 6.1's own code
 * (functions-6.1.txt, cut by extract.py into kernel_extract_6_1.c): the thermal pressure that
 * arch_update_thermal_pressure() writes, its PELT average on rq_clock_thermal(), and the
 * capacity reads of 6.1's fair.c that the series "Rework system pressure interface to the
 * scheduler" (v6.10) replaced. Like kernel_side.c it only moves values in and out; it shares
 * kstubs.h's types and kernel_side.c's runqueues and per-CPU arrays, and has 6.1's own names.
 */
#include "kstubs.h"

/* drivers/base/arch_topology.c and arm64's asm/topology.h of 6.1 */
static DEFINE_PER_CPU(u32, freq_factor);
DEFINE_PER_CPU(unsigned long, thermal_pressure);
#define arch_scale_thermal_pressure(cpu) k_topology_get_thermal_pressure(cpu)
#define trace_thermal_pressure_update(...) do { } while (0)
#define trace_pelt_thermal_tp(...) do { } while (0)
/* kernel/sched/fair.c: the sched_thermal_decay_shift= boot parameter */
static int sched_thermal_decay_shift;

#include "kernel_extract_6_1.c"

const char *kside_version_6_1(void)
{
	return KC_LINUX_VERSION;
}

void kside_thermal_6_1(const struct kc_thermal_6_1_in *in, struct kc_thermal_6_1_out *out)
{
	struct cpumask cpus = { { (1UL << in->nr_cpus) - 1 } };
	struct sched_group_capacity sgc;
	struct sched_group sg = { .sgc = &sgc };
	struct sched_domain sd = { .groups = &sg };
	u64 now = 0;

	memset(kc_rqs, 0, sizeof(kc_rqs));
	memset(thermal_pressure, 0, sizeof(thermal_pressure));
	sched_uclamp_used = in->uclamp_used != 0;
	sched_thermal_decay_shift = (int)in->decay_shift;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		rq->cpu = (int)cpu;
		cpu_scale[cpu] = in->arch_cap[cpu];
		/* init_cpu_capacity_callback(): policy->cpuinfo.max_freq / 1000 */
		freq_factor[cpu] = (u32)(in->max_khz / 1000);
		rq->avg_irq.util_avg = in->util_irq[cpu];
		rq->avg_rt.util_avg = in->util_rt[cpu];
		rq->avg_dl.util_avg = in->util_dl[cpu];
	}
	for (unsigned i = 0; i < in->nr_steps; i++) {
		now += in->dt[i];
		/* cpufreq_set_cur_state(): arch_update_thermal_pressure(related_cpus, frequency) */
		if (in->set_cap[i])
			k_topology_update_thermal_pressure(&cpus, in->capped_khz[i]);
		/* scheduler_tick() */
		for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
			struct rq *rq = cpu_rq(cpu);

			rq->clock_task = now;
			k_update_thermal_load_avg(k_rq_clock_thermal(rq), rq,
						  arch_scale_thermal_pressure(cpu));
		}
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct sched_avg *sa = &cpu_rq(cpu)->avg_thermal;

		out->thermal_pressure[cpu] = per_cpu(thermal_pressure, cpu);
		out->load_sum[cpu] = sa->load_sum;
		out->load_avg[cpu] = sa->load_avg;
		out->period_contrib[cpu] = sa->period_contrib;
		out->last_update_time[cpu] = sa->last_update_time;
		k_update_cpu_capacity(&sd, (int)cpu);
		out->cpu_capacity[cpu] = cpu_rq(cpu)->cpu_capacity;
	}
	for (unsigned i = 0; i < in->nr_queries; i++)
		out->fits[i] = (uint64_t)(int64_t)k_util_fits_cpu(in->q_util[i], in->q_uclamp_min[i],
								  in->q_uclamp_max[i],
								  (int)in->q_cpu[i]);
}
