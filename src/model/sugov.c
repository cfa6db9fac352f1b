// SPDX-License-Identifier: MIT
/*
 * sugov.c - schedutil's per-policy decisions: the rate limit and limits-changed handshake of
 * sugov_should_update_freq(), the frequency a utilization asks for (get_next_freq() with
 * get_capacity_ref_freq() and map_util_freq()), and sugov_update_next_freq(). Mirrors
 * kernel/sched/cpufreq_schedutil.c, v6.12 (drivers without CPUFREQ_NEED_UPDATE_LIMITS).
 */
#include "model/sugov.h"

/* mirrors sugov_should_update_freq(), cpufreq_schedutil.c */
bool sugov_should_update_freq(struct sugov_state *sg, uint64_t time)
{
	if (sg->limits_changed) {
		sg->limits_changed = false;
		sg->need_freq_update = true;
		return true;
	}
	return (int64_t)(time - sg->last_freq_update_time) >= sg->freq_update_delay_ns;
}

/* mirrors sugov_update_next_freq(), cpufreq_schedutil.c */
bool sugov_update_next_freq(struct sugov_state *sg, uint64_t time, uint32_t next_freq)
{
	if (sg->need_freq_update)
		sg->need_freq_update = false;
	if (sg->next_freq == next_freq)
		return false;
	sg->next_freq = next_freq;
	sg->last_freq_update_time = time;
	return true;
}

/* mirrors get_capacity_ref_freq(), cpufreq_schedutil.c */
uint32_t get_capacity_ref_freq(const struct capsim_platform *p, unsigned policy)
{
	const struct platform_policy *pol = &p->policies[policy];
	uint32_t ref = platform_freq_ref(p, pol->cpu);

	if (ref)
		return ref;
	return pol->cpuinfo_max_khz; /* arch_scale_freq_invariant() */
}

/* mirrors get_next_freq(), cpufreq_schedutil.c */
uint32_t get_next_freq(struct sugov_state *sg, const struct capsim_platform *p, unsigned policy,
		       uint64_t util, uint64_t max_cap)
{
	uint32_t freq = get_capacity_ref_freq(p, policy);

	freq = (uint32_t)((uint64_t)freq * util / max_cap); /* map_util_freq(), truncated */
	if (freq == sg->cached_raw_freq && !sg->need_freq_update)
		return sg->next_freq;
	sg->cached_raw_freq = freq;
	return platform_resolve_freq(p, policy, freq);
}
