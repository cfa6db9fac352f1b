// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_perfetto.c - libFuzzer target for the Perfetto reader
 * (src/input/trace_perfetto_in.c) and the analysis over it. An empty TracePacket (0x0a 0x00)
 * is put before the input, so that every input is told a Perfetto trace and reaches this
 * reader; the properties checked are trace_check.h's.
 */
#include "trace_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t *buf = malloc(2 + size);

	if (!buf)
		return 0;
	buf[0] = 0x0a;
	buf[1] = 0x00;
	if (size)
		memcpy(buf + 2, data, size);
	trace_check(buf, 2 + size);
	free(buf);
	return 0;
}
