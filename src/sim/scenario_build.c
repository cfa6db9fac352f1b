// SPDX-License-Identifier: MIT
/*
 * scenario_build.c - a simulator for a scenario: what the scenario reader resolved (platform,
 * workload, events on that platform) handed to sim_create() with the scenario's options.
 */
#include <stdlib.h>

#include "input/scenario.h"
#include "sim/sim.h"

int scenario_build(const struct capsim_scenario *sc, const char *platform, const char *workload,
		   struct capsim_sim **out, capsim_error *err)
{
	struct capsim_platform *plat;
	struct capsim_workload *wl;
	struct sim_sc_event *ev;
	int ret;

	*out = NULL;
	ret = scenario_prepare(sc, platform, workload, &plat, &wl, &ev, err);
	if (ret)
		return ret;
	ret = sim_create(plat, wl, &sc->opt, ev, sc->nr_events, out, err);
	free(ev);
	return ret;
}
