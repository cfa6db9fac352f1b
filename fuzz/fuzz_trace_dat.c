// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_dat.c - libFuzzer target for the trace.dat reader (src/input/trace_dat_in.c,
 * through libtracecmd and libtraceevent) and the analysis over it. The input follows
 * trace-cmd's magic, which is put before it, so that every input reaches this reader; the
 * properties checked are trace_check.h's.
 */
#include "trace_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	uint8_t *buf = malloc(sizeof(magic) + size);

	if (!buf)
		return 0;
	memcpy(buf, magic, sizeof(magic));
	if (size)
		memcpy(buf + sizeof(magic), data, size);
	trace_check(buf, sizeof(magic) + size);
	free(buf);
	return 0;
}
