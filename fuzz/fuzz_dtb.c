// SPDX-License-Identifier: MIT
/*
 * fuzz_dtb.c - libFuzzer target for the device-tree loader (src/dt.c, src/dt_thermal.c and
 * everything platform_finalize() derives): any blob either loads into a platform with the
 * properties of platform_check.h, the same twice, or fails with a message naming the file.
 */
#include <stdarg.h>
#include <stdint.h>

#include "platform_check.h"
#include "input/platform_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capsim_platform *p = NULL, *q = NULL;
	capsim_error err = { 0 };
	struct dump a = { 0 }, b = { 0 };
	int ret = platform_load_dtb(data, size, "fuzz.dtb", &p, &err);

	if (ret) {
		check_error(ret, &err, "fuzz.dtb");
		return 0;
	}
	CHECK(platform_load_dtb(data, size, "fuzz.dtb", &q, &err) == 0);
	dump_platform(p, &a);
	dump_platform(q, &b);
	CHECK(a.len == b.len && !memcmp(a.buf, b.buf, a.len));
	check_platform(p);
	free(a.buf);
	free(b.buf);
	platform_free(p);
	platform_free(q);
	return 0;
}
