// SPDX-License-Identifier: MIT
/*
 * fuzz_kernel_config.c - libFuzzer target for the kernel config reader
 * (src/input/kernel_config.c), the input of `--kernel-config`. Properties checked, not just
 * survival:
 * - a rejected input has a parse, range or unsupported error code and a message
 *   "fuzz.config:LINE: ..." with LINE within the input's lines;
 * - an accepted input gives each option it sets within the bounds the run takes (HZ 1..10000,
 *   5..20 uclamp buckets, bools 0 or 1), and a second read gives the same config;
 * - applying it to the defaults changes only the options it gives, and none it was told to keep.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/kernel_config.h"
#include "model/uclamp.h"

#define CHECK(cond)                                                                        \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "fuzz_kernel_config: property failed: %s\n", #cond); \
			abort();                                                           \
		}                                                                          \
	} while (0)

static size_t lines_of(const uint8_t *data, size_t size)
{
	size_t n = 1;

	for (size_t i = 0; i < size; i++)
		n += data[i] == '\n';
	return n;
}

static void check_config(const struct kernel_config *kc)
{
	CHECK(!(kc->given & ~((1u << KCONFIG_NR) - 1)));
	if (kc->given & KCONFIG_BIT(KCONFIG_HZ))
		CHECK(kc->hz >= 1 && kc->hz <= 10000);
	if (kc->given & KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS))
		CHECK(kc->uclamp_buckets >= UCLAMP_BUCKETS_MIN && kc->uclamp_buckets <= UCLAMP_BUCKETS_MAX);
	CHECK(kc->uclamp_task == 0 || kc->uclamp_task == 1);
	CHECK(kc->energy_model == 0 || kc->energy_model == 1);
	CHECK(kc->cpu_idle == 0 || kc->cpu_idle == 1);
}

/* applying with every option kept changes nothing; with none kept, only what it gives */
static void check_apply(const struct kernel_config *kc)
{
	struct sim_options def, o;

	sim_options_default(&def);
	o = def;
	kernel_config_apply(kc, (1u << KCONFIG_NR) - 1, &o);
	CHECK(!memcmp(&o, &def, sizeof(o)));
	kernel_config_apply(kc, 0, &o);
	CHECK((kc->given & KCONFIG_BIT(KCONFIG_HZ)) || o.hz == def.hz);
	CHECK((kc->given & KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS)) || o.uclamp_buckets == def.uclamp_buckets);
	CHECK((kc->given & KCONFIG_BIT(KCONFIG_UCLAMP_TASK)) || o.uclamp == def.uclamp);
	CHECK((kc->given & KCONFIG_BIT(KCONFIG_ENERGY_MODEL)) || o.eas == def.eas);
	CHECK((kc->given & KCONFIG_BIT(KCONFIG_CPU_IDLE)) || o.cpuidle_off == def.cpuidle_off);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kernel_config a, b;
	capsim_error err = { 0 }, err2 = { 0 };
	int ret = kernel_config_parse((const char *)data, size, "fuzz.config", &a, &err);
	int ret2 = kernel_config_parse((const char *)data, size, "fuzz.config", &b, &err2);

	CHECK(ret == ret2 && !strcmp(err.msg, err2.msg));
	if (ret) {
		size_t line = 0;

		CHECK(ret == CAPSIM_ERR_PARSE || ret == CAPSIM_ERR_RANGE || ret == CAPSIM_ERR_UNSUPPORTED);
		CHECK(sscanf(err.msg, "fuzz.config:%zu: ", &line) == 1 && line >= 1 &&
		      line <= lines_of(data, size));
		return 0;
	}
	CHECK(!memcmp(&a, &b, sizeof(a)));
	check_config(&a);
	check_apply(&a);
	return 0;
}
