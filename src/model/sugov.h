/* SPDX-License-Identifier: MIT */
/*
 * sugov.h - the decisions schedutil takes for one policy (kernel/sched/cpufreq_schedutil.c,
 * v6.12) as pure functions of its state: whether an update may change the frequency now
 * (rate limit, limits changed), which frequency a utilization asks for, and whether that is
 * a new request. The simulator's governor (src/sim/cpufreq_schedutil.c) calls them and
 * applies what they decide.
 */
#ifndef CAPSIM_SUGOV_H
#define CAPSIM_SUGOV_H

#include <stdbool.h>
#include <stdint.h>

#include "model/platform.h"

/* struct sugov_state - the fields of struct sugov_policy these decisions read and write. */
struct sugov_state {
	uint64_t last_freq_update_time; /* ns */
	int64_t freq_update_delay_ns;   /* rate_limit_us * 1000 */
	uint32_t next_freq;             /* kHz: the last request */
	uint32_t cached_raw_freq;       /* kHz: the last map_util_freq() before resolution */
	bool limits_changed;            /* set by sugov_limits() */
	bool need_freq_update;
	bool headroom_in_freq;          /* get_next_freq() adds map_util_perf(): 6.1 (before v6.8's
					 * sugov_effective_cpu_perf()), model_sugov_clamp_before_headroom() */
};

/* mirrors SCHED_CPUFREQ_IOWAIT (include/linux/sched/cpufreq.h): the cpufreq_update_util() flag */
#define SCHED_CPUFREQ_IOWAIT (1U << 0)
/* mirrors IOWAIT_BOOST_MIN: SCHED_CAPACITY_SCALE / 8 */
#define IOWAIT_BOOST_MIN (1024u / 8)

/* struct sugov_cpu_state - the fields of struct sugov_cpu these decisions read and write. */
struct sugov_cpu_state {
	uint64_t last_update;      /* ns: the last cpufreq_update_util() of this CPU */
	uint64_t saved_idle_calls; /* tick_nohz_get_idle_calls_cpu() at the last single-CPU update */
	uint32_t iowait_boost;     /* 0, or IOWAIT_BOOST_MIN..1024 */
	bool iowait_boost_pending;
};

/**
 * sugov_iowait_reset() - mirrors sugov_iowait_reset(): if more than a tick (@tick_ns) passed
 * since @c's last update, restart the boost (at IOWAIT_BOOST_MIN if @set_iowait_boost, else 0).
 * Return: true if it was reset.
 */
bool sugov_iowait_reset(struct sugov_cpu_state *c, uint64_t time, bool set_iowait_boost,
			uint64_t tick_ns);

/**
 * sugov_iowait_boost() - mirrors sugov_iowait_boost(): a SCHED_CPUFREQ_IOWAIT update in @flags
 * starts the boost or doubles it (once per request, up to 1024).
 */
void sugov_iowait_boost(struct sugov_cpu_state *c, uint64_t time, unsigned flags, uint64_t tick_ns);

/**
 * sugov_iowait_apply() - mirrors sugov_iowait_apply(): halve a boost no request renewed (0
 * below IOWAIT_BOOST_MIN). Return: the boost in capacity units of @max_cap, 0 for none.
 */
uint64_t sugov_iowait_apply(struct sugov_cpu_state *c, uint64_t time, uint64_t max_cap,
			    uint64_t tick_ns);

/**
 * sugov_hold_freq() - mirrors sugov_hold_freq() (CONFIG_NO_HZ_COMMON): a single-CPU policy
 * keeps its frequency when the CPU has not idled since the last update (@idle_calls unchanged),
 * unless the rq is capped by uclamp_max (@capped: uclamp_rq_is_capped()). Return: hold.
 */
bool sugov_hold_freq(struct sugov_cpu_state *c, uint64_t idle_calls, bool capped);

/**
 * sugov_should_update_freq() - mirrors sugov_should_update_freq(): a limits change is taken
 * at once (and forces the next request through), otherwise only once the rate limit has
 * passed since the last frequency change (@time in ns).
 */
bool sugov_should_update_freq(struct sugov_state *sg, uint64_t time);

/**
 * sugov_update_next_freq() - mirrors sugov_update_next_freq() for drivers without
 * CPUFREQ_NEED_UPDATE_LIMITS: true, and the request recorded at @time, if @next_freq differs
 * from the last request.
 */
bool sugov_update_next_freq(struct sugov_state *sg, uint64_t time, uint32_t next_freq);

/**
 * get_capacity_ref_freq() - mirrors get_capacity_ref_freq(): the frequency that capacity 1024
 * stands for, arch_scale_freq_ref() of policy->cpu, or cpuinfo.max_freq without one (capsim's
 * platforms are all frequency invariant).
 */
uint32_t get_capacity_ref_freq(const struct capsim_platform *p, unsigned policy);

/**
 * get_next_freq() - mirrors get_next_freq(): map_util_freq(@util, ref, @max_cap) resolved to a
 * table frequency within the policy's limits, or the last request when the raw frequency is
 * the last one and no update is forced. With @sg->headroom_in_freq, 6.1's: @util with the
 * 25 % headroom (map_util_perf()) first.
 */
uint32_t get_next_freq(struct sugov_state *sg, const struct capsim_platform *p, unsigned policy,
		       uint64_t util, uint64_t max_cap);

#endif /* CAPSIM_SUGOV_H */
