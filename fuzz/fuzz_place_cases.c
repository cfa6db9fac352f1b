// SPDX-License-Identifier: MIT
/*
 * fuzz_place_cases.c - libFuzzer target for the placement-case reader (src/input/place.c) and the
 * placement functions behind it (src/model/fair.c). Input: JSON lines in the golden schema; the first
 * byte picks the kernel model. Properties, per line that parses:
 *   - running it twice gives identical results (deterministic, no hidden state);
 *   - util_fits_cpu is -1, 0 or 1, and -1 only with uclamp in use;
 *   - select_idle_capacity returns -1 or an allowed idle CPU;
 *   - feec returns an allowed CPU or prev_cpu, with at most 3 energy calls per pd, and the
 *     "utilization changed" exit only after an energy below its pd's base;
 * and a line that does not parse gets a message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/place.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct place_case pc;
static struct place_result res1, res2;

static void check_result(const struct place_case *c, const struct place_result *r)
{
	const struct fair_task *p = &c->task;
	const struct feec_trace *t = &r->trace;
	int sic = r->select_idle_capacity;

	for (unsigned i = 0; i < c->rd.nr_cpus; i++)
		if (r->util_fits_cpu[i] < -1 || r->util_fits_cpu[i] > 1 ||
		    (r->util_fits_cpu[i] < 0 && !c->rd.uclamp_used))
			abort();
	if (sic != -1 && (sic < 0 || (unsigned)sic >= c->rd.nr_cpus ||
			  !capsim_cpumask_test(&p->allowed, (unsigned)sic) ||
			  !(c->cpus[sic].idle || c->cpus[sic].sched_idle)))
		abort();
	if (r->feec != p->prev_cpu && (r->feec < 0 || (unsigned)r->feec >= c->rd.nr_cpus ||
				       !capsim_cpumask_test(&p->allowed, (unsigned)r->feec)))
		abort();
	if (t->nr_calls > 3 * c->rd.nr_pds || t->nr_fits > c->rd.nr_cpus)
		abort();
	if (t->exit == FEEC_EXIT_UTIL_CHANGED) {
		const struct feec_energy_call *last = &t->calls[t->nr_calls - 1];
		int below = 0;

		for (unsigned i = 0; i < t->nr_calls; i++)
			below |= t->calls[i].pd == last->pd && t->calls[i].dst_cpu < 0 &&
				 last->energy < t->calls[i].energy;
		if (!below || r->feec != p->prev_cpu)
			abort();
	}
}

static void run_line(const char *line, size_t len, enum capsim_model model)
{
	capsim_error err = { 0 };

	place_case_init(&pc);
	if (place_case_parse(&pc, line, len, PLACE_CASE, model, &err) ||
	    place_case_finish(&pc, &err)) {
		if (!err.code || !err.msg[0])
			abort();
		place_case_free(&pc);
		return;
	}
	memset(&res1, 0, sizeof(res1));
	memset(&res2, 0, sizeof(res2));
	place_run(&pc, &res1);
	place_run(&pc, &res2);
	if (memcmp(&res1, &res2, sizeof(res1)))
		abort();
	check_result(&pc, &res1);
	place_case_free(&pc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum capsim_model model;
	const char *s, *end;

	if (!size)
		return 0;
	model = (enum capsim_model)(data[0] % CAPSIM_MODEL_COUNT);
	s = (const char *)data + 1;
	end = (const char *)data + size;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		run_line(s, n, model);
		s += n + 1;
	}
	return 0;
}
