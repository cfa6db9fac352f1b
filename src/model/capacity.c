// SPDX-License-Identifier: MIT
/*
 * capacity.c - the capacity the scheduler believes a CPU has under pressure.
 * v6.10+ (get_actual_cpu_capacity(), kernel/sched/fair.c):
 *
 *   actual = arch_scale_cpu_capacity - max(hw_load_avg, cpufreq_pressure)
 *
 * unsigned and unclamped as in the kernel (both pressures are at most the capacity by
 * construction). Before v6.10 the scheduler saw only thermal pressure, written by cpufreq
 * cooling devices and LMh, and util_fits_cpu() compared against
 * capacity_orig - arch_scale_thermal_pressure(); user caps never reached it.
 */
#include "internal.h"
#include "model/platform.h"

/*
 * mirrors get_actual_cpu_capacity(), kernel/sched/fair.c, v6.10+: the one place of its formula
 * (the kernel function reads the CPU's three inputs itself; every caller here passes them)
 */
uint64_t actual_capacity_formula(uint64_t arch_cap, uint64_t hw_load_avg,
				 uint64_t cpufreq_pressure)
{
	return arch_cap - (hw_load_avg > cpufreq_pressure ? hw_load_avg : cpufreq_pressure);
}

/* get_actual_cpu_capacity() of the platform's own v6.10 snapshot (`capsim capacity`) */
uint64_t platform_actual_capacity(const struct capsim_platform *p, unsigned cpu)
{
	return actual_capacity_formula(platform_cpu_capacity_orig(p, cpu),
				       platform_hw_load_avg(p, cpu), platform_cpufreq_pressure(p, cpu));
}

/* mirrors arch_scale_thermal_pressure(cpu) of v6.9 */
uint64_t platform_thermal_pressure_v69(const struct capsim_platform *p, unsigned cpu)
{
	return p->cpus[cpu].thermal_pressure_v69;
}

/* mirrors capacity_orig_thermal in util_fits_cpu(), kernel/sched/fair.c, v6.9 */
uint64_t platform_capacity_v69(const struct capsim_platform *p, unsigned cpu)
{
	return platform_cpu_capacity_orig(p, cpu) - platform_thermal_pressure_v69(p, cpu);
}
