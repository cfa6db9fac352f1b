/* SPDX-License-Identifier: MIT */
/*
 * kcase.h - the cases kernel-check hands to both sides: what each group's generator writes
 * (struct kc_<group>_in) and what each side answers (struct kc_<group>_out), in plain
 * fixed-width integers so that the kernel side (kernel_side.c, built against kstubs.h and the
 * functions extract.py cut out of the kernel) and the capsim side (capsim_side.c, built against
 * capsim's headers) share them without sharing a single other name.
 *
 * Every field is a uint64_t or an array of them; fields described in kernel_check.c's tables
 * are what a case's JSON line holds and what the comparison walks, field by field. Signed
 * values (util_fits_cpu()'s -1) are stored as two's complement. Unused array entries stay 0 on
 * both sides.
 */
#ifndef KERNEL_CHECK_KCASE_H
#define KERNEL_CHECK_KCASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define KC_MAX_CPUS 8
#define KC_MAX_OPPS 16
#define KC_MAX_STEPS 32
#define KC_MAX_QUERIES 8

/*
 * Each struct is written once as a field list, KC_FIELDS_<name>(S, A, I): S(f) a scalar,
 * A(f, n) an array, I(f, n) an array of signed values. KC_STRUCT() makes the struct of it;
 * kernel_check.c makes the JSON and comparison tables of the same lists.
 */
#define KC_S(f) uint64_t f;
#define KC_A(f, n) uint64_t f[n];
#define KC_STRUCT(name) struct kc_##name { KC_FIELDS_##name(KC_S, KC_A, KC_A) };

/* cpu_capacity: get_actual_cpu_capacity(), scale_rt_capacity() + update_cpu_capacity() */
#define KC_FIELDS_cpu_capacity_in(S, A, I) \
	S(nr_cpus) \
	A(arch_cap, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	A(util_irq, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) \
	A(util_dl, KC_MAX_CPUS)
KC_STRUCT(cpu_capacity_in)
#define KC_FIELDS_cpu_capacity_out(S, A, I) \
	A(actual, KC_MAX_CPUS) /* fair.c/model.c view of the 6.10 model */ \
	A(platform_actual, KC_MAX_CPUS) /* the platform's (capacity.c) */ \
	A(cpu_capacity, KC_MAX_CPUS) /* rq->cpu_capacity after update_cpu_capacity() */
KC_STRUCT(cpu_capacity_out)

/*
 * hw_pressure: topology_update_hw_pressure() then update_hw_load_avg() at each tick, on the
 * task clock, and the actual capacity it leaves; CPUs 0..nr_cpus-1 share the throttle.
 */
#define KC_FIELDS_hw_pressure_in(S, A, I) \
	S(nr_cpus) \
	A(arch_cap, KC_MAX_CPUS) \
	A(freq_ref, KC_MAX_CPUS) \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) /* ns since the previous step */ \
	A(set_cap, KC_MAX_STEPS) /* 1: a new throttle at this step */ \
	A(capped_khz, KC_MAX_STEPS)
KC_STRUCT(hw_pressure_in)
#define KC_FIELDS_hw_pressure_out(S, A, I) \
	A(hw_pressure, KC_MAX_CPUS) \
	A(load_sum, KC_MAX_CPUS) \
	A(load_avg, KC_MAX_CPUS) \
	A(period_contrib, KC_MAX_CPUS) \
	A(last_update_time, KC_MAX_CPUS) \
	A(actual, KC_MAX_CPUS) \
	A(decayed, KC_MAX_STEPS) /* CPU0's update_hw_load_avg() return value */
KC_STRUCT(hw_pressure_out)

/*
 * cpufreq_policy: one policy over CPUs 0..nr_cpus-1, its OPP table, the user's MIN/MAX
 * requests, a thermal MAX and a second MIN request, boost: after boot and each operation,
 * what cpufreq_set_policy() left (min, max, cpuinfo, cpufreq pressure); at the end,
 * cpufreq_driver_resolve_freq() of some targets.
 */
enum kc_policy_op {
	KC_OP_USER_MIN = 0,    /* scaling_min_freq: update the user MIN request */
	KC_OP_USER_MAX = 1,    /* scaling_max_freq */
	KC_OP_THERMAL_ADD = 2, /* a cooling device adds its MAX request */
	KC_OP_THERMAL_UPDATE = 3,
	KC_OP_THERMAL_REMOVE = 4,
	KC_OP_BOOST_ON = 5,    /* cpufreq_boost_trigger_state(1) -> cpufreq_boost_set_sw() */
	KC_OP_BOOST_OFF = 6,
	KC_OP_OTHER_MIN = 7,   /* another MIN request (added once, then updated) */
	KC_NR_OPS = 8,
};
#define KC_FIELDS_cpufreq_policy_in(S, A, I) \
	S(nr_cpus) \
	A(arch_cap, KC_MAX_CPUS) \
	A(freq_ref, KC_MAX_CPUS) /* arch_scale_freq_ref(); 0: none (x86-like) */ \
	S(nr_opps) \
	A(opp_khz, KC_MAX_OPPS) /* ascending, distinct */ \
	A(opp_turbo, KC_MAX_OPPS) \
	A(opp_inefficient, KC_MAX_OPPS) \
	S(efficiencies) /* policy->efficiencies_available */ \
	S(nr_ops) \
	A(op, KC_MAX_STEPS) \
	A(op_khz, KC_MAX_STEPS) \
	S(nr_targets) \
	A(target_khz, KC_MAX_QUERIES)
KC_STRUCT(cpufreq_policy_in)
#define KC_FIELDS_cpufreq_policy_out(S, A, I) \
	/* entry 0: after boot; entry i: after operation i */ \
	A(min, KC_MAX_STEPS + 1) \
	A(max, KC_MAX_STEPS + 1) \
	A(cpuinfo_min, KC_MAX_STEPS + 1) \
	A(cpuinfo_max, KC_MAX_STEPS + 1) \
	A(pressure_first, KC_MAX_STEPS + 1) /* cpufreq_get_pressure() of CPU0 */ \
	A(pressure_last, KC_MAX_STEPS + 1) /* ... of the policy's last CPU */ \
	A(resolved, KC_MAX_QUERIES)
KC_STRUCT(cpufreq_policy_out)

/* overutilized: util_fits_cpu(), cpu_overutilized(), check_update_overutilized_status() */
#define KC_FIELDS_overutilized_in(S, A, I) \
	S(nr_cpus) \
	S(uclamp_used) \
	S(eas) /* sched_energy_enabled() for check_update */ \
	S(rd_overutilized) /* rd->overutilized before check_update */ \
	S(check_cpu) \
	A(arch_cap, KC_MAX_CPUS) \
	A(capacity_of, KC_MAX_CPUS) \
	A(util_cfs, KC_MAX_CPUS) \
	A(util_est_cfs, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) \
	A(uclamp_max_rq, KC_MAX_CPUS) \
	S(nr_queries) \
	A(q_util, KC_MAX_QUERIES) \
	A(q_uclamp_min, KC_MAX_QUERIES) \
	A(q_uclamp_max, KC_MAX_QUERIES) \
	A(q_cpu, KC_MAX_QUERIES)
KC_STRUCT(overutilized_in)
#define KC_FIELDS_overutilized_out(S, A, I) \
	I(fits, KC_MAX_QUERIES) /* util_fits_cpu(): 1, 0, or -1 */ \
	A(cpu_overutilized, KC_MAX_CPUS) /* with EAS on */ \
	S(rd_overutilized) /* after check_update_overutilized_status() */
KC_STRUCT(overutilized_out)

/*
 * util_est: a task's activations on one CPU: util_est_enqueue(), maybe a PELT update
 * (cfs_se_util_change() clears UTIL_AVG_UNCHANGED), then util_est_dequeue() and
 * util_est_update() with the util and runnable the task has at dequeue.
 */
#define KC_FIELDS_util_est_in(S, A, I) \
	S(arch_cap) \
	S(cfs_util_est) /* of the other tasks (u32) */ \
	S(util_est) /* the task's, raw (u32, may carry the flag) */ \
	S(nr_steps) \
	A(pelt_updated, KC_MAX_STEPS) \
	A(util, KC_MAX_STEPS) \
	A(runnable, KC_MAX_STEPS) \
	A(task_sleep, KC_MAX_STEPS)
KC_STRUCT(util_est_in)
#define KC_FIELDS_util_est_out(S, A, I) \
	A(cfs_enqueued, KC_MAX_STEPS) \
	A(cfs_dequeued, KC_MAX_STEPS) \
	A(util_est, KC_MAX_STEPS)
KC_STRUCT(util_est_out)

/*
 * freq_invariance: a policy of CPUs 0..nr_cpus-1; at each step maybe a new frequency
 * (arch_set_freq_scale() -> topology_set_freq_scale()), then CPU0's clocks advance by dt
 * (update_rq_clock_pelt(), then update_idle_rq_clock_pelt() if it goes idle) and its signals
 * are updated: a task (__update_load_avg_se() on rq_clock_pelt, or as a blocked task
 * __update_load_avg_blocked_se()), RT (update_rt_rq_load_avg()) and, on clock_task,
 * update_hw_load_avg() with a HW pressure. With amu, the policy's CPUs use FEAT_AMU counters
 * (scale_freq_counters_mask): topology_set_freq_scale() does nothing, and at a tick step
 * amu_scale_freq_tick() reads CPU0's core and constant cycle counters (given, cumulative:
 * the core cycles at the delivered frequency, which a HW cap may hold below cur_khz) against
 * freq_inv_set_max_ratio(freq_ref x 1000 Hz) of a constant counter at const_rate Hz.
 */
#define KC_FIELDS_freq_invariance_in(S, A, I) \
	S(nr_cpus) \
	S(amu) \
	S(const_rate) /* arch_timer_get_rate() */ \
	A(tick, KC_MAX_STEPS) /* amu_scale_freq_tick() before the clock update */ \
	A(core_cnt, KC_MAX_STEPS) /* AMEVCNTR0_CORE at this step's tick */ \
	A(const_cnt, KC_MAX_STEPS) /* AMEVCNTR0_CONST */ \
	A(arch_cap, KC_MAX_CPUS) \
	S(freq_ref) /* arch_scale_freq_ref(policy->cpu) */ \
	S(weight) /* the task's nice weight (scale_load_down()) */ \
	S(hw_pressure) \
	S(nr_steps) \
	A(set_freq, KC_MAX_STEPS) \
	A(cur_khz, KC_MAX_STEPS) \
	A(dt, KC_MAX_STEPS) /* ns */ \
	A(idle, KC_MAX_STEPS) /* the idle task is current */ \
	A(go_idle, KC_MAX_STEPS) /* update_idle_rq_clock_pelt() instead */ \
	A(util_sum_total, KC_MAX_STEPS) /* CFS+RT+DL util_sum it sees (DL's part made up) */ \
	A(on_rq, KC_MAX_STEPS) \
	A(running, KC_MAX_STEPS) \
	A(blocked, KC_MAX_STEPS) /* sync_entity_load_avg(): __update_load_avg_blocked_se() */ \
	A(set_flag, KC_MAX_STEPS) /* a dequeue's util_est_update() set UTIL_AVG_UNCHANGED */ \
	A(rt_running, KC_MAX_STEPS)
KC_STRUCT(freq_invariance_in)
#define KC_FIELDS_freq_invariance_out(S, A, I) \
	A(freq_scale, KC_MAX_CPUS) \
	A(freq_scale0, KC_MAX_STEPS) /* CPU0's arch_scale_freq_capacity() at each step */ \
	A(clock_pelt, KC_MAX_STEPS) \
	A(lost_idle_time, KC_MAX_STEPS) \
	A(clock_pelt_idle, KC_MAX_STEPS) \
	A(se_updated, KC_MAX_STEPS) \
	A(se_util_avg, KC_MAX_STEPS) \
	A(se_load_avg, KC_MAX_STEPS) \
	A(se_runnable_avg, KC_MAX_STEPS) \
	A(se_util_sum, KC_MAX_STEPS) \
	A(se_util_est, KC_MAX_STEPS) \
	A(rt_util_avg, KC_MAX_STEPS) \
	A(hw_load_avg, KC_MAX_STEPS) \
	S(se_last_update_time) \
	S(se_period_contrib) \
	S(se_load_sum) \
	S(se_runnable_sum)
KC_STRUCT(freq_invariance_out)

/*
 * schedutil: a shared policy over CPUs 0..nr_cpus-1 with its OPPs and limits; at each step
 * time passes, maybe the limits changed (sugov_limits()), one CPU's CFS util changes, and that
 * CPU's cpufreq_update_util() runs sugov_update_shared()'s sequence: sugov_should_update_freq(),
 * sugov_get_util() of every CPU, get_next_freq(), sugov_update_next_freq().
 */
#define KC_FIELDS_schedutil_in(S, A, I) \
	S(nr_cpus) \
	S(uclamp_used) \
	S(nr_opps) \
	A(opp_khz, KC_MAX_OPPS) \
	A(opp_inefficient, KC_MAX_OPPS) \
	S(efficiencies) \
	S(policy_min) /* policy->min, policy->max: table frequencies */ \
	S(policy_max) \
	S(freq_ref) /* arch_scale_freq_ref(policy->cpu); 0: cpuinfo.max */ \
	S(rate_limit_us) \
	A(arch_cap, KC_MAX_CPUS) \
	A(util_cfs, KC_MAX_CPUS) \
	A(runnable_cfs, KC_MAX_CPUS) \
	A(util_est_cfs, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) \
	A(util_dl, KC_MAX_CPUS) \
	A(util_irq, KC_MAX_CPUS) \
	A(dl_running_bw, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) \
	A(uclamp_max_rq, KC_MAX_CPUS) \
	A(rt_runnable, KC_MAX_CPUS) \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) \
	A(limits_changed, KC_MAX_STEPS) \
	A(cpu, KC_MAX_STEPS) \
	A(new_util, KC_MAX_STEPS)
KC_STRUCT(schedutil_in)
#define KC_FIELDS_schedutil_out(S, A, I) \
	A(should_update, KC_MAX_STEPS) \
	A(util, KC_MAX_STEPS) /* max over the policy of sugov_get_util() */ \
	A(next_freq, KC_MAX_STEPS) \
	A(updated, KC_MAX_STEPS) \
	A(cached_raw_freq, KC_MAX_STEPS) \
	A(need_freq_update, KC_MAX_STEPS) \
	A(last_freq_update_time, KC_MAX_STEPS)
KC_STRUCT(schedutil_out)

/*
 * sugov: schedutil's hooks as the policy's driver runs them. A policy over CPUs 0..nr_cpus-1
 * (one CPU: sugov_update_single_freq() with sugov_hold_freq(); more: sugov_update_shared()),
 * its rate limit from cpufreq_policy_transition_delay_us() (the driver's transition_delay_us or
 * latency), fast switch or the kthread (sugov_deferred_update(); the kthread's sugov_work() runs
 * at the end of a step when work_runs says so). At each step time passes, maybe the limits
 * change (sugov_limits(): at once only without fast switch), maybe the CPU idled (nohz idle
 * calls), its util and uclamp_max change, then cpufreq_update_util(rq, iowait flag).
 * No deadline tasks (capsim has no deadline class: ignore_dl_rate_limit() never fires).
 */
#define KC_FIELDS_sugov_in(S, A, I) \
	S(nr_cpus) \
	S(uclamp_used) \
	S(nr_opps) \
	A(opp_khz, KC_MAX_OPPS) \
	S(policy_min) \
	S(policy_max) \
	S(freq_ref) \
	S(transition_latency_ns) \
	S(transition_delay_us) \
	S(fast_switch) \
	S(tick_nsec) \
	A(arch_cap, KC_MAX_CPUS) \
	A(util_cfs, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) \
	A(uclamp_max_rq, KC_MAX_CPUS) \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) \
	A(cpu, KC_MAX_STEPS) \
	A(new_util, KC_MAX_STEPS) \
	A(new_uclamp_max, KC_MAX_STEPS) /* 0: unchanged */ \
	A(iowait, KC_MAX_STEPS) \
	A(idled, KC_MAX_STEPS) \
	A(new_min, KC_MAX_STEPS) /* 0: no limits change; else policy->min, ->max (table) */ \
	A(new_max, KC_MAX_STEPS) \
	A(work_runs, KC_MAX_STEPS)
KC_STRUCT(sugov_in)
#define KC_FIELDS_sugov_out(S, A, I) \
	S(rate_limit_us) \
	A(next_freq, KC_MAX_STEPS) \
	A(cached_raw_freq, KC_MAX_STEPS) \
	A(need_freq_update, KC_MAX_STEPS) \
	A(limits_changed, KC_MAX_STEPS) \
	A(last_freq_update_time, KC_MAX_STEPS) \
	A(cur, KC_MAX_STEPS) /* policy->cur after the step */ \
	A(work_in_progress, KC_MAX_STEPS) \
	A(boosts, KC_MAX_STEPS) /* iowait_boost of CPUs 0..3, 16 bits each */ \
	A(pending, KC_MAX_STEPS) /* iowait_boost_pending of CPUs 0..3, one bit each */ \
	A(saved_idle_calls, KC_MAX_STEPS) /* of the step's CPU */
KC_STRUCT(sugov_out)

/** kside_version() - the version of the kernel whose code the kernel side runs. */
const char *kside_version(void);

/* Each side's entry points, one per group (kernel_side.c and capsim_side.c). */
/*
 * uclamp: tasks (CFS or RT, requests or -1 for none) on one rq, the system defaults, and a
 * sequence of enqueue_task() / dequeue_task() / sched_setattr() (a queued task dequeued, its
 * requests changed, enqueued again, as __sched_setscheduler() does); sched_uclamp_used turns on
 * before step used_from. The class hooks record what a cpufreq_update_util() there sees: the
 * rq's clamps and UCLAMP_FLAG_IDLE. The kernel side is 6.12's enqueue_task() (uclamp_rq_inc()
 * after ->enqueue_task()); capsim's is the v6.12 model's order.
 */
enum kc_uclamp_op { KC_UC_ENQUEUE = 0, KC_UC_DEQUEUE = 1, KC_UC_SETATTR = 2 };
#define KC_FIELDS_uclamp_in(S, A, I) \
	S(sys_min) S(sys_max) S(sys_min_rt) \
	S(used_from) \
	S(nr_tasks) \
	A(rt, KC_MAX_QUERIES) \
	I(req_min, KC_MAX_QUERIES) /* -1: not user-defined */ \
	I(req_max, KC_MAX_QUERIES) \
	S(nr_steps) \
	A(op, KC_MAX_STEPS) \
	A(task, KC_MAX_STEPS) \
	I(new_min, KC_MAX_STEPS) /* SETATTR: -1 keeps the request */ \
	I(new_max, KC_MAX_STEPS)
KC_STRUCT(uclamp_in)
#define KC_FIELDS_uclamp_out(S, A, I) \
	A(seen_min, KC_MAX_STEPS) /* in the class's enqueue (SETATTR: the re-enqueue) / dequeue */ \
	A(seen_max, KC_MAX_STEPS) \
	A(seen_idle, KC_MAX_STEPS) \
	A(rq_min, KC_MAX_STEPS) /* after the step */ \
	A(rq_max, KC_MAX_STEPS) \
	A(rq_idle, KC_MAX_STEPS) \
	A(eff_min, KC_MAX_QUERIES) /* uclamp_eff_value() of each task at the end */ \
	A(eff_max, KC_MAX_QUERIES)
KC_STRUCT(uclamp_out)

/*
 * rt_placement: an RT task's wake-up (WF_TTWU) from this_cpu on CPUs 0..nr_cpus-1: each
 * CPU's current task, its runqueue's highest RT priority, the cpupri_set() calls made so far
 * (in order, over all CPUs), prev's sched domains (level 0 first), the waker's
 * distribute_cpu_mask_prev cursor, and the task. Answers: select_task_rq_rt() called directly
 * (as the golden cases of placement-golden/rt/ record it), what find_lowest_rq() returned and
 * the mask it chose from, the cursor after, rt_task_fits_capacity() of every CPU, cpupri's
 * levels, and the core's select_task_rq() (cursor restored first).
 */
#define KC_MAX_LEVELS 4
#define KC_FIELDS_rt_placement_in(S, A, I) \
	S(nr_cpus) \
	S(asym) /* sched_asym_cpucap_active() */ \
	A(arch_cap, KC_MAX_CPUS) \
	I(curr_prio, KC_MAX_CPUS) /* rq->curr->prio: -1 DL, 0..98 RT, 100..139 fair (idle 120) */ \
	A(curr_nr_cpus_allowed, KC_MAX_CPUS) \
	A(rt_highest_prio, KC_MAX_CPUS) /* rq->rt.highest_prio.curr: 99 if no RT task */ \
	S(nr_calls) \
	A(call_cpu, KC_MAX_STEPS) /* cpupri_set(cpu, prio) in this order */ \
	I(call_prio, KC_MAX_STEPS) /* -1 (CPUPRI_INVALID) .. 100 (a DL task) */ \
	S(nr_levels) \
	A(level_wake_affine, KC_MAX_LEVELS) \
	A(level_span, KC_MAX_LEVELS) /* bit c: CPU c */ \
	S(this_cpu) \
	S(cursor) /* this_cpu's distribute_cpu_mask_prev before */ \
	S(prio) /* p->prio, 0..98 */ \
	S(uclamp_min) /* uclamp_eff_value() */ \
	S(uclamp_max) \
	S(prev_cpu) \
	S(allowed) /* p->cpus_mask, bit c: CPU c */
KC_STRUCT(rt_placement_in)
#define KC_FIELDS_rt_placement_out(S, A, I) \
	S(select_task_rq_rt) \
	S(flr_called) /* find_lowest_rq() ran */ \
	S(flr_found) /* ... and returned a CPU (not -1) */ \
	S(find_lowest_rq) \
	S(lowest_mask) /* the mask it chose from (after the fitness filter) */ \
	S(cursor_after) \
	A(fits, KC_MAX_CPUS) /* rt_task_fits_capacity() */ \
	I(cpu_to_pri, KC_MAX_CPUS) \
	S(select_task_rq)
KC_STRUCT(rt_placement_out)

/*
 * thermal_6_1: the pre-6.10 thermal pressure, on Linux 6.1's code (kernel_side_6_1.c): CPUs
 * 0..nr_cpus-1 share one cooling device; at each step time passes, maybe
 * arch_update_thermal_pressure() (topology_update_thermal_pressure()) of a capped frequency,
 * then at the tick update_thermal_load_avg() of every CPU on rq_clock_thermal(); at the end
 * update_cpu_capacity() (scale_rt_capacity() with thermal_load_avg()) and util_fits_cpu() (with
 * arch_scale_thermal_pressure()) of some queries. Frequencies are whole MHz: 6.1 divides them
 * by 1000 (freq_factor), v6.9 (capsim's pre-6.10 model) keeps kHz (capacity_freq_ref); the
 * v6.1 model divides as 6.1 does (thermal_pressure_6_1(), checked off whole MHz by
 * task_tick_fair_6_1, whose caps are any kHz).
 */
#define KC_FIELDS_thermal_6_1_in(S, A, I) \
	S(nr_cpus) \
	A(arch_cap, KC_MAX_CPUS) \
	S(max_khz) /* the policy's cpuinfo.max_freq */ \
	S(decay_shift) /* sched_thermal_decay_shift */ \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) /* ns since the previous step */ \
	A(set_cap, KC_MAX_STEPS) \
	A(capped_khz, KC_MAX_STEPS) \
	A(util_irq, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) \
	A(util_dl, KC_MAX_CPUS) \
	S(uclamp_used) \
	S(nr_queries) \
	A(q_util, KC_MAX_QUERIES) \
	A(q_uclamp_min, KC_MAX_QUERIES) \
	A(q_uclamp_max, KC_MAX_QUERIES) \
	A(q_cpu, KC_MAX_QUERIES)
KC_STRUCT(thermal_6_1_in)
#define KC_FIELDS_thermal_6_1_out(S, A, I) \
	A(thermal_pressure, KC_MAX_CPUS) \
	A(load_sum, KC_MAX_CPUS) /* rq->avg_thermal */ \
	A(load_avg, KC_MAX_CPUS) \
	A(period_contrib, KC_MAX_CPUS) \
	A(last_update_time, KC_MAX_CPUS) \
	A(cpu_capacity, KC_MAX_CPUS) \
	I(fits, KC_MAX_QUERIES)
KC_STRUCT(thermal_6_1_out)

/** kside_version_6_1() - the version of the pre-6.10 kernel kernel_side_6_1.c runs. */
const char *kside_version_6_1(void);

/*
 * load_balance: one balance of a domain between its local group and a
 * candidate busiest group, with the busiest one picked so far: group_classify() of the
 * candidate, update_sd_pick_busiest(), calculate_imbalance(), need_active_balance(), and
 * can_migrate_task() + task_hot() of one task. Group stats are given as struct sg_lb_stats
 * holds them: [0] local, [1] busiest so far, [2] the candidate.
 */
#define KC_LB_GROUPS 3
#define KC_FIELDS_load_balance_in(S, A, I) \
	S(asym) S(share_llc) S(share_cpucap) S(prefer_sibling) \
	S(imbalance_pct) S(cache_nice_tries) S(nr_balance_failed) S(idle) \
	S(dst_cpu) S(src_cpu) \
	A(capacity_of, KC_MAX_CPUS) A(arch_cap, KC_MAX_CPUS) A(nr_running, KC_MAX_CPUS) \
	A(h_nr_queued, KC_MAX_CPUS) \
	S(has_busiest) S(migration_type) S(lbf_flags) \
	A(avg_load, KC_LB_GROUPS) A(group_load, KC_LB_GROUPS) A(group_capacity, KC_LB_GROUPS) \
	A(group_util, KC_LB_GROUPS) A(group_runnable, KC_LB_GROUPS) \
	A(sum_nr_running, KC_LB_GROUPS) A(sum_h_nr_running, KC_LB_GROUPS) \
	A(idle_cpus, KC_LB_GROUPS) A(group_weight, KC_LB_GROUPS) A(group_type, KC_LB_GROUPS) \
	A(group_smt_balance, KC_LB_GROUPS) A(misfit_load, KC_LB_GROUPS) \
	A(sg_flags_smt, KC_LB_GROUPS) A(sg_imbalance, KC_LB_GROUPS) \
	A(min_capacity, KC_LB_GROUPS) A(max_capacity, KC_LB_GROUPS) \
	S(total_load) S(total_capacity) S(sds_avg_load) \
	S(dst_grpmask) S(cpus) \
	S(t_allowed) S(t_running) S(t_idle_policy) S(t_next_buddy) S(t_exec_start) \
	S(clock_task) S(migration_cost) S(t_last_buddy) \
	A(h_nr_delayed, KC_MAX_CPUS) /* of h_nr_queued: delayed, not runnable */ \
	S(t_delayed) S(t_ineligible) /* the task: se.sched_delayed; V - v < 0 on its runqueue */
KC_STRUCT(load_balance_in)
#define KC_FIELDS_load_balance_out(S, A, I) \
	S(classify) S(pick_busiest) \
	S(migration_type) I(imbalance, 1) S(local_avg_load) S(sds_avg_load) \
	S(need_active) \
	S(task_hot) S(can_migrate) S(can_flags) I(new_dst_cpu, 1)
KC_STRUCT(load_balance_out)

/* --- eevdf --------------------------------------------------------------------------------- */
/*
 * eevdf: tasks on one cfs_rq (weights, SCHED_IDLE, custom slices) and a sequence of operations
 * (kc_eevdf_op), each after curr ran dt ns: wake_up_new_task(), a wake-up (try_to_wake_up():
 * ttwu_runnable() for a task still queued, delayed, else select_task_rq() and an enqueue), curr
 * blocking (dequeue_entities(DEQUEUE_SLEEP), DELAY_DEQUEUE), the tick's update_curr(), a yield,
 * and a queued task migrated away and back (dequeue and enqueue without SLEEP/WAKEUP:
 * PLACE_REL_DEADLINE); each followed by schedule() if a reschedule was asked for.
 */
#define KC_EEVDF_TASKS 8
enum kc_eevdf_op {
	KC_EV_NEW = 0, KC_EV_WAKE = 1, KC_EV_SLEEP = 2, KC_EV_TICK = 3, KC_EV_YIELD = 4,
	KC_EV_MIGRATE = 5, KC_EV_OPS
};
#define KC_FIELDS_eevdf_in(S, A, I) \
	S(base_slice) S(tick_nsec) \
	S(nr_tasks) \
	A(weight, KC_EEVDF_TASKS) /* scale_load_down(load.weight) */ \
	A(sched_idle, KC_EEVDF_TASKS) /* SCHED_IDLE policy (weight 3) */ \
	A(slice, KC_EEVDF_TASKS) /* custom slice in ns, 0: none */ \
	S(nr_steps) \
	A(op, KC_MAX_STEPS) \
	A(task, KC_MAX_STEPS) \
	A(dt, KC_MAX_STEPS)
KC_STRUCT(eevdf_in)
#define KC_FIELDS_eevdf_out(S, A, I) \
	A(applied, KC_MAX_STEPS) /* 0: the step's task was not in a state for it, skipped */ \
	A(curr, KC_MAX_STEPS) /* the task running after the step, KC_EEVDF_TASKS: idle */ \
	A(selected, KC_MAX_STEPS) /* a wake-up that went through select_task_rq() */ \
	A(resched, KC_MAX_STEPS) /* the step asked for a reschedule */ \
	A(zero_vruntime, KC_MAX_STEPS) \
	A(nr_running, KC_MAX_STEPS) /* cfs_rq->nr_running, delayed included */ \
	A(curr_vruntime, KC_MAX_STEPS) \
	A(curr_deadline, KC_MAX_STEPS) \
	A(vruntime, KC_EEVDF_TASKS) /* at the end */ \
	A(deadline, KC_EEVDF_TASKS) \
	I(vlag, KC_EEVDF_TASKS) \
	A(slice_out, KC_EEVDF_TASKS) \
	A(on_rq, KC_EEVDF_TASKS) \
	A(delayed, KC_EEVDF_TASKS)
KC_STRUCT(eevdf_out)
/*
 * the per-task fields of an eevdf answer from entity @se of task @t: each side's entity (the
 * kernel's struct sched_entity of 6.12 or 7.3, capsim's struct eevdf_se) has these names
 */
#define KC_EEVDF_OUT_TASK(out, t, se)                    \
	do {                                             \
		(out)->vruntime[t] = (se)->vruntime;     \
		(out)->deadline[t] = (se)->deadline;     \
		(out)->vlag[t] = (uint64_t)(se)->vlag;   \
		(out)->slice_out[t] = (se)->slice;       \
		(out)->on_rq[t] = (se)->on_rq;           \
		(out)->delayed[t] = (se)->sched_delayed; \
	} while (0)

/* --- cfs_6_1 ------------------------------------------------------------------------------- */
/*
 * cfs_6_1: the v6.1 model's CFS (src/model/fair_cfs.c) against 6.1.192's: tasks on one cfs_rq
 * of an @ncpus system (the tunables' scaling) and eevdf's operations (kc_eevdf_op), each after
 * curr ran dt ns: a fork on this CPU with no parent running (START_DEBIT), a wake-up
 * (GENTLE_FAIR_SLEEPERS), curr blocking, the tick's entity_tick() (check_preempt_tick()), a
 * yield (the skip buddy) and a queued task migrated away and back; each followed by schedule()
 * if a reschedule was asked for (pick_next_entity() with the buddies).
 */
#define KC_CFS61_TASKS 12 /* more than sched_nr_latency */
#define KC_FIELDS_cfs_6_1_in(S, A, I) \
	S(ncpus) \
	S(nr_tasks) \
	A(weight, KC_CFS61_TASKS) /* scale_load_down(load.weight) */ \
	A(sched_idle, KC_CFS61_TASKS) /* SCHED_IDLE policy (weight 3) */ \
	A(batch, KC_CFS61_TASKS) /* SCHED_BATCH */ \
	S(nr_steps) \
	A(op, KC_MAX_STEPS) \
	A(task, KC_MAX_STEPS) \
	A(dt, KC_MAX_STEPS)
KC_STRUCT(cfs_6_1_in)
#define KC_FIELDS_cfs_6_1_out(S, A, I) \
	A(applied, KC_MAX_STEPS) /* 0: the step's task was not in a state for it, skipped */ \
	A(curr, KC_MAX_STEPS) /* the task running after the step, KC_CFS61_TASKS: idle */ \
	A(resched, KC_MAX_STEPS) /* the step asked for a reschedule */ \
	A(min_vruntime, KC_MAX_STEPS) \
	A(nr_running, KC_MAX_STEPS) \
	A(buddies, KC_MAX_STEPS) /* next, last, skip: task + 1 (0: none) in bytes 0, 1, 2 */ \
	A(curr_vruntime, KC_MAX_STEPS) \
	A(curr_ran, KC_MAX_STEPS) /* sum_exec_runtime - prev_sum_exec_runtime of curr */ \
	A(vruntime, KC_CFS61_TASKS) /* at the end */ \
	A(sum_exec, KC_CFS61_TASKS) \
	A(exec_start, KC_CFS61_TASKS) \
	A(on_rq, KC_CFS61_TASKS) \
	S(latency) S(min_granularity) S(wakeup_granularity)
KC_STRUCT(cfs_6_1_out)

/* --- sugov_6_1, util_est_6_1 ------------------------------------------------------------- */

/*
 * sugov_6_1: the v6.1 model's schedutil against 6.1.192's (kernel_side_sugov_6_1.c): a policy
 * over CPUs 0..nr_cpus-1 of one capacity (fast switch); at each step time passes, maybe the
 * limits changed, the step's CPU may have idled, its CFS util and rq clamps change
 * (new_uclamp_*: value + 1, 0 unchanged), then its cpufreq_update_util() (iowait flag):
 * sugov_update_shared(), or sugov_update_single_freq() for one CPU. 6.1 clamps in
 * effective_cpu_util(FREQUENCY_UTIL) and adds the headroom in get_next_freq().
 */
#define KC_FIELDS_sugov_6_1_in(S, A, I) \
	S(nr_cpus) \
	S(uclamp_used) \
	S(nr_opps) \
	A(opp_khz, KC_MAX_OPPS) \
	S(policy_min) \
	S(policy_max) \
	S(rate_limit_us) \
	S(tick_nsec) \
	A(arch_cap, KC_MAX_CPUS) \
	A(util_cfs, KC_MAX_CPUS) \
	A(util_est_cfs, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) \
	A(util_dl, KC_MAX_CPUS) \
	A(util_irq, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) \
	A(uclamp_max_rq, KC_MAX_CPUS) \
	A(rt_runnable, KC_MAX_CPUS) \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) \
	A(limits_changed, KC_MAX_STEPS) \
	A(cpu, KC_MAX_STEPS) \
	A(new_util, KC_MAX_STEPS) \
	A(new_uclamp_min, KC_MAX_STEPS) \
	A(new_uclamp_max, KC_MAX_STEPS) \
	A(iowait, KC_MAX_STEPS) \
	A(idled, KC_MAX_STEPS)
KC_STRUCT(sugov_6_1_in)
#define KC_FIELDS_sugov_6_1_out(S, A, I) \
	A(util, KC_MAX_STEPS) /* the step's CPU's sg_cpu->util (clamped, no headroom) */ \
	A(next_freq, KC_MAX_STEPS) \
	A(cached_raw_freq, KC_MAX_STEPS) \
	A(need_freq_update, KC_MAX_STEPS) \
	A(limits_changed, KC_MAX_STEPS) \
	A(last_freq_update_time, KC_MAX_STEPS) \
	A(cur, KC_MAX_STEPS) \
	A(boosts, KC_MAX_STEPS) /* iowait_boost of CPUs 0..3, 16 bits each */ \
	A(pending, KC_MAX_STEPS) \
	A(saved_idle_calls, KC_MAX_STEPS)
KC_STRUCT(sugov_6_1_out)

/*
 * util_est_6_1: a task's activations on one CPU with 6.1's util_est of two values (enqueued
 * with UTIL_AVG_UNCHANGED, ewma): util_est_enqueue(), maybe a PELT update
 * (cfs_se_util_change()), util_est_dequeue(), then util_est_update() with its util_avg.
 */
#define KC_FIELDS_util_est_6_1_in(S, A, I) \
	S(arch_cap) \
	S(cfs_util_est) /* of the other tasks (u32) */ \
	S(enqueued) /* u32, may carry the flag */ \
	S(ewma) \
	S(nr_steps) \
	A(pelt_updated, KC_MAX_STEPS) \
	A(util, KC_MAX_STEPS) \
	A(task_sleep, KC_MAX_STEPS)
KC_STRUCT(util_est_6_1_in)
#define KC_FIELDS_util_est_6_1_out(S, A, I) \
	A(cfs_enqueued, KC_MAX_STEPS) \
	A(cfs_dequeued, KC_MAX_STEPS) \
	A(enqueued, KC_MAX_STEPS) \
	A(ewma, KC_MAX_STEPS)
KC_STRUCT(util_est_6_1_out)

/** kside_version_sugov_6_1() - the version kernel_side_sugov_6_1.c runs. */
const char *kside_version_sugov_6_1(void);


/* --- sched_domains ------------------------------------------------------------------------- */
/*
 * sched_domains: a device tree (a shipped board's, or one the fields below describe: CPU nodes
 * with their reg, capacity-dmips-mhz and caches, a cpu-map, cache nodes, one opp-shared OPP table
 * per cpufreq policy) read as arm64 (or arm32) Linux boots it: the CPUs' logical ids, the
 * cpu-map (arch_topology), cacheinfo's last-level caches, the capacities once every policy
 * is up (init_cpu_capacity_callback()), the sibling masks (update_siblings_masks()), then
 * sched_init_domains()'s build_sched_domains() with cpu_attach_domain() per CPU. Answers: per
 * CPU its masks and capacity, and per CPU and level (SMT, CLS, MC, PKG) the domain it keeps,
 * with its flags, sd_init()'s imbalance_pct and cache_nice_tries, and its groups from
 * sd->groups round the ring.
 *
 * A cpu-map position is written as index + 1, 0 for none: socket (a socketN level), cluster
 * (clusterN), subcluster (a clusterN inside it), thread (threadN inside the core); core is the
 * coreN index itself; a CPU with map 0 is left out of the cpu-map.
 */
#define KC_SD_CPUS 16
#define KC_SD_CACHES 24
#define KC_SD_LEVELS 4
#define KC_SD_SLOTS (KC_SD_CPUS * KC_SD_LEVELS)
#define KC_FIELDS_sched_domains_in(S, A, I) \
	S(shipped) /* k > 0: the k-th tree of kc_dtb.c's list, the fields below unused but these */ \
	S(sched_cluster) /* CONFIG_SCHED_CLUSTER (the CLS level) */ \
	A(policy, KC_SD_CPUS) /* cpufreq policy k - 1 (one opp-shared table), 0: none */ \
	A(policy_khz, KC_SD_CPUS) /* policy k - 1's cpuinfo.max_freq */ \
	S(nr_cpus) \
	S(arm32) /* Cortex-A7/A15 CPUs: arch/arm's topology, MPIDR clusters, no cacheinfo */ \
	S(addr_cells) /* /cpus #address-cells, 1 or 2 */ \
	A(hwid, KC_SD_CPUS) /* reg: the MPIDR affinity fields */ \
	A(dmips, KC_SD_CPUS) /* capacity-dmips-mhz, 0: absent */ \
	S(cpu_map) /* 0: no cpu-map; 1: clusters at its top; 2: socketN levels */ \
	A(map, KC_SD_CPUS) /* the CPU is in the cpu-map */ \
	A(socket, KC_SD_CPUS) A(cluster, KC_SD_CPUS) A(subcluster, KC_SD_CPUS) \
	A(core, KC_SD_CPUS) A(thread, KC_SD_CPUS) \
	A(l1, KC_SD_CPUS) /* the CPU node's cache properties: 0 none, 1 i-/d-cache-size, 2 cache-size, 3 cache-unified */ \
	A(next_cache, KC_SD_CPUS) /* its next-level cache node k - 1, 0: none */ \
	A(l2_prop, KC_SD_CPUS) /* named by "l2-cache" rather than "next-level-cache" */ \
	S(nr_caches) \
	A(cache_next, KC_SD_CACHES) /* cache node k's next level, as next_cache */ \
	A(cache_level, KC_SD_CACHES) /* its cache-level, 0: absent */ \
	A(cache_compat, KC_SD_CACHES) /* compatible = "cache" */
KC_STRUCT(sched_domains_in)
#define KC_FIELDS_sched_domains_out(S, A, I) \
	S(ok) /* the cpu-map was taken (parse_dt_topology() returned 0; capsim read the tree) */ \
	S(nr_cpus) \
	A(cpu_scale, KC_SD_CPUS) \
	A(thread_sibling, KC_SD_CPUS) A(cluster_sibling, KC_SD_CPUS) \
	A(core_sibling, KC_SD_CPUS) A(llc_sibling, KC_SD_CPUS) \
	A(sd_span, KC_SD_SLOTS) /* CPU c's domain at level l, [c * 4 + l]; 0: none kept */ \
	A(sd_flags, KC_SD_SLOTS) \
	A(sd_imbalance_pct, KC_SD_SLOTS) \
	A(sd_cache_nice_tries, KC_SD_SLOTS) \
	A(sd_nr_groups, KC_SD_SLOTS) \
	A(sg_span, KC_SD_SLOTS * KC_SD_CPUS) /* [(c * 4 + l) * 16 + g]: sd->groups onwards */ \
	A(sg_flags, KC_SD_SLOTS * KC_SD_CPUS)
KC_STRUCT(sched_domains_out)

/**
 * kc_sd_dtb() - the flattened device tree of sched_domains case @in: a shipped board's file,
 * or the tree its fields describe (kc_dtb.c, shared by both sides). Return: the blob (valid
 * until the next call) with *@size and a file name for messages, or NULL if it cannot be had.
 */
const void *kc_sd_dtb(const struct kc_sched_domains_in *in, size_t *size, const char **name);
/** kc_sd_nr_shipped() - how many shipped trees kc_sd_dtb() knows (shipped = 1 .. that). */
unsigned kc_sd_nr_shipped(void);
/** kc_sd_shipped_arm32() - shipped tree @k (0-based) is an arm32 board's. */
bool kc_sd_shipped_arm32(unsigned k);
/**
 * cside_sd_policies() - the cpufreq policies capsim reads from shipped tree @in->shipped, into
 * @in's policy and policy_khz (the kernel side takes them as cpufreq-dt would create them).
 */
void cside_sd_policies(struct kc_sched_domains_in *in);

/*
 * the signals effective_cpu_util() reads of runqueue @rq besides CFS's, from CPU @cpu of case
 * @in (its util_rt, util_dl, util_irq, dl_running_bw, rt_nr, uclamp_min_rq and uclamp_max_rq):
 * each kernel side's struct rq has these names
 */
#define KC_RQ_OTHER_SIGNALS(rq, in, cpu)                                                    \
	do {                                                                                \
		(rq)->avg_rt.util_avg = (in)->util_rt[cpu];                                 \
		(rq)->avg_dl.util_avg = (in)->util_dl[cpu];                                 \
		(rq)->avg_irq.util_avg = (in)->util_irq[cpu];                               \
		(rq)->dl.running_bw = (in)->dl_running_bw[cpu];                             \
		(rq)->rt.rt_nr_running = (unsigned int)(in)->rt_nr[cpu];                    \
		(rq)->rt.rt_queued = (in)->rt_nr[cpu] != 0;                                 \
		(rq)->uclamp[UCLAMP_MIN].value = (unsigned int)(in)->uclamp_min_rq[cpu];    \
		(rq)->uclamp[UCLAMP_MAX].value = (unsigned int)(in)->uclamp_max_rq[cpu];    \
	} while (0)

/* --- lb_walk ------------------------------------------------------------------------------- */
/*
 * lb_walk: one pass of sched_balance_rq() of dst_cpu over one of its domains (a shipped
 * board's, as build_sched_domains() leaves it: its groups from dst_cpu's local one round the
 * ring), on runqueues given CPU by CPU (tasks queued, load, util, runnable, capacity, misfit
 * load, idle) and a cfs_tasks list per CPU (head first: the most recently run; a delayed task
 * counted in h_nr_queued and nr_running, not in h_nr_runnable, and kept off the list as the
 * engine keeps it: kernel-check/README.md): whether dst
 * balances here (should_we_balance()), the busiest group and its imbalance
 * (sched_balance_find_src_group() with update_sd_lb_stats() over update_sg_lb_stats()), the
 * root domain's flags, the busiest runqueue (sched_balance_find_src_rq()), the tasks
 * detach_tasks() takes from it in order and what it leaves (the list, loop, flags, imbalance);
 * and find_new_ilb() over a nohz idle mask.
 */
#define KC_LBW_TASKS 24
#define KC_FIELDS_lb_walk_in(S, A, I) \
	S(shipped) S(sched_cluster) S(level) /* the domain: of which board, which of dst's levels */ \
	S(nr_cpus) S(dst_cpu) S(idle) /* enum cpu_idle_type */ \
	S(sd_span) S(sd_flags) S(imbalance_pct) S(cache_nice_tries) S(has_parent) \
	S(nr_balance_failed) \
	S(nr_groups) A(sg_span, KC_MAX_CPUS) A(sg_flags, KC_MAX_CPUS) A(sg_imbalance, KC_MAX_CPUS) \
	S(cpus) /* env->cpus: the span less CPUs an all-pinned pass removed */ \
	S(eas) S(rd_overutilized) S(rd_overloaded) \
	A(arch_cap, KC_MAX_CPUS) A(capacity_of, KC_MAX_CPUS) \
	A(nr_running, KC_MAX_CPUS) A(h_nr_queued, KC_MAX_CPUS) \
	A(load, KC_MAX_CPUS) A(runnable, KC_MAX_CPUS) A(util, KC_MAX_CPUS) A(util_est, KC_MAX_CPUS) \
	A(misfit_load, KC_MAX_CPUS) A(idle_task, KC_MAX_CPUS) /* rq->curr is the idle task */ \
	A(ttwu_pending, KC_MAX_CPUS) /* rq->ttwu_pending: a wake-up queued while it leaves idle */ \
	A(clock_task, KC_MAX_CPUS) \
	S(nr_tasks) /* cfs_tasks of every CPU: its tasks in list order, head first */ \
	A(t_cpu, KC_LBW_TASKS) A(t_running, KC_LBW_TASKS) A(t_allowed, KC_LBW_TASKS) \
	A(t_idle_policy, KC_LBW_TASKS) A(t_exec_start, KC_LBW_TASKS) A(t_load, KC_LBW_TASKS) \
	A(t_util, KC_LBW_TASKS) A(t_util_est, KC_LBW_TASKS) \
	S(nohz_idle) S(ilb_cpu) /* find_new_ilb(): nohz.idle_cpus_mask, smp_processor_id() */ \
	A(t_delayed, KC_LBW_TASKS) /* se.sched_delayed: in h_nr_queued, not in h_nr_runnable */ \
	S(cluster_active) /* sched_cluster_active: the board keeps an SD_CLUSTER domain */
KC_STRUCT(lb_walk_in)
#define KC_FIELDS_lb_walk_out(S, A, I) \
	S(balance) /* should_we_balance() */ \
	I(busiest_group, 1) /* its index from dst's local group, -1: balanced */ \
	S(migration_type) I(imbalance, 1) \
	S(rd_overutilized) S(rd_overloaded) \
	I(busiest_cpu, 1) \
	S(nr_detached) A(detached, KC_LBW_TASKS) /* task ids, in detach order */ \
	A(tasks_after, KC_LBW_TASKS) /* the source's cfs_tasks after, head first (id + 1) */ \
	S(loop) S(flags) I(imbalance_after, 1) I(new_dst_cpu, 1) \
	I(ilb, 1)
KC_STRUCT(lb_walk_out)
/**
 * cside_lbw_domain() - the domain of @in (shipped tree, sched_cluster, dst_cpu, level: the
 * level-th of dst's kept domains, bottom up, modulo their number) as capsim builds it, into
 * @in's sd_span, sd_flags, imbalance_pct, cache_nice_tries, has_parent, nr_groups, sg_span
 * and sg_flags; nr_cpus, the CPUs' arch_cap and cluster_active too.
 * Return: false if the tree has no domain for dst_cpu.
 */
bool cside_lbw_domain(struct kc_lb_walk_in *in);
/*
 * deadline: the deadline class as the sugov kthread meets it. (1) rq->avg_dl over steps: the
 * PELT clock advances by dt and update_dl_rq_load_avg() runs with the class running or not (as
 * put_prev_task_dl(), task_tick_dl(), set_next_task_dl() and update_other_load_avgs() call it).
 * (2) a deadline task's wake-up (WF_TTWU) from this_cpu on CPUs 0..nr_cpus-1: each CPU's
 * current task (a deadline one or not, special or not), its deadline runqueue (cpudl_set() of
 * its earliest deadline, CPUs in ascending order), prev's sched domains, the waker's
 * distribute_cpu_mask_prev cursor, and the task (special: SCHED_FLAG_SUGOV; its runtime and
 * deadline give dl_density through to_ratio()). Answers: select_task_rq_dl() called directly,
 * whether find_later_rq() ran and what it returned, the cursor after, dl_task_fits_capacity()
 * of every CPU, and the core's select_task_rq() (cursor restored first).
 */
#define KC_FIELDS_deadline_in(S, A, I) \
	S(nr_steps) \
	A(dt, KC_MAX_STEPS) /* ns of the PELT clock */ \
	A(running, KC_MAX_STEPS) \
	S(nr_cpus) \
	S(asym) /* sched_asym_cpucap_active() */ \
	A(arch_cap, KC_MAX_CPUS) \
	A(curr_dl, KC_MAX_CPUS) /* dl_task(rq->curr) */ \
	A(curr_special, KC_MAX_CPUS) \
	A(curr_deadline, KC_MAX_CPUS) \
	A(curr_nr_cpus_allowed, KC_MAX_CPUS) \
	A(dl_nr_running, KC_MAX_CPUS) \
	A(earliest_dl, KC_MAX_CPUS) \
	S(nr_levels) \
	A(level_wake_affine, KC_MAX_LEVELS) \
	A(level_span, KC_MAX_LEVELS) /* bit c: CPU c */ \
	S(this_cpu) \
	S(cursor) /* this_cpu's distribute_cpu_mask_prev before */ \
	S(special) \
	S(deadline) \
	S(dl_runtime) \
	S(dl_deadline) \
	S(prev_cpu) \
	S(allowed) /* p->cpus_mask, bit c: CPU c */
KC_STRUCT(deadline_in)
#define KC_FIELDS_deadline_out(S, A, I) \
	A(decayed, KC_MAX_STEPS) \
	A(util_avg, KC_MAX_STEPS) \
	A(util_sum, KC_MAX_STEPS) \
	S(load_sum) \
	S(period_contrib) \
	S(last_update_time) \
	S(dl_density) \
	S(select_task_rq_dl) \
	S(flr_called) \
	S(flr_found) \
	S(find_later_rq) \
	S(cursor_after) \
	A(fits, KC_MAX_CPUS) /* dl_task_fits_capacity() */ \
	S(select_task_rq)
KC_STRUCT(deadline_out)

/* --- path groups: enqueue_task_fair, dequeue_task_fair, task_tick_fair, check_preempt_wakeup_fair,
 * pick_next_task_fair */

/*
 * The path groups run the kernel's enqueue_task() / dequeue_task() (core.c, with the rq's
 * uclamp) into enqueue_task_fair() / dequeue_task_fair() (dequeue_entities(), delayed dequeue)
 * against capsim's engine entry points (src/sim/core.c: rq_enqueue_flags(), rq_dequeue(),
 * rq_requeue_delayed()) on one CPU: tasks with their PELT (blocked since a time, or not
 * attached: new or migrated), util_est and clamps, a cfs_rq with blocked load, the CPU idle or
 * running an RT task (the PELT clock then scales with capacity and frequency), and a sequence
 * of operations, each after dt ns. Answers: the runqueue after each step, the tasks at the end,
 * and the log of model-function calls (kc_path_call) in the order they were made.
 * task_tick_fair and check_preempt_wakeup_fair add steps with a fair task running: RUN makes a
 * queued task curr (set_next_task_fair(); engine: the class's set_next_task()), TICK runs
 * sched_tick()'s part up to task_tick_fair() after a hardware cap of khz (engine:
 * sim_pressure_hw_cap(), rq_tick_curr()), TTWU a wake-up with its wakeup_preempt() (engine:
 * rq_enqueue() or rq_requeue_delayed(), then rq_check_preempt_wakeup()). A reschedule is only
 * asked for (need_resched), never made, on either side -- but by pick_next_task_fair's steps:
 * PICK is __schedule() of the running fair task, preempted (still queued), BLOCK of one that
 * sleeps first (block_task(), maybe delayed): the fair class's pick, which dequeues for good
 * the delayed tasks it chooses, and put_prev_set_next_task() (engine: rq_dequeue() for BLOCK,
 * then rq_pick_next() and rq_put_prev_set_next(), what rq_resched() does).
 */
#define KC_PATH_TASKS 6
#define KC_PATH_CPUS 2 /* CPU 0; CPU 1 only for migrate_task_rq_fair */
#define KC_PATH_STEPS 12
#define KC_PATH_LOG 96
enum kc_path_op {
	KC_PATH_NEW,     /* wake_up_new_task(): activate_task(ENQUEUE_INITIAL) */
	KC_PATH_WAKE,    /* ttwu_do_activate(): ENQUEUE_WAKEUP (attach if not attached) */
	KC_PATH_SLEEP,   /* block_task(): dequeue_task(DEQUEUE_SLEEP), maybe delayed */
	KC_PATH_REQUEUE, /* ttwu_runnable() of a delayed task: ENQUEUE_DELAYED */
	KC_PATH_RUN,     /* the idle CPU's __schedule() sets a queued task next: set_next_task_fair() */
	KC_PATH_TICK,    /* sched_tick(): update_hw_load_avg(), task_tick_fair() of a fair curr */
	KC_PATH_TTWU,    /* try_to_wake_up(): WAKE or REQUEUE, then wakeup_preempt() of a fair curr */
	KC_PATH_WAKE_MIGRATE, /* migrate_task_rq_fair: a blocked task woken on the other CPU */
	KC_PATH_LB_MIGRATE,   /* migrate_task_rq_fair: a queued task moved by the load balance */
	KC_PATH_PICK,  /* __schedule() of the fair curr, still queued: pick, put_prev, set_next */
	KC_PATH_BLOCK, /* __schedule() of the fair curr that sleeps: block_task(), then as PICK */
};
/* the task's policy (in->policy) */
enum kc_path_policy { KC_POLICY_NORMAL, KC_POLICY_IDLE, KC_POLICY_BATCH };
/* a log entry: step << 56 | call << 48 | task << 40 | argument (40 bits) */
enum kc_path_call {
	KC_CALL_UTIL_EST_ENQUEUE = 1, /* argument: the cfs_rq's util_est before */
	KC_CALL_UTIL_EST_DEQUEUE,     /* the same */
	KC_CALL_UTIL_EST_UPDATE,      /* the task's util_avg at the call << 1 | task_sleep */
	KC_CALL_UPDATE_LOAD_AVG_SE,   /* __update_load_avg_se(): now (the PELT clock) */
	KC_CALL_UCLAMP_RQ_INC,        /* per clamp id: the id */
	KC_CALL_UCLAMP_RQ_DEC,
	KC_CALL_CPUFREQ_UPDATE_UTIL,  /* the flags; the CPU in the task's place */
	KC_CALL_UPDATE_MISFIT,        /* update_misfit_status() of the task (group of its own);
				       * KC_PATH_TASKS for none (the idle switch's) */
};
static inline uint64_t kc_path_entry(uint64_t step, unsigned call, unsigned task, uint64_t arg)
{
	return step << 56 | (uint64_t)call << 48 | (uint64_t)task << 40 | (arg & ((1ULL << 40) - 1));
}
#define KC_FIELDS_path_in(S, A, I) \
	S(cpu_scale) \
	S(freq_scale) \
	S(rt_curr) /* an RT task runs (else the CPU is idle) */ \
	S(base_slice) \
	S(tick_nsec) \
	S(uclamp_used) \
	S(clock0) /* rq clock, clock_task and clock_pelt at the start */ \
	S(freq_ref) /* capacity_freq_ref, kHz: what a hardware cap (khz) is a fraction of */ \
	S(cfs_util_avg) S(cfs_util_sum) S(cfs_runnable_avg) S(cfs_runnable_sum) \
	S(cfs_load_avg) S(cfs_load_sum) S(cfs_period_contrib) S(cfs_util_est) \
	S(nr_tasks) \
	A(weight, KC_PATH_TASKS) /* scale_load_down(), sched_prio_to_weight[] */ \
	A(idle_policy, KC_PATH_TASKS) /* enum kc_path_policy */ \
	A(slice, KC_PATH_TASKS) /* a custom slice (sched_attr's runtime), ns; 0: the base slice */ \
	A(util_avg, KC_PATH_TASKS) A(util_sum, KC_PATH_TASKS) \
	A(runnable_avg, KC_PATH_TASKS) A(runnable_sum, KC_PATH_TASKS) \
	A(load_avg, KC_PATH_TASKS) A(load_sum, KC_PATH_TASKS) \
	A(period_contrib, KC_PATH_TASKS) \
	A(last_update, KC_PATH_TASKS) /* 0: not attached (new, or migrated here) */ \
	A(util_est, KC_PATH_TASKS) /* 6.1 (_6_1 groups): enqueued; its ewma is util_avg's value */ \
	I(vlag, KC_PATH_TASKS) /* se->vlag left by its last dequeue: PLACE_LAG at its wake-up */ \
	A(uclamp_min, KC_PATH_TASKS) A(uclamp_max, KC_PATH_TASKS) \
	S(nr_steps) \
	A(op, KC_PATH_STEPS) A(task, KC_PATH_STEPS) A(dt, KC_PATH_STEPS) A(iowait, KC_PATH_STEPS) \
	A(khz, KC_PATH_STEPS) /* TICK: a hardware cap before it (0: none) */
#define KC_FIELDS_path_out(S, A, I) \
	A(applied, KC_PATH_STEPS) \
	A(nr_running, KC_PATH_STEPS) A(h_nr_runnable, KC_PATH_STEPS) A(h_nr_delayed, KC_PATH_STEPS) \
	A(load_weight, KC_PATH_STEPS) \
	A(cfs_util_avg_out, KC_PATH_STEPS) A(cfs_util_sum_out, KC_PATH_STEPS) \
	A(cfs_runnable_avg_out, KC_PATH_STEPS) A(cfs_runnable_sum_out, KC_PATH_STEPS) \
	A(cfs_load_avg_out, KC_PATH_STEPS) A(cfs_load_sum_out, KC_PATH_STEPS) \
	A(cfs_last_update, KC_PATH_STEPS) A(cfs_util_est_out, KC_PATH_STEPS) \
	A(uclamp_min_rq, KC_PATH_STEPS) A(uclamp_max_rq, KC_PATH_STEPS) \
	A(uclamp_idle, KC_PATH_STEPS) A(overloaded, KC_PATH_STEPS) \
	A(curr_task, KC_PATH_STEPS) /* the fair curr's task + 1; 0: none */ \
	A(need_resched, KC_PATH_STEPS) /* TIF_NEED_RESCHED of curr */ \
	A(zero_vruntime_out, KC_PATH_STEPS) A(hw_load_avg_out, KC_PATH_STEPS) \
	A(t_util_avg, KC_PATH_TASKS) A(t_util_sum, KC_PATH_TASKS) A(t_runnable_avg, KC_PATH_TASKS) \
	A(t_load_avg, KC_PATH_TASKS) A(t_last_update, KC_PATH_TASKS) A(t_util_est, KC_PATH_TASKS) \
	A(t_on_rq, KC_PATH_TASKS) A(t_delayed, KC_PATH_TASKS) \
	A(t_vruntime, KC_PATH_TASKS) A(t_deadline, KC_PATH_TASKS) I(t_vlag, KC_PATH_TASKS) \
	A(t_slice, KC_PATH_TASKS) A(t_sum_exec, KC_PATH_TASKS) A(t_exec_start, KC_PATH_TASKS) \
	S(nr_log) \
	A(log, KC_PATH_LOG)
/* the path groups share the case and the answer; their generators differ (kernel_check.c) */
#define KC_FIELDS_enqueue_task_fair_in KC_FIELDS_path_in
#define KC_FIELDS_enqueue_task_fair_out KC_FIELDS_path_out
#define KC_FIELDS_dequeue_task_fair_in KC_FIELDS_path_in
#define KC_FIELDS_dequeue_task_fair_out KC_FIELDS_path_out
#define KC_FIELDS_task_tick_fair_in KC_FIELDS_path_in
#define KC_FIELDS_task_tick_fair_out KC_FIELDS_path_out
#define KC_FIELDS_check_preempt_wakeup_fair_in KC_FIELDS_path_in
#define KC_FIELDS_check_preempt_wakeup_fair_out KC_FIELDS_path_out
#define KC_FIELDS_pick_next_task_fair_in KC_FIELDS_path_in
#define KC_FIELDS_pick_next_task_fair_out KC_FIELDS_path_out
KC_STRUCT(path_in)
KC_STRUCT(path_out)
KC_STRUCT(enqueue_task_fair_in)
KC_STRUCT(enqueue_task_fair_out)
KC_STRUCT(dequeue_task_fair_in)
KC_STRUCT(dequeue_task_fair_out)
KC_STRUCT(task_tick_fair_in)
KC_STRUCT(task_tick_fair_out)
KC_STRUCT(check_preempt_wakeup_fair_in)
KC_STRUCT(check_preempt_wakeup_fair_out)
KC_STRUCT(pick_next_task_fair_in)
KC_STRUCT(pick_next_task_fair_out)
/* one side's answer to a path case (both groups' kside_ and cside_ are these) */
void kside_path(const struct kc_path_in *in, struct kc_path_out *out);
void cside_path(const struct kc_path_in *in, struct kc_path_out *out);

/* --- path group select_task_rq_fair ----------------------------------------------------- */

/*
 * select_task_rq_fair: a fair task's wake-up (WF_TTWU, WF_SYNC or not) from this_cpu, through
 * the core's select_task_rq() into select_task_rq_fair() whole (record_wakee(), wake_wide(),
 * the SD_WAKE_AFFINE walk, wake_affine(), select_idle_sibling() with recent_used_cpu,
 * select_idle_capacity() or select_idle_cpu()), against the engine's select_task_rq_fair()
 * (src/sim/fair_balance.c) on a simulator of the same CPUs. The CPUs form two LLC clusters,
 * [0, split) and [split, nr_cpus) (split == nr_cpus: one), each an MC domain under a PKG
 * domain over all (SD_ASYM_CPUCAPACITY_FULL when the capacities differ); each runs
 * nr_running tasks (nr_delayed of them delayed, all SCHED_IDLE or none), the first `current`,
 * with its record of wakees, or idles (its idle task's record). feec's own body is not cut
 * (the EM is not): while EAS runs and the root domain is not overutilized both sides take
 * feec_cpu as its answer, and compare that they asked. p's PELT is as of its prev's cfs_rq
 * (sync_entity_load_avg() moves nothing); p may be SCHED_IDLE. On 7.3 (select_task_rq_fair_7_3)
 * the domains that build_sched_domains() gives a sched_domain_shared (each MC, the LLC; PKG
 * when it is the asymmetric one) carry the case's nr_idle_scan: [0] the first (or only) MC,
 * [1] the second MC, [2] PKG; 6.12 reads sd_llc_shared, left NULL (capsim keeps no SIS_UTIL
 * limit for 6.12). Answers: the CPU, whether feec was asked, the waker's and p's records after.
 * With eas_pds (EAS, asymmetric capacities) feec is not answered but runs whole on both sides
 * (group find_energy_efficient_cpu's code): the clusters are the perf domains, with the case's
 * energy models (kc_select_task_rq_fair_em() writes them as that group's case) and each CPU's
 * CFS util and util_est.
 */
#define KC_FIELDS_select_task_rq_fair_in(S, A, I) \
	S(nr_cpus) \
	S(split) \
	S(uclamp_used) \
	S(eas_overutilized) /* 0: EAS runs, not overutilized (feec); 1: overutilized or no EAS */ \
	S(feec_cpu) \
	S(now_jiffies) \
	A(arch_cap, KC_MAX_CPUS) \
	A(capacity_of, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	A(nr_running, KC_MAX_CPUS) \
	A(nr_delayed, KC_MAX_CPUS) \
	A(idle_policy, KC_MAX_CPUS) \
	A(cfs_load_avg, KC_MAX_CPUS) \
	A(curr_load_avg, KC_MAX_CPUS) \
	A(curr_flips, KC_MAX_CPUS) /* current's (or the idle task's) wakee_flips */ \
	A(curr_decay_ts, KC_MAX_CPUS) \
	A(curr_last_is_p, KC_MAX_CPUS) \
	S(this_cpu) \
	S(prev_cpu) \
	S(allowed) /* bit c: CPU c */ \
	S(sync) \
	S(util_avg) \
	S(util_est) \
	S(load_avg) \
	S(uclamp_min) \
	S(uclamp_max) \
	S(flips) \
	S(recent_used_cpu) \
	S(p_idle_policy) /* p is SCHED_IDLE */ \
	A(nr_idle_scan, 3) /* 7.3: sd->shared->nr_idle_scan of MC (first), MC (second), PKG */ \
	S(eas_pds) /* 1: the clusters are perf domains with energy models, feec runs whole */ \
	A(em_states, 2) /* cluster k's energy model: state i at [k * KC_MAX_OPPS + i] */ \
	A(em_perf, 2 * KC_MAX_OPPS) A(em_cost, 2 * KC_MAX_OPPS) A(em_ineff, 2 * KC_MAX_OPPS) \
	A(util_cfs, KC_MAX_CPUS) A(util_est_cfs, KC_MAX_CPUS)
KC_STRUCT(select_task_rq_fair_in)
#define KC_FIELDS_select_task_rq_fair_out(S, A, I) \
	S(cpu) \
	S(feec_asked) \
	S(waker_flips) \
	S(waker_decay_ts) \
	S(waker_last_is_p) \
	S(p_flips) \
	S(recent_used_cpu_out)
KC_STRUCT(select_task_rq_fair_out)

/* --- path group cooling_get_load ------------------------------------------------------- */

/*
 * cooling_get_load: what power_allocator asks of each cpufreq cooling device, as its
 * allocate_power() asks (drivers/thermal/cpufreq_cooling.c, CONFIG_SMP): for each device in
 * turn cpufreq_get_requested_power() (get_load() = sched_cpu_util() * 100 /
 * arch_scale_cpu_capacity() of each CPU of the policy, summed into last_load, times the EM
 * power of the current frequency), cpufreq_state2power() of every state (and one past the
 * last: -EINVAL), then cpufreq_power2state() of granted powers on the last_load just left.
 * The CPUs [0, nr_cpus) form nr_policies policies, policy p holding [first_cpu[p],
 * first_cpu[p + 1]) (the last up to nr_cpus), each a device with its own EM (freq kHz
 * ascending, power uW). Against the engine's sim_thermal_cpu_input() (src/sim/sim_pressure.c)
 * on a simulator of those CPUs and the model's cpufreq_cooling_*() (src/model/
 * cpufreq_cooling.c). The log: each sched_cpu_util() call, step = the device being polled,
 * task = the CPU, argument = its result.
 */
#define KC_COOL_POLICIES 3
#define KC_COOL_GRANTS 6
#define KC_COOL_STATES (KC_MAX_OPPS + 1)
#define KC_CALL_SCHED_CPU_UTIL 32 /* a kc_path_call of this group's log */
#define KC_FIELDS_cooling_get_load_in(S, A, I) \
	S(nr_cpus) \
	S(nr_policies) \
	S(uclamp_used) \
	A(first_cpu, KC_COOL_POLICIES) \
	A(nr_states, KC_COOL_POLICIES) \
	A(em_freq, KC_COOL_POLICIES * KC_MAX_OPPS) /* policy p's state i at [p * KC_MAX_OPPS + i] */ \
	A(em_power, KC_COOL_POLICIES * KC_MAX_OPPS) \
	A(cur_khz, KC_COOL_POLICIES) /* policy->cur: what cpufreq_quick_get() answers */ \
	A(max_khz, KC_COOL_POLICIES) /* policy->max (not read: a decoy for the engine) */ \
	A(arch_cap, KC_MAX_CPUS) \
	A(capacity_of, KC_MAX_CPUS) /* rq->cpu_capacity (not read: a decoy) */ \
	A(util_cfs, KC_MAX_CPUS) A(util_est, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) A(util_dl, KC_MAX_CPUS) A(util_irq, KC_MAX_CPUS) \
	A(dl_running_bw, KC_MAX_CPUS) A(rt_nr, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) A(uclamp_max_rq, KC_MAX_CPUS) \
	A(grant, KC_COOL_POLICIES * KC_COOL_GRANTS) /* power2state's power (mW) */
KC_STRUCT(cooling_get_load_in)
#define KC_FIELDS_cooling_get_load_out(S, A, I) \
	A(req_power, KC_COOL_POLICIES) \
	A(last_load, KC_COOL_POLICIES) \
	A(s2p_power, KC_COOL_POLICIES * KC_COOL_STATES) \
	A(s2p_error, KC_COOL_POLICIES * KC_COOL_STATES) \
	A(state, KC_COOL_POLICIES * KC_COOL_GRANTS) \
	A(limit_freq, KC_COOL_POLICIES * KC_COOL_GRANTS) /* thermal_power_cpu_limit's freq */ \
	S(nr_log) \
	A(log, KC_MAX_CPUS)
KC_STRUCT(cooling_get_load_out)

/* --- group find_energy_efficient_cpu ----------------------------------------------------- */

/*
 * find_energy_efficient_cpu: EAS's wake-up placement, fair.c's find_energy_efficient_cpu()
 * whole (compute_energy(), eenv_task_busy_time(), eenv_pd_busy_time(), eenv_pd_max_util(),
 * cpu_util(), effective_cpu_util(), sugov_effective_cpu_perf(), util_fits_cpu(),
 * get_actual_cpu_capacity()) with energy_model.h's em_cpu_energy() and
 * em_pd_get_efficient_state(), against the model's find_energy_efficient_cpu() as the engine
 * calls it (src/sim/fair_balance.c: the root domain's struct fair_rd with its memos). The CPUs
 * form nr_pds perf domains, pd p over [first_cpu[p], first_cpu[p + 1]) (the last to nr_cpus),
 * rd->pd listing them highest first as build_perf_domains() leaves it; pd p's energy model has
 * nr_states states at [p * KC_MAX_OPPS + i], ascending (performance, frequency, cost, flags:
 * EM_PERF_STATE_INEFFICIENT), and skip_ineff[p] sets EM_PERF_DOMAIN_SKIP_INEFFICIENCIES. The
 * asymmetric domain (sd_asym_cpucapacity of this_cpu) spans every CPU, all online. Each CPU
 * has its CFS util, runnable and util_est, RT/DL/IRQ util, DL bandwidth, RT tasks, rq clamps
 * (uclamp_idle: UCLAMP_FLAG_IDLE), HW and cpufreq pressure; p sleeps (sync_entity_load_avg()
 * moves nothing) with its util, runnable, util_est, effective clamps and affinity. Answers:
 * the CPU, and each compute_energy() call in order (sched_compute_energy_tp's dst_cpu, energy,
 * max_util, busy_time).
 */
#define KC_FEEC_PDS 3
#define KC_FEEC_CALLS (3 * KC_FEEC_PDS)
#define KC_FIELDS_find_energy_efficient_cpu_in(S, A, I) \
	S(nr_cpus) \
	S(nr_pds) \
	S(uclamp_used) \
	A(first_cpu, KC_FEEC_PDS) \
	A(nr_states, KC_FEEC_PDS) \
	A(skip_ineff, KC_FEEC_PDS) \
	A(em_perf, KC_FEEC_PDS * KC_MAX_OPPS) /* pd p's state i at [p * KC_MAX_OPPS + i] */ \
	A(em_freq, KC_FEEC_PDS * KC_MAX_OPPS) \
	A(em_power, KC_FEEC_PDS * KC_MAX_OPPS) \
	A(em_cost, KC_FEEC_PDS * KC_MAX_OPPS) \
	A(em_cost_6_1, KC_FEEC_PDS * KC_MAX_OPPS) \
	A(em_ineff, KC_FEEC_PDS * KC_MAX_OPPS) \
	A(arch_cap, KC_MAX_CPUS) \
	A(capacity_of, KC_MAX_CPUS) \
	A(util_cfs, KC_MAX_CPUS) A(runnable_cfs, KC_MAX_CPUS) A(util_est_cfs, KC_MAX_CPUS) \
	A(util_rt, KC_MAX_CPUS) A(util_dl, KC_MAX_CPUS) A(util_irq, KC_MAX_CPUS) \
	A(dl_running_bw, KC_MAX_CPUS) A(rt_nr, KC_MAX_CPUS) \
	A(uclamp_min_rq, KC_MAX_CPUS) A(uclamp_max_rq, KC_MAX_CPUS) A(uclamp_idle, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) A(cpufreq_pressure, KC_MAX_CPUS) \
	A(thermal_pressure, KC_MAX_CPUS) /* 6.1's arch_scale_thermal_pressure() */ \
	S(this_cpu) \
	S(prev_cpu) \
	S(allowed) /* bit c: CPU c */ \
	S(util_avg) \
	S(runnable_avg) \
	S(util_est) \
	S(util_est_ewma) /* 6.1's second value (util_est.ewma; util_est is .enqueued) */ \
	S(uclamp_min) \
	S(uclamp_max)
KC_STRUCT(find_energy_efficient_cpu_in)
#define KC_FIELDS_find_energy_efficient_cpu_out(S, A, I) \
	I(cpu, 1) \
	S(nr_calls) \
	I(dst_cpu, KC_FEEC_CALLS) \
	A(energy, KC_FEEC_CALLS) \
	A(max_util, KC_FEEC_CALLS) \
	A(busy_time, KC_FEEC_CALLS)
KC_STRUCT(find_energy_efficient_cpu_out)
/*
 * find_energy_efficient_cpu_6_1: the same cases on 6.1.192's find_energy_efficient_cpu()
 * (kernel_side_sugov_6_1.c's translation unit: cpu_util_next(), 6.1's effective_cpu_util()
 * with uclamp_rq_util_with() of p, em_cpu_energy() by frequency with the headroom, costs
 * fmax * power / frequency in em_cost_6_1; pressure is thermal_pressure; p's util_est has two
 * values) against the v6.1 model's; the rd is not overutilized (the engine tests it first).
 */
#define KC_FIELDS_find_energy_efficient_cpu_6_1_in KC_FIELDS_find_energy_efficient_cpu_in
#define KC_FIELDS_find_energy_efficient_cpu_6_1_out KC_FIELDS_find_energy_efficient_cpu_out
KC_STRUCT(find_energy_efficient_cpu_6_1_in)
KC_STRUCT(find_energy_efficient_cpu_6_1_out)

/* group select_task_rq_fair's perf domains (eas_pds) as a find_energy_efficient_cpu case's */
static inline void kc_select_task_rq_fair_em(const struct kc_select_task_rq_fair_in *in,
					     struct kc_find_energy_efficient_cpu_in *em)
{
	memset(em, 0, sizeof(*em));
	em->nr_cpus = in->nr_cpus;
	em->nr_pds = in->split == in->nr_cpus ? 1 : 2;
	em->first_cpu[1] = in->split;
	for (unsigned k = 0; k < 2; k++) {
		em->nr_states[k] = in->em_states[k];
		for (unsigned i = 0; i < KC_MAX_OPPS; i++) {
			em->em_perf[k * KC_MAX_OPPS + i] = in->em_perf[k * KC_MAX_OPPS + i];
			em->em_cost[k * KC_MAX_OPPS + i] = in->em_cost[k * KC_MAX_OPPS + i];
			em->em_ineff[k * KC_MAX_OPPS + i] = in->em_ineff[k * KC_MAX_OPPS + i];
		}
	}
}
#include "kcase_newidle.h"
/* --- groups menu and teo --------------------------------------------------------------- */

/*
 * menu, teo: one CPU's cpuidle governor (6.12's drivers/cpuidle/governors/menu.c, teo.c) over a
 * driver of nr_states states (exit latency and target residency in ns, none polling or
 * disabled), from its enable() on, through nr_steps idle periods: at each, the governor's
 * select() with the step's latency request, tick state, sleep length and time to the next
 * event with the tick (delta_tick), at local_clock() now; then the CPU leaves the state it
 * chose after residency ns (dev->last_residency_ns), woken by the tick or not (got_tick), and
 * the governor's reflect(); the next step's select comes gap ns later. Against the model's
 * cpuidle_select() and cpuidle_reflect() (src/model/cpuidle.c). The answer: each step's state
 * and stop_tick, and the governor's data at the end. nr_iowait: nr_iowait_cpu() at each step
 * (6.1's menu reads it). On 6.1 and 7.3 (menu_6_1, teo_6_1, menu_7_3, teo_7_3) against the v6.1
 * and v7.3 models; the answer holds each version's fields (6.1's 12 buckets, teo's recent
 * intercepts of 6.1, its tick and short-idle counts of 7.3), 0 where a version has none.
 */
#define KC_IDLE_STATES 10
#define KC_FIELDS_menu_in(S, A, I) \
	S(nr_states) \
	A(exit_latency_ns, KC_IDLE_STATES) \
	A(target_residency_ns, KC_IDLE_STATES) \
	S(tick_ns) \
	S(now) \
	S(nr_steps) \
	I(latency_req, KC_MAX_STEPS) \
	A(tick_stopped, KC_MAX_STEPS) \
	I(sleep_length, KC_MAX_STEPS) \
	I(delta_tick, KC_MAX_STEPS) \
	A(residency, KC_MAX_STEPS) \
	A(got_tick, KC_MAX_STEPS) \
	A(gap, KC_MAX_STEPS) \
	A(nr_iowait, KC_MAX_STEPS)
KC_STRUCT(menu_in)
#define KC_FIELDS_menu_out(S, A, I) \
	A(idx, KC_MAX_STEPS) \
	A(stop_tick, KC_MAX_STEPS) \
	S(last_state_idx) \
	S(needs_update) S(tick_wakeup) S(next_timer_ns) S(bucket) \
	A(correction_factor, 12) \
	A(intervals, 8) \
	S(interval_ptr) \
	I(time_span_ns, 1) I(sleep_length_ns, 1) \
	A(hits, KC_IDLE_STATES) \
	A(intercepts, KC_IDLE_STATES) \
	S(total) S(tick_hits) \
	A(recent, KC_IDLE_STATES) S(next_recent_idx) I(recent_idx, 9) \
	S(total_tick) S(tick_intercepts) S(short_idles) S(teo_tick_wakeup)
KC_STRUCT(menu_out)
/*
 * the menu governor's data at the end into a menu answer: each side's (the kernel's struct
 * menu_device, capsim's struct cpuidle_menu) has these names, its BUCKETS (6; 6.1's 12: capsim
 * keeps 12, the rest 0) and 8 intervals
 */
#define KC_MENU_OUT_DATA(out, data)                                              \
	do {                                                                     \
		(out)->needs_update = (uint64_t)(int64_t)(data)->needs_update;   \
		(out)->tick_wakeup = (uint64_t)(int64_t)(data)->tick_wakeup;     \
		(out)->next_timer_ns = (data)->next_timer_ns;                    \
		(out)->bucket = (data)->bucket;                                  \
		for (unsigned kc_i = 0; kc_i < sizeof((data)->correction_factor) / \
					      sizeof((data)->correction_factor[0]); kc_i++) \
			(out)->correction_factor[kc_i] =                         \
				(data)->correction_factor[kc_i];                 \
		for (unsigned kc_i = 0; kc_i < 8; kc_i++)                        \
			(out)->intervals[kc_i] = (data)->intervals[kc_i];        \
		(out)->interval_ptr = (uint64_t)(int64_t)(data)->interval_ptr;   \
	} while (0)
/*
 * the teo governor's data at the end into a teo answer, the fields every version has: each
 * side's (the kernel's struct teo_cpu, capsim's struct cpuidle_teo) has these names and
 * KC_IDLE_STATES bins
 */
#define KC_TEO_OUT_DATA(out, cpu_data)                                                      \
	do {                                                                                \
		(out)->sleep_length_ns[0] = (uint64_t)(cpu_data)->sleep_length_ns;          \
		for (unsigned kc_i = 0; kc_i < KC_IDLE_STATES; kc_i++) {                    \
			(out)->hits[kc_i] = (cpu_data)->state_bins[kc_i].hits;              \
			(out)->intercepts[kc_i] = (cpu_data)->state_bins[kc_i].intercepts;  \
		}                                                                           \
		(out)->total = (cpu_data)->total;                                           \
	} while (0)
/* and 6.12's: the time span of the last idle period and the tick's hits */
#define KC_TEO_OUT_DATA_6_12(out, cpu_data)                                  \
	do {                                                                 \
		(out)->time_span_ns[0] = (uint64_t)(cpu_data)->time_span_ns; \
		(out)->tick_hits = (cpu_data)->tick_hits;                    \
	} while (0)
/* and 6.1's: the time span and the recent intercepts */
#define KC_TEO_OUT_DATA_6_1(out, cpu_data)                                                  \
	do {                                                                                \
		(out)->time_span_ns[0] = (uint64_t)(cpu_data)->time_span_ns;                \
		for (unsigned kc_i = 0; kc_i < KC_IDLE_STATES; kc_i++)                      \
			(out)->recent[kc_i] = (cpu_data)->state_bins[kc_i].recent;          \
		(out)->next_recent_idx = (uint64_t)(int64_t)(cpu_data)->next_recent_idx;    \
		for (unsigned kc_i = 0; kc_i < 9; kc_i++)                                   \
			(out)->recent_idx[kc_i] = (uint64_t)(int64_t)(cpu_data)->recent_idx[kc_i]; \
	} while (0)
/* and 7.3's: the tick's wake-ups, the intercepts within a tick, the short idles */
#define KC_TEO_OUT_DATA_7_3(out, cpu_data)                               \
	do {                                                             \
		(out)->total_tick = (cpu_data)->total_tick;              \
		(out)->tick_intercepts = (cpu_data)->tick_intercepts;    \
		(out)->short_idles = (cpu_data)->short_idles;            \
		(out)->teo_tick_wakeup = (cpu_data)->tick_wakeup;        \
	} while (0)
#define KC_FIELDS_teo_in KC_FIELDS_menu_in
KC_STRUCT(teo_in)
#define KC_FIELDS_teo_out KC_FIELDS_menu_out
KC_STRUCT(teo_out)
/* --- path group fork ------------------------------------------------------------------- */

/*
 * fork: a new fair task's placement (wake_up_new_task(): WF_FORK) from this_cpu, its parent's,
 * through the core's select_task_rq() into select_task_rq_fair()'s slow path whole:
 * sched_balance_find_dst_cpu() down the SD_BALANCE_FORK domains, sched_balance_find_dst_group()
 * (update_sg_wakeup_stats(), update_pick_idlest()) and sched_balance_find_dst_group_cpu(),
 * against the engine's select_task_rq_fair() with WF_FORK (src/sim/fair_balance.c) on a
 * simulator of the same CPUs and domains. Up to KC_FORK_LEVELS levels, bottom up: at level l
 * CPU c's span is the CPUs whose dom[l * KC_MAX_CPUS + c'] equals its own (the first CPU of
 * the span), nested, the top one all CPUs; a CPU has a domain at l where that span differs
 * from its span below (a single CPU at l = -1); a domain's groups are the spans below in it,
 * whose sgc (capacity, max, imbalance) is sgc_*[l * KC_MAX_CPUS + first CPU]; a domain's flags
 * are flags[l * KC_MAX_CPUS + first CPU]. Each CPU runs nr_running tasks (all SCHED_IDLE or
 * none) or idles, in a cpuidle state (has_state, its exit_latency) or none, since idle_stamp;
 * ttwu_pending: a wake-up is on its list. p is new (no PELT yet) with its clamps and affinity
 * (two CPUs or more: with one, select_task_rq() does not ask the class), its weight and
 * policy (SCHED_IDLE or not); EAS on or off (read by 7.3 only: fork_7_3).
 * Answers: the CPU, then p's util_avg and runnable_avg after post_init_entity_util_avg() there
 * (wake_up_new_task()'s next step; its enqueue, ENQUEUE_INITIAL, is enqueue_task_fair's).
 */
#define KC_FORK_LEVELS 3
/* the bits of include/linux/sched/sd_flags.h a case's domains carry (both sides' values) */
#define KC_SD_BALANCE_FORK (1u << 2)
#define KC_SD_ASYM_CPUCAPACITY (1u << 5)
#define KC_FIELDS_fork_in(S, A, I) \
	S(nr_cpus) \
	S(nr_levels) \
	A(dom, KC_FORK_LEVELS * KC_MAX_CPUS) \
	A(flags, KC_FORK_LEVELS * KC_MAX_CPUS) \
	A(sgc_capacity, KC_FORK_LEVELS * KC_MAX_CPUS) \
	A(sgc_max_capacity, KC_FORK_LEVELS * KC_MAX_CPUS) \
	A(sgc_imbalance, KC_FORK_LEVELS * KC_MAX_CPUS) \
	S(uclamp_used) \
	A(arch_cap, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	A(nr_running, KC_MAX_CPUS) \
	A(idle_policy, KC_MAX_CPUS) \
	A(cfs_load_avg, KC_MAX_CPUS) \
	A(cfs_runnable_avg, KC_MAX_CPUS) \
	A(cfs_util_avg, KC_MAX_CPUS) \
	A(cfs_util_est, KC_MAX_CPUS) \
	A(has_state, KC_MAX_CPUS) \
	A(exit_latency, KC_MAX_CPUS) \
	A(idle_stamp, KC_MAX_CPUS) \
	A(ttwu_pending, KC_MAX_CPUS) \
	S(this_cpu) \
	S(allowed) /* bit c: CPU c */ \
	S(uclamp_min) \
	S(uclamp_max) \
	S(weight) /* se_weight(): scale_load_down(se->load.weight) */ \
	S(eas) /* sched_energy_enabled(): 7.3's group_is_overloaded() reads it */ \
	S(p_idle_policy) /* p is SCHED_IDLE (7.3's choose_sched_idle_rq()) */
KC_STRUCT(fork_in)
#define KC_FIELDS_fork_out(S, A, I) \
	S(cpu) \
	S(util_avg) \
	S(runnable_avg)
KC_STRUCT(fork_out)
/* --- path group update_misfit_status ---------------------------------------------------- */

/*
 * update_misfit_status: fair.c's update_misfit_status(p, rq) of a CPU as task_tick_fair() and
 * set_next_task_fair() call it with the running task, or sched_balance_newidle() with none
 * (has_p 0), after set_task_max_allowed_capacity() of p's affinity (sched_setaffinity()'s
 * set_cpus_allowed_fair()), against the engine's set_task_max_allowed_capacity() and
 * update_misfit_status() (src/sim/fair_balance.c) on a simulator of the same CPUs. Misfit
 * runs only with asymmetric capacities (sched_asym_cpucap_active(): the capacities differ);
 * task_fits_cpu() reads p's util_est and its effective clamps (its requests under the system
 * defaults), each CPU's capacity_of(), original capacity and pressures. Answers: p's
 * max_allowed_capacity (0 when the capacities are the same: nothing reads it then) and the
 * runqueue's misfit_task_load.
 */
#define KC_FIELDS_update_misfit_status_in(S, A, I) \
	S(nr_cpus) \
	S(uclamp_used) \
	S(sys_uclamp_min) /* sysctl_sched_uclamp_util_min */ \
	S(sys_uclamp_max) \
	A(arch_cap, KC_MAX_CPUS) \
	A(capacity_of, KC_MAX_CPUS) \
	A(hw_load_avg, KC_MAX_CPUS) /* 6.1 (_6_1): the instantaneous thermal pressure */ \
	A(cpufreq_pressure, KC_MAX_CPUS) \
	S(cpu) \
	S(has_p) /* 0: update_misfit_status(NULL, rq) */ \
	S(allowed) /* bit c: CPU c */ \
	S(util_avg) \
	S(util_est) \
	S(load_avg) \
	S(uclamp_min) /* p's requests */ \
	S(uclamp_max) \
	S(misfit_before) /* rq->misfit_task_load before */
KC_STRUCT(update_misfit_status_in)
#define KC_FIELDS_update_misfit_status_out(S, A, I) \
	S(max_allowed_capacity) \
	S(misfit_task_load)
KC_STRUCT(update_misfit_status_out)

/* --- path group migrate_task_rq_fair ---------------------------------------------------- */

/*
 * migrate_task_rq_fair: the path case on two CPUs (CPU 1's cfs_rq and current of its own, the
 * same capacity and frequency), each task starting on task_cpu, and two more operations: a
 * blocked task's wake-up on the other CPU (try_to_wake_up(): set_task_cpu() with
 * migrate_task_rq_fair() -- remove_entity_load_avg(), migrate_se_pelt_lag() --, then
 * activate_task(ENQUEUE_WAKEUP | ENQUEUE_MIGRATED) there: update_load_avg(DO_ATTACH)), and a
 * queued task's move by the load balance (detach_task(): deactivate_task() with
 * TASK_ON_RQ_MIGRATING, so update_load_avg(DO_DETACH), set_task_cpu(); attach_task():
 * activate_task()), against the engine's migrate_task() + rq_enqueue() and detach_task() +
 * attach_task() (src/sim/fair_balance.c). The answer adds CPU 1's runqueue and both cfs_rqs'
 * removed.* after each step (CPU 0's is the path answer's), and each task's CPU and
 * exec_start at the end. The log is the path groups' (calls on either CPU).
 */
#define KC_FIELDS_migrate_task_rq_fair_in(S, A, I) \
	KC_FIELDS_path_in(S, A, I) \
	S(rt_curr1) \
	S(cfs1_util_avg) S(cfs1_util_sum) S(cfs1_runnable_avg) S(cfs1_runnable_sum) \
	S(cfs1_load_avg) S(cfs1_load_sum) S(cfs1_period_contrib) S(cfs1_util_est) \
	A(task_cpu, KC_PATH_TASKS) \
	A(exec_start, KC_PATH_TASKS) /* se->exec_start: when it last ran (task_hot()) */
#define KC_FIELDS_migrate_task_rq_fair_out(S, A, I) \
	KC_FIELDS_path_out(S, A, I) \
	A(nr_running1, KC_PATH_STEPS) A(h_nr_runnable1, KC_PATH_STEPS) \
	A(load_weight1, KC_PATH_STEPS) \
	A(cfs1_util_avg_out, KC_PATH_STEPS) A(cfs1_util_sum_out, KC_PATH_STEPS) \
	A(cfs1_runnable_avg_out, KC_PATH_STEPS) A(cfs1_runnable_sum_out, KC_PATH_STEPS) \
	A(cfs1_load_avg_out, KC_PATH_STEPS) A(cfs1_load_sum_out, KC_PATH_STEPS) \
	A(cfs1_last_update, KC_PATH_STEPS) A(cfs1_util_est_out, KC_PATH_STEPS) \
	A(removed_nr0, KC_PATH_STEPS) A(removed_util0, KC_PATH_STEPS) \
	A(removed_load0, KC_PATH_STEPS) A(removed_runnable0, KC_PATH_STEPS) \
	A(removed_nr1, KC_PATH_STEPS) A(removed_util1, KC_PATH_STEPS) \
	A(removed_load1, KC_PATH_STEPS) A(removed_runnable1, KC_PATH_STEPS) \
	A(t_cpu, KC_PATH_TASKS) /* t_exec_start: path_out's */ \
	A(t_load_sum, KC_PATH_TASKS) A(t_runnable_sum, KC_PATH_TASKS)
KC_STRUCT(migrate_task_rq_fair_in)
KC_STRUCT(migrate_task_rq_fair_out)

/* --- group uclamp_tg ---------------------------------------------------------------------- */

/*
 * uclamp_tg (CONFIG_UCLAMP_TASK_GROUP): cpu cgroups under the root, each group's parent the
 * root (-1) or an earlier group; the sysctls sched_util_clamp_min/max, written before the
 * groups are made or after their writes (sys_late); cpu.uclamp.min/max writes (each group
 * made first: alloc_uclamp_sched_group(), cpu_util_update_eff() as css_online does); then
 * tasks in groups with their requests, and uclamp_eff_get() of each. A write's text is made
 * from integers by kc_percent_text() on both sides: whole, then '.' and flen decimals
 * (frac zero-padded) or flen KC_PCT_DOT ("W."), KC_PCT_MAX ("max"), KC_PCT_EMPTY (""), and
 * blanks around it (bit 0 a leading " \t", bit 1 a trailing "\n").
 */
#define KC_TG_GROUPS 8
#define KC_TG_WRITES 12
#define KC_PCT_DOT 100
#define KC_PCT_MAX 101
#define KC_PCT_EMPTY 102
#define KC_FIELDS_uclamp_tg_in(S, A, I) \
	S(sys_min) S(sys_max) S(sys_late) \
	S(nr_groups) \
	I(parent, KC_TG_GROUPS) \
	S(nr_writes) \
	A(w_group, KC_TG_WRITES) A(w_id, KC_TG_WRITES) A(w_whole, KC_TG_WRITES) \
	A(w_frac, KC_TG_WRITES) A(w_flen, KC_TG_WRITES) A(w_blanks, KC_TG_WRITES) \
	S(nr_tasks) \
	I(t_group, KC_MAX_QUERIES) \
	A(t_req_min, KC_MAX_QUERIES) A(t_req_max, KC_MAX_QUERIES)
KC_STRUCT(uclamp_tg_in)
#define KC_FIELDS_uclamp_tg_out(S, A, I) \
	I(w_ret, KC_TG_WRITES) /* cpu_uclamp_write(): the bytes, or -EINVAL / -ERANGE */ \
	A(w_eff_min, KC_TG_WRITES * KC_TG_GROUPS) /* every group's, after each write */ \
	A(w_eff_max, KC_TG_WRITES * KC_TG_GROUPS) \
	A(req_min, KC_TG_GROUPS) A(req_max, KC_TG_GROUPS) /* at the end */ \
	A(eff_min, KC_TG_GROUPS) A(eff_max, KC_TG_GROUPS) \
	S(root_eff_min) S(root_eff_max) \
	A(t_eff_min, KC_MAX_QUERIES) A(t_eff_max, KC_MAX_QUERIES) /* uclamp_eff_get() */ \
	S(uclamp_used) /* the sched_uclamp_used key */
KC_STRUCT(uclamp_tg_out)

/* the text of write @i of @in, into @buf (64 bytes) */
static inline void kc_percent_text(const struct kc_uclamp_tg_in *in, unsigned i, char *buf)
{
	const char *lead = in->w_blanks[i] & 1 ? " \t" : "", *trail = in->w_blanks[i] & 2 ? "\n" : "";
	unsigned long long w = (unsigned long long)in->w_whole[i];

	if (in->w_flen[i] == KC_PCT_MAX)
		snprintf(buf, 64, "%smax%s", lead, trail);
	else if (in->w_flen[i] == KC_PCT_EMPTY)
		snprintf(buf, 64, "%s%s", lead, trail);
	else if (in->w_flen[i] == KC_PCT_DOT)
		snprintf(buf, 64, "%s%llu.%s", lead, w, trail);
	else if (!in->w_flen[i])
		snprintf(buf, 64, "%s%llu%s", lead, w, trail);
	else
		snprintf(buf, 64, "%s%llu.%0*llu%s", lead, w, (int)in->w_flen[i],
			 (unsigned long long)in->w_frac[i], trail);
}

#define KC_GROUPS(X) \
	X(cpu_capacity) X(hw_pressure) X(cpufreq_policy) X(overutilized) X(util_est) \
	X(freq_invariance) X(schedutil) X(uclamp) X(sugov) X(rt_placement) \
	X(thermal_6_1) X(load_balance) X(eevdf) X(sched_domains) X(lb_walk) X(deadline) \
	X(enqueue_task_fair) X(dequeue_task_fair) X(cfs_6_1) X(select_task_rq_fair) \
	X(task_tick_fair) X(check_preempt_wakeup_fair) X(cooling_get_load) \
	X(sched_balance_newidle) X(sched_tick_idle) X(fork) X(update_misfit_status) \
	X(migrate_task_rq_fair) \
	X(sugov_6_1) X(util_est_6_1) X(uclamp_tg) X(pick_next_task_fair) \
	X(find_energy_efficient_cpu) X(find_energy_efficient_cpu_6_1) X(menu) X(teo)

#define KC_DECLARE(g)                                                              \
	void kside_##g(const struct kc_##g##_in *in, struct kc_##g##_out *out);    \
	void cside_##g(const struct kc_##g##_in *in, struct kc_##g##_out *out);
KC_GROUPS(KC_DECLARE)
#undef KC_DECLARE

#endif /* KERNEL_CHECK_KCASE_H */
