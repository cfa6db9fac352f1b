/* SPDX-License-Identifier: MIT */
/*
 * trace_binary.h - the binary trace readers behind capsim_trace_open() (trace_text.c): trace.dat
 * (trace_dat_in.c, through libtracecmd / libtraceevent) and Perfetto protobuf
 * (trace_perfetto_in.c). Each gives the same struct capsim_trace_event stream as the text
 * reader, in time order; the file's first bytes, not its name, choose the reader.
 */
#ifndef CAPSIM_INPUT_TRACE_BINARY_H
#define CAPSIM_INPUT_TRACE_BINARY_H

#include <stdint.h>

#include "capsim/capsim.h"
#include "capsim/capsim_trace.h"
#include "input/trace_stream.h"

/* the fields an event of a binary trace has at most (further ones are left out) */
#define TRACE_BINARY_FIELDS_MAX 64

/* What a binary reader does for capsim_trace_next() and the accessors of capsim_trace.h. */
struct trace_reader_ops {
	int (*next)(void *rd, const struct capsim_trace_event **ev, capsim_error *err);
	unsigned (*nr_cpus)(const void *rd);
	uint64_t (*skipped)(const void *rd, enum capsim_trace_skip why);
	void (*free)(void *rd);
	const char *(*kernel_release)(const void *rd); /* the release the trace names, or NULL */
};

/* the longest kernel release kept (utsname's release is 65 bytes with its NUL) */
#define TRACE_RELEASE_MAX 65

/**
 * trace_binary_open() - when @in's first decoded bytes are a trace.dat's ("\x17\x08Dtracing")
 * or a Perfetto trace's (a whole TracePacket as Trace's field 1), the reader for it, reading
 * from @in (*@ops, *@rd set; @in stays the caller's, closed after the reader is freed);
 * otherwise *@ops NULL and @in is left unread for the text reader.
 * Return: 0, or a negative enum capsim_err with @err saying why.
 */
int trace_binary_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
		      capsim_error *err);

int trace_dat_in_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
		      capsim_error *err);
int trace_perfetto_in_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
			   capsim_error *err);

/* Perfetto's sign of a Trace: a whole TracePacket first (trace_perfetto_in.c). */
int trace_perfetto_in_sniff(const unsigned char *p, size_t n);

#endif /* CAPSIM_INPUT_TRACE_BINARY_H */
