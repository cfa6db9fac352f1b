/* SPDX-License-Identifier: MIT */
/*
 * trace_html.h - systrace / atrace HTML (systrace's output_generator: the trace viewer, then a
 * `<script class="trace-data" type="application/text">` block per tracing agent) as the ftrace
 * text of its trace-data blocks, for trace_stream.c: a byte filter in constant memory that
 * keeps the bytes of each ftrace text block and of the rest only the newlines, so that the
 * lines the text reader numbers are the HTML file's lines.
 */
#ifndef CAPSIM_INPUT_TRACE_HTML_H
#define CAPSIM_INPUT_TRACE_HTML_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

/* the bytes trace_html_filter() may give beyond those it is given (the ones it held back) */
#define TRACE_HTML_SLACK 64

#define TRACE_HTML_TAG_MAX 256 /* a longer tag is not a trace-data block's */
#define TRACE_HTML_HEAD_MAX 16 /* a block's first bytes, held until its kind is known */

enum trace_html_state {
	HTML_OUT,     /* the page: dropped, newlines kept */
	HTML_TAG,     /* after '<': the tag's bytes collected */
	HTML_HEAD,    /* a trace-data block's first bytes, held until its kind is known */
	HTML_TEXT,    /* an ftrace text block: kept, "</script" looked for */
	HTML_SKIP,    /* a block not read (JSON, a process dump): dropped to its "</script" */
	HTML_END_TAG, /* after a block's "</script": dropped to its '>' */
};

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
	uint64_t line;                          /* the input's line (1-based) */
	uint64_t block_line;                    /* the open block's tag's line */
	uint64_t text_blocks, skipped_blocks;
};

/** trace_html_sniff() - whether @n first decoded bytes at @p begin an HTML page ("<!DOCTYPE
 * html" or "<html", any case, after a UTF-8 BOM and blanks). */
int trace_html_sniff(const unsigned char *p, size_t n);

void trace_html_init(struct trace_html *h);

/**
 * trace_html_filter() - @n bytes at @in through the filter into @out, which has room for
 * @n + TRACE_HTML_SLACK bytes. Return: the bytes written.
 */
size_t trace_html_filter(struct trace_html *h, const unsigned char *in, size_t n,
			 unsigned char *out);

/**
 * trace_html_finish() - at the input's end: an error when a trace-data block is left open (a
 * truncated file) or the page had no ftrace text block. @name names the file in messages.
 * Return: 0 or CAPSIM_ERR_PARSE with @err set.
 */
int trace_html_finish(const struct trace_html *h, const char *name, capsim_error *err);

#endif /* CAPSIM_INPUT_TRACE_HTML_H */
