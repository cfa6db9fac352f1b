// SPDX-License-Identifier: MIT
/*
 * kernel_side_migrate.c - the kernel's answer for the path group migrate_task_rq_fair, part of
 * kernel_side_paths.c's translation unit (included at its end: the k_ functions cut out of
 * linux-source-6.12 are static there, and its loggers, task and runqueue set-up serve here
 * too). The case is a path case (CPU 0, kc_rq_init(), kc_task_init()) with CPU 1 beside it; the
 * path operations run on each task's CPU (kc_op()), and a migration as the core does it:
 *   - a wake-up on the other CPU: try_to_wake_up()'s set_task_cpu() (migrate_task_rq_fair(),
 *     then __set_task_cpu()), then ttwu_do_activate()'s activate_task(ENQUEUE_WAKEUP |
 *     ENQUEUE_MIGRATED) after update_rq_clock() of the destination;
 *   - the load balance: detach_task() (deactivate_task() after the source's update_rq_clock(),
 *     set_task_cpu()), then attach_task() (activate_task() after the destination's).
 */

u64 kc_paths_sched_clock_cpu(int cpu)
{
	(void)cpu;
	return kc_sched_clock;
}

static struct task_struct kc_rt_task1;

/* CPU 1 as init_cfs_rq() and the case leave it (kc_rq_init() did CPU 0) */
static void kc_rq1_init(const struct kc_migrate_task_rq_fair_in *in)
{
	struct rq *rq = cpu_rq(1);
	struct sched_avg *sa = &rq->cfs.avg;

	memset(rq, 0, sizeof(*rq));
	rq->cpu = 1;
	rq->rd = &kc_rd;
	rq->idle = &kc_idle_task;
	kc_set_curr(rq, in->rt_curr1 ? &kc_rt_task1 : &kc_idle_task);
	rq->nr_running = in->rt_curr1 ? 1 : 0;
	kc_cfs_rq_init(rq);
	rq->clock = rq->clock_task = rq->clock_pelt = in->clock0;
	for (int id = UCLAMP_MIN; id < UCLAMP_CNT; id++)
		rq->uclamp[id].value = k_uclamp_none(id);
	rq->uclamp_flags = UCLAMP_FLAG_IDLE;
	sa->last_update_time = in->clock0;
	sa->util_avg = in->cfs1_util_avg;
	sa->util_sum = (u32)in->cfs1_util_sum;
	sa->runnable_avg = in->cfs1_runnable_avg;
	sa->runnable_sum = in->cfs1_runnable_sum;
	sa->load_avg = in->cfs1_load_avg;
	sa->load_sum = in->cfs1_load_sum;
	sa->period_contrib = (u32)in->cfs1_period_contrib;
	kc_util_est(*sa) = (unsigned int)in->cfs1_util_est;
}

/* set_task_cpu(): the class's migrate_task_rq(), then __set_task_cpu() */
static void kc_set_task_cpu(struct task_struct *p, int new_cpu)
{
	k_migrate_task_rq_fair(p, new_cpu);
	p->cpu = new_cpu;
}

/* a migration step; 0 if its task is not in a state for it */
static int kc_migrate_op(unsigned op, struct task_struct *p, bool iowait)
{
	int dst = !p->cpu;

	switch (op) {
	case KC_PATH_WAKE_MIGRATE:
		if (p->on_rq)
			return 0;
		p->in_iowait = iowait;
		p->__state = TASK_WAKING; /* try_to_wake_up() */
		kc_set_task_cpu(p, dst);
		p->__state = TASK_RUNNING; /* ttwu_do_wakeup(), after the enqueue */
		update_rq_clock(cpu_rq(dst));
		k_enqueue_task(cpu_rq(dst), p, ENQUEUE_NOCLOCK | ENQUEUE_WAKEUP | ENQUEUE_MIGRATED);
		p->on_rq = TASK_ON_RQ_QUEUED;
		p->in_iowait = 0;
		return 1;
	case KC_PATH_LB_MIGRATE:
		if (p->on_rq != TASK_ON_RQ_QUEUED || p->se.sched_delayed)
			return 0;
		update_rq_clock(cpu_rq(p->cpu));
		p->on_rq = TASK_ON_RQ_MIGRATING; /* deactivate_task() */
		k_dequeue_task(cpu_rq(p->cpu), p, DEQUEUE_NOCLOCK);
		kc_set_task_cpu(p, dst);
		update_rq_clock(cpu_rq(dst));
		k_enqueue_task(cpu_rq(dst), p, ENQUEUE_NOCLOCK | ENQUEUE_MIGRATED); /* activate_task() */
		p->on_rq = TASK_ON_RQ_QUEUED;
		return 1;
	}
	return kc_op(cpu_rq(p->cpu), op, p, iowait, 0);
}

static void kc_migrate_record(struct kc_migrate_task_rq_fair_out *out, unsigned k)
{
	const struct rq *rq0 = cpu_rq(0), *rq1 = cpu_rq(1);

	out->nr_running[k] = rq0->nr_running;
	out->h_nr_runnable[k] = kc_h_nr_runnable(&rq0->cfs);
	out->h_nr_delayed[k] = kc_h_nr_delayed(&rq0->cfs);
	out->load_weight[k] = scale_load_down(rq0->cfs.load.weight);
	out->cfs_util_avg_out[k] = rq0->cfs.avg.util_avg;
	out->cfs_util_sum_out[k] = rq0->cfs.avg.util_sum;
	out->cfs_runnable_avg_out[k] = rq0->cfs.avg.runnable_avg;
	out->cfs_runnable_sum_out[k] = rq0->cfs.avg.runnable_sum;
	out->cfs_load_avg_out[k] = rq0->cfs.avg.load_avg;
	out->cfs_load_sum_out[k] = rq0->cfs.avg.load_sum;
	out->cfs_last_update[k] = rq0->cfs.avg.last_update_time;
	out->cfs_util_est_out[k] = kc_util_est(rq0->cfs.avg);
	out->uclamp_min_rq[k] = k_uclamp_rq_get((struct rq *)rq0, UCLAMP_MIN);
	out->uclamp_max_rq[k] = k_uclamp_rq_get((struct rq *)rq0, UCLAMP_MAX);
	out->uclamp_idle[k] = !!(rq0->uclamp_flags & UCLAMP_FLAG_IDLE);
	out->overloaded[k] = (uint64_t)kc_rd_overloaded(rq0->rd);
	out->nr_running1[k] = rq1->nr_running;
	out->h_nr_runnable1[k] = kc_h_nr_runnable(&rq1->cfs);
	out->load_weight1[k] = scale_load_down(rq1->cfs.load.weight);
	out->cfs1_util_avg_out[k] = rq1->cfs.avg.util_avg;
	out->cfs1_util_sum_out[k] = rq1->cfs.avg.util_sum;
	out->cfs1_runnable_avg_out[k] = rq1->cfs.avg.runnable_avg;
	out->cfs1_runnable_sum_out[k] = rq1->cfs.avg.runnable_sum;
	out->cfs1_load_avg_out[k] = rq1->cfs.avg.load_avg;
	out->cfs1_load_sum_out[k] = rq1->cfs.avg.load_sum;
	out->cfs1_last_update[k] = rq1->cfs.avg.last_update_time;
	out->cfs1_util_est_out[k] = kc_util_est(rq1->cfs.avg);
	out->removed_nr0[k] = (uint64_t)rq0->cfs.removed.nr;
	out->removed_util0[k] = rq0->cfs.removed.util_avg;
	out->removed_load0[k] = rq0->cfs.removed.load_avg;
	out->removed_runnable0[k] = rq0->cfs.removed.runnable_avg;
	out->removed_nr1[k] = (uint64_t)rq1->cfs.removed.nr;
	out->removed_util1[k] = rq1->cfs.removed.util_avg;
	out->removed_load1[k] = rq1->cfs.removed.load_avg;
	out->removed_runnable1[k] = rq1->cfs.removed.runnable_avg;
}

void kside_migrate_task_rq_fair(const struct kc_migrate_task_rq_fair_in *in,
				struct kc_migrate_task_rq_fair_out *out)
{
	const struct kc_path_in *pin = (const struct kc_path_in *)in;

	kc_out = (struct kc_path_out *)out; /* the path answer is the prefix */
	kc_paths_tick_nsec = in->tick_nsec;
	sysctl_sched_base_slice = (unsigned int)in->base_slice;
	kc_paths_cpu_scale = in->cpu_scale;
	kc_paths_freq_scale = in->freq_scale;
	sched_uclamp_used = in->uclamp_used != 0;
#ifdef KC_LINUX_6_1 /* sched_init_granularity() with both CPUs online */
	kc_paths_online_cpus = KC_PATH_CPUS;
	k_update_sysctl();
#endif
	for (int id = UCLAMP_MIN; id < UCLAMP_CNT; id++)
		k_uclamp_se_set(&uclamp_default[id], k_uclamp_none(UCLAMP_MAX), false);
	kc_rq_init(pin);
	kc_rq1_init(in);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		kc_task_init(pin, t);
		kc_tasks[t].cpu = (int)in->task_cpu[t];
		kc_tasks[t].se.exec_start = in->exec_start[t];
	}
	for (unsigned k = 0; k < in->nr_steps; k++) {
		kc_step = k;
		kc_sched_clock += in->dt[k];
		out->applied[k] = (uint64_t)kc_migrate_op((unsigned)in->op[k], &kc_tasks[in->task[k]],
							  in->iowait[k] != 0);
		kc_migrate_record(out, k);
	}
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct task_struct *p = &kc_tasks[t];
		const struct sched_entity *se = &p->se;

		out->t_util_avg[t] = se->avg.util_avg;
		out->t_util_sum[t] = se->avg.util_sum;
		out->t_runnable_avg[t] = se->avg.runnable_avg;
		out->t_load_avg[t] = se->avg.load_avg;
		out->t_last_update[t] = se->avg.last_update_time;
		out->t_util_est[t] = kc_util_est(se->avg);
		out->t_on_rq[t] = se->on_rq;
		out->t_delayed[t] = se->sched_delayed;
		out->t_vruntime[t] = se->vruntime;
		out->t_deadline[t] = se->deadline;
		out->t_vlag[t] = (uint64_t)se->vlag;
		out->t_cpu[t] = (uint64_t)p->cpu;
		out->t_exec_start[t] = se->exec_start;
		out->t_load_sum[t] = se->avg.load_sum;
		out->t_runnable_sum[t] = se->avg.runnable_sum;
	}
	if (out->nr_log > KC_PATH_LOG)
		out->nr_log = KC_PATH_LOG + 1;
}
