// SPDX-License-Identifier: MIT
/*
 * fuzz_place_state.c - libFuzzer target for the state form of `capsim place` (src/input/place.c):
 * a state JSON document with documented defaults, plus a --task spec. Input: the first line is
 * the task spec, the rest the state; the first byte picks the model. Properties: a failure has
 * a message; a success has capacity_of >= 1 wherever it was defaulted (scale_rt_capacity never
 * gives 0), an allowed set within the platform, and identical results when run twice.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "input/place.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct place_case pc;
static struct place_result res1, res2;

static int load(const char *spec, const char *text, size_t len, enum capsim_model model,
		capsim_error *err)
{
	int rc = place_case_parse(&pc, text, len, PLACE_STATE, model, err);

	if (!rc && spec[0])
		rc = place_task_parse(&pc, spec, err);
	return rc ? rc : place_case_finish(&pc, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	capsim_error err = { 0 };
	char spec[256] = "";
	const char *s, *nl;
	size_t n;

	if (size < 2)
		return 0;
	s = (const char *)data + 1;
	nl = memchr(s, '\n', size - 1);
	n = nl ? (size_t)(nl - s) : 0;
	if (n >= sizeof(spec) || memchr(s, '\0', n))
		return 0;
	memcpy(spec, s, n);
	s += nl ? n + 1 : 0;
	place_case_init(&pc);
	if (load(spec, s, size - (size_t)(s - (const char *)data),
		 (enum capsim_model)(data[0] % CAPSIM_MODEL_COUNT), &err)) {
		if (!err.code || !err.msg[0])
			abort();
		place_case_free(&pc);
		return 0;
	}
	for (unsigned c = 0; c < pc.rd.nr_cpus; c++)
		if (!pc.has_capacity_of[c] && pc.cpus[c].capacity_of < 1)
			abort();
	for (unsigned c = pc.rd.nr_cpus; c < CAPSIM_MAX_CPUS; c++)
		if (capsim_cpumask_test(&pc.task.allowed, c))
			abort();
	memset(&res1, 0, sizeof(res1));
	memset(&res2, 0, sizeof(res2));
	place_run(&pc, &res1);
	place_run(&pc, &res2);
	if (memcmp(&res1, &res2, sizeof(res1)))
		abort();
	place_case_free(&pc);
	return 0;
}
