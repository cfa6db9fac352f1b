// SPDX-License-Identifier: MIT
/*
 * kernel_side_paths.c - the kernel's answer for the path groups enqueue_task_fair,
 * dequeue_task_fair, task_tick_fair, check_preempt_wakeup_fair and pick_next_task_fair: the case's tasks on one
 * struct rq, each step done as the kernel's callers do it with the functions functions_paths.txt
 * cut out of linux-source-6.12 (kernel_extract_paths.c, every one renamed k_<name>):
 * wake_up_new_task()'s and ttwu_do_activate()'s activate_task() -> enqueue_task(),
 * block_task()'s dequeue_task(), ttwu_runnable()'s enqueue_task(ENQUEUE_DELAYED), an idle
 * CPU's __schedule() setting a task next (set_next_task_fair()), sched_tick() up to
 * task_tick_fair(), try_to_wake_up()'s wakeup_preempt() (check_preempt_wakeup_fair()) and
 * __schedule()'s pick (pick_next_task_fair(), 7.3's pick_task_fair(), with
 * put_prev_set_next_task()), each after update_rq_clock(). Compiled again for 7.3.4
 * (KC_LINUX_7_3) and for 6.1.192 (KC_LINUX_6_1: CFS, the thermal pressure, 6.1's pick and
 * fork as kernel-check/README.md's "The 6.1 path groups" says). The hooked calls (extract.py --hook),
 * cpufreq_update_util() and update_misfit_status() are logged; all but the last are then made.
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
unsigned long kc_paths_hw_pressure;
unsigned int kc_paths_freq_ref;
#ifdef KC_LINUX_6_1
/* fair.c's CFS tunables (update_sysctl() scales three for kc_paths_online_cpus) */
unsigned int sysctl_sched_latency, sysctl_sched_min_granularity;
unsigned int sysctl_sched_idle_min_granularity = 750000U;
unsigned int sysctl_sched_wakeup_granularity, sched_nr_latency = 8;
unsigned int kc_paths_online_cpus;
int sched_thermal_decay_shift; /* the boot parameter's default */
unsigned long kc_paths_thermal_pressure;
unsigned int kc_paths_freq_factor;
#endif
static struct task_struct kc_tasks[KC_PATH_TASKS], kc_idle_task, kc_rt_task;
static struct root_domain kc_rd;
static u64 kc_sched_clock;
static struct kc_path_out *kc_out;
static unsigned kc_step;

/* the augmented tree's callbacks (fair.c's RB_DECLARE_CALLBACKS line, after its compute) */
static const struct rb_augment_callbacks min_vruntime_cb;
#include "kernel_extract_paths.c"
#if defined(KC_LINUX_7_3)
RB_DECLARE_CALLBACKS_MULTI(static, min_vruntime_cb, struct sched_entity, run_node,
			   k_min_vruntime_copy, k_min_vruntime_update);
#elif !defined(KC_LINUX_6_1) /* 6.1's timeline is a plain rbtree */
RB_DECLARE_CALLBACKS(static, min_vruntime_cb, struct sched_entity, run_node, min_vruntime,
		     k_min_vruntime_update);
#endif

static const struct sched_class kc_fair_sched_class = {
	.uclamp_enabled = 1,
	.enqueue_task = k_enqueue_task_fair,
	.dequeue_task = k_dequeue_task_fair,
	.put_prev_task = k_put_prev_task_fair,
	.set_next_task = k_set_next_task_fair,
};

/* idle.c's put_prev_task_idle(): the deadline server's and sched_ext's, nothing of this unit */
#ifdef KC_LINUX_6_1
static void kc_put_prev_task_idle(struct rq *rq, struct task_struct *prev)
{
	(void)rq;
	(void)prev;
}
#else
static void kc_put_prev_task_idle(struct rq *rq, struct task_struct *prev, struct task_struct *next)
{
	(void)rq;
	(void)prev;
	(void)next;
}
#endif

/*
 * idle.c's set_next_task_idle(): update_idle_core() (SCHED_SMT), sched_ext and the statistics
 * aside, update_idle_rq_clock_pelt() (pelt.h, cut)
 */
static void kc_set_next_task_idle(struct rq *rq, struct task_struct *next, bool first)
{
	(void)first;
	next->se.exec_start = rq_clock_task(rq);
	k_update_idle_rq_clock_pelt(rq);
}

static const struct sched_class kc_idle_sched_class = {
	.put_prev_task = kc_put_prev_task_idle,
	.set_next_task = kc_set_next_task_idle,
};

static unsigned kc_index(const struct task_struct *p)
{
	return (unsigned)(p - kc_tasks);
}

/* __schedule()'s rq->curr (and 7.3's rq->donor: no proxy execution, the same task) */
static void kc_set_curr(struct rq *rq, struct task_struct *p)
{
	rq->curr = p;
#ifdef KC_LINUX_7_3
	rq->donor = p;
#endif
}

/* the runnable tasks of @cfs_rq: 6.1's h_nr_running (no delayed task there), 6.12's count */
static unsigned int kc_h_nr_runnable(const struct cfs_rq *cfs_rq)
{
#ifdef KC_LINUX_6_1
	return cfs_rq->h_nr_running;
#else
	return cfs_rq->h_nr_runnable;
#endif
}

/* the delayed tasks of @cfs_rq: a count of 6.12's, 7.3's cfs_h_nr_delayed(); 6.1 has none */
static unsigned int kc_h_nr_delayed(const struct cfs_rq *cfs_rq)
{
#if defined(KC_LINUX_7_3)
	return cfs_rq->h_nr_queued - cfs_rq->h_nr_runnable;
#elif defined(KC_LINUX_6_1)
	(void)cfs_rq;
	return 0;
#else
	return cfs_rq->h_nr_delayed;
#endif
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

/* fair.c's update_misfit_status(): logged only (a group of its own); NULL: no task runs */
void kc_paths_update_misfit_status(struct task_struct *p, struct rq *rq)
{
	(void)rq;
	kc_log(KC_CALL_UPDATE_MISFIT, p ? kc_index(p) : KC_PATH_TASKS, 0);
}

/*
 * fair.c's sched_balance_newidle() (group sched_balance_newidle's): its first call,
 * update_misfit_status(NULL), then nothing to pull on the one CPU
 */
int kc_paths_sched_balance_newidle(struct rq *rq, struct rq_flags *rf)
{
	(void)rf;
	update_misfit_status(NULL, rq);
	return 0;
}

static void kc_hook_util_est_enqueue(struct cfs_rq *cfs_rq, struct task_struct *p)
{
	kc_log(KC_CALL_UTIL_EST_ENQUEUE, kc_index(p), kc_util_est(cfs_rq->avg));
	k_util_est_enqueue(cfs_rq, p);
}

static void kc_hook_util_est_dequeue(struct cfs_rq *cfs_rq, struct task_struct *p)
{
	kc_log(KC_CALL_UTIL_EST_DEQUEUE, kc_index(p), kc_util_est(cfs_rq->avg));
	k_util_est_dequeue(cfs_rq, p);
}

#ifdef KC_LINUX_7_3
/* 7.3's: from update_load_avg(UPDATE_UTIL_EST), a task's sleep only */
static void kc_hook_util_est_update(struct sched_entity *se)
{
	kc_log(KC_CALL_UTIL_EST_UPDATE, kc_index(container_of(se, struct task_struct, se)),
	       (uint64_t)se->avg.util_avg << 1 | 1);
	k_util_est_update(se);
}
#else
static void kc_hook_util_est_update(struct cfs_rq *cfs_rq, struct task_struct *p, bool task_sleep)
{
	kc_log(KC_CALL_UTIL_EST_UPDATE, kc_index(p), (uint64_t)p->se.avg.util_avg << 1 | task_sleep);
	k_util_est_update(cfs_rq, p, task_sleep);
}
#endif

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

/* init_cfs_rq()'s start of the timeline; 6.1's capacity_orig_of() (update_cpu_capacity()) */
static void kc_cfs_rq_init(struct rq *rq)
{
#ifdef KC_LINUX_6_1
	rq->cfs.min_vruntime = (u64)(-(1LL << 20));
	rq->cpu_capacity_orig = kc_paths_cpu_scale;
#else
	rq->cfs.zero_vruntime = (u64)(-(1LL << 20));
#endif
}

static void kc_rq_init(const struct kc_path_in *in)
{
	struct rq *rq = &kc_paths_rq;
	struct sched_avg *sa = &rq->cfs.avg;

	memset(rq, 0, sizeof(*rq));
	memset(&kc_rd, 0, sizeof(kc_rd));
	memset(&kc_idle_task, 0, sizeof(kc_idle_task));
	memset(&kc_rt_task, 0, sizeof(kc_rt_task));
	kc_paths_hw_pressure = 0;
#ifdef KC_LINUX_6_1
	kc_paths_thermal_pressure = 0;
#endif
	kc_idle_task.sched_class = &kc_idle_sched_class;
	rq->rd = &kc_rd;
	rq->idle = &kc_idle_task;
	kc_set_curr(rq, in->rt_curr ? &kc_rt_task : &kc_idle_task);
	rq->nr_running = in->rt_curr ? 1 : 0;
	kc_cfs_rq_init(rq);
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
	kc_util_est(*sa) = (unsigned int)in->cfs_util_est;
}

static void kc_task_init(const struct kc_path_in *in, unsigned t)
{
	struct task_struct *p = &kc_tasks[t];
	struct sched_avg *sa = &p->se.avg;

	memset(p, 0, sizeof(*p));
	p->sched_class = &kc_fair_sched_class;
	p->policy = in->idle_policy[t] == KC_POLICY_IDLE    ? SCHED_IDLE
		    : in->idle_policy[t] == KC_POLICY_BATCH ? SCHED_BATCH
							    : SCHED_NORMAL;
	p->se.load.weight = scale_load(in->weight[t]); /* set_load_weight() */
#ifdef KC_LINUX_7_3
	p->se.h_load = p->se.load; /* its last enqueue's reweight_eevdf() (no group above it) */
#endif
#ifndef KC_LINUX_6_1 /* 6.1 has no slice of its own: sched_slice() */
	p->se.slice = sysctl_sched_base_slice;
	if (in->slice[t]) { /* __setscheduler_params(): a custom slice */
		p->se.slice = in->slice[t];
		p->se.custom_slice = 1;
	}
#endif
	p->se.run_node.__rb_parent_color = (unsigned long)&p->se.run_node; /* RB_CLEAR_NODE */
	sa->last_update_time = in->last_update[t];
	sa->util_avg = in->util_avg[t];
	sa->util_sum = (u32)in->util_sum[t];
	sa->runnable_avg = in->runnable_avg[t];
	sa->runnable_sum = in->runnable_sum[t];
	sa->load_avg = in->load_avg[t];
	sa->load_sum = in->load_sum[t];
	sa->period_contrib = (u32)in->period_contrib[t];
	kc_util_est(*sa) = (unsigned int)in->util_est[t];
#ifdef KC_LINUX_6_1
	sa->util_est.ewma = (unsigned int)in->util_avg[t]; /* kcase.h: the case's util_avg */
#else
	p->se.vlag = (s64)in->vlag[t];
#endif
	/* sched_setattr()'s uclamp requests (__setscheduler_uclamp()) */
	k_uclamp_se_set(&p->uclamp_req[UCLAMP_MIN], (unsigned int)in->uclamp_min[t], true);
	k_uclamp_se_set(&p->uclamp_req[UCLAMP_MAX], (unsigned int)in->uclamp_max[t], true);
}

/* rq->curr is one of the case's (fair) tasks */
static bool kc_fair_curr(const struct rq *rq)
{
	return rq->curr >= kc_tasks && rq->curr < kc_tasks + KC_PATH_TASKS;
}

/* sched_tick() up to the class tick, after a hardware cap of @khz (0: none) */
static void kc_tick(struct rq *rq, unsigned long khz)
{
	struct cpumask cpu0 = { { 1 } };

	if (khz) /* e.g. qcom_lmh_dcvs_notify() */
		k_topology_update_hw_pressure(&cpu0, khz);
	update_rq_clock(rq);
#ifdef KC_LINUX_6_1 /* 6.1's scheduler_tick(): the thermal pressure on rq_clock_thermal() */
	k_update_hw_load_avg(k_rq_clock_thermal(rq), rq, arch_scale_thermal_pressure(cpu_of(rq)));
#else
	k_update_hw_load_avg(rq_clock_task(rq), rq, arch_scale_hw_pressure(cpu_of(rq)));
#endif
	if (kc_fair_curr(rq))
		k_task_tick_fair(rq, rq->curr, 0);
}

/*
 * try_to_wake_up(): ttwu_runnable() of a delayed task, else ttwu_do_activate(); then
 * wakeup_preempt() (fair curr: the class's check_preempt_wakeup_fair(); an idle or RT curr is
 * the core's and not this group's)
 */
static int kc_ttwu(struct rq *rq, struct task_struct *p)
{
	if (p->on_rq && !p->se.sched_delayed)
		return 0; /* TASK_RUNNING already: ttwu_state_match() fails */
	update_rq_clock(rq);
	if (p->se.sched_delayed)
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_DELAYED);
	else
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_WAKEUP);
	p->on_rq = TASK_ON_RQ_QUEUED;
	if (kc_fair_curr(rq) && rq->curr != p)
		k_check_preempt_wakeup_fair(rq, p, WF_TTWU);
	return 1;
}

/* block_task(): dequeue_task(DEQUEUE_SLEEP), and off the runqueue unless delayed (6.1: always) */
static void kc_block(struct rq *rq, struct task_struct *p)
{
#ifdef KC_LINUX_6_1
	k_dequeue_task(rq, p, DEQUEUE_SLEEP | DEQUEUE_NOCLOCK);
	__block_task(rq, p);
#else
	if (k_dequeue_task(rq, p, DEQUEUE_SLEEP | DEQUEUE_NOCLOCK))
		__block_task(rq, p);
#endif
}

#ifdef KC_LINUX_6_1
/*
 * 6.1's pick_next_task_fair() as FAIR_GROUP_SCHED runs it on a flat hierarchy (the v6.1 model's
 * pick, as group cfs_6_1's driver): update_curr() of a curr still queued, pick_next_entity()
 * with it, put_prev_entity() / set_next_entity() only if another task is picked, then
 * update_misfit_status(); with no fair task, the newidle balance (the stub) and NULL
 */
static struct task_struct *kc_pick_next_task_fair(struct rq *rq, struct task_struct *prev,
						  struct rq_flags *rf)
{
	struct cfs_rq *cfs_rq = &rq->cfs;
	struct sched_entity *curr = cfs_rq->curr, *se;
	struct task_struct *p;

	if (!k_sched_fair_runnable(rq)) {
		sched_balance_newidle(rq, rf); /* pulls nothing */
		return NULL;
	}
	if (curr) {
		if (curr->on_rq)
			k_update_curr(cfs_rq);
		else
			curr = NULL;
	}
	se = k_pick_next_entity(cfs_rq, curr);
	p = k_task_of(se);
	if (prev != p) {
		k_put_prev_entity(cfs_rq, &prev->se);
		k_set_next_entity(cfs_rq, se);
	}
	update_misfit_status(p, rq);
	return p;
}
#endif

/*
 * __schedule() of the fair curr, after block_task() if it sleeps (@block): __pick_next_task()'s
 * path when every task is fair, the fair class's pick (which dequeues for good the delayed tasks
 * it chooses), else the idle task, then put_prev_set_next_task(); then prev's TIF_NEED_RESCHED
 * is cleared (clear_tsk_need_resched(), after the pick, whose update_curr() may set it)
 */
static void kc_schedule(struct rq *rq, bool block)
{
	struct task_struct *prev = rq->curr, *next;
	struct rq_flags rf = { 0 };

	update_rq_clock(rq);
	if (block)
		kc_block(rq, prev);
#if defined(KC_LINUX_6_1)
	next = kc_pick_next_task_fair(rq, prev, &rf);
	if (!next) { /* __pick_next_task(): put_prev_task(), then pick_next_task_idle() */
		next = rq->idle;
		prev->sched_class->put_prev_task(rq, prev);
		next->sched_class->set_next_task(rq, next, true);
	}
#elif defined(KC_LINUX_7_3)
	next = k_pick_task_fair(rq, &rf);
	if (!next)
		next = rq->idle; /* pick_task_idle() */
	k_put_prev_set_next_task(rq, prev, next);
#else
	next = k_pick_next_task_fair(rq, prev, &rf);
	if (!next) {
		next = rq->idle; /* pick_task_idle() */
		k_put_prev_set_next_task(rq, prev, next);
	}
#endif
	prev->kc_need_resched = 0;
	kc_set_curr(rq, next);
}

#ifdef KC_LINUX_6_1
/*
 * 6.1's task_fork_fair() without a parent running here (as group cfs_6_1's driver, as capsim
 * forks): the new entity placed a slice after min_vruntime, then relative to it
 */
static void kc_fork(struct rq *rq, struct task_struct *p)
{
	struct cfs_rq *cfs_rq = &rq->cfs;

	k_update_curr(cfs_rq);
	p->se.vruntime = cfs_rq->min_vruntime;
	k_place_entity(cfs_rq, &p->se, 1);
	p->se.vruntime -= cfs_rq->min_vruntime;
}
#endif

/* one step; 0 if its task is not in a state for it */
static int kc_op(struct rq *rq, unsigned op, struct task_struct *p, bool iowait, unsigned long khz)
{
	switch (op) {
	case KC_PATH_NEW:
	case KC_PATH_WAKE:
		if (p->on_rq)
			return 0;
		p->in_iowait = iowait;
		update_rq_clock(rq);
#ifdef KC_LINUX_6_1
		if (op == KC_PATH_NEW)
			kc_fork(rq, p);
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | (op == KC_PATH_NEW ? 0 : ENQUEUE_WAKEUP));
#else
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK |
				      (op == KC_PATH_NEW ? ENQUEUE_INITIAL : ENQUEUE_WAKEUP));
#endif
		p->on_rq = TASK_ON_RQ_QUEUED;
		p->in_iowait = 0; /* io_schedule_finish() */
		if (op == KC_PATH_NEW && kc_fair_curr(rq)) /* wake_up_new_task()'s wakeup_preempt() */
			k_check_preempt_wakeup_fair(rq, p, WF_FORK);
		return 1;
	case KC_PATH_SLEEP:
		if (!p->on_rq || p->se.sched_delayed || p == rq->curr)
			return 0;
		update_rq_clock(rq);
		kc_block(rq, p);
		return 1;
	case KC_PATH_REQUEUE:
		if (!p->se.sched_delayed)
			return 0;
		update_rq_clock(rq);
		k_enqueue_task(rq, p, ENQUEUE_NOCLOCK | ENQUEUE_DELAYED);
		return 1;
	case KC_PATH_RUN:
		if (!p->on_rq || p->se.sched_delayed || rq->curr != rq->idle)
			return 0;
		update_rq_clock(rq);
		k_set_next_task_fair(rq, p, true); /* put_prev_set_next_task() after idle */
#ifdef KC_LINUX_6_1 /* 6.1: pick_next_task_fair()'s, after its set_next_entity() */
		update_misfit_status(p, rq);
#endif
		kc_set_curr(rq, p);
		return 1;
	case KC_PATH_TICK:
		kc_tick(rq, khz);
		return 1;
	case KC_PATH_TTWU:
		return kc_ttwu(rq, p);
	case KC_PATH_PICK:
	case KC_PATH_BLOCK:
		if (!kc_fair_curr(rq))
			return 0;
		kc_schedule(rq, op == KC_PATH_BLOCK);
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
	kc_paths_freq_ref = (unsigned int)in->freq_ref;
#ifdef KC_LINUX_6_1 /* init_cpu_capacity_callback(): cpuinfo.max_freq / 1000 */
	kc_paths_freq_factor = (unsigned int)(in->freq_ref / 1000);
	kc_paths_online_cpus = 1;
	k_update_sysctl(); /* sched_init_granularity() */
#endif
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
						  in->iowait[k] != 0, in->khz[k]);
		out->nr_running[k] = rq->nr_running;
		out->h_nr_runnable[k] = kc_h_nr_runnable(&rq->cfs);
		out->h_nr_delayed[k] = kc_h_nr_delayed(&rq->cfs);
		out->load_weight[k] = scale_load_down(rq->cfs.load.weight);
		out->cfs_util_avg_out[k] = rq->cfs.avg.util_avg;
		out->cfs_util_sum_out[k] = rq->cfs.avg.util_sum;
		out->cfs_runnable_avg_out[k] = rq->cfs.avg.runnable_avg;
		out->cfs_runnable_sum_out[k] = rq->cfs.avg.runnable_sum;
		out->cfs_load_avg_out[k] = rq->cfs.avg.load_avg;
		out->cfs_load_sum_out[k] = rq->cfs.avg.load_sum;
		out->cfs_last_update[k] = rq->cfs.avg.last_update_time;
		out->cfs_util_est_out[k] = kc_util_est(rq->cfs.avg);
		out->uclamp_min_rq[k] = k_uclamp_rq_get(rq, UCLAMP_MIN);
		out->uclamp_max_rq[k] = k_uclamp_rq_get(rq, UCLAMP_MAX);
		out->uclamp_idle[k] = !!(rq->uclamp_flags & UCLAMP_FLAG_IDLE);
		out->overloaded[k] = (uint64_t)kc_rd_overloaded(rq->rd);
		out->curr_task[k] = kc_fair_curr(rq) ? kc_index(rq->curr) + 1 : 0;
		out->need_resched[k] = (uint64_t)rq->curr->kc_need_resched;
#ifdef KC_LINUX_6_1 /* min_vruntime; the thermal pressure's average */
		out->zero_vruntime_out[k] = rq->cfs.min_vruntime;
		out->hw_load_avg_out[k] = rq->avg_thermal.load_avg;
#else
		out->zero_vruntime_out[k] = rq->cfs.zero_vruntime;
		out->hw_load_avg_out[k] = rq->avg_hw.load_avg;
#endif
	}
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		const struct sched_entity *se = &kc_tasks[t].se;

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
		out->t_slice[t] = se->slice;
		/* task_sched_runtime() at the last clock update: curr's pending delta included */
		out->t_sum_exec[t] = se->sum_exec_runtime +
				     (rq->curr == &kc_tasks[t] ? rq->clock_task - se->exec_start : 0);
		out->t_exec_start[t] = se->exec_start;
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

void kside_task_tick_fair(const struct kc_task_tick_fair_in *in, struct kc_task_tick_fair_out *out)
{
	kside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void kside_check_preempt_wakeup_fair(const struct kc_check_preempt_wakeup_fair_in *in,
				     struct kc_check_preempt_wakeup_fair_out *out)
{
	kside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void kside_pick_next_task_fair(const struct kc_pick_next_task_fair_in *in,
			       struct kc_pick_next_task_fair_out *out)
{
	kside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}
#include "kernel_side_migrate.c"
#ifdef KC_LINUX_7_3
#include "kernel_side_eevdf_7_3.c"
#endif
#ifdef KC_LINUX_6_1
#include "kernel_side_misfit_6_1.c"
#endif
