// SPDX-License-Identifier: MIT
/*
 * fuzz_lisa_yaml.c - libFuzzer target for the LISA PlatformInfo YAML reader
 * (src/input/lisa_yaml.c): any text either loads into a platform with the properties of
 * platform_check.h, the same twice, or fails with a message naming the file. Anchors, aliases
 * and python/object tags are in the corpus: the reader must never follow them anywhere but
 * into the keys it reads.
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
	const char *text = (const char *)data;
	int ret = platform_load_lisa(text, size, "fuzz.yml", &p, &err);

	if (ret) {
		check_error(ret, &err, "fuzz.yml");
		return 0;
	}
	CHECK(platform_load_lisa(text, size, "fuzz.yml", &q, &err) == 0);
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
