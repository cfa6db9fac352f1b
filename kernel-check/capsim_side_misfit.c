// SPDX-License-Identifier: MIT
/*
 * capsim_side_misfit.c - capsim's answer for the path group update_misfit_status: the case's
 * CPUs in a simulator of their own (sim_rq by rq_init(), the platform's original capacities,
 * the view the placement reads; asymmetric when the capacities differ, as sim_create() finds),
 * p with its affinity through the engine's set_task_max_allowed_capacity() and its effective
 * clamps from the model's uclamp_eff_get() under the case's system defaults (as
 * task_set_uclamp() does), then the engine's update_misfit_status() of the case's CPU with p
 * running there, or idle (src/sim/fair_balance.c). Nothing here computes an answer.
 * Compiled again with KC_MODEL=CAPSIM_MODEL_V7_3 for update_misfit_status_7_3 and with
 * CAPSIM_MODEL_V6_1 for update_misfit_status_6_1 (the case's hw_load_avg as 6.1's
 * instantaneous thermal pressure, util_est's ewma the case's util_avg, no
 * max_allowed_capacity: kernel_side_misfit_6_1.c).
 */
#include <string.h>

#include "kcase.h"
#include "model/model.h"
#include "model/uclamp.h"
#include "sim/sim.h"

#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#endif

static struct {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform plat;
	struct platform_cpu cpu[KC_MAX_CPUS];
	struct sim_task p;
} ms;

static void ms_sim_init(const struct kc_update_misfit_status_in *in)
{
	struct capsim_sim *s = &ms.s;

	memset(&ms, 0, sizeof(ms));
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp = true;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	s->opt.uclamp_sysctl = (struct uclamp_sysctl){ .util_min = (uint32_t)in->sys_uclamp_min,
						       .util_max = (uint32_t)in->sys_uclamp_max,
						       .util_min_rt_default = SCHED_CAPACITY_SCALE };
	s->nr_cpus = (unsigned)in->nr_cpus;
	s->rq = ms.rq;
	s->view = ms.view;
	s->plat = &ms.plat;
	s->rd = (struct fair_rd){ .model = KC_MODEL, .nr_cpus = (unsigned)in->nr_cpus,
				  .cpus = ms.view, .uclamp_used = in->uclamp_used != 0 };
	ms.plat.cpus = ms.cpu;
	ms.plat.nr_cpus = (unsigned)in->nr_cpus;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		ms.cpu[c].capacity_orig = in->arch_cap[c];
		ms.cpu[c].policy = -1;
	}
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		struct sim_rq *rq = &ms.rq[c];
		struct fair_cpu *v = &ms.view[c];

		rq_init(s, rq, (int)c);
		s->asym |= rq->cap_orig != ms.rq[0].cap_orig;
		v->arch_cap = in->arch_cap[c];
		v->capacity_of = in->capacity_of[c];
		v->hw_load_avg = in->hw_load_avg[c];
		if (KC_MODEL == CAPSIM_MODEL_V6_1) /* arch_scale_thermal_pressure() */
			v->thermal_pressure = in->hw_load_avg[c];
		v->cpufreq_pressure = in->cpufreq_pressure[c];
		v->uclamp_max_rq = SCHED_CAPACITY_SCALE;
		rq_sync_view(s, rq);
	}
}

void cside_update_misfit_status(const struct kc_update_misfit_status_in *in,
				struct kc_update_misfit_status_out *out)
{
	struct capsim_sim *s = &ms.s;
	struct sim_task *p = &ms.p;
	struct sim_rq *rq;

	ms_sim_init(in);
	rq = &ms.rq[in->cpu];
	p->cpu = (int)in->cpu;
	p->sched_class = &sim_fair_sched_class;
	p->state = TASK_RUNNING;
	p->policy = WL_POLICY_OTHER;
	p->allowed.bits[0] = in->allowed;
	p->nr_allowed = capsim_cpumask_weight(&p->allowed);
	p->avg.util_avg = in->util_avg;
	p->util_est = (uint32_t)in->util_est;
	if (model_util_est_two_values(KC_MODEL))
		p->util_est_ewma = (uint32_t)in->util_avg;
	p->avg.load_avg = in->load_avg;
	p->uclamp_req[0] = (int)in->uclamp_min;
	p->uclamp_req[1] = (int)in->uclamp_max;
	for (int id = 0; id < UCLAMP_IDS; id++)
		p->uclamp_eff[id] = uclamp_eff_get(&s->opt.uclamp_sysctl, id,
						   (uint32_t)p->uclamp_req[id]);
	set_task_max_allowed_capacity(s, p);

	rq->fc->misfit_task_load = in->misfit_before;
	rq->curr = in->has_p ? p : NULL;
	update_misfit_status(s, rq);
	out->max_allowed_capacity =
		s->asym && model_misfit_max_allowed_capacity(KC_MODEL) ? p->max_allowed_capacity : 0;
	out->misfit_task_load = rq->fc->misfit_task_load;
}
