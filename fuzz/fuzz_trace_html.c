// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_html.c - libFuzzer target for the systrace HTML reader (src/input/trace_html.c,
 * through src/input/trace_stream.c) and the text reader and analysis behind it. "<html>" is
 * put before the input, so that every input is told a page and reaches the filter; an input
 * whose first byte is odd also gets a trace-data block's opening tag after it, so that the
 * fuzzer reaches the block's states without having to find the tag. The properties checked
 * are trace_check.h's.
 */
#include "trace_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char page[] = "<html>\n",
			  block[] = "<script class=\"trace-data\" type=\"application/text\">";
	size_t pre = sizeof(page) - 1 + (size && (data[0] & 1) ? sizeof(block) - 1 : 0);
	uint8_t *buf = malloc(pre + size);

	if (!buf)
		return 0;
	memcpy(buf, page, sizeof(page) - 1);
	if (pre > sizeof(page) - 1)
		memcpy(buf + sizeof(page) - 1, block, sizeof(block) - 1);
	if (size)
		memcpy(buf + pre, data, size);
	trace_check(buf, pre + size);
	free(buf);
	return 0;
}
