// SPDX-License-Identifier: MIT
/*
 * fuzz_platform_json.c - libFuzzer target for the platform JSON reader (src/input/platform_json.c):
 * any text either loads into a platform with the properties of platform_check.h, the same
 * twice, or fails with a message naming the file.
 */
#include <stdarg.h>
#include <stdint.h>

#include "platform_check.h"
#include "input/platform_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* platform_load_json() on the bytes as text, a stand-alone platform (no overlay base). */
static int load_json(const uint8_t *data, size_t size, const char *file,
		     struct capsim_platform **out, capsim_error *err)
{
	return platform_load_json((const char *)data, size, file, NULL, out, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return check_platform_loader(load_json, data, size, "fuzz.json");
}
