// SPDX-License-Identifier: MIT
/*
 * capsim_side_cooling.c - capsim's answer for the path group cooling_get_load: the case's
 * CPUs in a simulator of their own (struct capsim_sim with a sim_rq per CPU set up by
 * rq_init(), their signals in rq->fc as the engine's writers leave them), a platform with one
 * policy and energy model per cooling device, and the thermal loop's poll as
 * src/sim/sim_pressure.c makes it: sim_thermal_cpu_input() of every CPU in order (its
 * fill_inputs()), then power_allocator's calls of each device in
 * allocate_power()'s order, the model's cpufreq_cooling_get_requested_power(),
 * cpufreq_cooling_state2power() and cpufreq_cooling_power2state() (src/model/
 * cpufreq_cooling.c) on devices made by cpufreq_cooling_init(). Nothing here computes an
 * answer.
 *
 * The call log: sched_cpu_util() (src/model/fair.c), which the engine calls from another file,
 * is wrapped at link time (kernel-check/CMakeLists.txt): each call is logged with its CPU and
 * result while a case runs; the step is the device whose CPU it is.
 *
 * The model: 6.12's; built a second time with KC_MODEL=CAPSIM_MODEL_V7_3 for
 * cooling_get_load_7_3. That copy defines no __wrap_ (the link has one, this file's first
 * copy's): it points the shared log (kc_cs_cool_log) at its own case while a case runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "model/thermal.h"
#include "model/uclamp.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

static struct {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform plat;
	struct platform_cpu cpu[KC_MAX_CPUS];
	struct platform_policy pol[KC_COOL_POLICIES];
	struct em_perf_domain em[KC_COOL_POLICIES];
	struct em_perf_state table[KC_COOL_POLICIES][KC_MAX_OPPS];
	struct thermal_cdev cdev[KC_COOL_POLICIES];
	struct thermal_cpu_input in[CAPSIM_MAX_CPUS];
} cc;
#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#define KC_COOL_WRAPS 1
#endif

/* the case that runs (out NULL: none, the wrapper forwards) and its step */
struct kc_cs_cool_log {
	struct kc_cooling_get_load_out *out;
	unsigned step;
};
extern struct kc_cs_cool_log kc_cs_cool_log;
#define cc_out kc_cs_cool_log.out
#define cc_step kc_cs_cool_log.step

#ifdef KC_COOL_WRAPS
struct kc_cs_cool_log kc_cs_cool_log;

uint64_t __real_sched_cpu_util(const struct fair_rd *rd, int cpu);
uint64_t __wrap_sched_cpu_util(const struct fair_rd *rd, int cpu);

uint64_t __wrap_sched_cpu_util(const struct fair_rd *rd, int cpu)
{
	uint64_t util = __real_sched_cpu_util(rd, cpu);

	if (cc_out) {
		if (cc_out->nr_log < KC_MAX_CPUS)
			cc_out->log[cc_out->nr_log] =
				kc_path_entry(cc_step, KC_CALL_SCHED_CPU_UTIL, (unsigned)cpu, util);
		cc_out->nr_log++;
	}
	return util;
}
#endif

static unsigned cc_end_cpu(const struct kc_cooling_get_load_in *in, unsigned p)
{
	return p + 1 < in->nr_policies ? (unsigned)in->first_cpu[p + 1] : (unsigned)in->nr_cpus;
}

static void cc_policy(const struct kc_cooling_get_load_in *in, unsigned p)
{
	struct platform_policy *pol = &cc.pol[p];

	for (unsigned i = 0; i < in->nr_states[p]; i++)
		cc.table[p][i] = (struct em_perf_state){ .frequency = in->em_freq[p * KC_MAX_OPPS + i],
							 .power = in->em_power[p * KC_MAX_OPPS + i] };
	cc.em[p] = (struct em_perf_domain){ .table = cc.table[p],
					    .nr_perf_states = (unsigned)in->nr_states[p] };
	pol->cpu = (unsigned)in->first_cpu[p];
	pol->cur_khz = (uint32_t)in->cur_khz[p];
	pol->max_khz = (uint32_t)in->max_khz[p];
	pol->em = &cc.em[p];
	for (unsigned c = pol->cpu; c < cc_end_cpu(in, p); c++) {
		capsim_cpumask_set(&pol->related_cpus, c);
		capsim_cpumask_set(&cc.em[p].cpus, c);
		cc.cpu[c].policy = (int)p;
	}
}

/* the runqueue's signals as the engine keeps them (rq->fc); IRQ time and DL bandwidth are
 * not the engine's */
static void cc_rq(const struct kc_cooling_get_load_in *in, unsigned c)
{
	struct capsim_sim *s = &cc.s;
	struct sim_rq *rq = &cc.rq[c];
	struct fair_cpu *v = &cc.view[c];

	rq_init(s, rq, (int)c);
	rq->fc->capacity_of = in->capacity_of[c];
	rq->fc->cfs_avg.util_avg = in->util_cfs[c];
	rq->fc->util_est_cfs = (uint32_t)in->util_est[c];
	rq->fc->avg_rt.util_avg = in->util_rt[c];
	rq->fc->avg_dl.util_avg = in->util_dl[c];
	rq->fc->rt_nr_running = (unsigned)in->rt_nr[c];
	rq->fc->uclamp_min_rq = in->uclamp_min_rq[c];
	rq->fc->uclamp_max_rq = in->uclamp_max_rq[c];
	v->arch_cap = in->arch_cap[c];
	v->util_irq = in->util_irq[c];
	v->dl_running_bw = in->dl_running_bw[c];
	rq_sync_view(s, rq);
}

static void cc_sim_init(const struct kc_cooling_get_load_in *in)
{
	struct capsim_sim *s = &cc.s;

	memset(&cc, 0, sizeof(cc));
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	s->nr_cpus = (unsigned)in->nr_cpus;
	s->rq = cc.rq;
	s->view = cc.view;
	s->plat = &cc.plat;
	s->rd = (struct fair_rd){ .model = KC_MODEL, .nr_cpus = (unsigned)in->nr_cpus,
				  .cpus = cc.view, .uclamp_used = in->uclamp_used != 0 };
	cc.plat.cpus = cc.cpu;
	cc.plat.nr_cpus = (unsigned)in->nr_cpus;
	cc.plat.policies = cc.pol;
	cc.plat.nr_policies = (unsigned)in->nr_policies;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cc.cpu[c].capacity_orig = in->arch_cap[c];
	for (unsigned p = 0; p < in->nr_policies; p++)
		cc_policy(in, p);
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cc_rq(in, c);
}

/* thermal_platform.c's cooling device of policy @p: its CPUs and energy model */
static void cc_device(const struct kc_cooling_get_load_in *in, unsigned p)
{
	struct thermal_cdev_params params = { .policy = p, .cpus = cc.pol[p].related_cpus,
					      .table = cc.table[p],
					      .nr_states = (unsigned)in->nr_states[p] };
	capsim_error err = { 0 };

	snprintf(params.name, sizeof(params.name), "thermal-cpufreq-%u", p);
	if (cpufreq_cooling_init(&cc.cdev[p], &params, &err))
		abort(); /* the generator writes only valid tables */
}

void cside_cooling_get_load(const struct kc_cooling_get_load_in *in,
			    struct kc_cooling_get_load_out *out)
{
	cc_sim_init(in);
	cc_out = out;
	/* the poll's reads (sim_pressure.c's fill_inputs()) */
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		cc_step = (unsigned)cc.cpu[c].policy;
		cc.in[c] = sim_thermal_cpu_input(&cc.s, (int)c);
	}
	cc_out = NULL;
	for (unsigned p = 0; p < in->nr_policies; p++)
		cc_device(in, p);
	/* allocate_power() (thermal_gov_power_allocator.c) */
	for (unsigned p = 0; p < in->nr_policies; p++) {
		out->req_power[p] = cpufreq_cooling_get_requested_power(&cc.cdev[p], cc.in);
		out->last_load[p] = cc.cdev[p].last_load;
		for (unsigned s = 0; s <= in->nr_states[p]; s++) {
			unsigned i = p * KC_COOL_STATES + s;
			uint32_t power = 0;

			out->s2p_error[i] = cpufreq_cooling_state2power(&cc.cdev[p], s, &power) != 0;
			out->s2p_power[i] = power;
		}
	}
	for (unsigned p = 0; p < in->nr_policies; p++)
		for (unsigned g = 0; g < KC_COOL_GRANTS; g++) {
			unsigned i = p * KC_COOL_GRANTS + g;
			unsigned long state = cpufreq_cooling_power2state(&cc.cdev[p],
									  (uint32_t)in->grant[i]);

			out->state[i] = state;
			/* cpufreq_cooling_trace_limit()'s freq */
			out->limit_freq[i] = cpufreq_cooling_state_freq(&cc.cdev[p], state);
		}
}
