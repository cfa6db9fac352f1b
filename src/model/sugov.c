// SPDX-License-Identifier: MIT
/*
 * sugov.c - schedutil's per-policy decisions: the rate limit and limits-changed handshake of
 * sugov_should_update_freq(), the frequency a utilization asks for (get_next_freq() with
 * get_capacity_ref_freq() and map_util_freq()), sugov_update_next_freq(), the iowait boost
 * (sugov_iowait_boost/apply/reset) and the single-CPU path's sugov_hold_freq(). Mirrors
 * kernel/sched/cpufreq_schedutil.c, v6.12 (drivers without CPUFREQ_NEED_UPDATE_LIMITS), and
 * 6.1's get_next_freq() (the headroom after the clamps) for the v6.1 model.
 */
#include "internal.h"
#include "model/fair.h"
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

	if (sg->headroom_in_freq) /* 6.1: the clamps came first, in sugov_get_util() */
		util = CAPSIM_MUT(116, map_util_perf(util), util);
	freq = (uint32_t)((uint64_t)freq * util / max_cap); /* map_util_freq(), truncated */
	if (freq == sg->cached_raw_freq && !sg->need_freq_update)
		return sg->next_freq;
	sg->cached_raw_freq = freq;
	return platform_resolve_freq(p, policy, freq);
}

/* mirrors sugov_iowait_reset(), cpufreq_schedutil.c */
bool sugov_iowait_reset(struct sugov_cpu_state *c, uint64_t time, bool set_iowait_boost,
			uint64_t tick_ns)
{
	int64_t delta_ns = (int64_t)(time - c->last_update);

	/* "Reset boost only if a tick has elapsed since last request" */
	if (delta_ns <= (int64_t)tick_ns)
		return false;
	c->iowait_boost = set_iowait_boost ? IOWAIT_BOOST_MIN : 0;
	c->iowait_boost_pending = set_iowait_boost;
	return true;
}

/* mirrors sugov_iowait_boost(), cpufreq_schedutil.c */
void sugov_iowait_boost(struct sugov_cpu_state *c, uint64_t time, unsigned flags, uint64_t tick_ns)
{
	bool set_iowait_boost = flags & SCHED_CPUFREQ_IOWAIT;

	if (c->iowait_boost && sugov_iowait_reset(c, time, set_iowait_boost, tick_ns))
		return;
	if (!set_iowait_boost || c->iowait_boost_pending)
		return;
	c->iowait_boost_pending = true;
	if (c->iowait_boost) { /* doubles at each request */
		c->iowait_boost = c->iowait_boost << 1 < 1024 ? c->iowait_boost << 1 : 1024;
		return;
	}
	c->iowait_boost = IOWAIT_BOOST_MIN;
}

/* mirrors sugov_iowait_apply(), cpufreq_schedutil.c */
uint64_t sugov_iowait_apply(struct sugov_cpu_state *c, uint64_t time, uint64_t max_cap,
			    uint64_t tick_ns)
{
	if (!c->iowait_boost)
		return 0;
	if (sugov_iowait_reset(c, time, false, tick_ns))
		return 0;
	if (!c->iowait_boost_pending) {
		c->iowait_boost >>= 1;
		if (c->iowait_boost < IOWAIT_BOOST_MIN) {
			c->iowait_boost = 0;
			return 0;
		}
	}
	c->iowait_boost_pending = false;
	return ((uint64_t)c->iowait_boost * max_cap) >> 10; /* SCHED_CAPACITY_SHIFT */
}

/* mirrors sugov_hold_freq(), cpufreq_schedutil.c (CONFIG_NO_HZ_COMMON, no sched_ext) */
bool sugov_hold_freq(struct sugov_cpu_state *c, uint64_t idle_calls, bool capped)
{
	bool ret;

	if (capped)
		return false;
	ret = idle_calls == c->saved_idle_calls;
	c->saved_idle_calls = idle_calls;
	return ret;
}
