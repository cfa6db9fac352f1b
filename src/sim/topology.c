// SPDX-License-Identifier: MIT
/*
 * topology.c - the sched domains and groups of the run (kernel/sched/topology.c): each CPU's
 * domains bottom up (cpu_attach_domain()) with their balance intervals, and each group's span,
 * flags, weight and sgc capacity sums (build_sched_groups(), init_sched_groups_capacity()), from
 * the platform's domains (model/sched_domains.c). fair_balance.c balances over them.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "model/model.h"
#include "sim/sim.h"

/*
 * Each group's span, flags and sg->group_weight, fixed as build_sched_groups() does, and its
 * sgc sums.
 */
void sim_sg_init(struct capsim_sim *s)
{
	const struct sched_domains *sd = s->plat->sd;

	for (unsigned gi = 0; gi < sd->nr_groups; gi++) {
		s->sg[gi].span = sd->groups[gi];
		s->sg[gi].flags = sd->group_flags[gi];
		s->sg[gi].weight = capsim_cpumask_weight(&sd->groups[gi]);
		sg_sum_capacity(s, gi);
	}
}

/*
 * mirrors update_top_cache_domain()'s sd_llc: highest_flag_domain(SD_SHARE_LLC), a flag lower
 * levels share (SDF_SHARED_CHILD), so the walk up stops at the first level without it
 */
static void update_top_cache_domain(struct capsim_sim *s, struct sim_rq *rq)
{
	const struct sched_domains *sd = s->plat->sd;
	const capsim_cpumask *llc = NULL;

	for (unsigned i = 0; i < rq->nr_sd && (sd->domains[rq->sd[i].dom].flags & SD_SHARE_LLC); i++)
		llc = &sd->domains[rq->sd[i].dom].span;
	if (!llc)
		return;
	rq->sd_llc = llc;
	rq->sd_llc_size = capsim_cpumask_weight(llc);
	for (unsigned c = 0; c < s->nr_cpus; c++)
		if (capsim_cpumask_test(llc, c)) {
			rq->sd_llc_id = (int)c; /* cpumask_first() */
			break;
		}
}

/*
 * The groups' flags as the run's kernel builds them. The platform's domains are 6.12.118's;
 * 7.3.4's sd_init() keeps SD_PREFER_SIBLING on the child of an asymmetric domain
 * (model_sd_asym_prefer_sibling_7_3()), which moves the flags of the groups that child forms
 * (sg->flags, read by update_sd_lb_stats()) and no span, group or kept domain: a parent that
 * spans its child has one group, where sd_parent_degenerate() ignores the flag. Other models
 * build the platform's. Domains not built from the platform's topology (a kernel-check case's)
 * are the run's as they are: rebuilt, they have other groups.
 */
static int sg_model_flags(struct capsim_sim *s)
{
	struct sched_domains run;
	int ret;

	if (!model_sd_asym_prefer_sibling_7_3(s->opt.model))
		return 0;
	ret = platform_sd_build(s->plat, s->opt.model, &run, NULL);
	if (ret)
		return ret;
	if (run.nr_domains == s->plat->sd->nr_domains && run.nr_groups == s->plat->sd->nr_groups)
		for (unsigned gi = 0; gi < CAPSIM_MUT(308, run.nr_groups, 0); gi++)
			s->sg[gi].flags = run.group_flags[gi];
	sd_free(&run);
	return 0;
}

/* sim_sd's child_sums of level @up of a CPU whose level below is @down */
static bool child_sums(const struct sched_domains *sd, const struct sim_sd *down,
		       const struct sim_sd *up)
{
	const struct sd_domain *child = &sd->domains[down->dom];
	const capsim_cpumask *local = &sd->groups[up->local_sg];

	return !(child->flags & SD_ASYM_CPUCAPACITY) &&
	       !memcmp(&child->span, local, sizeof(*local));
}

/*
 * The CPUs' sched domains from the platform's (model/sched_domains.c), each as
 * build_sched_domains() leaves it: balance_interval = min_interval = sd_weight, last_balance
 * at boot; and the groups' weights and sgc, sgc->imbalance all clear.
 */
int sim_balance_init(struct capsim_sim *s)
{
	const struct sched_domains *sd = s->plat->sd;

	if (!sd)
		return 0;
	s->cluster_active = sd_cluster_active(sd); /* the static key, set as the domains are built */
	s->sg = calloc(sd->nr_groups ? sd->nr_groups : 1, sizeof(*s->sg));
	if (!s->sg)
		return CAPSIM_ERR_NOMEM;
	sim_sg_init(s);
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		struct sim_rq *rq = &s->rq[c];

		for (unsigned d = 0; d < sd->nr_domains; d++) {
			if (!capsim_cpumask_test(&sd->domains[d].span, c) || rq->nr_sd >= SD_NR_LEVELS)
				continue;
			unsigned w = capsim_cpumask_weight(&sd->domains[d].span), g;

			for (g = 0; g + 1 < sd->domains[d].nr_groups; g++)
				if (capsim_cpumask_test(&sd->groups[sd->domains[d].first_group + g], c))
					break;
			rq->sd[rq->nr_sd++] = (struct sim_sd){
				.dom = d,
				.local_sg = sd->domains[d].first_group + g,
				.min_interval = w,
				.balance_interval = w,
				.span_weight = (uint16_t)w,
			};
			if (rq->nr_sd > 1) {
				struct sim_sd *up = &rq->sd[rq->nr_sd - 1];

				up->child_sums = child_sums(sd, up - 1, up);
			}
		}
		update_top_cache_domain(s, rq);
	}
	return sg_model_flags(s);
}
