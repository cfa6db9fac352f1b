/* SPDX-License-Identifier: MIT */
/*
 * sim_test_util.h - for the simulator's unit tests (include after cmocka.h): a simulator of an
 * rt-app text on a loaded platform, failing the test on any error.
 */
#ifndef CAPSIM_SIM_TEST_UTIL_H
#define CAPSIM_SIM_TEST_UTIL_H

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

#endif
