// SPDX-License-Identifier: MIT
/*
 * test_sim_events.c - the engine's event sink (src/sim/sim_events.c, capsim_sim_set_sink()):
 * what a run delivers is checked against what the run itself counted (activations, deadline
 * misses, migrations, overutilized time) and against the kernel's invariants (per CPU, each
 * sched_switch starts from the task the previous one switched to; PELT signals stay within
 * 1024; time never goes back), on the shipped HiKey960; a sink sized by the last event type
 * (compute_energy) sees every EAS placement.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "capsim/capsim.h"
#include "input/platform_load.h"
#include "sim/sim.h"
#include "sim_test_util.h"

#define MS 1000000ULL
/* the event types there are: counted per type, any other is an error (never an index) */
#define NR_TYPES (CAPSIM_EV_SCHED_COMPUTE_ENERGY + 1)

/* What a test sink saw. */
struct seen {
	uint64_t count[NR_TYPES];
	uint64_t last_time;
	int32_t last_next[8];         /* per CPU: pid of the task the last switch went to */
	uint64_t misses, limits_first, overutil_on, overutil_off;
	uint64_t stopper_wakes;       /* sched_waking of a migration/N stopper */
	uint64_t sugov_wakes;         /* sched_waking of a policy's sugov kthread (sugov:N) */
	int overutilized;
	unsigned bad;                 /* events that broke an invariant */
};

/* "sugov:N", pid CAPSIM_SUGOV_PID_BASE + N, SCHED_DEADLINE (prio -1) */
static bool is_sugov(const struct capsim_event_task *t)
{
	char comm[24];

	snprintf(comm, sizeof(comm), "sugov:%d", t->pid - CAPSIM_SUGOV_PID_BASE);
	return t->pid >= CAPSIM_SUGOV_PID_BASE && t->pid < CAPSIM_SUGOV_PID_BASE + 8 &&
	       !strcmp(t->comm, comm) && t->prio == -1;
}

static void sink(void *ctx, const struct capsim_event *ev)
{
	struct seen *w = ctx;

	if (ev->size != sizeof(*ev) || ev->version != CAPSIM_EVENT_VERSION ||
	    (unsigned)ev->type >= NR_TYPES || ev->time_ns < w->last_time ||
	    ev->cpu < -1 || ev->cpu >= 8 || !ev->curr.comm) {
		w->bad++;
		return;
	}
	w->last_time = ev->time_ns;
	w->count[ev->type]++;
	switch (ev->type) {
	case CAPSIM_EV_SCHED_SWITCH:
		/* recorded in prev's context, from the task the last switch on this CPU went to */
		if (ev->cpu < 0) {
			w->bad++;
			break;
		}
		if (ev->u.sched_switch.prev.pid != w->last_next[ev->cpu] ||
		    ev->curr.pid != ev->u.sched_switch.prev.pid)
			w->bad++;
		w->last_next[ev->cpu] = ev->u.sched_switch.next.pid;
		break;
	case CAPSIM_EV_SCHED_WAKING:
		w->stopper_wakes += ev->u.wakeup.task.pid ==
				    CAPSIM_STOPPER_PID_BASE + ev->u.wakeup.target_cpu;
		w->sugov_wakes += is_sugov(&ev->u.wakeup.task);
		break;
	case CAPSIM_EV_SCHED_WAKEUP:
	case CAPSIM_EV_SCHED_WAKEUP_NEW:
		/* on the CPU it is queued on; a stopper is activated from the balancing CPU, a
		 * sugov kthread from the CPU whose irq_work (or timer) woke it */
		if (ev->u.wakeup.target_cpu != ev->cpu &&
		    ev->u.wakeup.task.pid != CAPSIM_STOPPER_PID_BASE + ev->u.wakeup.target_cpu &&
		    !is_sugov(&ev->u.wakeup.task))
			w->bad++;
		break;
	case CAPSIM_EV_PELT_SE:
	case CAPSIM_EV_PELT_RQ:
		if (ev->u.pelt.util_avg > 1024 || ev->u.pelt.runnable_avg > 1024 * 8)
			w->bad++;
		if ((ev->type == CAPSIM_EV_PELT_SE) != (ev->u.pelt.signal == CAPSIM_PELT_TASK))
			w->bad++;
		break;
	case CAPSIM_EV_CPU_FREQUENCY:
		/* the delivered OPP is policy->cur or below it (a HW cap) */
		if (ev->u.cpu_frequency.delivered_khz > ev->u.cpu_frequency.requested_khz)
			w->bad++;
		break;
	case CAPSIM_EV_CPU_FREQUENCY_LIMITS:
		if (!capsim_cpumask_test(ev->u.cpu_frequency_limits.cpus, (unsigned)ev->cpu))
			w->bad++;
		w->limits_first += ev->cpu == ev->u.cpu_frequency_limits.first_cpu;
		break;
	case CAPSIM_EV_RTAPP_TIMER:
		w->misses += (uint64_t)ev->u.rtapp_timer.missed;
		if (ev->u.rtapp_timer.missed != (ev->u.rtapp_timer.slack_ns <= 0))
			w->bad++;
		break;
	case CAPSIM_EV_OVERUTILIZED:
		/* it only flips */
		if (ev->u.overutilized.on == w->overutilized || ev->cpu != 0)
			w->bad++;
		w->overutilized = ev->u.overutilized.on;
		if (w->overutilized)
			w->overutil_on++;
		else
			w->overutil_off++;
		break;
	default:
		break;
	}
}

/*
 * Four periodic tasks, 3 ms every 8 ms, and one 20 ms/30 ms task that cannot meet a 10 ms
 * period on a little CPU (calibrated on CPU4: 20 ms there is 44 ms on CPU0 at its top OPP).
 */
static const char *rtapp =
	"{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
	"\"p\": {\"instance\": 4, \"run\": 3000, \"timer\": {\"ref\": \"tp\", \"period\": 8000}},"
	"\"late\": {\"cpus\": [0], \"run\": 20000, \"timer\": {\"ref\": \"tl\", \"period\": 10000}}}}";

static struct capsim_sim *make_sim_wl(const char *text)
{
	struct sim_options o;

	sim_options_default(&o);
	o.duration_ns = 500 * MS;
	return sim_test_create_on("hikey960", text, &o);
}

static struct capsim_sim *make_sim(void)
{
	return make_sim_wl(rtapp);
}

/* Every event type the run has is delivered, consistent with what the run counted. */
static void test_sink_sees_the_run(void **state)
{
	struct capsim_sim *s = make_sim();
	struct seen w = { 0 };
	uint64_t activations = 0, misses = 0, task_migrations = 0;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	for (uint32_t i = 0; i < s->nr_tasks; i++) {
		activations += s->tasks[i]->st.activations;
		misses += s->tasks[i]->st.deadline_misses;
		task_migrations += s->tasks[i]->st.migrations;
	}
	assert_int_equal(w.bad, 0);
	/* a task's first activation is its wake_up_new_task(), each later one a try_to_wake_up() */
	assert_int_equal(w.count[CAPSIM_EV_SCHED_WAKEUP_NEW], s->nr_tasks);
	/* and kernel threads are woken too: the stoppers of active/misfit migrations, and the
	 * sugov kthreads of HiKey960's policies (cpufreq-dt: no fast switch) */
	assert_true(w.sugov_wakes > 0);
	assert_int_equal(w.count[CAPSIM_EV_SCHED_WAKING],
			 activations - s->nr_tasks + w.stopper_wakes + w.sugov_wakes);
	assert_int_equal(w.count[CAPSIM_EV_SCHED_WAKEUP],
			 activations - s->nr_tasks + w.stopper_wakes + w.sugov_wakes);
	assert_int_equal(w.count[CAPSIM_EV_SCHED_MIGRATE_TASK], task_migrations);
	assert_true(misses > 0); /* "late" needs 44 ms of every 10 ms */
	assert_int_equal(w.misses, misses);
	/* every CPU's frequency track starts at t=0; a policy's limits are sent once, on policy->cpu */
	assert_true(w.count[CAPSIM_EV_CPU_FREQUENCY] >= 8);
	assert_int_equal(w.count[CAPSIM_EV_CPU_FREQUENCY_LIMITS], w.limits_first);
	/* every CPU starts idle (8 entries at t=0), and each wake from idle is an exit */
	assert_true(w.count[CAPSIM_EV_CPU_IDLE] > 8);
	assert_true(w.limits_first >= 2);
	assert_true(w.count[CAPSIM_EV_SCHED_SWITCH] > 0 && w.count[CAPSIM_EV_CPU_COUNTERS] > 0);
	assert_true(w.count[CAPSIM_EV_PELT_SE] > 0 && w.count[CAPSIM_EV_PELT_RQ] > 0);
	assert_true(w.count[CAPSIM_EV_UTIL_EST] > 0 && w.count[CAPSIM_EV_SUGOV_UPDATE] > 0);
	assert_true(w.count[CAPSIM_EV_RTAPP_LOOP] > 0);
	/* capacity_of() boots at 1024: the little CPUs' 462 is a change, the big CPUs' 1024 not */
	assert_true(w.count[CAPSIM_EV_CPU_CAPACITY] >= 4);
	/* the 44 ms task overutilizes CPU0: the flag is set at least once, and cleared as often */
	assert_true(w.overutil_on > 0);
	assert_true(w.overutil_on - w.overutil_off == (uint64_t)s->overutilized);
	assert_int_equal(w.count[CAPSIM_EV_HW_PRESSURE_UPDATE], 0); /* no HW cap in this run */
	/* once the run has started the sink is fixed */
	assert_int_equal(capsim_sim_set_sink(s, NULL, NULL), CAPSIM_ERR_INVALID);
	sim_free(s);
}

/*
 * Without "late" nothing overutilizes a CPU: EAS places every wake-up, and the sink gets each
 * compute_energy() call (CAPSIM_EV_SCHED_COMPUTE_ENERGY, the last type: a sink must size its
 * tables by it), with the rest of the run's events as above.
 */
static void test_sink_sees_eas(void **state)
{
	struct capsim_sim *s = make_sim_wl("{\"global\": {\"calibration\": \"CPU4\"}, \"tasks\": {"
					   "\"p\": {\"instance\": 4, \"run\": 3000, "
					   "\"timer\": {\"ref\": \"tp\", \"period\": 8000}}}}");
	struct seen w = { 0 };
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	assert_true(s->eas);
	assert_int_equal(w.bad, 0);
	assert_true(w.count[CAPSIM_EV_SCHED_COMPUTE_ENERGY] > 0);
	assert_true(w.count[CAPSIM_EV_SCHED_WAKING] > 0 && w.count[CAPSIM_EV_CPU_IDLE] > 8);
	sim_free(s);
}

/* NULL detaches: the run then delivers nothing; a NULL run is refused. */
static void test_sink_detach(void **state)
{
	struct capsim_sim *s = make_sim();
	struct seen w = { 0 };
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(capsim_sim_set_sink(NULL, sink, &w), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), 0);
	assert_int_equal(capsim_sim_set_sink(s, NULL, &w), 0);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	assert_int_equal(w.last_time, 0);
	for (unsigned t = 0; t < NR_TYPES; t++)
		assert_int_equal(w.count[t], 0);
	sim_free(s);
}

/* The text trace is a sink of the library's own: it is not replaced, and it refuses a second. */
static void test_trace_is_a_sink(void **state)
{
	struct capsim_sim *s = make_sim();
	struct seen w = { 0 };
	FILE *fp = tmpfile();

	(void)state;
	assert_non_null(fp);
	assert_int_equal(capsim_sim_trace_open(s, fp), 0);
	assert_int_equal(capsim_sim_trace_open(s, fp), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), CAPSIM_ERR_INVALID);
	assert_int_equal(capsim_sim_trace_close(s), 0);
	assert_int_equal(capsim_sim_trace_close(s), 0); /* closed: a no-op */
	assert_int_equal(capsim_sim_set_sink(s, sink, &w), 0);
	assert_int_equal(capsim_sim_trace_open(s, fp), CAPSIM_ERR_INVALID);
	sim_free(s);
	fclose(fp);
}

/* what test_util_est_order() reads of a run: each task's util_est samples against its PELT */
struct ue_order {
	uint64_t last_util[4096];  /* by pid: util_avg of the task's last pelt_se event */
	bool have[4096];
	uint64_t pending_ns[4096]; /* by pid: time of a util_est event no pelt_se has followed */
	uint32_t pending_dequeued[4096];
	bool pending[4096];
	unsigned samples, not_last, stretch_after;
};

static void ue_sink(void *ctx, const struct capsim_event *ev)
{
	struct ue_order *w = ctx;
	int pid;

	if (ev->type == CAPSIM_EV_PELT_SE) {
		pid = ev->u.pelt.task.pid;
		if (pid < 0 || pid >= 4096)
			return;
		/* the task's own update at the instant of its util_est sample, after it, moved util */
		if (w->pending[pid] && w->pending_ns[pid] == ev->time_ns &&
		    ev->u.pelt.util_avg != w->pending_dequeued[pid])
			w->stretch_after++;
		w->pending[pid] = false;
		w->last_util[pid] = ev->u.pelt.util_avg;
		w->have[pid] = true;
	} else if (ev->type == CAPSIM_EV_UTIL_EST) {
		pid = ev->u.util_est.task.pid;
		if (pid < 0 || pid >= 4096 || !w->have[pid])
			return;
		w->samples++;
		w->not_last += ev->u.util_est.dequeued != w->last_util[pid];
		w->pending[pid] = true;
		w->pending_ns[pid] = ev->time_ns;
		w->pending_dequeued[pid] = ev->u.util_est.dequeued;
	}
}

/*
 * The order of util_est_update() in dequeue_task_fair(), per model: 6.12's samples the task's
 * util_avg as its last PELT update left it, and the dequeue's own update (its final running
 * stretch) follows at the same instant; 6.1's (v6.10 here) samples after that update, so no
 * update of the task follows its sample. In both every sample is the util_avg of the task's
 * last pelt_se event before it.
 */
static void test_util_est_order(void **state)
{
	static const enum capsim_model models[] = { CAPSIM_MODEL_V6_10, CAPSIM_MODEL_V6_12 };

	(void)state;
	for (unsigned i = 0; i < 2; i++) {
		struct sim_options o;
		struct ue_order *w = calloc(1, sizeof(*w));
		struct capsim_sim *s;
		capsim_error e = { 0 };

		sim_options_default(&o);
		o.duration_ns = 500 * MS;
		o.model = models[i];
		s = sim_test_create_on("hikey960", rtapp, &o);
		assert_non_null(w);
		assert_int_equal(capsim_sim_set_sink(s, ue_sink, w), 0);
		if (sim_run(s, &e))
			fail_msg("%s", e.msg);
		assert_true(w->samples > 50);
		assert_int_equal(w->not_last, 0);
		if (models[i] == CAPSIM_MODEL_V6_12)
			assert_true(w->stretch_after > 0);
		else
			assert_int_equal(w->stretch_after, 0);
		sim_free(s);
		free(w);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sink_sees_eas),
		cmocka_unit_test(test_sink_sees_the_run),
		cmocka_unit_test(test_util_est_order),
		cmocka_unit_test(test_sink_detach),
		cmocka_unit_test(test_trace_is_a_sink),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
