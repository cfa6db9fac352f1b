// SPDX-License-Identifier: MIT
/*
 * kernel_side_paths.c - the kernel's answer for the path groups enqueue_task_fair and
 * dequeue_task_fair: the case's tasks on one struct rq, each step done as the kernel's callers
 * do it with the functions functions_paths.txt cut out of linux-source-6.12
 * (kernel_extract_paths.c, every one renamed k_<name>): wake_up_new_task()'s and
 * ttwu_do_activate()'s activate_task() -> enqueue_task(), block_task()'s dequeue_task(), and
 * ttwu_runnable()'s enqueue_task(ENQUEUE_DELAYED), each after update_rq_clock(). The hooked
 * calls (extract.py --hook) and cpufreq_update_util() are logged, then made.
 *
 * A translation unit of its own (kstubs_paths.h): nothing here computes an answer itself, it
 * only moves values in and out and keeps the log.
 */
#include "kcase.h"
#include "kstubs_paths.h"

struct rq kc_paths_rqs[KC_PATH_CPUS];
u64 kc_paths_tick_nsec;
unsigned int sysctl_sched_base_slice;
unsigned long jiffies;
bool sched_uclamp_used;
struct uclamp_se uclamp_default[UCLAMP_CNT];
unsigned long kc_paths_cpu_scale, kc_paths_freq_scale;
static struct task_struct kc_tasks[KC_PATH_TASKS], kc_idle_task, kc_rt_task;
static struct root_domain kc_rd;
static u64 kc_sched_clock;
static struct kc_path_out *kc_out;
static unsigned kc_step;

/* the augmented tree's callbacks (fair.c's RB_DECLARE_CALLBACKS line, after its compute) */
static const struct rb_augment_callbacks min_vruntime_cb;
#include "kernel_extract_paths.c"
RB_DECLARE_CALLBACKS(static, min_vruntime_cb, struct sched_entity, run_node, min_vruntime,
		     k_min_vruntime_update);

static const struct sched_class kc_fair_sched_class = {
	.uclamp_enabled = 1,
	.enqueue_task = k_enqueue_task_fair,
	.dequeue_task = k_dequeue_task_fair,
};

static unsigned kc_index(const struct task_struct *p)
{
	return (unsigned)(p - kc_tasks);
}

static void kc_log(unsigned call, unsigned task, uint64_t arg)
{
	if (kc_out->nr_log < KC_PATH_LOG)
		kc_out->log[kc_out->nr_log] = kc_path_entry(kc_step, call, task, arg);
	kc_out->nr_log++;
}

/* core.c's update_rq_clock() and update_rq_clock_task(), no IRQ or steal time */
void kc_paths_update_rq_clock(struct rq *rq)
{
	s64 delta = (s64)(kc_sched_clock - rq->clock);

	if (delta <= 0)
		return;
	rq->clock += delta;
	rq->clock_task += delta;
	k_update_rq_clock_pelt(rq, delta);
}

/* sched.h's cpufreq_update_util(): the per-CPU hook's call, logged (no governor) */
void kc_paths_cpufreq_update_util(struct rq *rq, unsigned int flags)
{
	kc_log(KC_CALL_CPUFREQ_UPDATE_UTIL, (unsigned)rq->cpu, flags);
}

static void kc_hook_util_est_enqueue(struct cfs_rq *cfs_rq, struct task_struct *p)
{
	kc_log(KC_CALL_UTIL_EST_ENQUEUE, kc_index(p), cfs_rq->avg.util_est);
	k_util_est_enqueue(cfs_rq, p);
}

static void kc_hook_util_est_dequeue(struct cfs_rq *cfs_rq, struct task_struct *p)
{
	kc_log(KC_CALL_UTIL_EST_DEQUEUE, kc_index(p), cfs_rq->avg.util_est);
	k_util_est_dequeue(cfs_rq, p);
}

static void kc_hook_util_est_update(struct cfs_rq *cfs_rq, struct task_struct *p, bool task_sleep)
{
	kc_log(KC_CALL_UTIL_EST_UPDATE, kc_index(p), (uint64_t)p->se.avg.util_avg << 1 | task_sleep);
	k_util_est_update(cfs_rq, p, task_sleep);
}

static int kc_hook___update_load_avg_se(u64 now, struct cfs_rq *cfs_rq, struct sched_entity *se)
{
	kc_log(KC_CALL_UPDATE_LOAD_AVG_SE, kc_index(container_of(se, struct task_struct, se)), now);
	return k___update_load_avg_se(now, cfs_rq, se);
}

static void kc_hook_uclamp_rq_inc_id(struct rq *rq, struct task_struct *p, enum uclamp_id clamp_id)
{
	kc_log(KC_CALL_UCLAMP_RQ_INC, kc_index(p), clamp_id);
	k_uclamp_rq_inc_id(rq, p, clamp_id);
}

static void kc_hook_uclamp_rq_dec_id(struct rq *rq, struct task_struct *p, enum uclamp_id clamp_id)
{
	kc_log(KC_CALL_UCLAMP_RQ_DEC, kc_index(p), clamp_id);
	k_uclamp_rq_dec_id(rq, p, clamp_id);
}

static void kc_rq_init(const struct kc_path_in *in)
{
	struct rq *rq = &kc_paths_rq;
	struct sched_avg *sa = &rq->cfs.avg;

	memset(rq, 0, sizeof(*rq));
	memset(&kc_rd, 0, sizeof(kc_rd));
	rq->rd = &kc_rd;
	rq->idle = &kc_idle_task;
	rq->curr = in->rt_curr ? &kc_rt_task : &kc_idle_task;
	rq->nr_running = in->rt_curr ? 1 : 0;
	rq->cfs.zero_vruntime = (u64)(-(1LL << 20)); /* init_cfs_rq() */
	rq->clock = rq->clock_task = rq->clock_pelt = in->clock0;
	kc_sched_clock = in->clock0;
	for (int id = UCLAMP_MIN; id < UCLAMP_CNT; id++) /* init_uclamp_rq() */
		rq->uclamp[id].value = k_uclamp_none(id);
	rq->uclamp_flags = UCLAMP_FLAG_IDLE;
	sa->last_update_time = in->clock0;
	sa->util_avg = in->cfs_util_avg;
	sa->util_sum = (u32)in->cfs_util_sum;
	sa->runnable_avg = in->cfs_runnable_avg;
	sa->runnable_sum = in->cfs_runnable_sum;
	sa->load_avg = in->cfs_load_avg;
	sa->load_sum = in->cfs_load_sum;
	sa->period_contrib = (u32)in->cfs_period_contrib;
	sa->util_est = (unsigned int)in->cfs_util_est;
}

static void kc_task_init(const struct kc_path_in *in, unsigned t)
{
	struct task_struct *p = &kc_tasks[t];
	struct sched_avg *sa = &p->se.avg;

	memset(p, 0, sizeof(*p));
	p->sched_class = &kc_fair_sched_class;
	p->policy = in->idle_policy[t] ? SCHED_IDLE : SCHED_NORMAL;
	p->se.load.weight = scale_load(in->weight[t]); /* set_load_weight() */
	p->se.slice = sysctl_sched_base_slice;
	p->se.run_node.__rb_parent_color = (unsigned long)&p->se.run_node; /* RB_CLEAR_NODE */
	sa->last_update_time = in->last_update[t];
	sa->util_avg = in->util_avg[t];
	sa->util_sum = (u32)in->util_sum[t];
	sa->runnable_avg = in->runnable_avg[t];
	sa->runnable_sum = in->runnable_sum[t];
	sa->load_avg = in->load_avg[t];
	sa->load_sum = in->load_sum[t];
	sa->period_contrib = (u32)in->period_contrib[t];
	sa->util_est = (unsigned int)in->util_est[t];
	p->se.vlag = (s64)in->vlag[t];
	/* sched_setattr()'s uclamp requests (__setscheduler_uclamp()) */
	k_uclamp_se_set(&p->uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min[t], true);
	k_uclamp_se_set(&p->uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max[t], true);
}

/* one step; 0 if its task is not in a state for it */
static int kc_op(struct rq *rq, unsigned op, struct task_struct *p, bool iowait)
{
	switch (op) {
	case KC_PATH_NEW:
	case KC_PATH_WAKE:
		if (p->on_rq)
			return 0;
		p->in_iowait = iowait;
		update_rq_clock(rq);
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK |
				      (op == KC_PATH_NEW ? ENQUEUE_INITIAL : ENQUEUE_WAKEUP));
		p->on_rq = TASK_ON_RQ_QUEUED;
		p->in_iowait = 0; /* io_schedule_finish() */
		return 1;
	case KC_PATH_SLEEP:
		if (!p->on_rq || p->se.sched_delayed)
			return 0;
		update_rq_clock(rq);
		if (k_dequeue_task(rq, p, DEQUEUE_SLEEP | DEQUEUE_NOCLOCK))
			__block_task(rq, p);
		return 1;
	case KC_PATH_REQUEUE:
		if (!p->se.sched_delayed)
			return 0;
		update_rq_clock(rq);
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_DELAYED);
		return 1;
	}
	return 0;
}

void kside_path(const struct kc_path_in *in, struct kc_path_out *out)
{
	struct rq *rq = &kc_paths_rq;

	kc_out = out;
	kc_paths_tick_nsec = in->tick_nsec;
	sysctl_sched_base_slice = (unsigned int)in->base_slice;
	kc_paths_cpu_scale = in->cpu_scale;
	kc_paths_freq_scale = in->freq_scale;
	sched_uclamp_used = in->uclamp_used != 0;
	for (int id = UCLAMP_MIN; id < UCLAMP_CNT; id++) /* init_uclamp() */
		k_uclamp_se_set(&uclamp_default[id], k_uclamp_none(UCLAMP_MAX), false);
	kc_rq_init(in);
	for (unsigned t = 0; t < in->nr_tasks; t++)
		kc_task_init(in, t);
	for (unsigned k = 0; k < in->nr_steps; k++) {
		kc_step = k;
		kc_sched_clock += in->dt[k];
		out->applied[k] = (uint64_t)kc_op(rq, (unsigned)in->op[k], &kc_tasks[in->task[k]],
						  in->iowait[k] != 0);
		out->nr_running[k] = rq->nr_running;
		out->h_nr_runnable[k] = rq->cfs.h_nr_runnable;
		out->h_nr_delayed[k] = rq->cfs.h_nr_delayed;
		out->load_weight[k] = scale_load_down(rq->cfs.load.weight);
		out->cfs_util_avg_out[k] = rq->cfs.avg.util_avg;
		out->cfs_util_sum_out[k] = rq->cfs.avg.util_sum;
		out->cfs_runnable_avg_out[k] = rq->cfs.avg.runnable_avg;
		out->cfs_runnable_sum_out[k] = rq->cfs.avg.runnable_sum;
		out->cfs_load_avg_out[k] = rq->cfs.avg.load_avg;
		out->cfs_load_sum_out[k] = rq->cfs.avg.load_sum;
		out->cfs_last_update[k] = rq->cfs.avg.last_update_time;
		out->cfs_util_est_out[k] = rq->cfs.avg.util_est;
		out->uclamp_min_rq[k] = k_uclamp_rq_get(rq, UCLAMP_MIN);
		out->uclamp_max_rq[k] = k_uclamp_rq_get(rq, UCLAMP_MAX);
		out->uclamp_idle[k] = !!(rq->uclamp_flags & UCLAMP_FLAG_IDLE);
		out->overloaded[k] = (uint64_t)k_get_rd_overloaded(rq->rd);
	}
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct sched_entity *se = &kc_tasks[t].se;

		out->t_util_avg[t] = se->avg.util_avg;
		out->t_util_sum[t] = se->avg.util_sum;
		out->t_runnable_avg[t] = se->avg.runnable_avg;
		out->t_load_avg[t] = se->avg.load_avg;
		out->t_last_update[t] = se->avg.last_update_time;
		out->t_util_est[t] = se->avg.util_est;
		out->t_on_rq[t] = se->on_rq;
		out->t_delayed[t] = se->sched_delayed;
		out->t_vruntime[t] = se->vruntime;
		out->t_deadline[t] = se->deadline;
		out->t_vlag[t] = (uint64_t)se->vlag;
	}
	if (out->nr_log > KC_PATH_LOG)
		out->nr_log = KC_PATH_LOG + 1; /* more than the room: the count shows it */
}

void kside_enqueue_task_fair(const struct kc_enqueue_task_fair_in *in,
			     struct kc_enqueue_task_fair_out *out)
{
	kside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void kside_dequeue_task_fair(const struct kc_dequeue_task_fair_in *in,
			     struct kc_dequeue_task_fair_out *out)
{
	kside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

#include "kernel_side_migrate.c"
