// SPDX-License-Identifier: MIT
/*
 * kernel_side_fork.c - the kernel's answer to a case of group fork (kcase.h): the case's CPUs,
 * domains and groups written into the kernel's structures, then the core's select_task_rq()
 * with WF_FORK into the cut select_task_rq_fair(), whose slow path is the cut
 * sched_balance_find_dst_cpu(); then post_init_entity_util_avg() there. Included by kernel_side.c (its cut functions are static to
 * that translation unit); nothing here computes an answer.
 */

/* the span of CPU @c at level @l (-1: the CPU alone) */
static unsigned long kf_span(const struct kc_fork_in *in, int l, unsigned c)
{
	unsigned long m = 0;

	if (l < 0)
		return 1UL << c;
	for (unsigned o = 0; o < in->nr_cpus; o++)
		if (in->dom[l * KC_MAX_CPUS + o] == in->dom[l * KC_MAX_CPUS + c])
			m |= 1UL << o;
	return m;
}

/* the groups of each level, one per first CPU of a span below, with their sgc */
static struct sched_group kf_sg[KC_FORK_LEVELS][KC_MAX_CPUS];
static struct sched_group_capacity kf_sgc[KC_FORK_LEVELS][KC_MAX_CPUS];
static struct sched_domain kf_sd[KC_FORK_LEVELS][KC_MAX_CPUS];
static struct cpuidle_state kf_state[KC_MAX_CPUS];

/*
 * build_sched_groups() of CPU @c's domain at level @l: the group of each span below, walked
 * from @c's (for_each_cpu_wrap()), linked in a ring. Return: @c's group.
 */
static struct sched_group *kf_groups(const struct kc_fork_in *in, unsigned l, unsigned c)
{
	unsigned long span = kf_span(in, (int)l, c), covered = 0;
	struct sched_group *first = NULL, *last = NULL;

	for (unsigned k = 0; k < in->nr_cpus; k++) {
		unsigned i = (c + k) % (unsigned)in->nr_cpus;
		unsigned long below = kf_span(in, (int)l - 1, i);
		unsigned f = (unsigned)__builtin_ctzl(below);
		struct sched_group *sg = &kf_sg[l][f];

		if (!(span & (1UL << i)) || (covered & (1UL << i)))
			continue;
		covered |= below;
		kf_sgc[l][f] = (struct sched_group_capacity){
			.capacity = in->sgc_capacity[l * KC_MAX_CPUS + f],
			.max_capacity = in->sgc_max_capacity[l * KC_MAX_CPUS + f],
			.imbalance = (int)in->sgc_imbalance[l * KC_MAX_CPUS + f],
		};
		*sg = (struct sched_group){ .sgc = &kf_sgc[l][f],
					    .group_weight = (unsigned)__builtin_popcountl(below),
					    .cpumask = { below } };
		if (!first)
			first = sg;
		if (last)
			last->next = sg;
		last = sg;
	}
	last->next = first;
	return first;
}

/* CPU @c's domains bottom up, those whose span is its span below left out (degenerate) */
static void kf_domains(const struct kc_fork_in *in, unsigned c)
{
	struct sched_domain *child = NULL;

	cpu_rq(c)->sd = NULL;
	for (unsigned l = 0; l < in->nr_levels; l++) {
		unsigned long span = kf_span(in, (int)l, c);
		unsigned f = (unsigned)__builtin_ctzl(span);
		struct sched_domain *sd = &kf_sd[l][c];

		if (span == kf_span(in, (int)l - 1, c))
			continue;
		*sd = (struct sched_domain){ .flags = (int)in->flags[l * KC_MAX_CPUS + f],
					     .span = { span }, .imbalance_pct = 117,
					     .span_weight = (unsigned)__builtin_popcountl(span),
					     .child = child, .groups = kf_groups(in, l, c) };
		if (child)
			child->parent = sd;
		else
			cpu_rq(c)->sd = sd;
		child = sd;
	}
}

void kside_fork(const struct kc_fork_in *in, struct kc_fork_out *out)
{
	static struct task_struct curr[KC_MAX_CPUS], idle[KC_MAX_CPUS];
	struct task_struct p = { .cpu = (int)in->this_cpu,
				 .policy = in->p_idle_policy ? SCHED_IDLE : SCHED_NORMAL };
	int wake_flags = WF_FORK, asym = 0;

	kc_reset();
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_uclamp_used = in->uclamp_used != 0;
	sched_energy_present = in->eas != 0;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		asym |= in->arch_cap[cpu] != in->arch_cap[0];
	sched_asym_cpucapacity = asym;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		struct rq *rq = cpu_rq(cpu);

		cpu_scale[cpu] = in->arch_cap[cpu];
		rq->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
		rq->cfs.avg.load_avg = in->cfs_load_avg[cpu];
		rq->cfs.avg.runnable_avg = in->cfs_runnable_avg[cpu];
		rq->cfs.avg.util_avg = in->cfs_util_avg[cpu];
#ifdef KC_LINUX_6_1
		rq->cfs.avg.util_est.enqueued = (unsigned int)in->cfs_util_est[cpu];
		rq->cfs.h_nr_running = (unsigned int)in->nr_running[cpu];
		kc_pressure_6_1(rq, in->arch_cap[cpu], in->hw_load_avg[cpu], in->cpufreq_pressure[cpu]);
#else
		rq->cfs.avg.util_est = (unsigned int)in->cfs_util_est[cpu];
#endif
		rq->nr_running = (unsigned int)in->nr_running[cpu];
		rq->cfs.h_nr_queued = rq->cfs.h_nr_runnable = rq->nr_running;
		rq->cfs.idle_h_nr_running = in->idle_policy[cpu] ? rq->nr_running : 0;
		rq->cfs.h_nr_idle = rq->cfs.idle_h_nr_running; /* 7.3's name */
		rq->ttwu_pending = (int)in->ttwu_pending[cpu];
		rq->idle_stamp = in->idle_stamp[cpu];
		kf_state[cpu].exit_latency = (unsigned int)in->exit_latency[cpu];
		rq->idle_state = in->has_state[cpu] ? &kf_state[cpu] : NULL;
		idle[cpu] = (struct task_struct){ .flags = PF_IDLE, .cpu = (int)cpu };
		rq->idle = &idle[cpu];
		curr[cpu] = (struct task_struct){ .cpu = (int)cpu, .nr_cpus_allowed = (int)in->nr_cpus,
			.policy = in->idle_policy[cpu] ? SCHED_IDLE : SCHED_NORMAL };
		rq->curr = rq->nr_running ? &curr[cpu] : &idle[cpu];
	}
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
		kf_domains(in, cpu);
	/* the child as sched_fork() leaves it: no PELT yet (init_entity_runnable_average()) */
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]);
	p.sched_class = &kc_fair_class;
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], SCHED_CAPACITY_SCALE, false);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);

	kc_this_cpu = (int)in->this_cpu;
	kc_current = cpu_rq(kc_this_cpu)->curr;
	out->cpu = (uint64_t)kc_select_task_rq(&p, &wake_flags);
	kc_current = &kc_idle;
	/* __set_task_cpu(), then post_init_entity_util_avg() on that CPU's cfs_rq */
	p.cpu = (int)out->cpu;
	p.sched_class = &fair_sched_class;
	p.se.load.weight = in->weight << SCHED_FIXEDPOINT_SHIFT; /* scale_load() */
	k_post_init_entity_util_avg(&p);
	out->util_avg = p.se.avg.util_avg;
	out->runnable_avg = p.se.avg.runnable_avg;
}
