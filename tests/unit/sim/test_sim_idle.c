// SPDX-License-Identifier: MIT
/*
 * test_sim_idle.c - tests src/sim/idle.c, cpuidle in the run, against what the kernel does
 * around an idle state (numbers from the shipped DTs: RK3399's cpu-sleep entry 120 exit 250
 * residency 900 us, cluster-sleep entry 400 exit 500 residency 2000 us; RB5's silver power
 * collapse and the cluster's domain state):
 *   - a timer of a CPU in a state fires once the CPU is out: sched_waking comes with the
 *     cpu_idle exit, exit-latency-us after the expiry, and the latency counts from the expiry;
 *   - a wake-up by another CPU goes on the idle CPU's wake list: the task is enqueued only at
 *     the exit, the CPU meanwhile not idle for placement but with nothing on its runqueue;
 *   - a cluster state is the cluster's: entered by the last CPU with the others in a state,
 *     and counted for each CPU only while the cluster is down;
 *   - schedutil sees a CPU in a state as in WFI: no runnable time accrues during an exit (the
 *     RB5 little cluster stayed near 300 MHz in WFI but ran at 1 GHz when it did);
 *   - the tick in idle (kernel/sched/idle.c's idle_call_stop_or_retain_tick()): kept while the
 *     governor predicts less than a tick, or, without cpuidle, until it first woke the CPU; a
 *     kept tick wakes the CPU at the next jiffy, balances as CPU_IDLE, and the CPU joins
 *     nohz.idle_cpus_mask only when its tick stops;
 *   - rq->nr_iowait, which 6.1's menu reads: the tasks asleep after an iorun, on their CPU.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capsim/capsim.h"
#include "input/platform_load.h"
#include "input/scenario.h"
#include "sim/sim.h"
#include "sim_test_util.h"

#define US 1000ULL
#define MS 1000000ULL

static struct capsim_sim *make(const char *platform, const char *wl_text, uint64_t duration,
			       bool cpuidle_off)
{
	struct sim_options o;

	sim_options_default(&o);
	o.duration_ns = duration;
	o.cpuidle_off = cpuidle_off;
	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	return sim_test_create_on(platform, wl_text, &o);
}

static void run(struct capsim_sim *s, capsim_event_fn fn, void *ctx)
{
	capsim_error e = { 0 };

	if (fn)
		assert_int_equal(capsim_sim_set_sink(s, fn, ctx), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
}

/* ---- a timer on a CPU in a state --------------------------------------------------------- */

struct timer_seen {
	unsigned cpu;              /* the task's CPU */
	uint32_t state;            /* the cpu_idle state it last entered */
	uint64_t exit_at;          /* its last cpu_idle exit */
	unsigned wakings, at_exit; /* sched_waking of "p", and those at its CPU's exit */
	unsigned late_by_exit;     /* ... exit-latency-us after a 10 ms boundary */
};

static void timer_sink(void *ctx, const struct capsim_event *ev)
{
	struct timer_seen *w = ctx;

	if (ev->type == CAPSIM_EV_CPU_IDLE && ev->cpu == (int)w->cpu) {
		if (ev->u.cpu_idle.state == CAPSIM_CPU_IDLE_EXIT)
			w->exit_at = ev->time_ns;
		else
			w->state = ev->u.cpu_idle.state;
	}
	if (ev->type == CAPSIM_EV_SCHED_WAKING && !strcmp(ev->u.wakeup.task.comm, "p")) {
		/* RK3399 CPU4 alone in its cluster: cluster-sleep (state 2), exit 500 us */
		w->wakings++;
		w->at_exit += ev->time_ns == w->exit_at && w->state == 2;
		w->late_by_exit += ev->time_ns % (10 * MS) == 500 * US;
	}
}

/*
 * RK3399: "p" pinned on CPU4, 1 ms every 10 ms, its cluster otherwise idle: CPU4 idles in
 * cluster-sleep and each timer's interrupt (and so sched_waking) comes 500 us after the expiry,
 * with the cpu_idle exit; its wake-up latency counts from the expiry: 500 us (the p50 is the
 * histogram bucket's lower bound, 491.5 us).
 */
static void test_timer_fires_after_the_exit(void **state)
{
	struct capsim_sim *s = make("rk3399", "{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 1000, "
				    "\"timer\": {\"ref\": \"t\", \"period\": 10000}}}}", 1000 * MS, false);
	struct timer_seen w = { .cpu = 4 };
	struct sim_task_result t;

	(void)state;
	run(s, timer_sink, &w);
	assert_int_equal(w.wakings, 99);          /* 100 activations, the first a fork */
	assert_int_equal(w.at_exit, w.wakings);
	assert_int_equal(w.late_by_exit, w.wakings);
	sim_task_result(s, 0, &t);
	assert_true(t.lat_p50_us >= 0.9 * 500 && t.lat_p50_us <= 500);
	assert_true(t.lat_p99_us <= 500);
	sim_free(s);
}

/* CPU4's idle periods: entry and the end of the exit */
struct periods_seen {
	uint64_t enter[128], exit[128];
	unsigned n;
};

static void periods_sink(void *ctx, const struct capsim_event *ev)
{
	struct periods_seen *w = ctx;

	if (ev->type != CAPSIM_EV_CPU_IDLE || ev->cpu != 4 || w->n >= 128)
		return;
	if (ev->u.cpu_idle.state != CAPSIM_CPU_IDLE_EXIT)
		w->enter[w->n] = ev->time_ns;
	else if (ev->time_ns > w->enter[w->n]) /* not the wake-up the instant it idled */
		w->exit[w->n++] = ev->time_ns;
}

/*
 * What menu learns in the run (its reflect() after each exit, dev->last_residency_ns from the
 * entry to the end of the exit): "p" on CPU4, 1 ms of the calibration CPU's work every 10 ms at
 * the highest OPP (performance: no sugov kthread), CPU4 alone in its cluster, so it idles in cluster-sleep (the driver's state 2, exit latency
 * 400 + 500 = 900 us) and is out 500 us after each timer. For each period menu_update() takes
 * the residency less 900 us (it is over twice that), capped at the sleep length (the timer,
 * 500 us before the exit, less the entry); its interval is that in us and bucket 3's factor
 * (sleep lengths of 1..10 ms) goes f - f / 8 + 1024 x measured / sleep length, from 8192. The
 * first selection (the instant wake-up at 0 made none) wrote UINT_MAX, long overwritten.
 */
static void test_menu_learns_in_the_run(void **state)
{
	struct periods_seen w = { .n = 0 };
	const struct cpuidle_menu *m;
	unsigned factor = 8192, ptr;
	struct capsim_sim *s;
	struct sim_options o;

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	o.governor = SIM_GOV_PERFORMANCE; /* no sugov kthread waking CPU4 */
	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	s = sim_test_create_on("rk3399", "{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 1000, "
			       "\"timer\": {\"ref\": \"t\", \"period\": 10000}}}}", &o);
	run(s, periods_sink, &w);
	m = &s->rq[4].cpuidle.menu;
	assert_int_equal(w.n, 99); /* the last period is not over */
	ptr = (unsigned)m->interval_ptr;
	for (unsigned k = 0; k < w.n; k++) {
		uint64_t sleep = w.exit[k] - 500 * US - w.enter[k];
		uint64_t measured = w.exit[k] - w.enter[k] - 900 * US;

		assert_true(sleep >= 1 * MS && sleep < 10 * MS);
		measured = measured < sleep ? measured : sleep;
		factor = factor - factor / 8 + (unsigned)(1024 * measured / sleep);
		if (k + CPUIDLE_MENU_INTERVALS >= w.n) /* the last eight, in the ring's order */
			assert_int_equal(m->intervals[(ptr + k + CPUIDLE_MENU_INTERVALS - w.n) %
						      CPUIDLE_MENU_INTERVALS], measured / US);
	}
	assert_int_equal(m->correction_factor[3], factor);
	assert_int_equal(s->rq[4].idle_ns[0] + s->rq[4].idle_ns[1], 0); /* cluster-sleep always */
	sim_free(s);
}

/* ---- a wake-up onto a CPU in a state: its wake list ------------------------------------ */

struct remote_seen {
	struct capsim_sim *s;
	uint64_t waking_at;        /* sched_waking of "s" (by "w" on CPU4) */
	unsigned wakeups, delayed; /* sched_wakeup of "s", and those at CPU0's exit */
	unsigned exits_pending;    /* CPU0's exits with "s" on its wake list, not enqueued */
	unsigned bad;
};

static void remote_sink(void *ctx, const struct capsim_event *ev)
{
	struct remote_seen *w = ctx;
	const struct sim_rq *rq0 = &w->s->rq[0];

	if (ev->type == CAPSIM_EV_SCHED_WAKING && !strcmp(ev->u.wakeup.task.comm, "s"))
		w->waking_at = ev->time_ns;
	if (ev->type == CAPSIM_EV_CPU_IDLE && ev->cpu == 0 &&
	    ev->u.cpu_idle.state == CAPSIM_CPU_IDLE_EXIT && w->waking_at) {
		/* the exit, before the IPI is taken: nothing on CPU0's runqueue, yet it is not
		 * idle_cpu() for a placement (rq->ttwu_pending) */
		if (rq0->fc->nr_running == 0 && rq0->fc->ttwu_pending == 1 && !w->s->view[0].idle)
			w->exits_pending++;
		else
			w->bad++;
	}
	if (ev->type == CAPSIM_EV_SCHED_WAKEUP && !strcmp(ev->u.wakeup.task.comm, "s")) {
		w->wakeups++;
		/* queued on CPU0 once it is out: its exit latency after the waker's call */
		w->delayed += ev->time_ns > w->waking_at && ev->cpu == 0;
		w->waking_at = 0;
	}
}

/*
 * RK3399: "w" on CPU4 resumes "s", suspended on CPU0, every 10 ms. CPU0 idles in a state
 * between, so "s" waits on CPU0's wake list until CPU0 is out; with cpuidle.off=1 (WFI) it is
 * enqueued at once.
 */
static void test_remote_wakeup_waits_on_the_wake_list(void **state)
{
	static const char *wl =
		"{\"tasks\": {\"w\": {\"cpus\": [4], \"run\": 500, \"resume\": \"s\", "
		"\"timer\": {\"ref\": \"t\", \"period\": 10000}},"
		" \"s\": {\"cpus\": [0], \"suspend\": \"s\", \"run\": 300}}}";
	struct remote_seen w = { 0 }, w0 = { 0 };

	(void)state;
	w.s = make("rk3399", wl, 500 * MS, false);
	run(w.s, remote_sink, &w);
	assert_true(w.wakeups >= 45);
	assert_int_equal(w.delayed, w.wakeups);
	assert_int_equal(w.exits_pending, w.wakeups);
	assert_int_equal(w.bad, 0);
	assert_int_equal(w.s->rq[0].fc->ttwu_pending, 0);
	sim_free(w.s);

	w0.s = make("rk3399", wl, 500 * MS, true);
	run(w0.s, remote_sink, &w0);
	assert_true(w0.wakeups >= 45);
	assert_int_equal(w0.delayed, 0);
	sim_free(w0.s);
}

/* ---- cluster states: last man, residency --------------------------------------------------- */

/*
 * RK3399, "p" pinned on CPU4 (1 ms every 10 ms), CPU5 never busy. CPU4 idles last in its
 * cluster each time, so it takes the cluster into cluster-sleep; CPU5 is in it only while the
 * cluster is down: from CPU4's entry until CPU4's timer, when CPU4 powers it up (and waits
 * its 500 us exit in it). So CPU5's cluster-sleep time is CPU4's less one exit per wake-up,
 * and the rest of CPU5's second is cpu-sleep.
 */
static void test_cluster_residency(void **state)
{
	struct capsim_sim *s = make("rk3399", "{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 1000, "
				    "\"timer\": {\"ref\": \"t\", \"period\": 10000}}}}", 1000 * MS, false);
	const struct sim_rq *c4 = &s->rq[4], *c5 = &s->rq[5];

	(void)state;
	run(s, NULL, NULL);
	assert_int_equal(c5->busy_ns, 0);
	assert_int_equal(c5->idle_ns[0], 0);
	assert_int_equal(c5->idle_ns[1] + c5->idle_ns[2], 1000 * MS);
	/* 99 wake-ups of CPU4 from the cluster state, the exit counted in it */
	assert_int_equal(c4->idle_ns[2] - c5->idle_ns[2], 99 * 500 * US);
	assert_true(c5->idle_ns[1] > 0); /* while CPU4 runs */
	/* the little cluster never runs: down the whole second, every CPU in it */
	for (unsigned c = 0; c < 4; c++)
		assert_int_equal(s->rq[c].idle_ns[2], 1000 * MS);
	sim_free(s);
}

/*
 * A hog on CPU5 keeps the cluster up: CPU4 never enters cluster-sleep (cpu-sleep instead),
 * and no CPU of the big cluster counts time in it.
 */
static void test_cluster_needs_every_cpu_idle(void **state)
{
	struct capsim_sim *s = make("rk3399", "{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 1000, "
				    "\"timer\": {\"ref\": \"t\", \"period\": 10000}},"
				    " \"hog\": {\"cpus\": [5], \"run\": 100000}}}", 500 * MS, false);

	(void)state;
	run(s, NULL, NULL);
	assert_int_equal(s->rq[4].idle_ns[2], 0);
	assert_int_equal(s->rq[5].idle_ns[2], 0);
	assert_true(s->rq[4].idle_ns[1] > 400 * MS);
	sim_free(s);
}

/* ---- schedutil and a CPU in a state: RB5's little cluster ------------------------------- */

/* time-weighted mean frequency of @cpu's policy over the run, kHz */
static uint64_t mean_khz(const struct capsim_sim *s, unsigned cpu)
{
	const struct platform_policy *pp = &s->plat->policies[s->rq[cpu].policy];
	unsigned __int128 sum = 0;
	uint64_t t = 0;

	for (unsigned i = 0; i < pp->nr_opps; i++) {
		sum += (unsigned __int128)s->rq[cpu].time_at_opp[i] * pp->opps[i].khz;
		t += s->rq[cpu].time_at_opp[i];
	}
	return (uint64_t)(sum / t);
}

/*
 * RB5: a light logger (0.5 ms on the prime core every 50 ms) on little CPU0. In WFI its policy
 * stays near its lowest OPP (300 MHz); in the DT's idle states it must too: the task is not
 * runnable on CPU0 while CPU0 leaves its state (its timer fires after the exit), so CPU0's
 * runnable_avg, which schedutil reads (cpu_util_cfs_boost()), gains nothing there. When the
 * task was enqueued at the expiry instead, each 531 us exit counted as runnable and the
 * policy ran at about 1 GHz.
 */
static void test_rb5_little_frequency(void **state)
{
	static const char *wl =
		"{\"global\": {\"calibration\": \"CPU7\"}, \"tasks\": {\"logger\": {\"cpus\": [0], "
		"\"run\": 500, \"timer\": {\"ref\": \"t\", \"period\": 50000}}}}";
	struct capsim_sim *on = make("rb5", wl, 4000 * MS, false);
	struct capsim_sim *off = make("rb5", wl, 4000 * MS, true);
	uint64_t f_on, f_off;

	(void)state;
	run(on, NULL, NULL);
	run(off, NULL, NULL);
	f_on = mean_khz(on, 0);
	f_off = mean_khz(off, 0);
	assert_true(on->rq[0].idle_ns[1] + on->rq[0].idle_ns[2] > 3000 * MS); /* in states */
	assert_true(f_off < 400000);
	assert_true(f_on < f_off * 105 / 100 && f_on > f_off * 95 / 100);
	sim_free(on);
	sim_free(off);
}

/* ---- the tick in idle ------------------------------------------------------------------ */

#define TICK_US 4000ULL /* HZ=250 */
/* "p" on CPU4: 500 us of work every 2999 us (2999 is prime: no jiffy ever falls on a timer) */
static const char *const short_idle_wl =
	"{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {\"p\": {\"cpus\": [4], "
	"\"run\": 500, \"timer\": {\"ref\": \"t\", \"period\": 2999}}}}";

struct tick_seen {
	struct capsim_sim *s;
	uint64_t period_us;    /* "p"'s timer period: its next expiry is the sleep length */
	unsigned enters;       /* CPU4's idle entries after the start */
	unsigned at_jiffy;     /* ... at a jiffy: after a tick that woke it (WFI) */
	unsigned jiffy_ok;     /* ... with its tick stopped, in the nohz mask, idle_balance */
	unsigned kept;         /* ... with the tick kept */
	unsigned kept_out;     /* ... kept and out of the nohz mask */
	unsigned short_sleep;  /* ... with a sleep length under state 1's residency */
	unsigned stopped_ok;   /* ... those with the tick stopped and the CPU in the mask */
	unsigned too_deep;     /* a state whose residency the next tick cuts short */
};

static void tick_sink(void *ctx, const struct capsim_event *ev)
{
	struct tick_seen *w = ctx;
	const struct sim_rq *rq = &w->s->rq[4];
	uint64_t t = ev->time_ns, period = w->period_us * US;

	if (ev->type != CAPSIM_EV_CPU_IDLE || ev->cpu != 4 ||
	    ev->u.cpu_idle.state == CAPSIM_CPU_IDLE_EXIT || t == 0)
		return;
	w->enters++;
	if (t % (TICK_US * US) == 0) {
		w->at_jiffy++;
		w->jiffy_ok += rq->tick_stopped && rq->nohz_tick_stopped && rq->idle_balance;
	}
	if (rq->cpuidle_drv.state_count > 1 &&
	    (int64_t)((t / period + 1) * period - t) < rq->cpuidle_drv.target_residency_ns[1]) {
		w->short_sleep++;
		w->stopped_ok += rq->tick_stopped && rq->nohz_tick_stopped;
	}
	if (rq->tick_stopped)
		return;
	w->kept++;
	w->kept_out += !rq->nohz_tick_stopped;
	/* menu_select(): a state deeper than the time to the next tick is not taken */
	if (rq->cpuidle_idx > 0 &&
	    rq->cpuidle_drv.target_residency_ns[rq->cpuidle_idx] >
		    (int64_t)((t / (TICK_US * US) + 1) * TICK_US * US - t))
		w->too_deep++;
}

/* the jiffies m x 4 ms of a 1 s run that come while "p" sleeps: (2999 k + 500, 2999 (k + 1)) */
static unsigned jiffies_in_sleeps(void)
{
	unsigned n = 0;

	for (uint64_t m = 1; m * TICK_US < 1000 * 1000; m++)
		n += m * TICK_US % 2999 > 500;
	return n;
}

/*
 * @wl on RK3399 for 1 s with performance (500 us of work take 500 us on CPU4), cpuidle off or
 * not, @w's sink counting what the tick does
 */
static void run_on_rk3399(struct tick_seen *w, const char *wl, bool cpuidle_off)
{
	struct sim_options o;

	sim_options_default(&o);
	o.duration_ns = 1000 * MS;
	o.governor = SIM_GOV_PERFORMANCE;
	o.cpuidle_off = cpuidle_off;
	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	w->s = sim_test_create_on("rk3399", wl, &o);
	run(w->s, tick_sink, w);
}

/*
 * cpuidle.off=1 (no governor: cpuidle_idle_call() -> default_idle_call()): each idle period
 * the loop keeps the tick (do_idle()'s got_tick false, the tick running since "p" ran), so a
 * jiffy that comes while "p" sleeps (2.5 ms < 4 ms: at most one a period) wakes CPU4 out of
 * WFI at once; sched_tick() sets rq->idle_balance (idle_cpu()), and the next iteration, with
 * got_tick, stops the tick (nohz_balance_enter_idle(): the nohz mask). So the idle ticks are
 * the jiffies in the sleeps, each followed by an idle entry at that jiffy.
 */
static void test_wfi_keeps_the_tick_until_it_comes(void **state)
{
	struct tick_seen w = { .period_us = 2999 };
	unsigned n = jiffies_in_sleeps();

	(void)state;
	run_on_rk3399(&w, short_idle_wl, true);
	/* of 249 jiffies: m x 4000 mod 2999 = m x 1001 mod 2999 is under 500 for one in three */
	assert_int_equal(n, 166);
	assert_int_equal(w.s->rq[4].idle_ticks, n);
	assert_int_equal(w.at_jiffy, n);
	assert_int_equal(w.jiffy_ok, n);
	assert_int_equal(w.kept, w.enters - n); /* every entry from "p"'s run keeps it */
	sim_free(w.s);
}

/*
 * menu with RK3399's states: "p" sleeps at most 2.5 ms, so menu's prediction (the next timer
 * scaled by a correction factor of at most 1, or less) is under a tick and, the tick running,
 * menu keeps it (stop_tick false) and takes no state deeper than the time to the next tick
 * (delta_tick): out of the nohz mask after a busy tick. When a tick woke CPU4 with less than
 * state 1's residency (cpu-sleep, 900 us) left to "p"'s timer, menu returns WFI at once with
 * stop_tick true (its first test): that entry stops the tick and joins the nohz mask. So an
 * entry keeps the tick unless its sleep length is under 900 us; some jiffies come while it
 * sleeps (at most as many as with WFI: exits delay "p").
 */
static void test_menu_keeps_the_tick_for_a_short_idle(void **state)
{
	struct tick_seen w = { .period_us = 2999 };

	(void)state;
	run_on_rk3399(&w, short_idle_wl, false);
	assert_true(w.enters > 300);
	assert_true(w.short_sleep > 0);
	assert_int_equal(w.stopped_ok, w.short_sleep);
	assert_int_equal(w.kept, w.enters - w.short_sleep);
	assert_true(w.kept_out > w.kept / 2);
	assert_int_equal(w.too_deep, 0);
	assert_true(w.s->rq[4].idle_ticks > 0 && w.s->rq[4].idle_ticks <= jiffies_in_sleeps());
	sim_free(w.s);
}

/*
 * "p" on CPU4 sleeping 9 ms of every 10: menu predicts more than a tick (the sleep length
 * times a factor that learns measured / sleep, about 0.9), so every entry stops the tick,
 * CPU4 joins the nohz mask each time, and no tick comes in idle.
 */
static void test_menu_stops_the_tick_for_a_long_idle(void **state)
{
	struct tick_seen w = { .period_us = 10000 };

	(void)state;
	run_on_rk3399(&w, "{\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 1000, "
			  "\"timer\": {\"ref\": \"t\", \"period\": 10000}}}}", false);
	assert_true(w.enters >= 99);
	assert_int_equal(w.kept, 0);
	assert_int_equal(w.s->rq[4].idle_ticks, 0);
	assert_true(w.s->rq[4].nohz_tick_stopped);
	sim_free(w.s);
}

struct cluster_tick_seen {
	struct capsim_sim *s;
	unsigned downs;      /* CPU5 took the cluster down (cluster-sleep) */
	unsigned with_tick;  /* ... while CPU4 idled with its tick kept */
	unsigned too_soon;   /* ... with CPU4's next tick within cluster-sleep's residency */
};

static void cluster_tick_sink(void *ctx, const struct capsim_event *ev)
{
	struct cluster_tick_seen *w = ctx;
	const struct sim_rq *rq4 = &w->s->rq[4];
	uint64_t t = ev->time_ns, next_tick = (t / (TICK_US * US) + 1) * TICK_US * US;

	if (ev->type != CAPSIM_EV_CPU_IDLE || ev->cpu != 5 || ev->u.cpu_idle.state != 2)
		return;
	w->downs++;
	if (!rq4->in_idle || rq4->tick_stopped)
		return;
	w->with_tick++;
	w->too_soon += next_tick - t < 2000 * US;
}

/*
 * RK3399's big cluster: "p" on CPU4 keeps its tick (its sleeps are under a tick), "q" on CPU5
 * sleeps 50 ms. CPU5, idling last, takes the cluster down (cluster-sleep, residency 2000 us)
 * only if the cluster's next wake-up is 2 ms away or more: genpd's and the firmware's rule
 * reads each CPU's next event, CPU4's kept tick included (dev->next_hrtimer), not only the
 * timers.
 */
static void test_cluster_waits_for_a_kept_tick(void **state)
{
	struct sim_options o;
	struct cluster_tick_seen w = { 0 };

	(void)state;
	sim_options_default(&o);
	o.duration_ns = 5000 * MS;
	o.governor = SIM_GOV_PERFORMANCE;
	setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
	w.s = sim_test_create_on("rk3399", "{\"global\": {\"calibration\": \"CPU4\"}, "
				 "\"tasks\": {\"p\": {\"cpus\": [4], \"run\": 500, \"timer\": "
				 "{\"ref\": \"t\", \"period\": 2999}}, \"q\": {\"cpus\": [5], "
				 "\"run\": 500, \"timer\": {\"ref\": \"u\", "
				 "\"period\": 50021}}}}", &o);
	run(w.s, cluster_tick_sink, &w);
	assert_true(w.downs > 0);
	assert_true(w.with_tick > 0);
	assert_int_equal(w.too_soon, 0);
	sim_free(w.s);
}

/* ---- rq->nr_iowait ------------------------------------------------------------------------ */

struct iowait_seen {
	struct capsim_sim *s;
	unsigned io, io_bucket;    /* CPU4's entries counting one iowaiter; menu's iowait buckets */
	unsigned after_io_none;    /* ... counting none once it counted one */
	unsigned other;            /* CPU0's entries counting any */
};

static void iowait_sink(void *ctx, const struct capsim_event *ev)
{
	struct iowait_seen *w = ctx;
	const struct sim_rq *rq = &w->s->rq[ev->cpu < 0 ? 0 : ev->cpu];

	if (ev->type != CAPSIM_EV_CPU_IDLE || ev->u.cpu_idle.state == CAPSIM_CPU_IDLE_EXIT)
		return;
	if (ev->cpu == 4 && rq->nr_iowait == 1) {
		w->io++;
		w->io_bucket += rq->cpuidle.menu.bucket >= CPUIDLE_MENU_BUCKETS_6_1 / 2;
	}
	w->after_io_none += ev->cpu == 4 && rq->nr_iowait == 0 && w->io;
	w->other += ev->cpu == 0 && rq->nr_iowait != 0;
}

/*
 * RK3399, 100 ms: "a" pinned on CPU4 does 1 ms of iorun then sleeps 9 ms, "b" on CPU0 runs
 * then sleeps. The kernel's __schedule() counts a task that blocks with in_iowait (set by
 * io_schedule(), rt-app's iorun) in its rq->nr_iowait until try_to_wake_up(): CPU4 idles only
 * while "a" sleeps, so each of its idle entries after the first sleep counts one iowaiter
 * (about 10 sleeps); "b" never sleeps in I/O: CPU0 counts none. 6.1's menu then picks from its
 * iowait buckets (which_bucket(): + BUCKETS / 2 with nr_iowaiters); other versions' menu does
 * not read it.
 */
static void test_nr_iowait_counts_the_iowait_sleepers(void **state)
{
	static const char *wl = "{\"tasks\": {\"a\": {\"cpus\": [4], \"iorun\": 1000, "
				"\"sleep\": 9000}, \"b\": {\"cpus\": [0], \"run\": 1000, "
				"\"sleep\": 9000}}}";
	enum capsim_model models[] = { CAPSIM_MODEL_V6_1, CAPSIM_MODEL_V6_10 };

	(void)state;
	for (unsigned k = 0; k < 2; k++) {
		struct iowait_seen w = { 0 };
		struct sim_options o;

		sim_options_default(&o);
		o.duration_ns = 100 * MS;
		o.governor = SIM_GOV_PERFORMANCE; /* no sugov kthread on CPU0 or CPU4 */
		o.model = models[k];
		setenv("CAPSIM_DATA_DIR", CAPSIM_SOURCE_DIR "/data", 1);
		w.s = sim_test_create_on("rk3399", wl, &o);
		run(w.s, iowait_sink, &w);
		assert_true(w.io >= 9);
		assert_int_equal(w.after_io_none, 0);
		assert_int_equal(w.other, 0);
		assert_int_equal(w.io_bucket, k == 0 ? w.io : 0);
		sim_free(w.s);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timer_fires_after_the_exit),
		cmocka_unit_test(test_menu_learns_in_the_run),
		cmocka_unit_test(test_remote_wakeup_waits_on_the_wake_list),
		cmocka_unit_test(test_cluster_residency),
		cmocka_unit_test(test_cluster_needs_every_cpu_idle),
		cmocka_unit_test(test_rb5_little_frequency),
		cmocka_unit_test(test_wfi_keeps_the_tick_until_it_comes),
		cmocka_unit_test(test_menu_keeps_the_tick_for_a_short_idle),
		cmocka_unit_test(test_menu_stops_the_tick_for_a_long_idle),
		cmocka_unit_test(test_cluster_waits_for_a_kept_tick),
		cmocka_unit_test(test_nr_iowait_counts_the_iowait_sleepers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
