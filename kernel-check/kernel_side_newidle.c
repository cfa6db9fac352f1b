// SPDX-License-Identifier: MIT
/*
 * kernel_side_newidle.c - the kernel's answer for path group sched_balance_newidle: the case's
 * runqueues, CPU 0's domains (level l spanning CPUs [0, sd_weight[l]), parent to parent) and
 * nohz's state in the kernel's structures, then the cut function of the case's path
 * (kernel_extract_newidle.c, from functions_newidle.txt, every one renamed k_<name>):
 * sched_balance_newidle(), sched_balance_domains(), nohz_balancer_kick() or
 * ttwu_do_activate(). The stubs kstubs_newidle.h lists are here: they log their calls and
 * answer the case's values; nothing here computes an answer itself. Compiled again with
 * Group sched_tick_idle (path 4; on 6.1 and 7.3 too) runs sched_tick() on CPU this_cpu's idle
 * task, then the SCHED_SOFTIRQ it raised (sched_balance_softirq()), as the tick's irq_exit() does.
 * Compiled again with
 * KC_LINUX_7_3 on the functions cut from linux-source-7.3 (moves-newidle-7.3.txt) for
 * sched_balance_newidle_7_3: there the avg_idle path runs update_rq_avg_idle() after
 * ttwu_do_activate() (7.3's put_prev_task_idle() calls it as the CPU leaves idle; its
 * ttwu_do_activate() no longer updates avg_idle), and nohz.nr_cpus is gone (the count of
 * nohz.idle_cpus_mask is read instead). Compiled a third time with KC_LINUX_6_1 on the
 * functions cut from linux-source-6.1 (moves-newidle-6.1.txt) for sched_balance_newidle_6_1:
 * 6.1's names of the stubs (load_balance(), update_blocked_averages()), rd->overload and
 * rd->max_cpu_capacity, the case's delayed tasks left out, ttwu_do_wakeup() cut.
 *
 * A translation unit of its own: every name is static, so none meets the library's.
 */
#include <stdlib.h>
#include <string.h>

#include "kcase.h"
#include "kstubs_newidle.h"

static struct sched_domain kc_ni_sd[KC_NI_LEVELS];
static struct sched_domain_shared kc_ni_llc_shared;
static struct sched_domain kc_ni_llc_sd[NR_CPUS];
static struct root_domain kc_ni_rd;
static const struct kc_sched_balance_newidle_in *kc_in;
static struct kc_sched_balance_newidle_out *kc_out;
static u64 kc_ni_sched_clock;

#include "kernel_extract_newidle.c"

static void kc_ni_log(unsigned call, unsigned level, unsigned idle)
{
	if (kc_out->nr_log < KC_NI_LOG)
		kc_out->log[kc_out->nr_log] = kc_ni_entry(call, level, idle);
	kc_out->nr_log++;
}

/* the pass itself is not this group's: the case's answer, in the case's time */
static int sched_balance_rq(int this_cpu, struct rq *this_rq, struct sched_domain *sd,
			    enum cpu_idle_type idle, int *continue_balancing)
{
	unsigned l = (unsigned)(sd - kc_ni_sd);

	(void)this_cpu;
	(void)this_rq;
	/* the idle type in the log as 6.12 numbers it (6.1 puts CPU_IDLE first) */
	kc_ni_log(KC_NI_CALL_BALANCE, l, idle == __CPU_NOT_IDLE ? 0 : idle == CPU_IDLE ? 1 : 2);
	kc_ni_sched_clock += kc_in->sd_cost[l];
	*continue_balancing = (int)kc_in->lb_continue[l];
	return (int)kc_in->lb_pulled[l];
}

static void sched_balance_update_blocked_averages(int cpu)
{
	(void)cpu;
	kc_ni_log(KC_NI_CALL_BLOCKED, 0, 0);
}

static void __sched_balance_update_blocked_averages(struct rq *rq)
{
	sched_balance_update_blocked_averages(rq->cpu);
}

static u64 sched_clock_cpu(int cpu)
{
	(void)cpu;
	return kc_ni_sched_clock;
}

/* the case's idle CPUs, less one with a wake-up on its wake list, as syscalls.c's idle_cpu() */
static int idle_cpu(int cpu)
{
	return (int)kc_in->cpu_idle[cpu] && !cpu_rq(cpu)->ttwu_pending;
}

static int sched_idle_cpu(int cpu)
{
	(void)cpu;
	return (int)kc_in->sched_idle;
}

static int sched_idle_rq(struct rq *rq)
{
	return sched_idle_cpu(rq->cpu);
}

static bool is_core_idle(int cpu)
{
	(void)cpu;
	abort(); /* no SMT */
}

static void activate_task(struct rq *rq, struct task_struct *p, int flags)
{
	(void)rq, (void)p, (void)flags;
}

static void wakeup_preempt(struct rq *rq, struct task_struct *p, int flags)
{
	(void)rq, (void)p, (void)flags;
}

#ifndef KC_LINUX_6_1 /* 6.1's is cut: it updates avg_idle */
static void ttwu_do_wakeup(struct task_struct *p)
{
	(void)p;
}
#endif

static int smp_call_function_single_async(int cpu, struct call_single_data *csd)
{
	(void)csd;
	kc_out->kick_ilb[0] = (uint64_t)(int64_t)cpu;
	return 0;
}

static u32 sched_rng(void)
{
	abort(); /* NI_RANDOM is off */
}

static int task_fits_cpu(struct task_struct *p, int cpu)
{
	(void)p, (void)cpu;
	abort();
}

static unsigned long task_h_load(struct task_struct *p)
{
	(void)p;
	abort();
}

static bool sched_asym(struct sched_domain *sd, int dst_cpu, int src_cpu)
{
	(void)sd, (void)dst_cpu, (void)src_cpu;
	abort();
}

static int kc_ni_softirq;

/* the rq clock and hw_load_avg: group task_tick_fair's, not what decides a balance */
static void update_rq_clock(struct rq *rq)
{
	(void)rq;
}

static int update_hw_load_avg(u64 now, struct rq *rq, u64 capacity)
{
	(void)now, (void)rq, (void)capacity;
	return 0;
}

/* the tick raises it; kside_sched_tick_idle() runs it as irq_exit() does */
static void raise_softirq(unsigned int nr)
{
	if (nr == SCHED_SOFTIRQ)
		kc_ni_softirq = 1;
}

static void _nohz_idle_balance(struct rq *this_rq, unsigned int flags)
{
	(void)this_rq, (void)flags;
	abort(); /* no kick pending on the ticking CPU */
}

/* the idle class's task_tick_idle() (kernel/sched/idle.c): empty */
static void kc_ni_task_tick_idle(struct rq *rq, struct task_struct *curr, int queued)
{
	(void)rq, (void)curr, (void)queued;
}

/* CPU 0's domains, bottom up, as the case describes them (sd_init()'s imbalance_pct and
 * busy_factor of a non-SMT level; every level SD_BALANCE_NEWIDLE) */
static void kc_ni_domains(const struct kc_sched_balance_newidle_in *in)
{
	for (unsigned l = 0; l < in->nr_sd; l++) {
		struct sched_domain *sd = &kc_ni_sd[l];

		*sd = (struct sched_domain){
			.parent = l + 1 < in->nr_sd ? &kc_ni_sd[l + 1] : NULL,
			.flags = SD_BALANCE_NEWIDLE,
			.last_balance = (unsigned long)in->last_balance[l],
			.balance_interval = (unsigned int)in->balance_interval[l],
			.busy_factor = 16,
			.imbalance_pct = 117,
			.newidle_call = 512, .newidle_success = 256, .newidle_ratio = 512,
			.max_newidle_lb_cost = in->max_newidle_lb_cost[l],
			.last_decay_max_lb_cost = (unsigned long)in->last_decay[l],
			.span = { (1UL << in->sd_weight[l]) - 1 },
		};
	}
	/* this_cpu's lowest domain: the first level spanning it (CPU 0: level 0) */
	for (unsigned l = in->nr_sd; l-- > 0;)
		if (in->this_cpu < in->sd_weight[l])
			kc_ni_rq[in->this_cpu].sd = &kc_ni_sd[l];
}

/* nohz's state, and each CPU's sd_llc with its shared nr_busy_cpus: the CPUs of the LLC out
 * of nohz mode, as set_cpu_sd_state_busy() and _idle() keep it */
static void kc_ni_nohz(const struct kc_sched_balance_newidle_in *in)
{
#ifdef KC_LINUX_7_3
	nohz = (struct kc_ni_nohz){ .has_blocked_load = (int)in->nohz_has_blocked,
#else
	nohz = (struct kc_ni_nohz){ .has_blocked = (int)in->nohz_has_blocked,
#endif
				    .needs_update = (int)in->nohz_needs_update,
				    .next_balance = (unsigned long)in->nohz_next_balance,
				    .next_blocked = (unsigned long)in->nohz_next_blocked };
	kc_ni_llc_shared = (struct sched_domain_shared){ { 0 } };
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		struct rq *rq = &kc_ni_rq[c];

		rq->nohz_tick_stopped = (unsigned)in->tick_stopped[c];
		if (rq->nohz_tick_stopped) {
			cpumask_set_cpu(c, nohz.idle_cpus_mask);
#ifndef KC_LINUX_7_3
			atomic_inc(&nohz.nr_cpus);
#endif
		}
		kc_ni_sd_llc[c] = NULL;
		kc_ni_sd_llc_shared[c] = NULL;
		kc_ni_sd_balance_shared[c] = NULL;
		if (in->llc >> c & 1) {
			kc_ni_llc_sd[c] = (struct sched_domain){ .nohz_idle = (int)in->tick_stopped[c],
								 .shared = &kc_ni_llc_shared };
			kc_ni_sd_llc[c] = &kc_ni_llc_sd[c];
			kc_ni_sd_llc_shared[c] = &kc_ni_llc_shared;
			kc_ni_sd_balance_shared[c] = &kc_ni_llc_shared; /* the asym domain has none */
			if (!in->tick_stopped[c])
				atomic_inc(&kc_ni_llc_shared.nr_busy_cpus);
		}
		kc_ni_sd_asym_packing[c] = NULL;
		/* the top level: it spans every CPU when asym (the generator's) */
		kc_ni_sd_asym_cpucapacity[c] = in->asym && in->nr_sd ? &kc_ni_sd[in->nr_sd - 1] : NULL;
	}
}

static void kc_ni_state(const struct kc_sched_balance_newidle_in *in)
{
	struct rq *rq;

	memset(kc_ni_rq, 0, sizeof(kc_ni_rq));
	kc_ni_all_cpus.bits = (1UL << in->nr_cpus) - 1;
	kc_ni_this_cpu = (int)in->this_cpu;
	kc_ni_asym_active = in->asym != 0;
	jiffies = (unsigned long)in->now_jiffies;
	max_load_balance_interval = HZ * in->nr_cpus / 10; /* update_max_interval() */
	sched_balance_running.counter = 0;
	kc_ni_rd.overloaded = (int)in->overloaded;
#ifdef KC_LINUX_6_1
	kc_ni_rd.overload = (int)in->overloaded;
	kc_ni_rd.max_cpu_capacity = (unsigned long)in->arch_cap; /* every CPU's */
#endif
	for (unsigned c = 0; c < in->nr_cpus; c++) {
		kc_ni_rq[c].cpu = (int)c;
		kc_ni_rq[c].rd = &kc_ni_rd;
		kc_ni_rq[c].nr_running = in->cpu_idle[c] ? 0 : 1;
		kc_ni_arch_cap[c] = (unsigned long)in->arch_cap;
		kc_ni_rq[c].cpu_capacity_orig = (unsigned long)in->arch_cap; /* 6.1's */
	}
	rq = &kc_ni_rq[in->this_cpu];
	rq->nr_running = (unsigned)in->nr_running;
	rq->cfs.h_nr_queued = (unsigned)in->h_nr_queued;
	rq->cfs.h_nr_runnable = (unsigned)(in->h_nr_queued - in->nr_delayed);
#ifdef KC_LINUX_6_1
	/* no delayed dequeue in 6.1: the case's delayed tasks are left out (capsim's side too) */
	rq->nr_running = (unsigned)(in->nr_running - in->nr_delayed);
	rq->cfs.h_nr_running = rq->cfs.h_nr_runnable;
#endif
	rq->ttwu_pending = (unsigned)in->ttwu_pending;
	rq->clock = in->clock;
	rq->idle_stamp = in->idle_stamp;
	rq->avg_idle = in->avg_idle;
	rq->max_idle_balance_cost = in->max_idle_balance_cost;
	rq->next_balance = (unsigned long)in->next_balance;
	rq->misfit_task_load = (unsigned long)in->misfit_task_load;
	rq->cpu_capacity = (unsigned long)in->cpu_capacity;
	kc_ni_domains(in);
	kc_ni_nohz(in);
}

/* what the case's path left in the kernel's structures */
static void kc_ni_answer(const struct kc_sched_balance_newidle_in *in,
			 struct kc_sched_balance_newidle_out *out, const struct rq *rq)
{
	for (unsigned l = 0; l < in->nr_sd; l++) {
		out->max_newidle_lb_cost[l] = kc_ni_sd[l].max_newidle_lb_cost;
		out->last_decay[l] = kc_ni_sd[l].last_decay_max_lb_cost;
		out->last_balance[l] = kc_ni_sd[l].last_balance;
	}
	out->max_idle_balance_cost = rq->max_idle_balance_cost;
	out->next_balance = rq->next_balance;
	out->idle_stamp = rq->idle_stamp;
	out->avg_idle = rq->avg_idle;
	out->misfit_task_load = rq->misfit_task_load;
	out->newilb_kick = (atomic_read(nohz_flags(in->this_cpu)) & NOHZ_NEWILB_KICK) != 0;
	if ((int64_t)out->kick_ilb[0] >= 0) {
		int f = atomic_read(nohz_flags(out->kick_ilb[0]));

		out->kick_flags = (f & NOHZ_BALANCE_KICK ? KC_NI_KICK_BALANCE : 0) |
				  (f & NOHZ_STATS_KICK ? KC_NI_KICK_STATS : 0) |
				  (f & NOHZ_NEXT_KICK ? KC_NI_KICK_NEXT : 0);
	}
	out->nohz_next_balance = nohz.next_balance;
#ifdef KC_LINUX_7_3
	out->nohz_nr_cpus = (uint64_t)__builtin_popcountl(nohz.idle_cpus_mask->bits);
#else
	out->nohz_nr_cpus = (uint64_t)atomic_read(&nohz.nr_cpus);
#endif
	out->tick_stopped = rq->nohz_tick_stopped;
}

void kside_sched_balance_newidle(const struct kc_sched_balance_newidle_in *in,
				 struct kc_sched_balance_newidle_out *out)
{
	struct rq *rq = &kc_ni_rq[in->this_cpu];
	struct rq_flags rf;
	struct task_struct p = { 0 };
	static const struct sched_class fair = { .task_woken = NULL };

	kc_in = in;
	kc_out = out;
	kc_ni_sched_clock = 1000000000ULL;
	out->kick_ilb[0] = (uint64_t)-1;
	kc_ni_state(in);
	switch (in->path) {
	case KC_NI_NEWIDLE:
		k_sched_balance_newidle(rq, &rf);
		break;
	case KC_NI_DOMAINS:
		k_sched_balance_domains(rq, in->cpu_idle_type ? CPU_IDLE : __CPU_NOT_IDLE);
		break;
	case KC_NI_KICK:
		k_nohz_balancer_kick(rq);
		break;
	default: /* the wake-up, the idle state's exit, then the switch away from idle (7.3:
		  * put_prev_task_idle()'s update_rq_avg_idle()) */
		p.sched_class = &fair;
		k_ttwu_do_activate(rq, &p, 0, &rf);
		rq->clock += in->idle_exit;
#ifdef KC_LINUX_7_3
		k_update_rq_avg_idle(rq);
#endif
		break;
	}
	kc_ni_answer(in, out, rq);
}

void kside_sched_tick_idle(const struct kc_sched_tick_idle_in *tin,
			   struct kc_sched_tick_idle_out *tout)
{
	static const struct sched_class idle_class = { .task_tick = kc_ni_task_tick_idle };
	struct task_struct idle = { .sched_class = &idle_class };
	struct kc_sched_balance_newidle_in in;
	struct kc_sched_balance_newidle_out out = { 0 };
	struct rq *rq;

	_Static_assert(sizeof(in) == sizeof(*tin), "the same case");
	_Static_assert(offsetof(struct kc_sched_tick_idle_out, idle_balance) == sizeof(out),
		       "the same answer, and idle_balance");
	memcpy(&in, tin, sizeof(in));
	kc_in = &in;
	kc_out = &out;
	kc_ni_sched_clock = 1000000000ULL;
	out.kick_ilb[0] = (uint64_t)-1;
	kc_ni_state(&in);
	rq = &kc_ni_rq[in.this_cpu];
	rq->curr = &idle;
	rq->donor = &idle; /* 7.3 ticks the donor: curr, no proxy execution */
	kc_ni_softirq = 0;
	k_sched_tick();
	if (kc_ni_softirq)
#ifdef KC_LINUX_6_1
		k_sched_balance_softirq(NULL); /* 6.1's run_rebalance_domains(h) */
#else
		k_sched_balance_softirq();
#endif
	kc_ni_answer(&in, &out, rq);
	memcpy(tout, &out, sizeof(out));
	tout->idle_balance = (uint64_t)rq->idle_balance;
}
