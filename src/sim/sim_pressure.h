/* SPDX-License-Identifier: MIT */
/*
 * sim_pressure.h - the simulator's pressure side (src/sim/sim_pressure.c): what the run's kernel
 * model believes about each CPU's capacity as caps and throttling come and go (src/model/belief.c),
 * the thermal loop on the platform's zones (src/thermal_*.c), and the pressure metrics that
 * `capsim compare` reports (src/sim/pressure_metrics.c). The rest of the simulator calls these hooks
 * at the kernel's points: freq_qos changes, HW throttling, the tick, blocked-load updates, the
 * placement view, CPU time accounting and wake-up placement.
 */
#ifndef CAPSIM_SIM_PRESSURE_H
#define CAPSIM_SIM_PRESSURE_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/thermal.h"

struct capsim_sim;
struct sim_task;
struct sim_rq;
struct pressure_metrics;
struct capsim_ev_cpu_counters;

/** sim_pressure_setup() - the model's belief, the metrics and (if enabled) the thermal loop. */
int sim_pressure_setup(struct capsim_sim *s, capsim_error *err);
/** sim_pressure_free() - NULL-safe. */
void sim_pressure_free(struct capsim_sim *s);
/** sim_pressure_start() - at time 0: every policy's limits; the first thermal poll. */
void sim_pressure_start(struct capsim_sim *s);

/** sim_pressure_policy_changed() - cpufreq_set_policy() resolved @policy's limits. */
void sim_pressure_policy_changed(struct capsim_sim *s, unsigned policy);
/** sim_pressure_hw_cap() - HW throttling of @cpus to @khz (0: lifted). */
void sim_pressure_hw_cap(struct capsim_sim *s, const capsim_cpumask *cpus, uint32_t khz);
/**
 * sim_pressure_tick() / sim_pressure_blocked() - the pressure average's two update sites; the
 * blocked one returns 1 if the average decayed (update_hw_load_avg()'s return), else 0.
 */
void sim_pressure_tick(struct capsim_sim *s, int cpu);
int sim_pressure_blocked(struct capsim_sim *s, int cpu);
/** sim_pressure_load_avg() - hw_load_avg() (v6.9: thermal_load_avg()) of @cpu's model. */
uint64_t sim_pressure_load_avg(const struct capsim_sim *s, int cpu);

/**
 * sim_actual_capacity() - the capacity @cpu's model believes it has now: get_actual_cpu_capacity()
 * (v6.10+, capped: of its held maximum), capacity_orig - thermal pressure (v6.9), capacity_orig
 * (none). What the trace's counters, the summaries' mean_actual_capacity and the recording read.
 */
uint64_t sim_actual_capacity(const struct capsim_sim *s, int cpu);
/**
 * sim_account_capacity() - sim_actual_capacity() for sim_account_cpu(): its view fill's cache,
 * outside the capped model (whose capacity moves with time alone).
 */
uint64_t sim_account_capacity(const struct capsim_sim *s, const struct sim_rq *rq);
/** sim_pressure_counters() - the pressure fields of @cpu's counters event, from its model. */
void sim_pressure_counters(const struct capsim_sim *s, int cpu, struct capsim_ev_cpu_counters *c);
/** sim_pressure_hw() - @cpu's instantaneous HW pressure (arch_scale_hw_pressure()) as kept. */
uint64_t sim_pressure_hw(const struct capsim_sim *s, int cpu);
/** sim_pressure_check_views() - debug builds: assert each view's pressures equal the belief's. */
void sim_pressure_check_views(const struct capsim_sim *s);

/**
 * sim_pressure_fill_view() - the model's arch capacity and pressures into @rq's view (rq->fc),
 * and its actual capacity into rq->acct_cap.
 * Return: true if one of them moved (the CPU's fair_memo must then be refreshed).
 */
bool sim_pressure_fill_view(struct capsim_sim *s, struct sim_rq *rq);
/** sim_pressure_refresh_views() - refill every CPU's view (the capped maximum moves with time). */
void sim_pressure_refresh_views(struct capsim_sim *s);
/** sim_arch_cap() - arch_scale_cpu_capacity() as the model sees it (capped: the held max). */
uint64_t sim_arch_cap(const struct capsim_sim *s, int cpu);
/** sim_delivered_capacity() - what @cpu can run at under every cap in force now. */
uint64_t sim_delivered_capacity(const struct capsim_sim *s, int cpu);

/** sim_pressure_account() - @rq's CPU spent @delta ns in its state (if opt.pressure_metrics). */
void sim_pressure_account(struct capsim_sim *s, const struct sim_rq *rq, uint64_t delta);
/** sim_pressure_placement() - @p was placed on @cpu at wake-up or fork (ditto). */
void sim_pressure_placement(struct capsim_sim *s, const struct sim_task *p, int cpu);
/** sim_pressure_metrics() - the run's pressure metrics. */
const struct pressure_metrics *sim_pressure_metrics(const struct capsim_sim *s);

/**
 * sim_thermal_cpu_input() - what the thermal loop reads of @cpu when it polls: its policy's
 * current frequency, sched_cpu_util() and arch_scale_cpu_capacity() (the cooling device's
 * get_load() input).
 */
struct thermal_cpu_input sim_thermal_cpu_input(const struct capsim_sim *s, int cpu);
/** sim_thermal_event() - EV_THERMAL: heat the zones since the last step, poll those due. */
void sim_thermal_event(struct capsim_sim *s);
/**
 * sim_thermal_set_cdev() - a cooling device's cur_state written by hand.
 * Return: 0, CAPSIM_ERR_NOT_FOUND (no such device or no thermal loop) or CAPSIM_ERR_RANGE.
 */
int sim_thermal_set_cdev(struct capsim_sim *s, const char *name, unsigned long state,
			 capsim_error *err);
/** sim_thermal_zone_temp() - zone @z's last polled temperature (m°C), or INT32_MIN. */
int32_t sim_thermal_zone_temp(const struct capsim_sim *s, unsigned z);

#endif /* CAPSIM_SIM_PRESSURE_H */
