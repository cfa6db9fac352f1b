/* SPDX-License-Identifier: MIT */
/*
 * trace_html.h - systrace / atrace HTML (systrace's output_generator: the trace viewer, then a
 * `<script class="trace-data" type="application/text">` block per tracing agent; catapult's
 * trace2html: `<script id="viewer-data" type="text/plain">`, the trace base64'd, gzip'ed
 * first) as the ftrace text of its blocks, for trace_stream.c: a byte filter in constant
 * memory that keeps the bytes of each ftrace text block (decoded) and of the rest only the
 * newlines, so that the lines the text reader numbers are the HTML file's lines (in a
 * viewer-data block: its tag's line, then the decoded text's).
 */
#ifndef CAPSIM_INPUT_TRACE_HTML_H
#define CAPSIM_INPUT_TRACE_HTML_H

#include <stddef.h>
#include <stdint.h>

#include <zlib.h>

#include "capsim/capsim.h"

#define TRACE_HTML_ZBUF 4096 /* a viewer-data block's gzip bytes held, and inflated at a time */
/* the room trace_html_filter() needs in its output to take one more byte */
#define TRACE_HTML_ROOM (TRACE_HTML_ZBUF + 64)

#define TRACE_HTML_TAG_MAX 256 /* a longer tag is not a trace-data block's */
#define TRACE_HTML_HEAD_MAX 16 /* a block's first bytes, held until its kind is known */

enum trace_html_state {
	HTML_OUT,     /* the page: dropped, newlines kept */
	HTML_TAG,     /* after '<': the tag's bytes collected */
	HTML_HEAD,    /* a trace-data block's first bytes, held until its kind is known */
	HTML_TEXT,    /* an ftrace text block: kept, "</script" looked for */
	HTML_SKIP,    /* a block not read (JSON, a process dump): dropped to its "</script" */
	HTML_END_TAG, /* after a block's "</script": dropped to its '>' */
	HTML_B64,     /* a viewer-data block (trace2html): base64 decoded, then inflated if gzip */
};

enum trace_html_codec { VD_UNKNOWN, VD_PLAIN, VD_GZIP }; /* a viewer-data block's decoded bytes */

struct trace_html {
	enum trace_html_state st;
	char tag[TRACE_HTML_TAG_MAX];
	size_t tag_len;
	int tag_long;                           /* the tag outgrew tag[]: not one of ours */
	unsigned char head[TRACE_HTML_HEAD_MAX];
	size_t head_len;
	unsigned char held[8];                  /* "</script" matched so far, as written */
	size_t matched;
	int block_is_text;                      /* HTML_HEAD: a text block unless its head says not */
	int block_viewer;                       /* the tag opens trace2html's viewer-data block */
	uint64_t line;                          /* the input's line (1-based) */
	uint64_t block_line;                    /* the open block's tag's line */
	uint64_t text_blocks, skipped_blocks;
	/* HTML_B64: base64 sextets of the quantum so far, the content's kind told by its head */
	uint32_t quad;
	unsigned quad_n, pad;
	enum trace_html_codec codec;
	unsigned char first[2];                 /* the first decoded bytes: gzip's magic? */
	size_t first_n;
	z_stream z;
	int z_init, z_more, z_end;              /* inflate set up; may give more; at its end */
	unsigned char zin[TRACE_HTML_ZBUF];     /* gzip bytes decoded, not yet inflated */
	size_t zin_len, zin_pos;
	int content_kind;                       /* 0: head being read, 1: ftrace text, 2: other */
	int content_nl;                         /* the last text byte given was a newline */
	const char *error;                      /* set: the page is bad, what was expected */
	uint64_t error_line;
};

/** trace_html_sniff() - whether @n first decoded bytes at @p begin an HTML page ("<!DOCTYPE
 * html" or "<html", any case, after a UTF-8 BOM and blanks). */
int trace_html_sniff(const unsigned char *p, size_t n);

void trace_html_init(struct trace_html *h);

/**
 * trace_html_filter() - up to @n bytes at @in through the filter into @out, which has room for
 * @room bytes (at least TRACE_HTML_ROOM): *@used of them taken, fewer than @n when @out is
 * full (a viewer-data block's text inflates); call again with n 0 at the input's end while it
 * gives bytes. Return: the bytes written, or 0 with trace_html_error() set.
 */
size_t trace_html_filter(struct trace_html *h, const unsigned char *in, size_t n, size_t *used,
			 unsigned char *out, size_t room);

/**
 * trace_html_error() - after trace_html_filter(): CAPSIM_ERR_PARSE with @err naming @name,
 * the line and what was expected when the page is bad (a viewer-data block that is not
 * base64 or not gzip), else 0.
 */
int trace_html_error(const struct trace_html *h, const char *name, capsim_error *err);

/** trace_html_free() - what a viewer-data block's inflate holds. */
void trace_html_free(struct trace_html *h);

/**
 * trace_html_finish() - at the input's end: an error when a trace-data block is left open (a
 * truncated file) or the page had no ftrace text block. @name names the file in messages.
 * Return: 0 or CAPSIM_ERR_PARSE with @err set.
 */
int trace_html_finish(const struct trace_html *h, const char *name, capsim_error *err);

#endif /* CAPSIM_INPUT_TRACE_HTML_H */
