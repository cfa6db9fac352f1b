/* SPDX-License-Identifier: MIT */
/*
 * kstubs_cooling.h - what the path group cooling_get_load's cut code (functions_cooling.txt:
 * drivers/thermal/cpufreq_cooling.c's power-actor callbacks and sched_cpu_util() with its
 * callees) needs beyond kstubs.h, whose types, runqueues and per-CPU arrays it shares with
 * kernel_side.c. Only what lies outside drivers/thermal and kernel/sched is stubbed:
 *   - the energy model's structures are kstubs.h's (the table behind em_perf_state_from_pd(),
 *     which is cut);
 *   - the thermal core's struct thermal_cooling_device (its devdata) and an empty ops table;
 *   - cpufreq_quick_get() is policy->cur of the CPU's policy (cpufreq.c's answer for a driver
 *     without ->setpolicy, as cpufreq-dt and scmi are), cpumask_weight() a popcount;
 *   - the tracepoints record what thermal_power_cpu_limit prints (kernel_side_cooling.c).
 */
#ifndef KERNEL_CHECK_KSTUBS_COOLING_H
#define KERNEL_CHECK_KSTUBS_COOLING_H

#include "kstubs.h"

/* include/linux/thermal.h */
struct thermal_cooling_device_ops {
	int unused;
};
struct thermal_cooling_device {
	void *devdata;
};

/* cpufreq.c's cpufreq_quick_get(): policy->cur; kernel_side_cooling.c's policies */
extern struct cpufreq_policy *kc_cooling_policy[KC_MAX_CPUS];
static inline unsigned int cpufreq_quick_get(unsigned int cpu)
{
	return kc_cooling_policy[cpu] ? kc_cooling_policy[cpu]->cur : 0;
}
#define cpumask_weight(m) ((unsigned int)__builtin_popcountl((m)->bits[0]))

/* drivers/thermal/thermal_trace.h */
void kc_cooling_trace_limit(unsigned int freq, unsigned long state);
#define trace_thermal_power_cpu_get_power_simple(cpu, power) do { } while (0)
#define trace_thermal_power_cpu_limit(cpus, freq, state, power) kc_cooling_trace_limit(freq, state)

/* the hooked call of the cut code (extract.py --hook): logged, then made */
static unsigned long kc_hook_sched_cpu_util(int cpu);

#endif /* KERNEL_CHECK_KSTUBS_COOLING_H */
