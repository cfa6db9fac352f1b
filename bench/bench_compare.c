// SPDX-License-Identifier: MIT
/*
 * bench_compare.c - speed of `capsim compare` on the shipped scenarios: each scenario run under
 * all five kernel models at its own duration (what `capsim compare SCENARIO` does), wall and
 * CPU time per scenario. Target (issue 7, Must show): under 10 s per scenario.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "capsim/capsim.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int run_all_models(const char *path, double *wall, double *cpu)
{
	static const enum capsim_model models[] = { CAPSIM_MODEL_V6_9, CAPSIM_MODEL_V6_10,
						    CAPSIM_MODEL_LATEST, CAPSIM_MODEL_CAPPED,
						    CAPSIM_MODEL_NONE };
	double t0 = now_s(), c0 = (double)clock() / CLOCKS_PER_SEC;
	capsim_scenario *sc;
	capsim_error e = { 0 };

	if (capsim_scenario_load(path, &sc, &e)) {
		fprintf(stderr, "%s\n", e.msg);
		return 1;
	}
	for (unsigned m = 0; m < sizeof(models) / sizeof(models[0]); m++) {
		capsim_sim *s = NULL;
		capsim_summary *sum = NULL;

		capsim_scenario_set_model(sc, models[m], NULL);
		if (capsim_sim_create(sc, &s, &e) || capsim_sim_run(s, &e) ||
		    capsim_sim_summary(s, &sum, &e)) {
			fprintf(stderr, "%s: %s\n", path, e.msg);
			capsim_sim_free(s);
			capsim_scenario_free(sc);
			return 1;
		}
		capsim_summary_free(sum);
		capsim_sim_free(s);
	}
	capsim_scenario_free(sc);
	*wall = now_s() - t0;
	*cpu = (double)clock() / CLOCKS_PER_SEC - c0;
	return 0;
}

int main(void)
{
	static const char *const scenarios[] = { "rk3399-uclamp-ui", "pixel6-user-cap",
						  "hikey960-game-ipa", "rb5-lmh-bursts" };

	/* the shipped scenarios sit beside the default one */
	char def[4096];
	const char *slash;
	int dirlen;

	capsim_scenario_default_path(def, sizeof(def));
	slash = strrchr(def, '/');
	dirlen = slash ? (int)(slash - def) : 1;

	for (unsigned i = 0; i < sizeof(scenarios) / sizeof(scenarios[0]); i++) {
		char path[4200];
		double wall, cpu;

		snprintf(path, sizeof(path), "%.*s/%s.json", dirlen, slash ? def : ".", scenarios[i]);
		if (run_all_models(path, &wall, &cpu))
			return 1;
		printf("compare %-20s 5 models: wall %7.3f s, CPU %7.3f s (target < 10 s)\n",
		       scenarios[i], wall, cpu);
	}
	return 0;
}
