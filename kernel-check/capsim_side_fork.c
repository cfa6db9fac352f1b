// SPDX-License-Identifier: MIT
/*
 * capsim_side_fork.c - capsim's answer to a case of group fork (kcase.h): the case's CPUs in a
 * simulator of their own, its domains and groups as struct sched_domains (model/sched_domains.h
 * lays them out: by level, then by first CPU; each domain's groups from its first CPU's),
 * attached to the runqueues by sim_balance_init(), whose groups' sgc then take the case's;
 * each runqueue's counts, PELT sums and idle state, and the view the placement reads; then the
 * engine's select_task_rq_fair() with WF_FORK from this_cpu, then its task_post_init_util() on
 * the CPU chosen (wake_up_new_task()'s order). Nothing here computes an answer.
 */
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "model/cpuidle.h"
#include "sim/sim.h"

/* the model: 6.12's; compiled again with KC_MODEL=CAPSIM_MODEL_V7_3 for fork_7_3 and with
 * CAPSIM_MODEL_V6_1 for fork_6_1 */
#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#endif

static struct {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform plat;
	struct platform_cpu cpu[KC_MAX_CPUS];
	struct sched_domains sd;
	struct sd_domain dom[KC_FORK_LEVELS * KC_MAX_CPUS];
	capsim_cpumask groups[KC_FORK_LEVELS * KC_MAX_CPUS];
	uint32_t group_flags[KC_FORK_LEVELS * KC_MAX_CPUS];
	unsigned group_level[KC_FORK_LEVELS * KC_MAX_CPUS];
	struct sim_task curr[KC_MAX_CPUS], p;
} fs;

/* the span of CPU @c at level @l (-1: the CPU alone) */
static capsim_cpumask fs_span(const struct kc_fork_in *in, int l, unsigned c)
{
	capsim_cpumask m = { { 0 } };

	if (l < 0) {
		capsim_cpumask_set(&m, c);
		return m;
	}
	for (unsigned o = 0; o < in->nr_cpus; o++)
		if (in->dom[l * KC_MAX_CPUS + o] == in->dom[l * KC_MAX_CPUS + c])
			capsim_cpumask_set(&m, o);
	return m;
}

/* the domain at level @l whose first CPU is @f: its groups, the spans below, from @f's up */
static void fs_domain(const struct kc_fork_in *in, unsigned l, unsigned f)
{
	static const enum sd_level level[3][KC_FORK_LEVELS] = {
		{ SD_LEVEL_MC }, { SD_LEVEL_MC, SD_LEVEL_PKG }, { SD_LEVEL_CLS, SD_LEVEL_MC, SD_LEVEL_PKG } };
	struct sched_domains *sd = &fs.sd;
	capsim_cpumask span = fs_span(in, (int)l, f);
	struct sd_domain *d = &fs.dom[sd->nr_domains++];

	*d = (struct sd_domain){ .level = level[in->nr_levels - 1][l], .span = span,
				 .flags = (uint32_t)in->flags[l * KC_MAX_CPUS + f],
				 .first_group = sd->nr_groups };
	for (unsigned c = f; c < in->nr_cpus; c++) {
		capsim_cpumask below = fs_span(in, (int)l - 1, c);

		if (!capsim_cpumask_test(&span, c) || capsim_cpumask_next(&below, 0, KC_MAX_CPUS) != c)
			continue;
		fs.group_level[sd->nr_groups] = l;
		sd->groups[sd->nr_groups++] = below;
		d->nr_groups++;
	}
}

/* the case's domains, by level then by first CPU, the degenerate ones left out */
static void fs_domains(const struct kc_fork_in *in)
{
	fs.sd = (struct sched_domains){ .domains = fs.dom, .groups = fs.groups,
					.group_flags = fs.group_flags, .insane_level = -1 };
	for (unsigned l = 0; l < in->nr_levels; l++)
		for (unsigned f = 0; f < in->nr_cpus; f++) {
			capsim_cpumask span = fs_span(in, (int)l, f), below = fs_span(in, (int)l - 1, f);

			if (capsim_cpumask_next(&span, 0, KC_MAX_CPUS) == f &&
			    memcmp(&span, &below, sizeof(span)))
				fs_domain(in, l, f);
		}
}

static void fs_rq(const struct kc_fork_in *in, unsigned c)
{
	struct capsim_sim *s = &fs.s;
	struct sim_rq *rq = &fs.rq[c];
	struct fair_cpu *v = &fs.view[c];

	fs.cpu[c].capacity_orig = in->arch_cap[c];
	fs.cpu[c].policy = -1;
	rq_init(s, rq, (int)c);
	rq->fc->capacity_of = 0; /* the case has none: the kernel side's rq leaves it 0 */
	rq->fc->cfs_avg.load_avg = in->cfs_load_avg[c];
	rq->fc->cfs_avg.runnable_avg = in->cfs_runnable_avg[c];
	rq->fc->cfs_avg.util_avg = in->cfs_util_avg[c];
	rq->fc->util_est_cfs = (uint32_t)in->cfs_util_est[c];
	rq->fc->nr_running = (unsigned)in->nr_running[c];
	rq->fc->cfs_nr = rq->fc->nr_running;
	rq->fc->ttwu_pending = (unsigned)in->ttwu_pending[c];
	rq->idle_stamp = in->idle_stamp[c];
	if (rq->fc->nr_running) {
		struct sim_task *t = &fs.curr[c];

		t->cpu = (int)c;
		t->sched_class = &sim_fair_sched_class;
		t->state = TASK_RUNNING;
		t->policy = in->idle_policy[c] ? WL_POLICY_IDLE : WL_POLICY_OTHER;
		rq->curr = t;
	}
	/* in cpuidle: the CPU's one DT state with the case's exit latency, or WFI for 1 µs on an
	 * even CPU (an odd one has a DT state of 1 µs: the two must compare equal) */
	rq->in_idle = in->has_state[c] != 0;
	rq->idle_state = in->exit_latency[c] != CPUIDLE_WFI_EXIT_LATENCY_US || c % 2;
	fs.cpu[c].nr_idle = 1;
	fs.cpu[c].idle[0].wakeup_us = (uint32_t)in->exit_latency[c];
	v->arch_cap = in->arch_cap[c];
	/* the v6.1 model reads 6.1's thermal_load_avg() and arch_scale_thermal_pressure() in their
	 * place (kernel_side.c's kc_pressure_6_1()) */
	v->hw_load_avg = v->thermal_load_avg = in->hw_load_avg[c];
	v->cpufreq_pressure = v->thermal_pressure = in->cpufreq_pressure[c];
	v->uclamp_max_rq = SCHED_CAPACITY_SCALE;
	rq_sync_view(s, rq);
}

void cside_fork(const struct kc_fork_in *in, struct kc_fork_out *out)
{
	struct capsim_sim *s = &fs.s;
	struct sim_task *p = &fs.p;
	bool asym = false;

	memset(&fs, 0, sizeof(fs));
	for (unsigned c = 0; c < in->nr_cpus; c++)
		asym |= in->arch_cap[c] != in->arch_cap[0];
	fs_domains(in);
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	s->nr_cpus = (unsigned)in->nr_cpus;
	s->rq = fs.rq;
	s->view = fs.view;
	s->plat = &fs.plat;
	s->rd = (struct fair_rd){ .model = KC_MODEL, .nr_cpus = (unsigned)in->nr_cpus,
				  .cpus = fs.view, .uclamp_used = in->uclamp_used != 0 };
	s->asym = asym;
	s->eas = in->eas != 0;
	fs.plat.cpus = fs.cpu;
	fs.plat.nr_cpus = (unsigned)in->nr_cpus;
	fs.plat.sd = &fs.sd;
	for (unsigned c = 0; c < in->nr_cpus; c++)
		fs_rq(in, c);
	if (sim_balance_init(s))
		abort();
	/* the sgc as the last update_group_capacity() left them: the case's */
	for (unsigned gi = 0; gi < fs.sd.nr_groups; gi++) {
		unsigned k = fs.group_level[gi] * KC_MAX_CPUS +
			     capsim_cpumask_next(&fs.groups[gi], 0, KC_MAX_CPUS);

		s->sg[gi].capacity = in->sgc_capacity[k];
		s->sg[gi].max_capacity = in->sgc_max_capacity[k];
		s->sg[gi].imbalance = in->sgc_imbalance[k] != 0;
	}
	/* the child as sched_fork() leaves it: on its parent's CPU, no PELT yet */
	p->cpu = (int)in->this_cpu;
	p->sched_class = &sim_fair_sched_class;
	p->state = TASK_NEW;
	p->policy = in->p_idle_policy ? WL_POLICY_IDLE : WL_POLICY_OTHER;
	p->allowed.bits[0] = in->allowed;
	p->nr_allowed = capsim_cpumask_weight(&p->allowed);
	p->uclamp_eff[0] = in->uclamp_min;
	p->uclamp_eff[1] = in->uclamp_max;
	p->weight = in->weight;
	out->cpu = (uint64_t)select_task_rq_fair(s, p, (int)in->this_cpu, WF_FORK);
	/* wake_up_new_task(): on that CPU, post_init_entity_util_avg() */
	task_post_init_util(s, &s->rq[out->cpu], p);
	out->util_avg = p->avg.util_avg;
	out->runnable_avg = p->avg.runnable_avg;
	free(s->sg);
}
