/* SPDX-License-Identifier: MIT */
/*
 * trace_stream.h - a trace file as a stream of lines, in constant memory whatever its length:
 * plain, gzip, zstd or xz (told from its first bytes, not its name), atrace's zlib form
 * ("TRACE:" then a zlib stream), from a file, standard input or memory; a systrace HTML page
 * gives the lines of its ftrace text blocks (trace_html.h: systrace's trace-data, trace2html's
 * base64 and gzip viewer-data), the page's lines as blank lines. The trace readers (trace_text.c) take their lines from here.
 */
#ifndef CAPSIM_INPUT_TRACE_STREAM_H
#define CAPSIM_INPUT_TRACE_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

/* the longest line accepted: the kernel's trace_seq is a page; a line far beyond is not a trace's */
#define TRACE_STREAM_LINE_MAX (1u << 20)

struct trace_stream;

/**
 * trace_stream_open() - open @path ("-": standard input) for reading lines.
 * Return: 0, or CAPSIM_ERR_IO / CAPSIM_ERR_NOMEM with @err saying why.
 */
int trace_stream_open(const char *path, struct trace_stream **out, capsim_error *err);

/**
 * trace_stream_open_mem() - the same over @len bytes at @data (not copied: they must outlive
 * the stream), called @name in messages.
 */
int trace_stream_open_mem(const void *data, size_t len, const char *name,
			  struct trace_stream **out, capsim_error *err);

/**
 * trace_stream_line() - the next line, without its '\n' (and a '\r' before it), NUL-terminated,
 * valid until the next call; a last line without a final newline is a line too.
 * Return: 1 (a line: *@line, *@len), 0 (the end), or a negative enum capsim_err with @err
 * naming the file and line (a line over TRACE_STREAM_LINE_MAX, a NUL byte, a truncated or
 * corrupt compressed stream, a read error).
 */
int trace_stream_line(struct trace_stream *s, char **line, size_t *len, capsim_error *err);

/**
 * trace_stream_peek() - the next decoded bytes, up to @want (at most 32 KiB), without taking them:
 * *@p, *@got (fewer than @want only at the end). For telling a format by its first bytes.
 * Return: 0 or a negative enum capsim_err (as trace_stream_line()).
 */
int trace_stream_peek(struct trace_stream *s, size_t want, const unsigned char **p, size_t *got,
		      capsim_error *err);

/**
 * trace_stream_read() - the next @n decoded bytes into @dst (the binary readers' way in, not
 * mixed with trace_stream_line()): *@got, fewer than @n only at the end.
 * Return: 0 or a negative enum capsim_err (as trace_stream_line()).
 */
int trace_stream_read(struct trace_stream *s, void *dst, size_t n, size_t *got, capsim_error *err);

/** trace_stream_offset() - the decoded bytes trace_stream_read() has given: a byte's offset. */
uint64_t trace_stream_offset(const struct trace_stream *s);

/** trace_stream_is_plain_file() - 1 when @s reads a file by its path, uncompressed: another
 * library may open that path itself. */
int trace_stream_is_plain_file(const struct trace_stream *s);

/** trace_stream_is_html() - 1 when @s reads a systrace HTML page's ftrace text (trace_html.h). */
int trace_stream_is_html(const struct trace_stream *s);

/** trace_stream_html_skipped() - the trace-data blocks of the page that were not ftrace text. */
uint64_t trace_stream_html_skipped(const struct trace_stream *s);

/** trace_stream_lineno() - the number of the line trace_stream_line() last gave (1-based). */
uint64_t trace_stream_lineno(const struct trace_stream *s);

/** trace_stream_name() - the name messages give the stream. */
const char *trace_stream_name(const struct trace_stream *s);

/** trace_stream_close() - NULL is a no-op. */
void trace_stream_close(struct trace_stream *s);

#endif /* CAPSIM_INPUT_TRACE_STREAM_H */
