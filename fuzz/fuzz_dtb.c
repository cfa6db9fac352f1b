// SPDX-License-Identifier: MIT
/*
 * fuzz_dtb.c - libFuzzer target for the device-tree loader (src/input/dt.c, src/input/dt_thermal.c and
 * everything platform_finalize() derives): any blob either loads into a platform with the
 * properties of platform_check.h, the same twice, or fails with a message naming the file.
 */
#include <stdarg.h>
#include <stdint.h>

#include "platform_check.h"
#include "input/platform_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* platform_load_dtb() on the bytes as a flattened device tree. */
static int load_dtb(const uint8_t *data, size_t size, const char *file,
		    struct capsim_platform **out, capsim_error *err)
{
	return platform_load_dtb(data, size, file, out, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return check_platform_loader(load_dtb, data, size, "fuzz.dtb");
}
