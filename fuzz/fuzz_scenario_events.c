// SPDX-License-Identifier: MIT
/*
 * fuzz_scenario_events.c - libFuzzer target for the scenario events parser
 * (src/input/scenario_events.c). The input is parsed as a JSON events array (or an object with one);
 * its lines are also tried as --max-freq and --hw-cap arguments. Properties checked:
 *   - a failure names the input ("fuzz.json" or the CLI option) and returns a negative code;
 *   - a success gives a list sorted by (time, order), every HW event names CPUs, every named
 *     event has its name, uclamp values are in range;
 *   - parsing the same input again gives the identical list (determinism).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/scenario_events.h"

#define HORIZON_NS (100 * CAPSIM_NSEC_PER_MSEC)

static scn_events *load(const char *text, size_t len, int *ret)
{
	scn_events *ev = scn_events_new();
	capsim_error err = { 0 };

	if (!ev)
		abort();
	*ret = scn_events_parse_json(ev, text, len, "fuzz.json", &err);
	if (!*ret)
		*ret = scn_events_finish(ev, HORIZON_NS, &err);
	if (*ret && (*ret > 0 || !strstr(err.msg, "fuzz.json")))
		abort();
	return ev;
}

static void check_list(const scn_events *ev)
{
	for (unsigned i = 0; i < scn_events_count(ev); i++) {
		const struct scn_event *e = scn_events_get(ev, i);
		const struct scn_event *prev = i ? scn_events_get(ev, i - 1) : NULL;

		if (prev && (prev->t_ns > e->t_ns ||
			     (prev->t_ns == e->t_ns && prev->order > e->order)))
			abort();
		if (e->type == SCN_EV_HW_CAP && !capsim_cpumask_weight(&e->cpus))
			abort();
		if (e->type != SCN_EV_HW_CAP && (!e->name || !*e->name || !e->where))
			abort();
		if (e->uclamp_min > 1024 || e->uclamp_max > 1024 || e->uclamp_min < -1)
			abort();
	}
}

static int same(const scn_events *a, const scn_events *b)
{
	if (scn_events_count(a) != scn_events_count(b))
		return 0;
	for (unsigned i = 0; i < scn_events_count(a); i++) {
		const struct scn_event *x = scn_events_get(a, i), *y = scn_events_get(b, i);

		if (x->t_ns != y->t_ns || x->type != y->type || x->khz != y->khz ||
		    x->policy != y->policy || x->state != y->state ||
		    memcmp(&x->cpus, &y->cpus, sizeof(x->cpus)) ||
		    (x->name && strcmp(x->name, y->name)))
			return 0;
	}
	return 1;
}

static void try_cli_lines(const char *text)
{
	const char *line = text;

	for (int n = 0; n < 8 && *line; n++) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		char arg[256];
		capsim_error err = { 0 };
		scn_events *ev = scn_events_new();
		int ret;

		if (!ev)
			abort();
		if (len < sizeof(arg)) {
			memcpy(arg, line, len);
			arg[len] = 0;
			ret = scn_events_add_max_freq(ev, arg, &err);
			if (ret && !strstr(err.msg, "--max-freq"))
				abort();
			ret = scn_events_add_hw_cap(ev, arg, &err);
			if (ret && !strstr(err.msg, "--hw-cap"))
				abort();
			if (!scn_events_finish(ev, HORIZON_NS, &err))
				check_list(ev);
		}
		scn_events_free(ev);
		line = nl ? nl + 1 : line + len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	scn_events *a, *b;
	int ra, rb;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = 0;
	a = load(text, size, &ra);
	b = load(text, size, &rb);
	if (ra != rb)
		abort();
	if (!ra) {
		check_list(a);
		if (!same(a, b))
			abort();
	}
	scn_events_free(a);
	scn_events_free(b);
	try_cli_lines(text);
	free(text);
	return 0;
}
