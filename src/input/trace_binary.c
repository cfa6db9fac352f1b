// SPDX-License-Identifier: MIT
/*
 * trace_binary.c - which reader a trace's first bytes call for: trace-cmd's magic
 * (tracecmd_output's "\x17\x08\x44tracing"), a Perfetto Trace, or else text.
 */
#include <string.h>

#include "input/trace_binary.h"

/* a Perfetto trace's first packet must be whole in what is peeked to be told from text */
#define SNIFF_BYTES 16384

int trace_binary_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
		      capsim_error *err)
{
	static const unsigned char dat_magic[] = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	const unsigned char *p;
	size_t n;
	int ret = trace_stream_peek(in, SNIFF_BYTES, &p, &n, err);

	*ops = NULL;
	*rd = NULL;
	if (ret || trace_stream_is_html(in))
		return 0; /* an error is given again when the first line is read; a page is text */
	if (n >= sizeof(dat_magic) && !memcmp(p, dat_magic, sizeof(dat_magic)))
		return trace_dat_in_open(in, ops, rd, err);
	if (trace_perfetto_in_sniff(p, n))
		return trace_perfetto_in_open(in, ops, rd, err);
	return 0;
}
