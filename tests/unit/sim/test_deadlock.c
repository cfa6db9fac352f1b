// SPDX-License-Identifier: MIT
/*
 * test_deadlock.c - tests src/sim/deadlock.c: a wait-for cycle or a workload whose every task
 * waits on a resource is an error without a duration and a warning with one, while the other
 * tasks go on; a workload that only looks alike (a lock order kept, a barrier both reach, a
 * wait that is signalled) runs to its end without a word.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "input/platform_load.h"
#include "sim/sim.h"

/* Run @rtapp on RK3399 for @dur_ns (0: until it ends). Return: sim_run()'s result. */
static int run(const char *rtapp, uint64_t dur_ns, capsim_error *e, struct capsim_sim **out)
{
	struct capsim_platform *p = NULL;
	struct capsim_workload *wl = NULL;
	struct sim_options o;

	sim_options_default(&o);
	o.duration_ns = dur_ns;
	assert_int_equal(platform_load("rk3399", NULL, 0, &p, e), 0);
	if (capsim_workload_parse(rtapp, strlen(rtapp), "t.json", &wl, e))
		fail_msg("%s", e->msg);
	assert_int_equal(sim_create(p, wl, &o, NULL, 0, out, e), 0);
	return sim_run(*out, e);
}

#define ABBA                                                                                  \
	"{\"global\": {\"calibration\": 100}, \"tasks\": {"                                   \
	"\"a\": {\"loop\": 1, \"lock\": \"m1\", \"run\": 1000, \"lock1\": \"m2\","            \
	" \"unlock\": \"m2\", \"unlock1\": \"m1\"},"                                          \
	"\"b\": {\"loop\": 1, \"lock\": \"m2\", \"run\": 1000, \"lock1\": \"m1\","            \
	" \"unlock\": \"m1\", \"unlock1\": \"m2\"}%s}}"

static void test_abba_without_duration_is_an_error(void **state)
{
	char text[1024];
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	snprintf(text, sizeof(text), ABBA, "");
	assert_int_equal(run(text, 0, &e, &s), CAPSIM_ERR_INVALID);
	/* both tasks and both mutexes are named */
	assert_non_null(strstr(e.msg, "a waits for mutex \"m2\" held by b"));
	assert_non_null(strstr(e.msg, "b waits for mutex \"m1\" held by a"));
	sim_free(s);
}

/* With a duration, the cycle is a warning and a third task still runs to the end. */
static void test_abba_with_duration_is_a_warning(void **state)
{
	char text[1024];
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	snprintf(text, sizeof(text), ABBA,
		 ", \"c\": {\"loop\": -1, \"run\": 1000, \"timer\": {\"ref\": \"t\", \"period\": 10000}}");
	assert_int_equal(run(text, 1000000000ULL, &e, &s), 0);
	assert_non_null(strstr(s->warning, "deadlock"));
	assert_non_null(strstr(s->warning, "held by"));
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (!strcmp(s->tasks[i]->name, "c")) /* 1 s of 10 ms periods */
			assert_in_range(s->tasks[i]->st.timer_events, 99, 100);
	sim_free(s);
}

/* The same locks taken in one order: no deadlock, no warning. */
static void test_lock_order_kept_is_fine(void **state)
{
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(run("{\"global\": {\"calibration\": 100}, \"tasks\": {"
			     "\"a\": {\"loop\": 5, \"lock\": \"m1\", \"lock1\": \"m2\", \"run\": 1000,"
			     " \"unlock\": \"m2\", \"unlock1\": \"m1\"},"
			     "\"b\": {\"loop\": 5, \"lock\": \"m1\", \"lock1\": \"m2\", \"run\": 1000,"
			     " \"unlock\": \"m2\", \"unlock1\": \"m1\"}}}", 0, &e, &s), 0);
	assert_string_equal(s->warning, "");
	sim_free(s);
}

/* Waiting on a cond that a later signal releases, and a barrier both reach, end normally. */
static void test_signalled_wait_and_full_barrier_are_fine(void **state)
{
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(run("{\"global\": {\"calibration\": 100}, \"tasks\": {"
			     "\"w\": {\"loop\": 1, \"lock\": \"m\", \"wait\": {\"ref\": \"c\", \"mutex\": \"m\"},"
			     " \"unlock\": \"m\", \"barrier\": \"b\"},"
			     "\"s\": {\"loop\": 1, \"run\": 5000, \"lock\": \"m\", \"signal\": \"c\","
			     " \"unlock\": \"m\", \"barrier\": \"b\"}}}", 0, &e, &s), 0);
	assert_string_equal(s->warning, "");
	assert_int_equal(s->live_tasks, 0);
	sim_free(s);
}

/* A barrier only one side reaches again: every live task waits, which names the barrier. */
static void test_barrier_one_side_is_an_error(void **state)
{
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(run("{\"global\": {\"calibration\": 100}, \"tasks\": {"
			     "\"a\": {\"loop\": 3, \"run\": 1000, \"barrier\": \"sync\", \"sleep\": 1000},"
			     "\"b\": {\"loop\": 1, \"run\": 1000, \"barrier\": \"sync\", \"sleep\": 1000}}}",
			     0, &e, &s), CAPSIM_ERR_INVALID);
	assert_non_null(strstr(e.msg, "a waits for barrier \"sync\" (1 of 2 arrived)"));
	sim_free(s);
}

/* pthread rules: an unlock of a mutex not held, a wait without its mutex, stop the run. */
static void test_mutex_misuse_is_an_error(void **state)
{
	struct capsim_sim *s;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(run("{\"global\": {\"calibration\": 100}, \"tasks\": {"
			     "\"a\": {\"loop\": 1, \"run\": 1000,\n \"unlock\": \"m\"}}}", 0, &e, &s),
			 CAPSIM_ERR_INVALID);
	assert_string_equal(e.msg, "t.json:2: tasks.a: a unlocks mutex \"m\", which it does not "
			    "hold (pthread_mutex_unlock() fails with EPERM)");
	sim_free(s);
	assert_int_equal(run("{\"global\": {\"calibration\": 100}, \"tasks\": {"
			     "\"a\": {\"loop\": 1, \"wait\": {\"ref\": \"c\", \"mutex\": \"m\"}},"
			     "\"b\": {\"loop\": 1, \"run\": 5000, \"signal\": \"c\"}}}", 0, &e, &s),
			 CAPSIM_ERR_INVALID);
	assert_non_null(strstr(e.msg, "a waits on cond \"c\" without holding its mutex"));
	sim_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_abba_without_duration_is_an_error),
		cmocka_unit_test(test_abba_with_duration_is_a_warning),
		cmocka_unit_test(test_lock_order_kept_is_fine),
		cmocka_unit_test(test_signalled_wait_and_full_barrier_are_fine),
		cmocka_unit_test(test_barrier_one_side_is_an_error),
		cmocka_unit_test(test_mutex_misuse_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
