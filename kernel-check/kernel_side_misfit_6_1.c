// SPDX-License-Identifier: MIT
/*
 * kernel_side_misfit_6_1.c - the kernel's answer for group update_misfit_status_6_1, part of
 * the 6.1 copy of kernel_side_paths.c's translation unit (included at its end, KC_LINUX_6_1):
 * 6.1's update_misfit_status() with task_fits_cpu(), util_fits_cpu(), task_util_est() and
 * task_h_load() (moves-paths-6.1.txt) on the case's CPU as this unit's CPU 0 (it reads no other
 * CPU): its capacity_of() and capacity_orig_of(), the case's hw_load_avg as 6.1's
 * instantaneous arch_scale_thermal_pressure(), the static key sched_asym_cpucapacity when the
 * case's capacities differ (build_sched_domains()), the system clamp defaults as the sysctl
 * handler sets uclamp_default[], p's clamp requests (sched_setattr()), its affinity's weight and
 * its PELT (util_est.ewma: the case's util_avg, as the path groups'). 6.1 has no
 * max_allowed_capacity (answered 0).
 */
bool sched_asym_cpucapacity;

void kside_update_misfit_status(const struct kc_update_misfit_status_in *in,
				struct kc_update_misfit_status_out *out)
{
	static struct task_struct p;
	struct rq *rq = cpu_rq(0);
	unsigned c = (unsigned)in->cpu;

	memset(rq, 0, sizeof(*rq));
	memset(&p, 0, sizeof(p));
	sched_asym_cpucapacity = false;
	for (unsigned cpu = 1; cpu < in->nr_cpus; cpu++)
		sched_asym_cpucapacity |= in->arch_cap[cpu] != in->arch_cap[0];
	sched_uclamp_used = in->uclamp_used != 0;
	rq->cpu_capacity = in->capacity_of[c];
	rq->cpu_capacity_orig = in->arch_cap[c];
	kc_paths_thermal_pressure = in->hw_load_avg[c];
	/* sysctl_sched_uclamp_handler() */
	k_uclamp_se_set(&uclamp_default[UCLAMP_MIN], (unsigned int)in->sys_uclamp_min, false);
	k_uclamp_se_set(&uclamp_default[UCLAMP_MAX], (unsigned int)in->sys_uclamp_max, false);
	p.sched_class = &kc_fair_sched_class;
	p.nr_cpus_allowed = __builtin_popcountl((unsigned long)in->allowed);
	p.se.avg.util_avg = in->util_avg;
	p.se.avg.util_est.enqueued = (unsigned int)in->util_est;
	p.se.avg.util_est.ewma = (unsigned int)in->util_avg;
	p.se.avg.load_avg = in->load_avg;
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min, true);
	k_uclamp_se_set(&p.uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max, true);
	rq->misfit_task_load = in->misfit_before;
	rq->curr = in->has_p ? &p : &kc_idle_task;
	k_update_misfit_status(in->has_p ? &p : NULL, rq);
	out->max_allowed_capacity = 0;
	out->misfit_task_load = rq->misfit_task_load;
}
