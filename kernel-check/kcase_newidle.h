/* SPDX-License-Identifier: MIT */
/*
 * kcase_newidle.h - the case of path group sched_balance_newidle (included by kcase.h): one
 * CPU's runqueue, its domains (1-3 levels, level l spanning CPUs [0, sd_weight[l]), the CPU
 * being 0) and the nohz state, for one of four paths (`path`):
 *   0 sched_balance_newidle(): its gates (ttwu_pending, rd->overloaded, avg_idle against the
 *     lowest domain's max_newidle_lb_cost), the walk (avg_idle against the cost so far plus
 *     the next domain's max), update_newidle_cost() with each pass's cost, the rq-wide max,
 *     next_balance, idle_stamp and nohz_newidle_balance()'s NOHZ_NEWILB_KICK;
 *   1 sched_balance_domains(): update_newidle_cost()'s decay at each level, the walk past a
 *     level another CPU balances while domains decay, max_idle_balance_cost, the balances due;
 *   2 nohz_balancer_kick() from CPU this_cpu's tick with kick_ilb() and find_new_ilb();
 *   3 ttwu_do_activate()'s avg_idle update, then the switch away from idle idle_exit ns later
 *     (7.3 updates avg_idle there: put_prev_task_idle()'s update_rq_avg_idle());
 *   4 (group sched_tick_idle, the same case) the tick of CPU this_cpu while it runs its idle
 *     task: sched_tick() (task_tick_idle(), rq->idle_balance = idle_cpu(), which nr_running or
 *     ttwu_pending can make false), sched_balance_trigger() with nohz_balancer_kick(), and the
 *     SCHED_SOFTIRQ it raised: sched_balance_softirq() (nohz_idle_balance(), no kick pending;
 *     the blocked-load update; sched_balance_domains() with rq->idle_balance).
 * sched_balance_rq() is stubbed on both sides (the kernel's by kernel_side_newidle.c, the
 * engine's by a --wrap): it answers lb_pulled[l] and lb_continue[l], and on the kernel side
 * takes sd_cost[l] ns of sched_clock_cpu(), the cost capsim charges (docs/model.md: 2000 ns
 * plus 1000 ns per CPU of the span), so the kernel measures what capsim assumes.
 */
#ifndef KERNEL_CHECK_KCASE_NEWIDLE_H
#define KERNEL_CHECK_KCASE_NEWIDLE_H

#define KC_NI_LEVELS 3
#define KC_NI_LOG 8

enum { KC_NI_NEWIDLE, KC_NI_DOMAINS, KC_NI_KICK, KC_NI_AVG_IDLE, KC_NI_TICK };
/* the call log: sched_balance_rq() of a level with its idle type, the blocked-load update */
enum { KC_NI_CALL_BALANCE = 1, KC_NI_CALL_BLOCKED = 2 };
static inline uint64_t kc_ni_entry(unsigned call, unsigned level, unsigned idle)
{
	return (uint64_t)call << 16 | level << 8 | idle;
}
/* the kick's flags, whatever each side's constants: */
enum { KC_NI_KICK_BALANCE = 1, KC_NI_KICK_STATS = 2, KC_NI_KICK_NEXT = 4 };

#define KC_FIELDS_sched_balance_newidle_in(S, A, I) \
	S(path) \
	S(nr_cpus) \
	S(this_cpu) \
	S(now_jiffies) \
	S(nr_sd) \
	A(sd_weight, KC_NI_LEVELS) \
	A(sd_cost, KC_NI_LEVELS) /* the stated cost model's, ns */ \
	A(max_newidle_lb_cost, KC_NI_LEVELS) \
	A(last_decay, KC_NI_LEVELS) \
	A(last_balance, KC_NI_LEVELS) \
	A(balance_interval, KC_NI_LEVELS) \
	A(lb_pulled, KC_NI_LEVELS) \
	A(lb_continue, KC_NI_LEVELS) \
	S(cpu_idle_type) /* sched_balance_domains(): 1 CPU_IDLE, 0 not */ \
	S(sched_idle) \
	S(overloaded) \
	S(ttwu_pending) \
	S(avg_idle) \
	S(max_idle_balance_cost) \
	S(next_balance) \
	S(nr_running) \
	S(h_nr_queued) \
	S(nr_delayed) \
	S(misfit_task_load) \
	S(asym) \
	S(clock) \
	S(idle_stamp) \
	S(nohz_has_blocked) \
	S(nohz_next_blocked) \
	S(nohz_next_balance) \
	S(nohz_needs_update) \
	A(tick_stopped, KC_MAX_CPUS) \
	A(cpu_idle, KC_MAX_CPUS) /* idle_cpu(); this_cpu's: after a balance that moved tasks */ \
	S(llc) /* sd_llc's span, bit c: CPU c; 0: no LLC domain */ \
	S(arch_cap) \
	S(cpu_capacity) \
	S(idle_exit) /* path 3: the wake-up to the switch away from idle, ns */
KC_STRUCT(sched_balance_newidle_in)
#define KC_FIELDS_sched_balance_newidle_out(S, A, I) \
	A(max_newidle_lb_cost, KC_NI_LEVELS) \
	A(last_decay, KC_NI_LEVELS) \
	A(last_balance, KC_NI_LEVELS) \
	S(max_idle_balance_cost) \
	S(next_balance) \
	S(idle_stamp) \
	S(avg_idle) \
	S(misfit_task_load) \
	S(newilb_kick) \
	S(nr_log) \
	A(log, KC_NI_LOG) \
	S(kick_flags) \
	I(kick_ilb, 1) /* the ILB kicked, -1: none */ \
	S(nohz_next_balance) \
	S(nohz_nr_cpus) \
	S(tick_stopped)
KC_STRUCT(sched_balance_newidle_out)

/* group sched_tick_idle: path 4 of the same case, and rq->idle_balance the tick set */
#define KC_FIELDS_sched_tick_idle_in(S, A, I) KC_FIELDS_sched_balance_newidle_in(S, A, I)
KC_STRUCT(sched_tick_idle_in)
#define KC_FIELDS_sched_tick_idle_out(S, A, I) \
	KC_FIELDS_sched_balance_newidle_out(S, A, I) \
	S(idle_balance)
KC_STRUCT(sched_tick_idle_out)

#endif /* KERNEL_CHECK_KCASE_NEWIDLE_H */
