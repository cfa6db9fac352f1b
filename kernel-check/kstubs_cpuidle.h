/* SPDX-License-Identifier: MIT */
/*
 * kstubs_cpuidle.h - what the groups menu and teo's cut code (functions_cpuidle.txt: the menu
 * and teo governors of drivers/cpuidle/governors) needs beyond kstubs.h. Only what lies
 * outside the governors is stubbed, as the case gives it:
 *   - struct cpuidle_driver and cpuidle_device (cpuidle_state: kstubs.h) with the fields
 *     the governors read (include/linux/cpuidle.h), no state disabled;
 *   - cpuidle_governor_latency_req() (PM QoS), tick_nohz_tick_stopped(),
 *     tick_nohz_get_sleep_length() and its *delta_next, tick_nohz_idle_got_tick(),
 *     local_clock() and 6.1's nr_iowait_cpu() read the step's values (kernel_side_cpuidle.c);
 *   - the governors' per-CPU data (DEFINE_PER_CPU(struct menu_device, menu_devices), and
 *     teo_cpus) are arrays in kernel_side_cpuidle.c, named through macros because their types
 *     are the cut structures.
 */
#ifndef KERNEL_CHECK_KSTUBS_CPUIDLE_H
#define KERNEL_CHECK_KSTUBS_CPUIDLE_H

#include "kstubs.h"

typedef s64 ktime_t;
#define KTIME_MAX ((s64)~((u64)1 << 63))
#define U64_MAX UINT64_MAX
#ifndef S64_MAX
#define S64_MAX INT64_MAX
#endif
#define per_cpu_ptr(ptr, cpu) (&(*(ptr))[cpu])

/* include/linux/cpuidle.h (struct cpuidle_state is kstubs.h's) */
#define CPUIDLE_STATE_MAX 10
#define CPUIDLE_FLAG_POLLING BIT(0)
struct cpuidle_driver {
	struct cpuidle_state states[CPUIDLE_STATE_MAX];
	int state_count;
};
struct cpuidle_state_usage {
	unsigned long long disable;
};
struct cpuidle_device {
	unsigned int poll_time_limit:1;
	unsigned int cpu;
	int last_state_idx;
	u64 last_residency_ns;
	struct cpuidle_state_usage states_usage[CPUIDLE_STATE_MAX];
};

/* the step's view of the rest of the kernel */
extern s64 kc_idle_latency_req, kc_idle_sleep_length, kc_idle_delta_tick;
extern bool kc_idle_tick_stopped, kc_idle_got_tick;
extern u64 kc_idle_now;
extern unsigned int kc_idle_nr_iowait;
#define cpuidle_governor_latency_req(cpu) kc_idle_latency_req
#define nr_iowait_cpu(cpu) kc_idle_nr_iowait
#define tick_nohz_tick_stopped() kc_idle_tick_stopped
#define tick_nohz_idle_got_tick() kc_idle_got_tick
#define local_clock() kc_idle_now
static inline ktime_t tick_nohz_get_sleep_length(ktime_t *delta_next)
{
	*delta_next = kc_idle_delta_tick;
	return kc_idle_sleep_length;
}

/* the governors' per-CPU data, of the cut structures' types */
extern u64 kc_menu_devices[KC_MAX_CPUS * 32], kc_teo_cpus[KC_MAX_CPUS * 32];
#define menu_devices (*(struct menu_device(*)[KC_MAX_CPUS])kc_menu_devices)
#define teo_cpus (*(struct teo_cpu(*)[KC_MAX_CPUS])kc_teo_cpus)

#endif /* KERNEL_CHECK_KSTUBS_CPUIDLE_H */
