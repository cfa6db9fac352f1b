// SPDX-License-Identifier: MIT
/*
 * capsim_side_paths.c - capsim's answer for the path groups enqueue_task_fair,
 * dequeue_task_fair, task_tick_fair, check_preempt_wakeup_fair and pick_next_task_fair: the
 * case's tasks written into
 * a simulator of one CPU (struct capsim_sim with its sim_rq, set up by rq_init(), and its
 * pressure by sim_pressure_setup()), and each step done by the engine's own entry points
 * (src/sim/core.c, src/sim/fair.c): rq_enqueue_flags() for a new task (EEVDF_ENQUEUE_INITIAL)
 * and a wake-up, rq_dequeue() for a sleep, rq_requeue_delayed() for a delayed task's wake-up,
 * the fair class's set_next_task() for a task set running, sim_pressure_hw_cap() and
 * rq_tick_curr() for a tick, a wake-up's rq_check_preempt_wakeup(), and for __schedule() of the
 * running task rq_resched()'s own steps, rq_pick_next() and rq_put_prev_set_next() (after
 * rq_dequeue() if it sleeps). Nothing here computes an answer.
 *
 * The call log: the model functions the engine calls from another file are wrapped at link
 * time (-Wl,--wrap, kernel-check/CMakeLists.txt): each __wrap_ logs the call with its
 * arguments while a path case runs, then makes it (__real_), except cpufreq_update_util(),
 * which, as on the kernel side, runs no governor during a path case, update_misfit_status()
 * (a group of its own) and rq_resched(): a reschedule the wake-up asks for is left pending in
 * the engine's own flag (rq->fair_resched), not made, as the kernel side's resched_curr() only
 * sets TIF_NEED_RESCHED.
 */
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "model/model.h"
#include "model/uclamp.h"
#include "model/util_est.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

/*
 * The model the path cases run: 6.12's; built again with KC_MODEL for another version's path
 * groups (the _7_3 and _6_1 groups, kernel-check/CMakeLists.txt; v6.1's entity is CFS's).
 * Those copies define no __wrap_ of their own (the link has one of each, this file's first
 * copy): they point the shared log (kc_cs_paths_log) at their own case and tasks while a case
 * runs.
 */
#ifndef KC_MODEL
#define KC_MODEL CAPSIM_MODEL_V6_12
#define KC_PATHS_WRAPS 1
#endif

static struct {
	struct capsim_sim s;
	struct sim_rq rq;
	struct fair_cpu view;
	struct capsim_platform plat;
	struct platform_cpu cpu;
	struct sim_task tasks[KC_PATH_TASKS], rt;
	capsim_error err;
} cs;
/* the case that runs (out NULL: none, the wrappers only forward), its step and tasks */
struct kc_cs_paths_log {
	struct kc_path_out *out;
	unsigned step, task; /* the step in progress and its task */
	const struct sim_task *tasks;
};
extern struct kc_cs_paths_log kc_cs_paths_log;
#define cs_out kc_cs_paths_log.out
#define cs_step kc_cs_paths_log.step
#define cs_task kc_cs_paths_log.task
static bool cs_tick_resched; /* what the step's rq_tick_curr() returned */

#ifdef KC_PATHS_WRAPS
struct kc_cs_paths_log kc_cs_paths_log;

static void cs_log(unsigned call, unsigned task, uint64_t arg)
{
	if (!cs_out)
		return;
	if (cs_out->nr_log < KC_PATH_LOG)
		cs_out->log[cs_out->nr_log] = kc_path_entry(cs_step, call, task, arg);
	cs_out->nr_log++;
}

/* the case's task a field of the engine's task belongs to */
#define CS_TASK_OF(ptr, member) \
	((unsigned)((const struct sim_task *)((char *)(ptr) - offsetof(struct sim_task, member)) - \
		    kc_cs_paths_log.tasks))

uint32_t __real_util_est_enqueue(uint32_t cfs_util_est, uint32_t task_util_est);
uint32_t __real_util_est_dequeue(uint32_t cfs_util_est, uint32_t task_util_est);
bool __real_util_est_update(uint32_t *util_est, uint64_t util, uint64_t runnable,
			    uint64_t arch_cap, bool task_sleep);
bool __real_util_est_update_6_1(uint32_t *enqueued, uint32_t *ewma, uint64_t util,
				uint64_t arch_cap, bool task_sleep);
int __real_pelt_update_load_avg_se(struct capsim_sched_avg *sa, uint32_t *util_est, uint64_t now,
				   int on_rq, int runnable, int running, uint64_t weight);
void __real_uclamp_rq_inc(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS],
			  const uint32_t eff[UCLAMP_IDS]);
void __real_uclamp_rq_dec(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS]);
void __real_cpufreq_update_util(struct capsim_sim *s, int cpu);
void __real_cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags);
void __real_update_misfit_status(struct capsim_sim *s, struct sim_rq *rq);
void __real_rq_resched(struct capsim_sim *s, struct sim_rq *rq);
uint32_t __wrap_util_est_enqueue(uint32_t cfs_util_est, uint32_t task_util_est);
uint32_t __wrap_util_est_dequeue(uint32_t cfs_util_est, uint32_t task_util_est);
bool __wrap_util_est_update(uint32_t *util_est, uint64_t util, uint64_t runnable,
			    uint64_t arch_cap, bool task_sleep);
bool __wrap_util_est_update_6_1(uint32_t *enqueued, uint32_t *ewma, uint64_t util,
				uint64_t arch_cap, bool task_sleep);
int __wrap_pelt_update_load_avg_se(struct capsim_sched_avg *sa, uint32_t *util_est, uint64_t now,
				   int on_rq, int runnable, int running, uint64_t weight);
void __wrap_uclamp_rq_inc(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS],
			  const uint32_t eff[UCLAMP_IDS]);
void __wrap_uclamp_rq_dec(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS]);
void __wrap_cpufreq_update_util(struct capsim_sim *s, int cpu);
void __wrap_cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags);
void __wrap_update_misfit_status(struct capsim_sim *s, struct sim_rq *rq);
void __wrap_rq_resched(struct capsim_sim *s, struct sim_rq *rq);

/*
 * util_est_enqueue() / _dequeue() take values, not the task: the task is the one the step
 * names (the engine calls them for that task only).
 */
uint32_t __wrap_util_est_enqueue(uint32_t cfs_util_est, uint32_t task_util_est)
{
	cs_log(KC_CALL_UTIL_EST_ENQUEUE, cs_task, cfs_util_est);
	return __real_util_est_enqueue(cfs_util_est, task_util_est);
}

uint32_t __wrap_util_est_dequeue(uint32_t cfs_util_est, uint32_t task_util_est)
{
	cs_log(KC_CALL_UTIL_EST_DEQUEUE, cs_task, cfs_util_est);
	return __real_util_est_dequeue(cfs_util_est, task_util_est);
}

bool __wrap_util_est_update(uint32_t *util_est, uint64_t util, uint64_t runnable,
			    uint64_t arch_cap, bool task_sleep)
{
	if (cs_out)
		cs_log(KC_CALL_UTIL_EST_UPDATE, CS_TASK_OF(util_est, util_est),
		       util << 1 | task_sleep);
	return __real_util_est_update(util_est, util, runnable, arch_cap, task_sleep);
}

/* the v6.1 model's (6.1's two values), logged as the kernel side logs 6.1's util_est_update() */
bool __wrap_util_est_update_6_1(uint32_t *enqueued, uint32_t *ewma, uint64_t util,
				uint64_t arch_cap, bool task_sleep)
{
	if (cs_out)
		cs_log(KC_CALL_UTIL_EST_UPDATE, CS_TASK_OF(enqueued, util_est),
		       util << 1 | task_sleep);
	return __real_util_est_update_6_1(enqueued, ewma, util, arch_cap, task_sleep);
}

int __wrap_pelt_update_load_avg_se(struct capsim_sched_avg *sa, uint32_t *util_est, uint64_t now,
				   int on_rq, int runnable, int running, uint64_t weight)
{
	if (cs_out)
		cs_log(KC_CALL_UPDATE_LOAD_AVG_SE, CS_TASK_OF(sa, avg), now);
	return __real_pelt_update_load_avg_se(sa, util_est, now, on_rq, runnable, running, weight);
}

/* the model's uclamp_rq_inc() / _dec() do both clamp ids: the kernel's one call per id */
void __wrap_uclamp_rq_inc(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS],
			  const uint32_t eff[UCLAMP_IDS])
{
	for (unsigned id = 0; cs_out && id < UCLAMP_IDS; id++)
		cs_log(KC_CALL_UCLAMP_RQ_INC, CS_TASK_OF(se, uclamp_se), id);
	__real_uclamp_rq_inc(rq, se, eff);
}

void __wrap_uclamp_rq_dec(struct uclamp_rq_state *rq, struct uclamp_se se[UCLAMP_IDS])
{
	for (unsigned id = 0; cs_out && id < UCLAMP_IDS; id++)
		cs_log(KC_CALL_UCLAMP_RQ_DEC, CS_TASK_OF(se, uclamp_se), id);
	__real_uclamp_rq_dec(rq, se);
}

void __wrap_cpufreq_update_util(struct capsim_sim *s, int cpu)
{
	if (cs_out) {
		cs_log(KC_CALL_CPUFREQ_UPDATE_UTIL, (unsigned)cpu, 0);
		return;
	}
	__real_cpufreq_update_util(s, cpu);
}

void __wrap_cpufreq_update_util_flags(struct capsim_sim *s, int cpu, unsigned flags)
{
	if (cs_out) {
		cs_log(KC_CALL_CPUFREQ_UPDATE_UTIL, (unsigned)cpu, flags);
		return;
	}
	__real_cpufreq_update_util_flags(s, cpu, flags);
}

void __wrap_update_misfit_status(struct capsim_sim *s, struct sim_rq *rq)
{
	if (cs_out) { /* of the fair curr, KC_PATH_TASKS for none (the switch to idle) */
		cs_log(KC_CALL_UPDATE_MISFIT,
		       rq->curr && task_is_fair(rq->curr)
			       ? (unsigned)(rq->curr - kc_cs_paths_log.tasks) : KC_PATH_TASKS,
		       0);
		return;
	}
	__real_update_misfit_status(s, rq);
}

void __wrap_rq_resched(struct capsim_sim *s, struct sim_rq *rq)
{
	if (cs_out) {
		rq->fair_resched = true; /* pending, as the kernel's TIF_NEED_RESCHED */
		return;
	}
	__real_rq_resched(s, rq);
}
#endif /* KC_PATHS_WRAPS */

static void cs_sim_init(const struct kc_path_in *in)
{
	struct capsim_sim *s = &cs.s;
	struct sim_rq *rq = &cs.rq;
	struct capsim_sched_avg *sa;

	memset(&cs, 0, sizeof(cs));
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT; /* the kernel side's CONFIG_UCLAMP_BUCKETS_COUNT */
	s->nr_cpus = 1;
	s->rq = rq;
	s->view = &cs.view;
	s->plat = &cs.plat;
	s->rd = (struct fair_rd){ .model = KC_MODEL, .nr_cpus = 1, .cpus = &cs.view,
				  .uclamp_used = in->uclamp_used != 0 };
	cs.plat.cpus = &cs.cpu;
	cs.plat.nr_cpus = 1;
	cs.cpu.capacity_orig = in->cpu_scale;
	cs.cpu.freq_ref_khz = (uint32_t)in->freq_ref;
	cs.cpu.policy = -1;
	if (sim_pressure_setup(s, &cs.err))
		abort();
	rq_init(s, rq, 0);
	sa = &rq->fc->cfs_avg; /* rq_init() points rq->fc at the view */
	eevdf_rq_init(&rq->cfs, in->base_slice, in->tick_nsec, false);
	rq->cfs.v7_3 = model_eevdf_7_3(KC_MODEL); /* as rq_init() */
	rq->freq_scale = in->freq_scale;
	rq->clk.clock = rq->clk.clock_task = rq->clk.clock_pelt = in->clock0;
	s->now = in->clock0 - SIM_RQ_CLOCK_START_NS;
	if (in->rt_curr) {
		cs.rt.sched_class = &sim_rt_sched_class;
		cs.rt.state = TASK_RUNNING;
		cs.rt.exec_start = in->clock0;
		cs.rt.st.cur_cpu = -1;
		rq->curr = &cs.rt;
		rq->fc->nr_running = rq->fc->rt_nr_running = 1;
	}
	sa->last_update_time = in->clock0;
	sa->util_avg = in->cfs_util_avg;
	sa->util_sum = (uint32_t)in->cfs_util_sum;
	sa->runnable_avg = in->cfs_runnable_avg;
	sa->runnable_sum = in->cfs_runnable_sum;
	sa->load_avg = in->cfs_load_avg;
	sa->load_sum = in->cfs_load_sum;
	sa->period_contrib = (uint32_t)in->cfs_period_contrib;
	rq->fc->util_est_cfs = (uint32_t)in->cfs_util_est;
}

static void cs_task_init(const struct kc_path_in *in, unsigned t)
{
	struct sim_task *p = &cs.tasks[t];
	struct capsim_sched_avg *sa = &p->avg;

	p->cpu = 0;
	p->sched_class = &sim_fair_sched_class;
	p->state = in->last_update[t] ? TASK_BLOCKED : TASK_NEW;
	p->policy = in->idle_policy[t] == KC_POLICY_IDLE    ? WL_POLICY_IDLE
		    : in->idle_policy[t] == KC_POLICY_BATCH ? WL_POLICY_BATCH
							    : WL_POLICY_OTHER;
	p->weight = in->weight[t];
	p->se.weight = in->weight[t];
	p->cse.weight = in->weight[t];
	p->cse.idle = in->idle_policy[t] == KC_POLICY_IDLE; /* se_is_idle() */
	p->se.slice = in->slice[t] ? in->slice[t] : in->base_slice;
	p->se.custom_slice = in->slice[t] != 0;
	p->st.cur_cpu = -1;
	sa->last_update_time = in->last_update[t];
	sa->util_avg = in->util_avg[t];
	sa->util_sum = (uint32_t)in->util_sum[t];
	sa->runnable_avg = in->runnable_avg[t];
	sa->runnable_sum = in->runnable_sum[t];
	sa->load_avg = in->load_avg[t];
	sa->load_sum = in->load_sum[t];
	sa->period_contrib = (uint32_t)in->period_contrib[t];
	p->util_est = (uint32_t)in->util_est[t];
	if (model_util_est_two_values(KC_MODEL)) /* 6.1's ewma: kcase.h */
		p->util_est_ewma = (uint32_t)in->util_avg[t];
	p->se.vlag = (int64_t)in->vlag[t];
	/* uclamp_eff_value() of a request below the system defaults (1024): the request */
	p->uclamp_req[0] = (int)in->uclamp_min[t];
	p->uclamp_req[1] = (int)in->uclamp_max[t];
	p->uclamp_eff[0] = in->uclamp_min[t];
	p->uclamp_eff[1] = in->uclamp_max[t];
}

/* queued or delayed: se->on_rq */
static bool cs_on_rq(const struct sim_task *p)
{
	return p->state == TASK_RUNNABLE || p->state == TASK_RUNNING || p->se.sched_delayed;
}

/* a wake-up: try_to_wake_up()'s enqueue or requeue, then rq_check_preempt_wakeup() */
static int cs_ttwu(struct sim_rq *rq, struct sim_task *p)
{
	struct capsim_sim *s = &cs.s;

	if (p->se.sched_delayed)
		rq_requeue_delayed(s, rq, p);
	else if (!cs_on_rq(p))
		rq_enqueue(s, rq, p, true);
	else
		return 0;
	if (rq->curr && rq->curr != p)
		rq_check_preempt_wakeup(s, rq, p);
	return 1;
}

/*
 * __schedule() of the running fair task, after its sleep (@block: rq_dequeue(), maybe delayed,
 * as the engine's task_block() before rq_resched()): rq_resched()'s pick and switch
 */
static int cs_schedule(struct sim_rq *rq, bool block)
{
	struct capsim_sim *s = &cs.s;

	if (!rq->curr || !task_is_fair(rq->curr))
		return 0;
	if (block) {
		cs_task = (unsigned)(rq->curr - cs.tasks); /* the step's task is curr */
		rq_dequeue(s, rq, rq->curr, true);
	}
	rq_put_prev_set_next(s, rq, rq_pick_next(s, rq), false);
	return 1;
}

/* a tick of @rq (CPU 0's) after a hardware cap of @khz (0: none) */
static void cs_tick(struct sim_rq *rq, uint64_t khz)
{
	capsim_cpumask cpu0 = { { 1 } };

	if (khz)
		sim_pressure_hw_cap(&cs.s, &cpu0, (uint32_t)khz);
	cs_tick_resched = rq_tick_curr(&cs.s, rq);
	if (cs_tick_resched) /* rq_tick()'s reschedule, left pending (__wrap_rq_resched()) */
		rq_resched(&cs.s, rq);
}

/*
 * one step through the engine's entry point on @rq (@khz: a tick's hardware cap); 0 if its task
 * is not in a state for it
 */
static int cs_op_on(struct sim_rq *rq, unsigned op, struct sim_task *p, bool iowait,
		    uint64_t khz)
{
	struct capsim_sim *s = &cs.s;

	rq->acct_last = s->now; /* what sim_account_cpu() counts is no path's */
	switch (op) {
	case KC_PATH_NEW:
	case KC_PATH_WAKE:
		if (cs_on_rq(p))
			return 0;
		p->in_iowait = iowait;
		if (op == KC_PATH_WAKE) {
			rq_enqueue(s, rq, p, true);
			return 1;
		}
		rq_enqueue_flags(s, rq, p, false, EEVDF_ENQUEUE_INITIAL);
		if (rq->curr) /* wake_up_new_task()'s wakeup_preempt() */
			rq_check_preempt_wakeup_flags(s, rq, p, WF_FORK);
		return 1;
	case KC_PATH_SLEEP:
		if (!cs_on_rq(p) || p->se.sched_delayed || rq->curr == p)
			return 0;
		rq_dequeue(s, rq, p, true);
		return 1;
	case KC_PATH_REQUEUE:
		if (!p->se.sched_delayed)
			return 0;
		rq_requeue_delayed(s, rq, p);
		return 1;
	case KC_PATH_RUN:
		if (!cs_on_rq(p) || p->se.sched_delayed || rq->curr)
			return 0;
		update_rq_clock(s, rq);
		p->sched_class->set_next_task(s, rq, p); /* rq_resched()'s switch from idle */
		return 1;
	case KC_PATH_TICK:
		cs_tick(rq, khz);
		return 1;
	case KC_PATH_TTWU:
		return cs_ttwu(rq, p);
	case KC_PATH_PICK:
	case KC_PATH_BLOCK:
		return cs_schedule(rq, op == KC_PATH_BLOCK);
	}
	return 0;
}

/* the fields of @rq every path group compares after step @k */
static void cs_record_rq(struct kc_path_out *out, unsigned k, const struct sim_rq *rq)
{
	out->nr_running[k] = rq->fc->nr_running;
	out->h_nr_runnable[k] = rq->fc->cfs_nr;
	out->h_nr_delayed[k] = rq->fc->cfs_delayed;
	out->load_weight[k] = rq->cfs_load_weight;
	out->cfs_util_avg_out[k] = rq->fc->cfs_avg.util_avg;
	out->cfs_util_sum_out[k] = rq->fc->cfs_avg.util_sum;
	out->cfs_runnable_avg_out[k] = rq->fc->cfs_avg.runnable_avg;
	out->cfs_runnable_sum_out[k] = rq->fc->cfs_avg.runnable_sum;
	out->cfs_load_avg_out[k] = rq->fc->cfs_avg.load_avg;
	out->cfs_load_sum_out[k] = rq->fc->cfs_avg.load_sum;
	out->cfs_last_update[k] = rq->fc->cfs_avg.last_update_time;
	out->cfs_util_est_out[k] = rq->fc->util_est_cfs;
	out->uclamp_min_rq[k] = rq->fc->uclamp_min_rq;
	out->uclamp_max_rq[k] = rq->fc->uclamp_max_rq;
	out->uclamp_idle[k] = rq->fc->uclamp_idle;
	out->overloaded[k] = cs.s.overloaded;
}

/* @p's entity: EEVDF's, or under the v6.1 model CFS's (not delayed, no deadline, lag or slice) */
static void cs_record_entity(struct kc_path_out *out, unsigned t, const struct sim_task *p)
{
	if (model_fair_cfs(KC_MODEL)) {
		out->t_on_rq[t] = p->cse.on_rq;
		out->t_delayed[t] = out->t_deadline[t] = out->t_vlag[t] = out->t_slice[t] = 0;
		out->t_vruntime[t] = p->cse.vruntime;
		out->t_exec_start[t] = p->cse.exec_start;
		return;
	}
	out->t_on_rq[t] = p->se.on_rq;
	out->t_delayed[t] = p->se.sched_delayed;
	out->t_vruntime[t] = p->se.vruntime;
	out->t_deadline[t] = p->se.deadline;
	out->t_vlag[t] = (uint64_t)p->se.vlag;
	out->t_slice[t] = p->se.slice;
	out->t_exec_start[t] = p->se.exec_start;
}

void cside_path(const struct kc_path_in *in, struct kc_path_out *out)
{
	struct sim_rq *rq = &cs.rq;

	cs_sim_init(in);
	for (unsigned t = 0; t < in->nr_tasks; t++)
		cs_task_init(in, t);
	kc_cs_paths_log.tasks = cs.tasks;
	cs_out = out;
	for (unsigned k = 0; k < in->nr_steps; k++) {
		cs_step = k;
		cs.s.now += in->dt[k];
		cs_task = (unsigned)in->task[k];
		out->applied[k] = (uint64_t)cs_op_on(rq, (unsigned)in->op[k], &cs.tasks[in->task[k]],
						     in->iowait[k] != 0, in->khz[k]);
		cs_record_rq(out, k, rq);
		out->curr_task[k] = rq->curr && task_is_fair(rq->curr) ? (uint64_t)(rq->curr - cs.tasks) + 1 : 0;
		/* a tick's: the reschedule rq_tick() makes; else the one pending */
		out->need_resched[k] = in->op[k] == KC_PATH_TICK ? cs_tick_resched : rq->fair_resched;
		out->zero_vruntime_out[k] = model_fair_cfs(KC_MODEL) ? rq->cfs61.min_vruntime
								     : rq->cfs.zero_vruntime;
		out->hw_load_avg_out[k] = sim_pressure_load_avg(&cs.s, 0);
	}
	cs_out = NULL;
	for (unsigned t = 0; t < in->nr_tasks; t++) {
		struct sim_task *p = &cs.tasks[t];

		out->t_util_avg[t] = p->avg.util_avg;
		out->t_util_sum[t] = p->avg.util_sum;
		out->t_runnable_avg[t] = p->avg.runnable_avg;
		out->t_load_avg[t] = p->avg.load_avg;
		out->t_last_update[t] = p->avg.last_update_time;
		out->t_util_est[t] = p->util_est;
		cs_record_entity(out, t, p);
		/* the engine charges curr at points of its own: its time up to the last clock */
		out->t_sum_exec[t] = p->st.runtime_ns + (rq->curr == p ? rq->clk.clock - p->exec_start : 0);
		free(p->st.by_cpu); /* what rq_update_curr() counted of its time */
	}
	free(cs.rt.st.by_cpu); /* the same of the RT task's */
	sim_pressure_free(&cs.s);
	if (out->nr_log > KC_PATH_LOG)
		out->nr_log = KC_PATH_LOG + 1; /* more than the room: the count shows it */
}

void cside_enqueue_task_fair(const struct kc_enqueue_task_fair_in *in,
			     struct kc_enqueue_task_fair_out *out)
{
	cside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void cside_dequeue_task_fair(const struct kc_dequeue_task_fair_in *in,
			     struct kc_dequeue_task_fair_out *out)
{
	cside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void cside_task_tick_fair(const struct kc_task_tick_fair_in *in, struct kc_task_tick_fair_out *out)
{
	cside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void cside_check_preempt_wakeup_fair(const struct kc_check_preempt_wakeup_fair_in *in,
				     struct kc_check_preempt_wakeup_fair_out *out)
{
	cside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

void cside_pick_next_task_fair(const struct kc_pick_next_task_fair_in *in,
			       struct kc_pick_next_task_fair_out *out)
{
	cside_path((const struct kc_path_in *)in, (struct kc_path_out *)out);
}

/* --- group select_task_rq_fair --------------------------------------------------------- */

/*
 * The case's CPUs in a simulator of their own: the platform's domains as the case builds them
 * (MC per cluster with SD_SHARE_LLC, PKG over all), which sim_balance_init() attaches to each
 * runqueue (and update_top_cache_domain()'s sd_llc with them); each runqueue's counts, load and
 * capacity, its current task (or the idle task's record), and the view the placement reads;
 * then the engine's select_task_rq_fair() from this_cpu. find_energy_efficient_cpu() is
 * wrapped: while a case runs it answers the case's feec_cpu, as the kernel side's hook does,
 * unless the case has perf domains (eas_pds): then the model's runs on the root domain's
 * (the clusters', cs_feec_pds() of capsim_side.c) and each CPU's CFS util.
 * The wrapper is the first copy's (6.12); the v7.3 copy points it at its case (kc_cs_feec).
 * Under 7.3 each domain's sched_domain_shared nr_idle_scan is the case's (the engine's
 * s->nr_idle_scan, per domain).
 */
static struct {
	struct capsim_sim s;
	struct sim_rq rq[KC_MAX_CPUS];
	struct fair_cpu view[KC_MAX_CPUS];
	struct capsim_platform plat;
	struct platform_cpu cpu[KC_MAX_CPUS];
	struct sched_domains sd;
	struct sd_domain dom[3];
	capsim_cpumask groups[3];
	uint32_t group_flags[3];
	struct sim_task curr[KC_MAX_CPUS], p;
} ws;
/* the case whose feec the wrapper answers (in NULL: none runs), shared by both copies */
struct kc_cs_feec {
	const struct kc_select_task_rq_fair_in *in;
	bool asked;
};
extern struct kc_cs_feec kc_cs_feec;
#define ws_in kc_cs_feec.in
#define ws_feec_asked kc_cs_feec.asked

#ifdef KC_PATHS_WRAPS /* 6.12's copy: the link's one wrapper */
struct kc_cs_feec kc_cs_feec;

int __real_find_energy_efficient_cpu(const struct fair_rd *rd, const struct fair_task *p,
				     struct feec_trace *trace);
int __wrap_find_energy_efficient_cpu(const struct fair_rd *rd, const struct fair_task *p,
				     struct feec_trace *trace);
int __wrap_find_energy_efficient_cpu(const struct fair_rd *rd, const struct fair_task *p,
				     struct feec_trace *trace)
{
	if (!ws_in)
		return __real_find_energy_efficient_cpu(rd, p, trace);
	ws_feec_asked = true;
	return ws_in->eas_pds ? __real_find_energy_efficient_cpu(rd, p, trace) : (int)ws_in->feec_cpu;
}
#endif

/* a domain of the case: @span at @level with @flags, its one group the span itself */
static void ws_domain(unsigned d, enum sd_level level, const capsim_cpumask *span, uint32_t flags)
{
	ws.dom[d] = (struct sd_domain){ .level = level, .span = *span, .flags = flags,
					.first_group = d, .nr_groups = 1 };
	ws.groups[d] = *span;
	ws.group_flags[d] = 0;
}

static void ws_domains(const struct kc_select_task_rq_fair_in *in, bool asym)
{
	capsim_cpumask all = { { 0 } }, lo = { { 0 } }, hi = { { 0 } };
	uint32_t asym_flags = asym ? SD_ASYM_CPUCAPACITY | SD_ASYM_CPUCAPACITY_FULL : 0;
	uint32_t mc = SD_WAKE_AFFINE | SD_SHARE_LLC;
	unsigned n = 0;

	for (unsigned c = 0; c < in->nr_cpus; c++) {
		capsim_cpumask_set(&all, c);
		capsim_cpumask_set(c < in->split ? &lo : &hi, c);
	}
	if (in->split == in->nr_cpus) {
		ws_domain(n++, SD_LEVEL_MC, &all, mc | asym_flags);
	} else {
		ws_domain(n++, SD_LEVEL_MC, &lo, mc);
		ws_domain(n++, SD_LEVEL_MC, &hi, mc);
		ws_domain(n++, SD_LEVEL_PKG, &all, SD_WAKE_AFFINE | asym_flags);
	}
	ws.sd = (struct sched_domains){ .domains = ws.dom, .nr_domains = n, .groups = ws.groups,
					.group_flags = ws.group_flags, .nr_groups = n,
					.insane_level = -1 };
}

void cs_feec_pds(const struct kc_find_energy_efficient_cpu_in *in,
		 struct em_perf_state (*table)[KC_MAX_OPPS], struct em_perf_domain *pds,
		 unsigned *pd_order);

/* eas_pds: the clusters as the root domain's perf domains, each CPU's CFS util */
static void ws_eas(const struct kc_select_task_rq_fair_in *in)
{
	static struct em_perf_state table[KC_FEEC_PDS][KC_MAX_OPPS];
	static struct em_perf_domain pds[KC_FEEC_PDS];
	static unsigned pd_order[KC_FEEC_PDS];
	struct kc_find_energy_efficient_cpu_in em;

	if (!in->eas_pds)
		return;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		ws.view[c].cfs_avg.util_avg = in->util_cfs[c];
		ws.view[c].util_est_cfs = (uint32_t)in->util_est_cfs[c];
	}
	kc_select_task_rq_fair_em(in, &em);
	cs_feec_pds(&em, table, pds, pd_order);
	ws.s.rd.nr_pds = (unsigned)em.nr_pds;
	ws.s.rd.pds = pds;
	ws.s.rd.pd_order = pd_order;
}

static void ws_rq(const struct kc_select_task_rq_fair_in *in, unsigned c)
{
	struct capsim_sim *s = &ws.s;
	struct sim_rq *rq = &ws.rq[c];
	struct fair_cpu *v = &ws.view[c];
	struct sim_wakee *w = &rq->idle_wakee;

	rq_init(s, rq, (int)c);
	rq->fc->capacity_of = in->capacity_of[c];
	rq->fc->cfs_avg.load_avg = in->cfs_load_avg[c];
	rq->fc->cfs_avg.last_update_time = 1000000;
	rq->fc->nr_running = (unsigned)in->nr_running[c];
	/* 6.1 has no delayed dequeue: the v6.1 model never keeps a delayed task */
	rq->fc->cfs_delayed = model_fair_cfs(KC_MODEL) ? 0 : (unsigned)in->nr_delayed[c];
	rq->fc->cfs_nr = rq->fc->nr_running - rq->fc->cfs_delayed;
	if (rq->fc->nr_running) {
		struct sim_task *t = &ws.curr[c];

		t->cpu = (int)c;
		t->sched_class = &sim_fair_sched_class;
		t->state = TASK_RUNNING;
		t->policy = in->idle_policy[c] ? WL_POLICY_IDLE : WL_POLICY_OTHER;
		t->avg.load_avg = in->curr_load_avg[c];
		rq->curr = t;
		w = &t->wakee;
	}
	*w = (struct sim_wakee){ .flips = (unsigned)in->curr_flips[c],
				 .flip_decay_ts = in->curr_decay_ts[c],
				 .last = in->curr_last_is_p[c] ? &ws.p : NULL };
	v->arch_cap = in->arch_cap[c];
	/* the v6.1 model reads 6.1's thermal_load_avg() and arch_scale_thermal_pressure() in their
	 * place (kernel_side.c's kc_pressure_6_1()) */
	v->hw_load_avg = v->thermal_load_avg = in->hw_load_avg[c];
	v->cpufreq_pressure = v->thermal_pressure = in->cpufreq_pressure[c];
	v->uclamp_max_rq = SCHED_CAPACITY_SCALE;
	v->uclamp_idle = v->nr_running == 0; /* rq_init()'s, cleared by its tasks' enqueue */
	rq_sync_view(s, rq);
}

void cside_select_task_rq_fair(const struct kc_select_task_rq_fair_in *in,
			       struct kc_select_task_rq_fair_out *out)
{
	static struct kc_select_task_rq_fair_in in_6_1;
	struct capsim_sim *s = &ws.s;
	struct sim_task *p = &ws.p;
	const struct sim_wakee *waker;
	bool asym = false;

	if (KC_MODEL == CAPSIM_MODEL_V6_1) {
		/* 6.1's feec is not cut for this group (functions_wake_6_1.txt): the case answers
		 * it on both sides; group find_energy_efficient_cpu_6_1 checks it */
		in_6_1 = *in;
		in_6_1.eas_pds = 0;
		in = &in_6_1;
	}
	memset(&ws, 0, sizeof(ws));
	for (unsigned c = 0; c < in->nr_cpus; c++)
		asym |= in->arch_cap[c] != in->arch_cap[0];
	ws_domains(in, asym);
	s->opt.model = KC_MODEL;
	s->opt.hz = 250;
	s->opt.uclamp_buckets = UCLAMP_BUCKETS_DEFAULT;
	s->nr_cpus = (unsigned)in->nr_cpus;
	s->rq = ws.rq;
	s->view = ws.view;
	s->plat = &ws.plat;
	s->rd = (struct fair_rd){ .model = KC_MODEL, .nr_cpus = (unsigned)in->nr_cpus,
				  .cpus = ws.view, .uclamp_used = in->uclamp_used != 0 };
	s->asym = asym;
	s->eas = in->eas_overutilized == 0;
	s->jiffies = in->now_jiffies;
	ws.plat.cpus = ws.cpu;
	ws.plat.nr_cpus = (unsigned)in->nr_cpus;
	ws.plat.sd = &ws.sd;
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		ws.cpu[c].capacity_orig = in->arch_cap[c];
		ws.cpu[c].policy = -1;
	}
	for (unsigned c = 0; c < in->nr_cpus; c++)
		ws_rq(in, c);
	if (sim_balance_init(s))
		abort();
	ws_eas(in);
	/* the domains' sched_domain_shared (read under 7.3 only), in ws_domains()' order */
	for (unsigned d = 0; d < ws.sd.nr_domains; d++)
		s->nr_idle_scan[d] = (int)in->nr_idle_scan[d];
	p->cpu = (int)in->prev_cpu;
	p->sched_class = &sim_fair_sched_class;
	p->state = TASK_BLOCKED;
	p->policy = in->p_idle_policy ? WL_POLICY_IDLE : WL_POLICY_OTHER;
	p->allowed.bits[0] = in->allowed;
	p->nr_allowed = capsim_cpumask_weight(&p->allowed);
	p->avg.util_avg = in->util_avg;
	p->util_est = (uint32_t)in->util_est;
	if (model_util_est_two_values(KC_MODEL)) /* 6.1's ewma: the case's util_avg (kernel_side.c) */
		p->util_est_ewma = (uint32_t)in->util_avg;
	p->avg.load_avg = in->load_avg;
	p->avg.last_update_time = 1000000; /* its prev's cfs_rq's: nothing to sync */
	p->uclamp_eff[0] = in->uclamp_min;
	p->uclamp_eff[1] = in->uclamp_max;
	p->wakee.flips = (unsigned)in->flips;
	p->recent_used_cpu = (int)in->recent_used_cpu;
	waker = ws.rq[in->this_cpu].curr ? &ws.rq[in->this_cpu].curr->wakee :
					   &ws.rq[in->this_cpu].idle_wakee;
	ws_in = in;
	ws_feec_asked = false;
	out->cpu = (uint64_t)select_task_rq_fair(s, p, (int)in->this_cpu,
						 WF_TTWU | (in->sync ? WF_SYNC : 0));
	ws_in = NULL;
	out->feec_asked = ws_feec_asked;
	out->waker_flips = waker->flips;
	out->waker_decay_ts = waker->flip_decay_ts;
	out->waker_last_is_p = waker->last == p;
	out->p_flips = p->wakee.flips;
	out->recent_used_cpu_out = (uint64_t)(int64_t)p->recent_used_cpu;
	free(s->sg);
}


#include "capsim_side_migrate.c"
