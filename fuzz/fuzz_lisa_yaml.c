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

/* platform_load_lisa() on the bytes as text. */
static int load_lisa(const uint8_t *data, size_t size, const char *file,
		     struct capsim_platform **out, capsim_error *err)
{
	return platform_load_lisa((const char *)data, size, file, out, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return check_platform_loader(load_lisa, data, size, "fuzz.yml");
}
