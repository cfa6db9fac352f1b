// SPDX-License-Identifier: MIT
/*
 * test_scenario_timeline.c - tests src/input/scenario_timeline.c: the timeline kinds of a scenario and
 * the CLI forms become simulator events (kinds, values, origins for messages), and the simulator
 * applies them: a task waits for its task_start, stops at task_stop, starts again as a new
 * thread (its unique timers anew), a uclamp event moves a task, a cooling_state caps a policy.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "input/scenario_timeline.h"
#include "sim/sim.h"

#define MS NSEC_PER_MSEC

static const char base[] =
	"{\"platform\": \"rk3399\", \"duration\": \"3s\", \"seed\": 1, %s"
	" \"workload\": {\"global\": {\"duration\": 3, \"calibration\": \"CPU4\"},"
	"  \"tasks\": {\"a\": {\"run\": 1000, \"timer\": {\"ref\": \"unique\", \"period\": 10000}},"
	"   \"b\": {\"run\": 1000, \"timer\": {\"ref\": \"unique\", \"period\": 10000}}}},"
	" \"events\": [%s]}";

static struct capsim_scenario *parse(const char *extra, const char *events, scn_events *cli)
{
	struct capsim_scenario *sc;
	capsim_error err = { 0 };
	char text[2048];

	snprintf(text, sizeof(text), base, extra, events);
	if (scenario_parse(text, strlen(text), "t.json", ".", &sc, &err) ||
	    scenario_finish_timeline(sc, cli, &err))
		fail_msg("%s", err.msg);
	return sc;
}

static void test_conversion(void **state)
{
	scn_events *cli = scn_events_new();
	struct capsim_scenario *sc;
	capsim_error err;

	assert_int_equal(scn_events_add_max_freq(cli, "policy4=408MHz@1s", &err), 0);
	sc = parse("\"thermal\": {\"governor\": \"step_wise\"},",
		   "{\"at\": \"500ms\", \"uclamp\": {\"task\": \"a\", \"min\": 512}},"
		   "{\"at\": 2, \"cooling_state\": {\"cdev\": \"thermal-cpufreq-1\", \"state\": 3}},"
		   "{\"at\": 0, \"max_freq\": {\"policy\": \"policy0\", \"khz\": 1008000}}",
		   cli);
	/* the file's own max_freq first (read by scenario.c), then the timeline kinds in time
	 * order, then the command line's */
	assert_int_equal(sc->nr_events, 4);
	assert_int_equal(sc->events[0].ev.kind, SIM_SC_QOS_SET);
	assert_string_equal(sc->events[0].origin, "");
	assert_int_equal(sc->events[1].ev.kind, SIM_SC_UCLAMP);
	assert_true(sc->events[1].ev.time_ns == 500 * MS);
	assert_int_equal(sc->events[1].ev.uclamp_min, 512);
	assert_int_equal(sc->events[1].ev.uclamp_max, WL_UNSET);
	assert_string_equal(sc->events[1].ev.name, "a");
	assert_non_null(strstr(sc->events[1].origin, "t.json:"));
	assert_int_equal(sc->events[2].ev.kind, SIM_SC_COOLING_STATE);
	assert_int_equal(sc->events[2].ev.state, 3);
	assert_int_equal(sc->events[3].ev.kind, SIM_SC_QOS_SET);
	assert_int_equal(sc->events[3].ev.policy, 4);
	assert_int_equal(sc->events[3].ev.khz, 408000);
	assert_string_equal(sc->events[3].ev.name, "scaling_max_freq");
	assert_string_equal(sc->events[3].origin, "--max-freq policy4=408MHz@1s");
	assert_true(sc->opt.thermal);
	scenario_free(sc);
	scn_events_free(cli);
}

static struct capsim_sim *run(struct capsim_scenario *sc)
{
	struct capsim_sim *s;
	capsim_error err = { 0 };

	if (scenario_build(sc, NULL, NULL, &s, &err) || sim_run(s, &err))
		fail_msg("%s", err.msg);
	return s;
}

static const struct sim_task *task(const struct capsim_sim *s, const char *name)
{
	for (uint32_t i = 0; i < s->nr_tasks; i++)
		if (!strcmp(s->tasks[i]->name, name))
			return s->tasks[i];
	fail_msg("no task %s", name);
	return NULL;
}

static void test_task_start_stop(void **state)
{
	/* a waits for its start at 1 s and stops at 2 s: 1 s of 10 ms periods = 100 activations
	 * (+1 for the boundary); b runs the whole 3 s: 300 */
	struct capsim_scenario *sc = parse("", "{\"at\": 1, \"task_start\": {\"task\": \"a\"}},"
					       "{\"at\": 2, \"task_stop\": {\"task\": \"a\"}}", NULL);
	struct capsim_sim *s = run(sc);
	uint64_t a = task(s, "a")->st.activations, b = task(s, "b")->st.activations;

	assert_true(a >= 99 && a <= 101);
	assert_true(b >= 299 && b <= 301);
	assert_int_equal(task(s, "a")->state, TASK_DEAD);
	sim_free(s);
	scenario_free(sc);
}

static void test_task_restart(void **state)
{
	/* a runs from its start at 0.5 s to its stop at 1 s, then starts again at 2.0035 s, off
	 * its old 10 ms grid: a new rt-app thread, whose unique timer counts its periods from the
	 * restart (t_first). Kept from the first life, the timer would find its next expiry
	 * (~1.01 s) long past: a deadline miss */
	struct capsim_scenario *sc = parse("", "{\"at\": 0.5, \"task_start\": {\"task\": \"a\"}},"
					       "{\"at\": 1, \"task_stop\": {\"task\": \"a\"}},"
					       "{\"at\": 2.0035, \"task_start\": {\"task\": \"a\"}}",
					   NULL);
	struct capsim_sim *s = run(sc);
	const struct sim_task *a = task(s, "a");

	assert_int_equal(a->st.deadline_misses, 0);
	/* 0.5..1 s and 2.0035..3 s: 50 + 100 activations (+1 at a boundary) */
	assert_true(a->st.activations >= 149 && a->st.activations <= 151);
	sim_free(s);
	scenario_free(sc);
}

static void test_uclamp_event(void **state)
{
	/* a light task lives on a little CPU; boosted to uclamp_min 1024 at 1 s, it needs the
	 * biggest CPU (1024 fits only the A72s): its 200 remaining periods of 1 ms of A72 work (at
	 * whatever OPP schedutil picks) run there, at least 200 ms; without the event it would
	 * never leave the littles (b, the same task unboosted, stays on one) */
	struct capsim_scenario *sc = parse("", "{\"at\": 1, \"uclamp\": {\"task\": \"a\", \"min\": 1024}}",
					   NULL);
	struct capsim_sim *s = run(sc);
	const struct sim_task *a = task(s, "a");
	uint64_t big = 0;

	for (unsigned k = 0; k < a->st.nr_by_cpu; k++)
		if (cpu_time_cpu(&a->st, k) >= 4)
			big += cpu_time_ns(&a->st, k);
	assert_int_equal(a->uclamp_eff[0], 1024);
	assert_true(big >= 200 * MS);
	assert_true(a->st.migrations >= 1);
	assert_int_equal(task(s, "b")->st.migrations, 0);
	sim_free(s);
	scenario_free(sc);
}

static void test_cooling_state_event(void **state)
{
	/* thermal-cpufreq-1 (the big policy, 8 OPPs) to state 7 at 1 s: its MAX request is the
	 * lowest OPP, 408 MHz, so policy->max ends at 408000 */
	struct capsim_scenario *sc = parse("\"thermal\": {\"governor\": \"step_wise\"},",
					   "{\"at\": 1, \"cooling_state\": {\"cdev\": \"thermal-cpufreq-1\","
					   " \"state\": 7}}", NULL);
	struct capsim_sim *s = run(sc);

	assert_int_equal(s->plat->policies[1].max_khz, 408000);
	assert_int_equal(s->plat->policies[0].max_khz, s->plat->policies[0].cpuinfo_max_khz);
	sim_free(s);
	scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conversion),
		cmocka_unit_test(test_task_start_stop),
		cmocka_unit_test(test_task_restart),
		cmocka_unit_test(test_uclamp_event),
		cmocka_unit_test(test_cooling_state_event),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
