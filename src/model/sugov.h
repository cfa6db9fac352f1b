/* SPDX-License-Identifier: MIT */
/*
 * sugov.h - the decisions schedutil takes for one policy (kernel/sched/cpufreq_schedutil.c,
 * v6.12) as pure functions of its state: whether an update may change the frequency now
 * (rate limit, limits changed), which frequency a utilization asks for, and whether that is
 * a new request. The simulator's governor (src/sim/schedutil.c) calls them and applies what
 * they decide.
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
};

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
 * the last one and no update is forced.
 */
uint32_t get_next_freq(struct sugov_state *sg, const struct capsim_platform *p, unsigned policy,
		       uint64_t util, uint64_t max_cap);

#endif /* CAPSIM_SUGOV_H */
