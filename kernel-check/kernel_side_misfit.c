// SPDX-License-Identifier: MIT
/*
 * kernel_side_misfit.c - the kernel's answer for the path group update_misfit_status, part of
 * kernel_side.c's translation unit (included at its end, since the k_ functions cut out of
 * linux-source-6.12 are static there): the case's CPUs with their capacities and pressures,
 * the asym_cap_list topology.c's asym_cpu_capacity_scan() leaves for them (and the static key
 * sched_asym_cpucapacity it turns on when there is more than one capacity), the system's
 * clamp defaults as the sysctl handler sets uclamp_default[], then p's affinity through fair.c's
 * set_task_max_allowed_capacity() (set_cpus_allowed_fair()) and update_misfit_status() of the
 * case's CPU with p running there, or with none (sched_balance_newidle()).
 */
struct list_head asym_cap_list;
static struct asym_cap_data kc_asym_caps[KC_MAX_CPUS];

/* asym_cpu_capacity_scan(): an entry per capacity, the biggest first; the key when several */
static void kc_asym_cap_list(const struct kc_update_misfit_status_in *in)
{
	unsigned n = 0;

	k_INIT_LIST_HEAD(&asym_cap_list);
	for (;;) {
		unsigned long next = 0;

		for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
			if (in->arch_cap[cpu] > next &&
			    (!n || in->arch_cap[cpu] < kc_asym_caps[n - 1].capacity))
				next = in->arch_cap[cpu];
		if (!next)
			break;
		kc_asym_caps[n] = (struct asym_cap_data){ .capacity = next };
		for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++)
			if (in->arch_cap[cpu] == next)
				kc_asym_caps[n].cpus[0] |= 1UL << cpu;
		k_list_add_tail(&kc_asym_caps[n].link, &asym_cap_list);
		n++;
	}
	sched_asym_cpucapacity = n > 1;
}

void kside_update_misfit_status(const struct kc_update_misfit_status_in *in,
				struct kc_update_misfit_status_out *out)
{
	struct task_struct p = { .cpu = (int)in->cpu, .policy = SCHED_NORMAL,
				 .max_allowed_capacity = SCHED_CAPACITY_SCALE };
	struct rq *rq = cpu_rq(in->cpu);

	kc_reset();
	nr_cpu_ids = (unsigned int)in->nr_cpus;
	kc_cpus_present = kc_first_cpus(in->nr_cpus);
	sched_uclamp_used = in->uclamp_used != 0;
	for (unsigned cpu = 0; cpu < in->nr_cpus; cpu++) {
		cpu_scale[cpu] = in->arch_cap[cpu];
		cpu_rq(cpu)->cpu_capacity = in->capacity_of[cpu];
		cpu_rq(cpu)->avg_hw.load_avg = in->hw_load_avg[cpu];
		cpufreq_pressure[cpu] = in->cpufreq_pressure[cpu];
	}
	kc_asym_cap_list(in);
	/* sysctl_sched_uclamp_handler() */
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], (unsigned int)in->sys_uclamp_min, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], (unsigned int)in->sys_uclamp_max, false);
	/* p: its affinity, PELT and clamp requests (sched_setattr()) */
	p.cpus_mask.bits[0] = (unsigned long)in->allowed;
	p.cpus_ptr = &p.cpus_mask;
	p.nr_cpus_allowed = __builtin_popcountl(p.cpus_mask.bits[0]);
	p.se.avg.util_avg = in->util_avg;
	p.se.avg.util_est = (unsigned int)in->util_est;
	p.se.avg.load_avg = in->load_avg;
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);
	k_set_task_max_allowed_capacity(&p);

	rq->misfit_task_load = in->misfit_before;
	rq->curr = in->has_p ? &p : &kc_idle;
	k_update_misfit_status(in->has_p ? &p : NULL, rq);
	out->max_allowed_capacity = sched_asym_cpucapacity ? p.max_allowed_capacity : 0;
	out->misfit_task_load = rq->misfit_task_load;
	kc_current = &kc_idle;
	sched_asym_cpucapacity = false;
}
