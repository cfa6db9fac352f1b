// SPDX-License-Identifier: MIT
/*
 * summary.c - runs a shipped scenario through capsim's public API and prints its summary, as
 * `capsim simulate SCENARIO.json` does: load the scenario, create a simulation of it, run it,
 * write the summary as text. Built against an installed capsim with pkg-config (Makefile).
 * Usage: summary SCENARIO.json
 */
#include <stdio.h>

#include <capsim/capsim.h>
#include <capsim/capsim_sim.h>

int main(int argc, char **argv)
{
	capsim_scenario *sc = NULL;
	capsim_summary *sum = NULL;
	capsim_sim *sim = NULL;
	capsim_error err = { 0 };
	int ret;

	if (argc != 2) {
		fprintf(stderr, "usage: %s SCENARIO.json\n", argv[0]);
		return 2;
	}
	ret = capsim_scenario_load(argv[1], &sc, &err);
	if (!ret)
		ret = capsim_sim_create(sc, &sim, &err);
	if (!ret)
		ret = capsim_sim_run(sim, &err);
	if (!ret)
		ret = capsim_sim_summary(sim, &sum, &err);
	if (!ret)
		ret = capsim_summary_write(sum, CAPSIM_REPORT_TEXT, stdout);
	if (ret)
		fprintf(stderr, "summary: %s\n", err.msg[0] ? err.msg : capsim_strerror(ret));
	capsim_summary_free(sum);
	capsim_sim_free(sim);
	capsim_scenario_free(sc);
	return ret ? 1 : 0;
}
