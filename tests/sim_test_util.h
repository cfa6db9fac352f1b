/* SPDX-License-Identifier: MIT */
/*
 * sim_test_util.h - for the simulator's unit tests (include after cmocka.h): a simulator of an
 * rt-app text on a loaded platform, failing the test on any error; a run's task by name; and
 * an engine with nothing started, whose runqueues a test drives through the engine's entry
 * points (the class table, task_start(), task_wake()).
 */
#ifndef CAPSIM_SIM_TEST_UTIL_H
#define CAPSIM_SIM_TEST_UTIL_H

#include <stdint.h>
#include <string.h>

#include "capsim/capsim.h"
#include "input/platform_load.h"
#include "sim/sim.h"

/* A simulator of the rt-app JSON @wl_text on @p (which it owns from now on), with options @o. */
static inline struct capsim_sim *sim_test_create(struct capsim_platform *p, const char *wl_text,
						 const struct sim_options *o)
{
	struct capsim_workload *wl = NULL;
	struct capsim_sim *s = NULL;
	capsim_error e = { 0 };

	if (capsim_workload_parse(wl_text, strlen(wl_text), "test.json", &wl, &e))
		fail_msg("%s", e.msg);
	if (sim_create(p, wl, o, NULL, 0, &s, &e))
		fail_msg("%s", e.msg);
	return s;
}

/* sim_test_create() on the shipped board @platform. */
static inline struct capsim_sim *sim_test_create_on(const char *platform, const char *wl_text,
						    const struct sim_options *o)
{
	struct capsim_platform *p = NULL;
	capsim_error e = { 0 };

	if (platform_load(platform, NULL, 0, &p, &e))
		fail_msg("%s: %s", platform, e.msg);
	return sim_test_create(p, wl_text, o);
}

/* The task @name of @s (its first instance), failing the test if there is none. */
static inline struct sim_task *sim_test_task(struct capsim_sim *s, const char *name)
{
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (!strcmp(s->tasks[i]->name, name))
			return s->tasks[i];
	fail_msg("no task %s", name);
	return NULL;
}

/*
 * A 1 ms run of @wl on the HiKey960 under @model, at its reference frequencies and without
 * idle states (no exit latency delays a pick), whose tasks start later than that (give each a
 * "delay" past 1 ms): every CPU is idle, and the test starts the tasks itself (task_start()).
 */
static inline struct capsim_sim *sim_test_idle(const char *wl, enum capsim_model model)
{
	struct capsim_sim *s;
	struct sim_options o;
	capsim_error e = { 0 };

	sim_options_default(&o);
	o.model = model;
	o.governor = SIM_GOV_PERFORMANCE;
	o.cpuidle_off = 1;
	o.duration_ns = 1000000;
	s = sim_test_create_on("hikey960", wl, &o);
	if (sim_run(s, &e))
		fail_msg("%s", e.msg);
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		assert_null(s->rq[c].curr);
		assert_int_equal(s->rq[c].fc->nr_running, 0);
	}
	return s;
}

/* sim_test_idle() under the default model (sim_options_default()) */
static inline struct capsim_sim *sim_test_idle_default(const char *wl)
{
	struct sim_options o;

	sim_options_default(&o);
	return sim_test_idle(wl, o.model);
}

/* The simulated clock moves on by @ns, and jiffies with it, as the event loop moves it between
 * two events (sim.c's sim_set_now()). */
static inline void sim_test_pass(struct capsim_sim *s, uint64_t ns)
{
	s->now += ns;
	s->jiffies = s->now / s->tick_ns;
	s->next_jiffy_ns = (s->jiffies + 1) * s->tick_ns;
}

/* mirrors the kernel's sleep of the running @p: deactivate_task(DEQUEUE_SLEEP), then
 * __schedule()'s pick */
static inline void sim_test_sleep(struct capsim_sim *s, struct sim_task *p)
{
	struct sim_rq *rq = &s->rq[p->cpu];

	rq_dequeue(s, rq, p, true);
	rq_resched(s, rq);
}

#endif
