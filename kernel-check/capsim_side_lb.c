// SPDX-License-Identifier: MIT
/*
 * capsim_side_lb.c - capsim's answer for group lb_walk: the case's runqueues and tasks written
 * into a minimal simulator (struct capsim_sim with its sim_rq, sim_task and fair_cpu views, a
 * platform whose sched domains are the case's one domain), then one pass of
 * src/sim/fair_balance.c's sched_balance_rq() as it runs it: what it hands the model (lb_env_rqs(),
 * the runqueues read in place; lb_env_groups(), lb_cfs_tasks()) and the decisions of
 * src/model/load_balance.c in its order (lb_should_we_balance(), lb_find_src_group(),
 * lb_root_domain_flags(), lb_find_src_rq(), lb_detach_tasks()); and fair_balance.c's find_new_ilb().
 */
#include <string.h>

#include "kcase.h"
#include "input/platform_load.h"
#include "model/load_balance.h"
#include "model/model.h"
#include "model/platform.h"
#include "model/sched_domains.h"
#include "sim/sim.h"

/* the model this copy runs: the v6.12 balance's (the reads are 6.10's alike), or KC_MODEL's (v6.1
 * for lb_walk_6_1, v7.3 for lb_walk_7_3: kernel-check/CMakeLists.txt) */
#ifdef KC_MODEL
#define KC_LBW_MODEL KC_MODEL
#else
#define KC_LBW_MODEL CAPSIM_MODEL_V6_12
#endif

/* A shipped tree's CPUs and domains, read once per tree and configuration. */
struct lbw_board {
	bool read, ok;
	unsigned nr_cpus;
	uint64_t arch_cap[KC_MAX_CPUS];
	struct sched_domains sd;
};

static bool lbw_board_read(struct lbw_board *b, uint64_t shipped, bool cluster)
{
	struct kc_sched_domains_in sdin = { .shipped = shipped };
	struct sd_cpu_topo topo[KC_MAX_CPUS];
	struct sd_config cfg = sd_config_of(KC_LBW_MODEL); /* this model's sd_init() */
	struct capsim_platform *p = NULL;
	const char *name;
	size_t size;
	const void *blob = kc_sd_dtb(&sdin, &size, &name);

	b->read = true;
	if (!blob || platform_load_dtb(blob, size, name, &p, NULL))
		return false;
	b->nr_cpus = p->nr_cpus;
	cfg.cluster = cluster;
	if (p->nr_cpus <= KC_MAX_CPUS) {
		for (unsigned c = 0; c < p->nr_cpus; c++)
			b->arch_cap[c] = p->cpus[c].capacity_orig;
		platform_sd_topo(p, topo);
		b->ok = !sd_build(topo, p->nr_cpus, cfg, &b->sd, NULL);
	}
	platform_free(p);
	return b->ok;
}

bool cside_lbw_domain(struct kc_lb_walk_in *in)
{
	static struct lbw_board boards[8][2];
	struct lbw_board *b;
	const struct sd_domain *doms[SD_NR_LEVELS];
	unsigned n = 0, c = (unsigned)in->dst_cpu, local = 0;
	const struct sched_domains *sd;
	const struct sd_domain *dom;

	if (!in->shipped || in->shipped > 8)
		return false;
	b = &boards[in->shipped - 1][in->sched_cluster != 0];
	if (!b->read)
		lbw_board_read(b, in->shipped, in->sched_cluster != 0);
	if (!b->ok || c >= b->nr_cpus)
		return false;
	sd = &b->sd;
	in->nr_cpus = b->nr_cpus;
	in->cluster_active = sd_cluster_active(&b->sd);
	memcpy(in->arch_cap, b->arch_cap, sizeof(b->arch_cap));
	for (unsigned d = 0; d < sd->nr_domains; d++)
		if (capsim_cpumask_test(&sd->domains[d].span, c))
			doms[n++] = &sd->domains[d];
	if (!n)
		return false;
	in->level %= n;
	dom = doms[in->level];
	in->sd_span = dom->span.bits[0];
	in->sd_flags = dom->flags;
	in->imbalance_pct = sd_imbalance_pct(dom->flags);
	in->cache_nice_tries = sd_cache_nice_tries(dom->flags);
	in->has_parent = in->level + 1 < n;
	in->nr_groups = dom->nr_groups;
	while (local + 1 < dom->nr_groups &&
	       !capsim_cpumask_test(&sd->groups[dom->first_group + local], c))
		local++;
	for (unsigned g = 0; g < dom->nr_groups && g < KC_MAX_CPUS; g++) {
		unsigned gi = dom->first_group + (local + g) % dom->nr_groups;

		in->sg_span[g] = sd->groups[gi].bits[0];
		in->sg_flags[g] = sd->group_flags[gi];
	}
	return true;
}

/* A simulator of the case's CPUs, enough for fair_balance.c's views and the model's decisions. */
struct cs_lb {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform p;
	struct platform_cpu cpus[KC_MAX_CPUS];
	struct sched_domains sd;
	struct sd_domain dom;
	capsim_cpumask groups[KC_MAX_CPUS];
	uint32_t group_flags[KC_MAX_CPUS];
	struct lb_group sg[KC_MAX_CPUS];
	struct sim_task tasks[KC_LBW_TASKS], rt;
};

static void cs_lb_init(struct cs_lb *cs, const struct kc_lb_walk_in *in)
{
	memset(cs, 0, sizeof(*cs));
	cs->s.nr_cpus = (unsigned)in->nr_cpus;
	cs->s.rq = cs->rq;
	cs->s.view = cs->view;
	cs->s.plat = &cs->p;
	cs->s.eas = in->eas != 0;
	cs->s.overutilized = in->rd_overutilized != 0;
	cs->s.overloaded = in->rd_overloaded != 0;
	cs->s.sg = cs->sg;
	cs->s.opt.model = KC_LBW_MODEL;
	cs->s.rd = (struct fair_rd){ .model = KC_LBW_MODEL, .nr_cpus = (unsigned)in->nr_cpus,
				     .cpus = cs->view };
	cs->p.cpus = cs->cpus;
	cs->p.nr_cpus = (unsigned)in->nr_cpus;
	cs->p.sd = &cs->sd;
	/* the one domain, its groups from dst's local one (lb_env_groups()'s local index 0) */
	cs->sd = (struct sched_domains){ .domains = &cs->dom, .nr_domains = 1, .groups = cs->groups,
					 .group_flags = cs->group_flags,
					 .nr_groups = (unsigned)in->nr_groups };
	cs->dom = (struct sd_domain){ .span = { { in->sd_span } }, .flags = (uint32_t)in->sd_flags,
				      .nr_groups = (unsigned)in->nr_groups };
	for (unsigned g = 0; g < in->nr_groups; g++) {
		cs->groups[g] = (capsim_cpumask){ { in->sg_span[g] } };
		cs->group_flags[g] = (uint32_t)in->sg_flags[g];
		cs->sg[g].imbalance = in->sg_imbalance[g] != 0;
	}
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		struct sim_rq *rq = &cs->rq[c];

		cs->cpus[c].capacity_orig = in->arch_cap[c];
		cs->view[c] = (struct fair_cpu){
			.arch_cap = in->arch_cap[c], .capacity_of = in->capacity_of[c],
			.cfs_avg.util_avg = in->util[c], .cfs_avg.runnable_avg = in->runnable[c],
			.util_est_cfs = (uint32_t)in->util_est[c],
			.uclamp_max_rq = SCHED_CAPACITY_SCALE,
		};
		rq->cpu = (int)c;
		rq->fc = &cs->view[c];
		rq->fc->nr_running = (unsigned)in->nr_running[c];
		rq->fc->cfs_nr = (unsigned)in->h_nr_queued[c];
		rq->fc->cfs_avg.load_avg = in->load[c];
		rq->fc->misfit_task_load = in->misfit_load[c];
		rq->fc->ttwu_pending = (unsigned)in->ttwu_pending[c];
		rq->clk.clock_task = in->clock_task[c];
		rq->curr = in->idle_task[c] ? NULL : &cs->rt; /* a running fair task replaces it */
	}
	cs->rt.sched_class = &sim_rt_sched_class;
	sim_sg_init(&cs->s); /* the groups' sgc from the CPUs' capacity_of() */
	/* cfs_tasks: head first, so the first task of a CPU is its most recently run (lb_seq) */
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct sim_task *p = &cs->tasks[t];
		struct sim_rq *rq = &cs->rq[in->t_cpu[t]];

		p->cpu = (int)in->t_cpu[t];
		p->sched_class = &sim_fair_sched_class;
		p->allowed = (capsim_cpumask){ { in->t_allowed[t] } };
		p->nr_allowed = capsim_cpumask_weight(&p->allowed);
		p->policy = in->t_idle_policy[t] ? WL_POLICY_IDLE : WL_POLICY_OTHER;
		p->exec_start = in->t_exec_start[t];
		p->avg.load_avg = in->t_load[t];
		p->avg.util_avg = in->t_util[t];
		p->util_est = (uint32_t)in->t_util_est[t];
		if (model_util_est_two_values(KC_LBW_MODEL)) /* 6.1's ewma: the same value */
			p->util_est_ewma = p->util_est;
		p->uclamp_eff[0] = 0;
		p->uclamp_eff[1] = SCHED_CAPACITY_SCALE;
		p->lb_seq = KC_LBW_TASKS - t;
		if (in->t_delayed[t]) { /* queued, not runnable, off fair_head */
			p->se.sched_delayed = true;
			rq->fc->cfs_delayed++;
			rq->fc->cfs_nr--;
			continue;
		}
		if (in->t_running[t]) {
			rq->curr = p;
			continue;
		}
		p->rq_next = rq->fair_head;
		rq->fair_head = p;
	}
}

void cside_lb_walk(const struct kc_lb_walk_in *in, struct kc_lb_walk_out *out)
{
	static struct cs_lb cs;
	struct lb_env env = {
		.sd_flags = (uint32_t)in->sd_flags,
		.imbalance_pct = (unsigned)in->imbalance_pct,
		.cache_nice_tries = (unsigned)in->cache_nice_tries,
		.nr_balance_failed = (unsigned)in->nr_balance_failed,
		.has_parent = in->has_parent != 0,
		.rd_has_pd = in->eas != 0,
		.v7_3 = model_balance_7_3(KC_LBW_MODEL),
		.cluster_active = in->cluster_active != 0,
		.nr_cpus = (unsigned)in->nr_cpus,
		.dst_cpu = (int)in->dst_cpu,
		.idle = (enum lb_idle)in->idle,
		.cpus = { { in->cpus } },
		.v6_1 = model_balance_6_1(KC_LBW_MODEL),
	};
	struct lb_sd_stats sds;
	bool overloaded, overutilized;
	int g, busiest;

	cs_lb_init(&cs, in);
	out->busiest_group[0] = out->busiest_cpu[0] = out->new_dst_cpu[0] = (uint64_t)-1;
	lb_env_groups(&cs.s, &cs.dom, 0, &env);
	lb_env_rqs(&cs.s, &env);
	out->balance = lb_should_we_balance(&env);
	if (out->balance) {
		env.rd_overutilized = cs.s.overutilized || !cs.s.eas; /* is_rd_overutilized() */
		g = lb_find_src_group(&env, &sds);
		out->migration_type = env.migration_type;
		out->imbalance[0] = (uint64_t)env.imbalance;
		overloaded = cs.s.overloaded;
		overutilized = cs.s.overutilized;
		lb_root_domain_flags(&env, &sds, &overloaded, &overutilized);
		cs.s.overloaded = overloaded;
		cs.s.overutilized = overutilized;
		busiest = g < 0 ? -1 : lb_find_src_rq(&env, (unsigned)g);
		out->busiest_group[0] = (uint64_t)(int64_t)g;
		if (busiest >= 0) {
			out->busiest_cpu[0] = (uint64_t)busiest;
			env.flags |= LBF_ALL_PINNED;
			if (cs.rq[busiest].fc->nr_running > 1) {
				struct sim_task *tasks[LB_NR_MIGRATE];
				struct lb_task view[LB_NR_MIGRATE];
				unsigned order[LB_NR_MIGRATE], detached[LB_NR_MIGRATE], passed, loop = 0;
				unsigned n, moved;
				unsigned nr = cs.rq[busiest].fc->nr_running;
				unsigned loop_max = nr < LB_NR_MIGRATE ? nr : LB_NR_MIGRATE;
				struct lb_src ls = {
					.cpu = busiest,
					.nr_running = cs.rq[busiest].fc->nr_running,
					.clock_task = cs.rq[busiest].clk.clock_task,
					.dst_nr_running = cs.rq[env.dst_cpu].fc->nr_running != 0,
					.dst_grpmask = env.groups[0].span,
					.migration_cost = (int64_t)SYSCTL_SCHED_MIGRATION_COST_NS,
				};
				int new_dst = -1;

				n = lb_cfs_tasks(&cs.s, busiest, env.dst_cpu, tasks, view, order);
				moved = lb_detach_tasks(&env, &ls, view, order, n, loop_max, &loop,
							detached, &passed, &new_dst);
				out->nr_detached = moved;
				for (unsigned k = 0; k < moved; k++)
					out->detached[k] = (uint64_t)(tasks[detached[k]] - cs.tasks);
				for (unsigned k = 0; k < n - moved; k++)
					out->tasks_after[k] = (uint64_t)(tasks[order[k]] - cs.tasks) + 1;
				out->loop = loop;
				if (env.flags & LBF_DST_PINNED)
					out->new_dst_cpu[0] = (uint64_t)(int64_t)new_dst;
			}
			out->flags = env.flags;
			out->imbalance_after[0] = (uint64_t)env.imbalance;
		}
	}
	out->rd_overutilized = cs.s.overutilized || !cs.s.eas;
	out->rd_overloaded = cs.s.overloaded;

	/* nohz.idle_cpus_mask: the CPUs whose tick stopped */
	for (unsigned c = 0; c < in->nr_cpus; c++)
		cs.rq[c].nohz_tick_stopped = (in->nohz_idle >> c) & 1;
	out->ilb[0] = (uint64_t)(int64_t)find_new_ilb(&cs.s, &cs.rq[in->ilb_cpu]);
}
