// SPDX-License-Identifier: MIT
/*
 * test_kernel_config.c - tests src/input/kernel_config.c: a `.config` and a defconfig read for
 * the options capsim models, every other option ignored, each malformed line refused with
 * FILE:LINE and what was expected, and the order that wins through the public API: the
 * command line's setters, then the scenario's "kernel" block, then the file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "capsim/capsim.h"
#include "input/kernel_config.h"
#include "model/cpuidle.h"
#include "input/scenario.h"

static int parse(const char *text, struct kernel_config *kc, capsim_error *e)
{
	return kernel_config_parse(text, strlen(text), "k.config", kc, e);
}

/* the lines of a real .config, as kconfig writes them: only the modelled ones count */
static void test_dot_config(void **state)
{
	static const char text[] =
		"#\n# Automatically generated file; DO NOT EDIT.\n#\n"
		"CONFIG_CC_VERSION_TEXT=\"gcc (Debian 12.2.0-14) 12.2.0\"\n"
		"CONFIG_HZ_1000=y\n# CONFIG_HZ_250 is not set\nCONFIG_HZ=1000\n"
		"CONFIG_HZ_PERIODIC=y\n" /* another choice: not an HZ value */
		"CONFIG_UCLAMP_TASK=y\nCONFIG_UCLAMP_BUCKETS_COUNT=20\nCONFIG_UCLAMP_TASK_GROUP=y\n"
		"CONFIG_ENERGY_MODEL=y\nCONFIG_CPU_IDLE=y\nCONFIG_CPU_IDLE_GOV_MENU=y\n"
		"CONFIG_CPU_IDLE_GOV_TEO=y\nCONFIG_SCHED_SMT=y\nCONFIG_PHYS_OFFSET=0x0\n"
		"CONFIG_MODULES=m\nCONFIG_NR_CPUS=-1\r\n\n";
	struct kernel_config kc;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(parse(text, &kc, &e), 0);
	assert_int_equal(kc.given, KCONFIG_BIT(KCONFIG_HZ) | KCONFIG_BIT(KCONFIG_UCLAMP_TASK) |
					   KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS) |
					   KCONFIG_BIT(KCONFIG_ENERGY_MODEL) | KCONFIG_BIT(KCONFIG_CPU_IDLE) |
					   KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP) |
					   KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV));
	assert_int_equal(kc.cpuidle_governor, CPUIDLE_GOV_MENU); /* both built: menu's rating */
	assert_int_equal(kc.hz, 1000);
	assert_int_equal(kc.uclamp_buckets, 20);
	assert_true(kc.uclamp_task && kc.energy_model && kc.cpu_idle && kc.uclamp_task_group);
}

/* a defconfig: the HZ choice alone, options turned off both ways, the last line winning */
static void test_defconfig(void **state)
{
	struct kernel_config kc;
	capsim_error e = { 0 };

	(void)state;
	assert_int_equal(parse("CONFIG_HZ_100=y\n# CONFIG_UCLAMP_TASK is not set\n"
			       "CONFIG_ENERGY_MODEL=n\nCONFIG_UCLAMP_BUCKETS_COUNT=5\n"
			       "CONFIG_UCLAMP_BUCKETS_COUNT=7\n", &kc, &e), 0);
	assert_int_equal(kc.hz, 100);
	assert_false(kc.uclamp_task);
	assert_false(kc.energy_model);
	assert_int_equal(kc.uclamp_buckets, 7);
	assert_false(kc.given & KCONFIG_BIT(KCONFIG_CPU_IDLE)); /* absent: the default stays */
	/* without cpuidle, its governor does not matter */
	assert_int_equal(parse("# CONFIG_CPU_IDLE_GOV_MENU is not set\n# CONFIG_CPU_IDLE is not set\n",
			       &kc, &e), 0);
	assert_false(kc.cpu_idle);
	/* teo built without menu runs (the Kconfig selects menu only without teo) */
	assert_int_equal(parse("# CONFIG_CPU_IDLE_GOV_MENU is not set\nCONFIG_CPU_IDLE_GOV_TEO=y\n",
			       &kc, &e), 0);
	assert_true(kc.given & KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV));
	assert_int_equal(kc.cpuidle_governor, CPUIDLE_GOV_TEO);
	/* cgroup clamps off, or without CGROUP_SCHED (on which UCLAMP_TASK_GROUP depends, so a
	 * .config leaves it out) */
	assert_int_equal(parse("# CONFIG_UCLAMP_TASK_GROUP is not set\n", &kc, &e), 0);
	assert_true(kc.given & KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP));
	assert_false(kc.uclamp_task_group);
	assert_int_equal(parse("# CONFIG_CGROUP_SCHED is not set\n", &kc, &e), 0);
	assert_true(kc.given & KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP));
	assert_false(kc.uclamp_task_group);
	assert_int_equal(parse("CONFIG_CGROUP_SCHED=y\n", &kc, &e), 0);
	assert_false(kc.given & KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP));
}

static void refused(const char *text, int code, const char *msg)
{
	struct kernel_config kc;
	capsim_error e = { 0 };

	assert_int_equal(parse(text, &kc, &e), code);
	assert_string_equal(e.msg, msg);
}

static void test_refused(void **state)
{
	(void)state;
	refused("# c\nUCLAMP_TASK=y\n", CAPSIM_ERR_PARSE, "k.config:2: expected CONFIG_NAME=VALUE, "
		"\"# CONFIG_NAME is not set\", a comment or a blank line");
	refused("CONFIG_=y\n", CAPSIM_ERR_PARSE, "k.config:1: expected CONFIG_NAME=VALUE (a name "
		"of letters, digits and '_', then '=')");
	refused("CONFIG_FOO=bar\n", CAPSIM_ERR_PARSE,
		"k.config:1: CONFIG_FOO=bar: expected y, n, m, a number or a quoted string");
	refused("CONFIG_FOO=\"open\n", CAPSIM_ERR_PARSE,
		"k.config:1: CONFIG_FOO=\"open: expected y, n, m, a number or a quoted string");
	refused("\nCONFIG_UCLAMP_TASK=m\n", CAPSIM_ERR_PARSE,
		"k.config:2: CONFIG_UCLAMP_TASK=m: expected y or n (a bool option)");
	refused("CONFIG_UCLAMP_BUCKETS_COUNT=4\n", CAPSIM_ERR_RANGE,
		"k.config:1: CONFIG_UCLAMP_BUCKETS_COUNT=4: expected 5..20");
	refused("CONFIG_UCLAMP_BUCKETS_COUNT=0x10\n", CAPSIM_ERR_PARSE,
		"k.config:1: CONFIG_UCLAMP_BUCKETS_COUNT=0x10: expected a decimal integer");
	refused("CONFIG_HZ=250\nCONFIG_HZ_1000=y\n", CAPSIM_ERR_PARSE,
		"k.config:2: CONFIG_HZ=250 and CONFIG_HZ_1000=y disagree (expected one HZ)");
	refused("CONFIG_CPU_IDLE_GOV_MENU=n\n# CONFIG_CPU_IDLE_GOV_TEO is not set\n",
		CAPSIM_ERR_UNSUPPORTED, "k.config:1: CONFIG_CPU_IDLE_GOV_MENU is off and "
		"CONFIG_CPU_IDLE_GOV_TEO not on: cpuidle would run another governor (ladder), which "
		"capsim does not model (expected CONFIG_CPU_IDLE_GOV_MENU=y or "
		"CONFIG_CPU_IDLE_GOV_TEO=y, or CONFIG_CPU_IDLE off)");
	refused("CONFIG_A=y\nCONFIG_B=\0\n", CAPSIM_ERR_PARSE, "k.config:2: CONFIG_B=: expected y, "
		"n, m, a number or a quoted string");
}

/* a kernel config file of @text in a temporary directory; its path into @path */
static void write_config(char path[64], const char *text)
{
	FILE *f;

	snprintf(path, 64, "/tmp/capsim-kconfig-XXXXXX");
	assert_non_null(mkdtemp(path));
	strcat(path, "/k.config");
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void remove_config(const char *path)
{
	char dir[64];

	snprintf(dir, sizeof(dir), "%.*s", (int)(strrchr(path, '/') - path), path);
	unlink(path);
	rmdir(dir);
}

/* what wins: a setter over the scenario's "kernel" block over the file, in any order */
static void test_precedence(void **state)
{
	static const char scn[] = "{ \"platform\": \"rk3399\", \"workload\": { \"tasks\": { \"t\": "
				  "{ \"run\": 1000 } } }, \"kernel\": { \"uclamp_buckets_count\": 10 } }";
	capsim_scenario *sc = NULL;
	capsim_error e = { 0 };
	char path[64];

	(void)state;
	write_config(path, "CONFIG_HZ=1000\nCONFIG_UCLAMP_BUCKETS_COUNT=20\n# CONFIG_ENERGY_MODEL "
			   "is not set\n# CONFIG_CPU_IDLE is not set\n# CONFIG_UCLAMP_TASK_GROUP is not set\n");
	assert_int_equal(capsim_scenario_parse(scn, strlen(scn), "s.json", NULL, &sc, &e), 0);
	assert_int_equal(capsim_scenario_set_hz(sc, 300, &e), 0); /* before the file */
	assert_int_equal(capsim_scenario_set_kernel_config(sc, path, &e), 0);
	assert_int_equal(sc->opt.hz, 300);            /* the setter */
	assert_int_equal(sc->opt.uclamp_buckets, 10); /* the scenario */
	assert_false(sc->opt.eas);                    /* the file */
	assert_true(sc->opt.cpuidle_off);             /* the file */
	assert_false(sc->opt.uclamp_task_group);      /* the file */
	assert_int_equal(capsim_scenario_set_eas(sc, 1, &e), 0); /* after the file */
	assert_true(sc->opt.eas);
	assert_string_equal(sc->opt.kernel_config, path);
	/* a bad file leaves the scenario as it was */
	remove_config(path);
	write_config(path, "CONFIG_HZ=20000\n");
	assert_int_equal(capsim_scenario_set_kernel_config(sc, path, &e), CAPSIM_ERR_RANGE);
	assert_int_equal(sc->opt.hz, 300);
	assert_true(strstr(e.msg, "k.config:1: CONFIG_HZ=20000: expected 1..10000") != NULL);
	remove_config(path);
	capsim_scenario_free(sc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dot_config),
		cmocka_unit_test(test_defconfig),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_precedence),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
