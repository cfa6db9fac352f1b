// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_text.c - libFuzzer target for the trace text reader (src/input/trace_text.c,
 * src/input/trace_stream.c: ftrace and trace-cmd report text, plain or compressed) and the
 * analysis over it (src/api/analyze.c), the input of `capsim analyze`; the properties checked
 * are trace_check.h's.
 */
#include "trace_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return trace_check(data, size);
}
