// SPDX-License-Identifier: MIT
/*
 * fuzz_rtapp.c - libFuzzer target for the rt-app workload parser (src/input/rtapp.c). Properties
 * checked on every input, beyond not crashing:
 *  - a failure has a negative code and a message that starts with the file name;
 *  - parsing the same bytes twice gives identical models (or the identical error);
 *  - every event's resource and task indices are in range, and a resource's type fits the
 *    event; loops, instance counts and durations stay within the documented limits.
 * Any broken property aborts, so libFuzzer (and the regression driver) reports it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/workload.h"

#define CHECK(cond)                                                                 \
	do {                                                                        \
		if (!(cond)) {                                                      \
			fprintf(stderr, "fuzz_rtapp: property failed: %s\n", #cond); \
			abort();                                                    \
		}                                                                   \
	} while (0)

/* Every value an event may carry: 2^31-1 µs of run, or a memrun of 2^31-1 hops at 100 ns. */
#define MAX_EVENT_NS (2147483647ULL * 1000)

static int same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int same_event(const struct wl_event *a, const struct wl_event *b)
{
	return a->type == b->type && a->value == b->value && a->res == b->res &&
	       a->res2 == b->res2 && a->task == b->task && a->absolute == b->absolute &&
	       a->unique == b->unique && a->line == b->line;
}

static int same_phase(const struct wl_phase *a, const struct wl_phase *b)
{
	unsigned e;

	if (!same_str(a->name, b->name) || a->loop != b->loop || a->nr_events != b->nr_events ||
	    a->has_cpus != b->has_cpus || memcmp(&a->cpus, &b->cpus, sizeof(a->cpus)) ||
	    a->util_min != b->util_min || a->util_max != b->util_max)
		return 0;
	for (e = 0; e < a->nr_events; e++)
		if (!same_event(&a->events[e], &b->events[e]))
			return 0;
	return 1;
}

static int same_task(const struct wl_task *a, const struct wl_task *b)
{
	unsigned p;

	if (!same_str(a->name, b->name) || a->instances != b->instances || a->loop != b->loop ||
	    a->delay_ns != b->delay_ns || a->policy != b->policy || a->priority != b->priority ||
	    a->has_cpus != b->has_cpus || memcmp(&a->cpus, &b->cpus, sizeof(a->cpus)) ||
	    a->util_min != b->util_min || a->util_max != b->util_max ||
	    a->nr_phases != b->nr_phases || a->at.line != b->at.line || a->at.col != b->at.col ||
	    a->cpus_at.line != b->cpus_at.line || a->cpus_at.col != b->cpus_at.col ||
	    a->slice_ns != b->slice_ns ||
	    a->forked != b->forked)
		return 0;
	for (p = 0; p < a->nr_phases; p++)
		if (!same_phase(&a->phases[p], &b->phases[p]))
			return 0;
	return 1;
}

static int same_workload(const capsim_workload *a, const capsim_workload *b)
{
	unsigned i;

	if (!same_str(a->source, b->source) || a->duration_ns != b->duration_ns ||
	    a->calibration_cpu != b->calibration_cpu || a->ns_per_loop != b->ns_per_loop ||
	    a->default_policy != b->default_policy || a->nr_tasks != b->nr_tasks ||
	    a->nr_resources != b->nr_resources || a->nr_threads != b->nr_threads)
		return 0;
	for (i = 0; i < a->nr_tasks; i++)
		if (!same_task(&a->tasks[i], &b->tasks[i]))
			return 0;
	for (i = 0; i < a->nr_resources; i++) {
		const struct wl_resource *x = &a->resources[i], *y = &b->resources[i];

		if (!same_str(x->name, y->name) || x->type != y->type || x->owner != y->owner ||
		    x->users != y->users)
			return 0;
	}
	return 1;
}

/* The resource type each event needs in res (and res2). */
static int res_type_ok(const capsim_workload *wl, const struct wl_event *ev)
{
	int r = ev->res >= 0 ? (int)wl->resources[ev->res].type : -1;
	int r2 = ev->res2 >= 0 ? (int)wl->resources[ev->res2].type : -1;

	switch (ev->type) {
	case WL_EV_TIMER: return r == WL_RES_TIMER && r2 < 0;
	case WL_EV_LOCK:
	case WL_EV_UNLOCK: return r == WL_RES_MUTEX && r2 < 0;
	case WL_EV_SIGNAL:
	case WL_EV_BROAD: return r == WL_RES_COND && r2 < 0;
	case WL_EV_WAIT:
	case WL_EV_SYNC:
	case WL_EV_SUSPEND:
	case WL_EV_RESUME: return r == WL_RES_COND && r2 == WL_RES_MUTEX;
	case WL_EV_BARRIER: return r == WL_RES_BARRIER && r2 < 0;
	case WL_EV_SEM_POST:
	case WL_EV_SEM_WAIT: return r == WL_RES_SEM && r2 < 0;
	default: return r < 0 && r2 < 0;
	}
}

static void check_model(const capsim_workload *wl)
{
	uint64_t threads = 0;
	unsigned t, p, e;

	CHECK(wl->nr_tasks > 0);
	CHECK(wl->duration_ns <= CAPSIM_MAX_DURATION_NS);
	CHECK(wl->calibration_cpu >= -1 && wl->calibration_cpu < CAPSIM_MAX_CPUS);
	for (t = 0; t < wl->nr_tasks; t++) {
		const struct wl_task *tk = &wl->tasks[t];

		threads += tk->instances;
		CHECK(tk->name && tk->nr_phases > 0);
		CHECK(tk->loop == -1 || tk->loop >= 1);
		CHECK(tk->util_min >= WL_UNSET && tk->util_min <= 1024);
		CHECK(tk->util_max >= WL_UNSET && tk->util_max <= 1024);
		for (p = 0; p < tk->nr_phases; p++) {
			const struct wl_phase *ph = &tk->phases[p];

			CHECK(ph->loop == -1 || ph->loop >= 1);
			CHECK(ph->nr_events > 0);
			for (e = 0; e < ph->nr_events; e++) {
				const struct wl_event *ev = &ph->events[e];

				CHECK(ev->res >= -1 && ev->res < (int)wl->nr_resources);
				CHECK(ev->res2 >= -1 && ev->res2 < (int)wl->nr_resources);
				CHECK(ev->task >= -1 && ev->task < (int)wl->nr_tasks);
				CHECK(res_type_ok(wl, ev));
				CHECK(ev->type != WL_EV_FORK || ev->task >= 0);
				CHECK(ev->type != WL_EV_TIMER || ev->value > 0);
				CHECK(ev->value <= MAX_EVENT_NS);
			}
		}
	}
	CHECK(threads == wl->nr_threads && threads <= WL_MAX_THREADS);
	for (t = 0; t < wl->nr_resources; t++)
		CHECK(wl->resources[t].owner >= -1 && wl->resources[t].owner < (int)wl->nr_tasks);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	capsim_workload *a = NULL, *b = NULL;
	capsim_error ea = { 0 }, eb = { 0 };
	int ra = capsim_workload_parse((const char *)data, size, "fuzz.json", &a, &ea);
	int rb = capsim_workload_parse((const char *)data, size, "fuzz.json", &b, &eb);

	CHECK(ra == rb);
	if (ra) {
		CHECK(ra < 0 && !a && !b);
		CHECK(!strncmp(ea.msg, "fuzz.json", strlen("fuzz.json")));
		CHECK(!strcmp(ea.msg, eb.msg));
		return 0;
	}
	check_model(a);
	CHECK(same_workload(a, b));
	capsim_workload_free(a);
	capsim_workload_free(b);
	return 0;
}
