// SPDX-License-Identifier: MIT
/*
 * fuzz_trace_html.c - libFuzzer target for the systrace HTML reader (src/input/trace_html.c,
 * through src/input/trace_stream.c) and the text reader and analysis behind it. "<html>" is
 * put before the input, so that every input is told a page and reaches the filter; an input
 * whose first byte is odd also gets a trace-data block's opening tag after it, one whose first
 * byte's second bit is set a trace2html viewer-data block's (base64, gzip'ed or not), so that the
 * fuzzer reaches the blocks' states without having to find the tags. The properties checked
 * are trace_check.h's.
 */
#include "trace_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char page[] = "<html>\n",
			  block[] = "<script class=\"trace-data\" type=\"application/text\">",
			  viewer[] = "<script id=\"viewer-data\" type=\"text/plain\">";
	const char *tag = !size ? "" : data[0] & 1 ? block : data[0] & 2 ? viewer : "";
	size_t pre = sizeof(page) - 1 + strlen(tag);
	uint8_t *buf = malloc(pre + size);

	if (!buf)
		return 0;
	memcpy(buf, page, sizeof(page) - 1);
	memcpy(buf + sizeof(page) - 1, tag, strlen(tag));
	if (size)
		memcpy(buf + pre, data, size);
	trace_check(buf, pre + size);
	free(buf);
	return 0;
}
