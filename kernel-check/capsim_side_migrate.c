// SPDX-License-Identifier: MIT
/*
 * capsim_side_migrate.c - capsim's answer for the path group migrate_task_rq_fair, part of
 * capsim_side_paths.c's translation unit (included at its end: its call-log wrappers, tasks
 * and set-up serve here too): a simulator of two CPUs (rq_init()), CPU 0 as cs_sim_init()
 * writes it for a path case and CPU 1 beside it, the tasks on their CPUs; the path operations
 * through cs_op() on a task's CPU, a wake-up on the other CPU through the engine's
 * migrate_task() (set_task_cpu()) then rq_enqueue() (try_to_wake_up()'s order), a move of the
 * load balance through its detach_task() then attach_task() (src/sim/fair_balance.c). Nothing
 * here computes an answer.
 */

static struct {
	struct sim_rq rq[KC_PATH_CPUS];
	struct fair_cpu view[KC_PATH_CPUS];
	struct platform_cpu cpu[KC_PATH_CPUS];
	struct sim_task rt1;
} cm;

/* CPU 1 beside cs_sim_init()'s CPU 0: the engine's runqueues are one array */
static void cm_sim_init(const struct kc_migrate_task_rq_fair_in *in)
{
	struct capsim_sim *s = &cs.s;
	struct sim_rq *rq;
	struct capsim_sched_avg *sa;

	cs_sim_init((const struct kc_path_in *)in);
	memset(&cm, 0, sizeof(cm));
	s->nr_cpus = KC_PATH_CPUS;
	s->rq = cm.rq;
	s->view = cm.view;
	s->rd.nr_cpus = KC_PATH_CPUS;
	s->rd.cpus = cm.view;
	cm.cpu[0] = cm.cpu[1] = cs.cpu;
	cs.plat.cpus = cm.cpu;
	cs.plat.nr_cpus = KC_PATH_CPUS;
	cm.rq[0] = cs.rq;
	cm.view[0] = cs.view;
	cm.rq[0].fc = &cm.view[0];
	cfs_timeline_init(&cm.rq[0].cfs61, KC_PATH_CPUS); /* rq_init()'s, with both CPUs online */
	rq = &cm.rq[1];
	rq_init(s, rq, 1);
	eevdf_rq_init(&rq->cfs, in->base_slice, in->tick_nsec, false);
	rq->cfs.v7_3 = model_eevdf_7_3(KC_MODEL); /* as rq_init() */
	rq->freq_scale = in->freq_scale;
	rq->clk.clock = rq->clk.clock_task = rq->clk.clock_pelt = in->clock0;
	if (in->rt_curr1) {
		cm.rt1.sched_class = &sim_rt_sched_class;
		cm.rt1.state = TASK_RUNNING;
		cm.rt1.exec_start = in->clock0;
		cm.rt1.cpu = 1;
		cm.rt1.st.cur_cpu = -1;
		rq->curr = &cm.rt1;
		rq->fc->nr_running = rq->fc->rt_nr_running = 1;
	}
	sa = &rq->fc->cfs_avg;
	sa->last_update_time = in->clock0;
	sa->util_avg = in->cfs1_util_avg;
	sa->util_sum = (uint32_t)in->cfs1_util_sum;
	sa->runnable_avg = in->cfs1_runnable_avg;
	sa->runnable_sum = in->cfs1_runnable_sum;
	sa->load_avg = in->cfs1_load_avg;
	sa->load_sum = in->cfs1_load_sum;
	sa->period_contrib = (uint32_t)in->cfs1_period_contrib;
	rq->fc->util_est_cfs = (uint32_t)in->cfs1_util_est;
}

/* a migration step through the engine; 0 if its task is not in a state for it */
static int cm_op(unsigned op, struct sim_task *p, bool iowait)
{
	struct capsim_sim *s = &cs.s;
	int dst = !p->cpu;

	for (unsigned c = 0; c < KC_PATH_CPUS; c++)
		cm.rq[c].acct_last = s->now; /* what sim_account_cpu() counts is no path's */
	switch (op) {
	case KC_PATH_WAKE_MIGRATE:
		if (cs_on_rq(p))
			return 0;
		p->in_iowait = iowait;
		migrate_task(s, p, dst, false);
		rq_enqueue(s, &cm.rq[dst], p, true);
		return 1;
	case KC_PATH_LB_MIGRATE:
		if (!cs_on_rq(p) || p->se.sched_delayed)
			return 0;
		detach_task(s, p, dst, false);
		attach_task(s, &cm.rq[dst], p);
		return 1;
	}
	return cs_op_on(&cm.rq[p->cpu], op, p, iowait, 0);
}

static void cm_record(struct kc_migrate_task_rq_fair_out *out, unsigned k)
{
	const struct sim_rq *rq0 = &cm.rq[0], *rq1 = &cm.rq[1];

	cs_record_rq((struct kc_path_out *)out, k, rq0);
	out->nr_running1[k] = rq1->fc->nr_running;
	out->h_nr_runnable1[k] = rq1->fc->cfs_nr;
	out->load_weight1[k] = rq1->cfs_load_weight;
	out->cfs1_util_avg_out[k] = rq1->fc->cfs_avg.util_avg;
	out->cfs1_util_sum_out[k] = rq1->fc->cfs_avg.util_sum;
	out->cfs1_runnable_avg_out[k] = rq1->fc->cfs_avg.runnable_avg;
	out->cfs1_runnable_sum_out[k] = rq1->fc->cfs_avg.runnable_sum;
	out->cfs1_load_avg_out[k] = rq1->fc->cfs_avg.load_avg;
	out->cfs1_load_sum_out[k] = rq1->fc->cfs_avg.load_sum;
	out->cfs1_last_update[k] = rq1->fc->cfs_avg.last_update_time;
	out->cfs1_util_est_out[k] = rq1->fc->util_est_cfs;
	out->removed_nr0[k] = rq0->cfs_removed.nr;
	out->removed_util0[k] = rq0->cfs_removed.util_avg;
	out->removed_load0[k] = rq0->cfs_removed.load_avg;
	out->removed_runnable0[k] = rq0->cfs_removed.runnable_avg;
	out->removed_nr1[k] = rq1->cfs_removed.nr;
	out->removed_util1[k] = rq1->cfs_removed.util_avg;
	out->removed_load1[k] = rq1->cfs_removed.load_avg;
	out->removed_runnable1[k] = rq1->cfs_removed.runnable_avg;
}

void cside_migrate_task_rq_fair(const struct kc_migrate_task_rq_fair_in *in,
				struct kc_migrate_task_rq_fair_out *out)
{
	cm_sim_init(in);
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		cs_task_init((const struct kc_path_in *)in, t);
		cs.tasks[t].cpu = (int)in->task_cpu[t];
		cs.tasks[t].exec_start = in->exec_start[t];
		cs.tasks[t].cse.exec_start = in->exec_start[t];
	}
	kc_cs_paths_log.tasks = cs.tasks;
	cs_out = (struct kc_path_out *)out; /* the path answer is the prefix */
	for (unsigned k = 0; k < in->nr_steps; k++) {
		cs_step = k;
		cs.s.now += in->dt[k];
		cs_task = (unsigned)in->task[k];
		out->applied[k] = (uint64_t)cm_op((unsigned)in->op[k], &cs.tasks[in->task[k]],
						  in->iowait[k] != 0);
		cm_record(out, k);
	}
	cs_out = NULL;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct sim_task *p = &cs.tasks[t];

		out->t_util_avg[t] = p->avg.util_avg;
		out->t_util_sum[t] = p->avg.util_sum;
		out->t_runnable_avg[t] = p->avg.runnable_avg;
		out->t_load_avg[t] = p->avg.load_avg;
		out->t_last_update[t] = p->avg.last_update_time;
		out->t_util_est[t] = p->util_est;
		out->t_on_rq[t] = p->se.on_rq;
		out->t_delayed[t] = p->se.sched_delayed;
		out->t_vruntime[t] = p->se.vruntime;
		out->t_deadline[t] = p->se.deadline;
		out->t_vlag[t] = (uint64_t)p->se.vlag;
		out->t_cpu[t] = (uint64_t)p->cpu;
		out->t_exec_start[t] = p->exec_start;
		out->t_load_sum[t] = p->avg.load_sum;
		out->t_runnable_sum[t] = p->avg.runnable_sum;
		if (model_fair_cfs(KC_MODEL)) /* the v6.1 model's entity is CFS's */
			cs_record_entity((struct kc_path_out *)out, t, p);
	}
	free(cs.rt.st.by_cpu);
	free(cm.rt1.st.by_cpu);
	if (out->nr_log > KC_PATH_LOG)
		out->nr_log = KC_PATH_LOG + 1;
}
