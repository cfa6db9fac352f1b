// SPDX-License-Identifier: MIT
/*
 * test_abi.c - tests how the library meets callers of other versions (capsim.h, "The ABI of
 * the structs"; src/abi.h) through the public headers alone: a caller built against an older
 * header hands in a smaller sized struct, one built against a newer header a bigger one. The
 * older and newer structs are written here as such a caller's header would have them: the
 * first release's fields, or this release's with one appended.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "capsim/capsim.h"

/* struct capsim_cpu_info as a newer header would have it: one field appended */
struct newer_cpu_info {
	struct capsim_cpu_info now;
	uint64_t appended;
};

/* the first release's struct capsim_cpu_capacity, up to its last field then */
#define CPU_CAPACITY_V1 (offsetof(struct capsim_cpu_capacity, v6_9_capacity) + sizeof(uint64_t))

static capsim_platform *load_rk3399(void)
{
	capsim_platform *p = NULL;
	capsim_error err = { 0 };

	assert_int_equal(capsim_platform_load("rk3399", NULL, 0, &p, &err), 0);
	return p;
}

/* a newer caller's bigger struct: filled up to what this library knows, and told so */
static void test_newer_caller(void **state)
{
	capsim_platform *p = load_rk3399();
	struct newer_cpu_info n;
	struct capsim_cpu_info now = CAPSIM_SIZED(struct capsim_cpu_info);

	memset(&n, 0xa5, sizeof(n));
	n.now.size = sizeof(n);
	assert_int_equal(capsim_platform_get_cpu(p, 4, &n.now), 0);
	assert_int_equal(capsim_platform_get_cpu(p, 4, &now), 0);
	/* the size says how much the library filled: this release's struct, not the newer one */
	assert_int_equal(n.now.size, sizeof(struct capsim_cpu_info));
	assert_int_equal(now.size, sizeof(struct capsim_cpu_info));
	assert_true(CAPSIM_HAS_FIELD(&n.now, amu));
	assert_int_equal(n.now.capacity_orig, now.capacity_orig);
	assert_int_equal(n.now.policy, 4); /* rk3399's big cluster: CPUs 4-5 */
	/* the appended field is the caller's own: the library did not write it */
	assert_int_equal(n.appended, 0xa5a5a5a5a5a5a5a5ULL);
	capsim_platform_free(p);
}

/* an older caller's smaller struct: accepted, and nothing written past its end */
static void test_older_caller(void **state)
{
	capsim_platform *p = load_rk3399();
	union {
		struct capsim_cpu_capacity c;
		unsigned char bytes[sizeof(struct capsim_cpu_capacity) + 16];
	} old;

	memset(&old, 0xa5, sizeof(old));
	old.c.size = CPU_CAPACITY_V1;
	assert_int_equal(capsim_platform_get_capacity(p, 0, &old.c), 0);
	assert_int_equal(old.c.size, CPU_CAPACITY_V1);
	assert_int_equal(old.c.v6_9_capacity, old.c.capacity_orig); /* no cap: no pressure */
	for (size_t i = CPU_CAPACITY_V1; i < sizeof(old); i++)
		assert_int_equal(old.bytes[i], 0xa5);
	capsim_platform_free(p);
}

/* a struct below the first release's size (an unset size, above all) is refused, untouched */
static void test_too_small(void **state)
{
	capsim_platform *p = load_rk3399();
	struct capsim_platform_info info;
	struct capsim_cap cap;
	capsim_error err = { 0 };

	memset(&info, 0, sizeof(info));
	assert_int_equal(capsim_platform_get_info(p, &info), CAPSIM_ERR_INVALID);
	assert_null(info.name);
	info.size = offsetof(struct capsim_platform_info, freq_invariance_given);
	assert_int_equal(capsim_platform_get_info(p, &info), CAPSIM_ERR_INVALID);
	memset(&cap, 0, sizeof(cap));
	assert_int_equal(capsim_platform_parse_cap(p, CAPSIM_CAP_MAX_FREQ, "4=1GHz", &cap, &err),
			 CAPSIM_ERR_INVALID);
	assert_non_null(strstr(err.msg, "struct capsim_cap of 0 bytes"));
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), CAPSIM_ERR_INVALID);
	capsim_platform_free(p);
}

/* options passed in: the library reads the caller's fields, whatever size it states above */
static void test_options_in(void **state)
{
	capsim_platform *p = load_rk3399();
	struct capsim_cap cap = CAPSIM_SIZED(struct capsim_cap);
	struct capsim_cpu_capacity cc = CAPSIM_SIZED(struct capsim_cpu_capacity);
	capsim_error err = { 0 };

	assert_int_equal(capsim_platform_parse_cap(p, CAPSIM_CAP_MAX_FREQ, "4=1008MHz", &cap, &err), 0);
	assert_int_equal(cap.size, sizeof(cap));
	cap.size = sizeof(cap) + 64; /* a newer caller: its appended fields are not read */
	assert_int_equal(capsim_platform_apply_cap(p, &cap, &err), 0);
	assert_int_equal(capsim_platform_get_capacity(p, 4, &cc), 0);
	assert_int_equal(cc.policy_max_khz, 1008000);
	capsim_platform_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_newer_caller),
		cmocka_unit_test(test_older_caller),
		cmocka_unit_test(test_too_small),
		cmocka_unit_test(test_options_in),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
