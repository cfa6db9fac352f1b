/* SPDX-License-Identifier: MIT */
/*
 * model.h - the ONE place that decides what each kernel model (enum capsim_model) believes a
 * CPU's capacity is, at each site of kernel/sched/fair.c that reads pressure. The placement
 * code (src/model/fair.c) asks model_capacity() with the site; it never looks at the model itself.
 * The pressures these sites read, and how each model makes them evolve over time (who writes
 * them, on which clock they are averaged, the capped maximum), come from src/model/belief.c.
 *
 * Sites and what they read:
 *                      v6.10 / latest / capped          v6.9 (pre-"Rework system pressure")
 *   FITS  (util_fits_cpu uclamp_min -1 check)
 *                      arch - max(hw_load_avg,          arch - thermal_pressure (instantaneous)
 *                             cpufreq_pressure)
 *   IDLE  (select_idle_capacity, -1 ranking)   same     arch - thermal_load_avg (PELT average)
 *   EAS   (feec eenv.cpu_cap, pd_cap, tie-break) same   arch - thermal_pressure (instantaneous)
 *   RT    (scale_rt_capacity: max, extra used)  same, 0 arch, thermal_load_avg
 * `none` believes the original capacity everywhere. To add a model: one case in model.c.
 */
#ifndef CAPSIM_MODEL_H
#define CAPSIM_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"

struct fair_cpu;

enum model_site {
	MODEL_SITE_FITS,    /* util_fits_cpu(): the capacity uclamp_min must not exceed */
	MODEL_SITE_IDLE,    /* select_idle_capacity(): ranking of CPUs that fit with -1 */
	MODEL_SITE_EAS,     /* find_energy_efficient_cpu(): eenv.cpu_cap, pd_cap, -1 tie-break */
	MODEL_SITE_RT_MAX,  /* scale_rt_capacity(): the capacity RT/DL/IRQ are taken from */
};

/**
 * kernel_release_version() - the "MAJOR.MINOR" a kernel release ("4.19.0-arm64") begins with:
 * what capsim_model_for_release() and analyze's PELT form read of it.
 * Return: 0, or CAPSIM_ERR_PARSE when @release does not begin so.
 */
int kernel_release_version(const char *release, unsigned long *major, unsigned long *minor);

/**
 * model_capacity() - the capacity @model believes @cpu has at @site. Plain unsigned
 * subtraction, as in the kernel: a pressure above arch_cap wraps.
 */
uint64_t model_capacity(enum capsim_model model, const struct fair_cpu *cpu, enum model_site site);

/** model_rt_extra_used() - what scale_rt_capacity() adds to RT+DL util: v6.9 thermal_load_avg. */
uint64_t model_rt_extra_used(enum capsim_model model, const struct fair_cpu *cpu);

/**
 * model_uclamp_inc_before_enqueue() - whether enqueue_task() runs uclamp_rq_inc() before the
 * class's ->enqueue_task() (whose frequency update then sees the task's clamps) under @model.
 * uclamp_rq_dec() comes before ->dequeue_task() in every model.
 * Return: false for v6.12 only.
 */
bool model_uclamp_inc_before_enqueue(enum capsim_model model);

/**
 * model_eevdf_pre_6_12() - whether @model's fair class is EEVDF as 6.6..6.11 ran it: no
 * DELAY_DEQUEUE, PREEMPT_SHORT or PLACE_REL_DEADLINE (model/fair_eevdf.h): v6.9, v6.10 and
 * the models built on 6.10's reads (capped, none).
 */
bool model_eevdf_pre_6_12(enum capsim_model model);

/**
 * model_eevdf_7_3() - whether @model runs 7.3's EEVDF on the enqueue, dequeue and tick paths
 * (struct eevdf_rq's v7_3, src/model/fair_eevdf.h) and 7.3's PELT sums (__update_sa()).
 */
bool model_eevdf_7_3(enum capsim_model model);

/**
 * model_placement_7_3() - whether @model places fair tasks as 7.3 does: select_idle_capacity()
 * and select_idle_cpu() scan at most sd->shared->nr_idle_scan + 1 CPUs (SIS_UTIL, kept per
 * domain by the periodic balance's update_idle_cpu_scan()), select_idle_capacity() ranks by
 * ASYM_IDLE_*, choose_idle_cpu() and choose_sched_idle_rq() leave a CPU running only
 * SCHED_IDLE tasks to wakees that are not, and the fork path's group_is_overloaded() is
 * false under EAS and update_sg_wakeup_stats() counts h_nr_runnable.
 */
bool model_placement_7_3(enum capsim_model model);

/**
 * model_newidle_7_3() - whether @model decides when to balance as 7.3 does: the nohz kick's
 * check_cpu_capacity() test counts cfs.h_nr_runnable (delayed tasks out), the newidle balance
 * takes a queued fair task (cfs.h_nr_queued) as pulled but no longer a task of another class
 * (rq_modified_above()), and avg_idle is updated as the CPU leaves idle
 * (put_prev_task_idle()'s update_rq_avg_idle()), not at the wake-up (ttwu_do_activate()).
 */
bool model_newidle_7_3(enum capsim_model model);

/**
 * model_balance_7_3() - whether @model's periodic load balance is 7.3's: update_sg_lb_stats()
 * counts a misfit load only where the destination is bigger than the group's largest CPU,
 * group_is_overloaded() under EAS needs an overutilized CPU in the group, can_migrate_task()
 * leaves a task not eligible on its runqueue while no balance of the domain has failed, and
 * sched_balance_find_src_rq() does not skip a lone task on a CPU of the destination's actual
 * capacity when clusters are active.
 */
bool model_balance_7_3(enum capsim_model model);

/**
 * model_balance_6_1() - whether @model's load balance is 6.1's: no SMT rules, the first of
 * equally loaded fully busy groups kept and the later of equal misfit loads taken, tasks
 * spread between siblings by their difference (no sibling_imbalance()) with prefer_sibling
 * from the balancing domain's child, find_busiest_queue()'s utilization without the runnable
 * boost, the last buddy cache hot, a failed misfit balance counted, the newidle walk stopped
 * by a task or a wake-up queued here, and the nohz kick for a misfit task only from a CPU
 * smaller than the root domain's largest or one that lost capacity.
 */
bool model_balance_6_1(enum capsim_model model);

/**
 * model_sd_asym_prefer_sibling_7_3() - whether @model's sd_init() is 7.3's, which keeps
 * SD_PREFER_SIBLING on the child of an SD_ASYM_CPUCAPACITY domain (6.1's and 6.12's clear it),
 * so a balance across big.LITTLE clusters prefers siblings (update_sd_lb_stats()).
 */
bool model_sd_asym_prefer_sibling_7_3(enum capsim_model model);

/**
 * model_rt_prio_dl() - whether @model's rt_prio() counts a deadline priority (below 0) as RT,
 * as 6.1's does: select_task_rq_rt() then takes a deadline curr (the sugov kthread) for an RT
 * task it does not preempt and looks for another CPU.
 */
bool model_rt_prio_dl(enum capsim_model model);

/**
 * model_fair_cfs() - whether @model's fair class is CFS as 6.1 ran it (model/fair_cfs.h)
 * rather than EEVDF (6.6 on): v6.1 only.
 */
bool model_fair_cfs(enum capsim_model model);

/**
 * model_util_est_update_before_dequeue() - whether @model's dequeue_task_fair() calls
 * util_est_update() before dequeue_entities() (6.12: on util_avg as of the task's last PELT
 * update, without its final running stretch) rather than after the dequeue's PELT update
 * (6.1 .. 6.11 at the end of dequeue_task_fair(); 7.3 from update_load_avg() itself).
 */
bool model_util_est_update_before_dequeue(enum capsim_model model);

/**
 * model_misfit_max_allowed_capacity() - whether @model's update_misfit_status() leaves a task
 * that runs on the biggest CPU it may use (p->max_allowed_capacity) out of misfit: 6.10 on;
 * v6.1 and v6.9 count it misfit wherever it does not fit.
 */
bool model_misfit_max_allowed_capacity(enum capsim_model model);

/**
 * model_util_est_capacity() - the capacity above which @model's util_est_update() keeps the
 * estimate unchanged (no idle time seen: the sample proves nothing), for a CPU of original
 * capacity @arch_cap: @arch_cap from 6.7 to 6.12, none (UINT64_MAX) in 7.3.
 */
uint64_t model_util_est_capacity(enum capsim_model model, uint64_t arch_cap);

/**
 * model_util_est_two_values() - whether @model's task util_est is 6.1's two values (struct
 * util_est { enqueued, ewma }, UTIL_AVG_UNCHANGED in enqueued, util_est_update_6_1()) rather
 * than v6.8's one (the ewma, the flag in it): v6.1 only.
 */
bool model_util_est_two_values(enum capsim_model model);

/**
 * model_sugov_clamp_before_headroom() - whether @model's schedutil clamps the utilization
 * (uclamp_rq_util_with() in effective_cpu_util(FREQUENCY_UTIL)) before get_next_freq() adds
 * the 25 % headroom (map_util_perf()), as 6.1 does, rather than adding the headroom first
 * (sugov_effective_cpu_perf(), v6.8 on): v6.1 only.
 */
bool model_sugov_clamp_before_headroom(enum capsim_model model);

/**
 * model_em_complexity_limit() - whether @model's build_perf_domains() refuses EAS on a root
 * domain whose energy model is too complex (em_complexity() above EM_MAX_COMPLEXITY), as 6.1
 * does; 5b77261c5510 (v6.7) removed the limit: v6.1 only.
 */
bool model_em_complexity_limit(enum capsim_model model);

/**
 * model_em_energy_6_1() - whether @model's EAS energy estimate is 6.1's: eenv_pd_max_util()
 * through effective_cpu_util(FREQUENCY_UTIL, p) (the clamps, p's where it goes, no runnable
 * boosting), then em_cpu_energy() adds the 25 % headroom, picks the state by frequency and
 * returns cost * sum_util / scale_cpu on fmax * power / frequency costs, where v6.8/v6.9 on
 * clamp after the headroom (sugov_effective_cpu_perf()) and pick by performance on 10 * power /
 * performance costs: v6.1 only.
 */
bool model_em_energy_6_1(enum capsim_model model);

/**
 * model_post_init_scaled_weight() - whether @model's post_init_entity_util_avg() weighs a new
 * task's share of its cfs_rq's util_avg by se->load.weight, scale_load()d (the nice weight
 * << SCHED_FIXEDPOINT_SHIFT, 10, on 64-bit), as 6.1 does, rather than by se_weight(se) (6.12):
 * v6.1 only. The share then mostly exceeds the cap, so a new task starts with half the
 * capacity the cfs_rq leaves.
 */
bool model_post_init_scaled_weight(enum capsim_model model);

/**
 * model_cpuidle_6_1() - whether @model's cpuidle governors are 6.1's: menu with the I/O-wait
 * buckets and performance multiplier, its typical interval asked after the timer's, teo with
 * its recent intercepts and the sleep length read first (teo's 6.3 rework is after): v6.1 only.
 */
bool model_cpuidle_6_1(enum capsim_model model);

/**
 * model_cpuidle_7_3() - whether @model's cpuidle governors are 7.3's: menu's outliers dropped
 * on either side and the stopped tick's safe timer range, teo's tick wake-ups, short idles and
 * deepest-intercepts cap, and no governor for a driver of one state: v7.3 only.
 */
bool model_cpuidle_7_3(enum capsim_model model);

/**
 * model_cpufreq_7_3() - whether @model's cpufreq policy code is 7.3's: boost through a
 * boost_freq_req MAX request at cpuinfo.max_freq (policy_set_boost()), and a
 * cpufreq_frequency_table_cpuinfo() that leaves policy->min/max alone: v7.3 only.
 */
bool model_cpufreq_7_3(enum capsim_model model);

/** model_reads_thermal() - true if @model reads thermal_pressure / thermal_load_avg. */
int model_reads_thermal(enum capsim_model model);

#endif /* CAPSIM_MODEL_H */
