// SPDX-License-Identifier: MIT
/*
 * fuzz_units.c - libFuzzer target for the value grammars every option table and input format
 * shares (include/capsim/capsim_units.h: integers, durations, frequencies, policies, CPU lists;
 * capsim_platform_parse_cap(): --max-freq/--min-freq/--cooling/--hw-cap/--boost as `capsim
 * capacity` reads them, on RK3399). The first byte picks the grammar, the rest is the text.
 * Properties checked, not just survival:
 * - a refusal is CAPSIM_ERR_PARSE or CAPSIM_ERR_RANGE (a cap's with a message), never a value;
 * - an accepted integer prints back to its text (less leading zeros), a CPU list formats and re-reads to the
 *   same mask, a duration is within CAPSIM_MAX_DURATION_NS, a frequency is not 0, a policy is
 *   below CAPSIM_MAX_CPUS; a parse gives the same result twice.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"

#define CHECK(cond)                                                                        \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "fuzz_units: property failed: %s\n", #cond);         \
			abort();                                                           \
		}                                                                          \
	} while (0)

static int refused(int ret)
{
	return ret == CAPSIM_ERR_PARSE || ret == CAPSIM_ERR_RANGE;
}

static void u64(const char *s)
{
	uint64_t v = 0, again = 0;
	int ret = capsim_parse_u64(s, &v);
	char buf[32];

	CHECK(ret == capsim_parse_u64(s, &again));
	if (ret) {
		CHECK(refused(ret));
		return;
	}
	/* leading zeros are allowed (a seed "007"): the digits after them print back */
	while (s[0] == '0' && s[1])
		s++;
	snprintf(buf, sizeof(buf), "%" PRIu64, v);
	CHECK(v == again && !strcmp(buf, s));
}

static void duration(const char *s, uint64_t unit)
{
	uint64_t v = 0, again = 0;
	int ret = capsim_parse_duration_ns(s, unit, &v);

	CHECK(ret == capsim_parse_duration_ns(s, unit, &again));
	if (ret)
		CHECK(refused(ret));
	else
		CHECK(v == again && v <= CAPSIM_MAX_DURATION_NS);
}

static void freq(const char *s)
{
	uint32_t v = 0;
	int ret = capsim_parse_freq_khz(s, &v);

	if (ret)
		CHECK(refused(ret));
	else
		CHECK(v != 0);
}

static void policy(const char *s)
{
	unsigned cpu = 0;
	bool by_cpu = false;
	int ret = capsim_parse_policy(s, &cpu, &by_cpu);

	if (ret)
		CHECK(refused(ret));
	else
		CHECK(cpu < CAPSIM_MAX_CPUS);
}

static void cpulist(const char *s)
{
	capsim_cpumask m = { { 0 } }, again = { { 0 } };
	char buf[4096];
	int ret = capsim_parse_cpulist(s, &m);

	if (ret) {
		CHECK(refused(ret));
		return;
	}
	capsim_format_cpulist(&m, buf, sizeof(buf));
	if (!buf[0])
		return; /* an empty list formats as "", which is not a list to read */
	CHECK(!capsim_parse_cpulist(buf, &again) && !memcmp(&m, &again, sizeof(m)));
}

static void cap(const char *s, enum capsim_cap_kind kind)
{
	static capsim_platform *p;
	struct capsim_cap c = CAPSIM_SIZED(struct capsim_cap);
	capsim_error err = { 0 };
	int ret;

	if (!p && capsim_platform_load("rk3399", NULL, 0, &p, &err))
		abort(); /* the shipped platform: not the input's fault */
	ret = capsim_platform_parse_cap(p, kind, s, &c, &err);
	if (ret)
		CHECK(refused(ret) && err.msg[0]);
	else
		CHECK(c.kind == kind && c.policy < CAPSIM_MAX_CPUS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size < 1 || size > 4096)
		return 0;
	s = malloc(size);
	if (!s)
		return 0;
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 10) {
	case 0:
		u64(s);
		break;
	case 1:
		duration(s, CAPSIM_NSEC_PER_SEC);
		break;
	case 2:
		duration(s, 0);
		break;
	case 3:
		freq(s);
		break;
	case 4:
		policy(s);
		break;
	case 5:
		cpulist(s);
		break;
	default: /* 6..9: MAX_FREQ, MIN_FREQ, COOLING, HW; BOOST for 19, 39, ... */
		cap(s, (enum capsim_cap_kind)(data[0] % 10 - 6 + (data[0] / 10) % 2));
		break;
	}
	free(s);
	return 0;
}
