// SPDX-License-Identifier: MIT
/*
 * fuzz_scenario.c - libFuzzer target for the scenario reader (src/input/scenario.c). Properties
 * checked on every input, beyond not crashing:
 *  - a failure has a negative code and a message that starts with the file name;
 *  - parsing the same bytes twice gives the same scenario (or the same error);
 *  - a parsed scenario has a platform and exactly one of a workload path or inline text, HZ in
 *    1..10000, a known governor and model, and events of known kinds with frequencies > 0
 *    (0 only to lift a HW cap), policies and CPUs within CAPSIM_MAX_CPUS, times <= 100 years.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/scenario.h"

#define CHECK(cond)                                                                    \
	do {                                                                           \
		if (!(cond)) {                                                         \
			fprintf(stderr, "fuzz_scenario: property failed: %s\n", #cond); \
			abort();                                                       \
		}                                                                      \
	} while (0)

#define HUNDRED_YEARS_NS (100ULL * 365 * 24 * 3600 * 1000000000ULL + 1000000000ULL)

static int same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static void check_scenario(const struct capsim_scenario *sc)
{
	CHECK(sc->platform && sc->platform[0]);
	CHECK(!sc->workload_path != !sc->workload_text);
	CHECK(sc->opt.hz >= 1 && sc->opt.hz <= 10000);
	CHECK(sc->opt.governor <= SIM_GOV_POWERSAVE);
	CHECK(sc->opt.model < CAPSIM_MODEL_COUNT);
	CHECK(sc->opt.duration_ns <= HUNDRED_YEARS_NS);
	for (unsigned i = 0; i < sc->nr_events; i++) {
		const struct sim_sc_event *e = &sc->events[i].ev;

		CHECK(e->time_ns <= 2 * HUNDRED_YEARS_NS);
		CHECK(e->kind == SIM_SC_QOS_SET || e->kind == SIM_SC_QOS_CLEAR || e->kind == SIM_SC_HW_CAP);
		if (e->kind == SIM_SC_QOS_SET)
			CHECK(e->khz > 0 && e->khz <= INT32_MAX);
		if (e->kind != SIM_SC_HW_CAP) {
			CHECK(e->policy >= 0 && e->policy < CAPSIM_MAX_CPUS);
			CHECK(e->name[0] && memchr(e->name, '\0', sizeof(e->name)));
		}
	}
}

static int same_scenario(const struct capsim_scenario *a, const struct capsim_scenario *b)
{
	return same_str(a->platform, b->platform) && same_str(a->workload_path, b->workload_path) &&
	       same_str(a->workload_text, b->workload_text) &&
	       !memcmp(&a->opt, &b->opt, sizeof(a->opt)) && a->nr_events == b->nr_events &&
	       (!a->nr_events || !memcmp(a->events, b->events, a->nr_events * sizeof(a->events[0])));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capsim_scenario *a = NULL, *b = NULL;
	capsim_error ea = { 0 }, eb = { 0 };
	int ra, rb;

	ra = scenario_parse((const char *)data, size, "fuzz.json", ".", &a, &ea);
	rb = scenario_parse((const char *)data, size, "fuzz.json", ".", &b, &eb);
	CHECK(ra == rb);
	if (ra) {
		CHECK(ra < 0 && !a && !b);
		CHECK(!strncmp(ea.msg, "fuzz.json", 9) || ra == CAPSIM_ERR_NOMEM);
		CHECK(!strcmp(ea.msg, eb.msg));
		return 0;
	}
	check_scenario(a);
	CHECK(same_scenario(a, b));
	scenario_free(a);
	scenario_free(b);
	return 0;
}
