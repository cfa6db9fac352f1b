// SPDX-License-Identifier: MIT
/*
 * trace_html.c - the trace-data blocks of a systrace / atrace HTML page, as a byte filter
 * (trace_html.h). systrace writes the trace viewer's page, then for each tracing agent
 * `<script class="trace-data" type="application/text">`, the agent's data, `</script>`: the
 * atrace agent's ftrace text (its `# tracer:` header and the tgid column), the controller's
 * JSON trace, a `PROCESS DUMP`. The ftrace text blocks are kept; the others are dropped and
 * counted; of the page only the newlines are kept, so that every line keeps its number. The
 * page's own scripts are never read as tags' contents: only a `<script>` tag whose class is
 * trace-data opens a block, and the block runs to the first `</script`, as a browser reads it.
 */
#include <ctype.h>
#include <inttypes.h>
#include <string.h>
#include <strings.h>

#include "input/trace_html.h"

static const char end_tag[] = "</script"; /* a block's end, in any case */

int trace_html_sniff(const unsigned char *p, size_t n)
{
	static const char *const starts[] = { "<!doctype html", "<html" };
	size_t i = 0;

	if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		i = 3; /* a UTF-8 byte order mark */
	while (i < n && isspace(p[i]))
		i++;
	for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
		size_t len = strlen(starts[k]), j;

		for (j = 0; j < len && i + j < n && tolower(p[i + j]) == starts[k][j]; j++)
			;
		if (j == len)
			return 1;
	}
	return 0;
}

void trace_html_init(struct trace_html *h)
{
	memset(h, 0, sizeof(*h));
	h->line = 1;
}

/* ---- tags ----------------------------------------------------------------------------------- */

/* The value of attribute @name in the tag text @t (after its name) into @v, or -1 if absent. */
static int attr(const char *t, const char *name, char *v, size_t vsize)
{
	while (*t) {
		const char *n;
		size_t nlen, o = 0;
		char q = 0;

		while (isspace((unsigned char)*t) || *t == '/')
			t++;
		n = t;
		while (*t && !isspace((unsigned char)*t) && *t != '=' && *t != '/')
			t++;
		nlen = (size_t)(t - n);
		if (*t != '=') {
			if (!nlen && *t)
				t++;
			continue;
		}
		t++;
		if (*t == '"' || *t == '\'')
			q = *t++;
		while (*t && (q ? *t != q : !isspace((unsigned char)*t))) {
			if (o + 1 < vsize)
				v[o++] = *t;
			t++;
		}
		if (q && *t)
			t++;
		v[o] = '\0';
		if (nlen == strlen(name) && !strncasecmp(n, name, nlen))
			return 0;
	}
	return -1;
}

/* Whether the space-separated @list holds the word @w. */
static int has_word(const char *list, const char *w)
{
	size_t len = strlen(w);

	for (const char *p = list; (p = strstr(p, w)); p += len)
		if ((p == list || isspace((unsigned char)p[-1])) &&
		    (!p[len] || isspace((unsigned char)p[len])))
			return 1;
	return 0;
}

/* The tag in h->tag, ended by '>': a trace-data block opens (1), or not (0). */
static int opens_block(struct trace_html *h)
{
	char v[TRACE_HTML_TAG_MAX];
	const char *t = h->tag;

	if (h->tag_long || strncasecmp(t, "script", 6) || !isspace((unsigned char)t[6]))
		return 0;
	if (attr(t + 6, "class", v, sizeof(v)) || !has_word(v, "trace-data"))
		return 0;
	/* systrace's blocks are application/text; another type is still a block, never ftrace */
	h->block_is_text = attr(t + 6, "type", v, sizeof(v)) || !strcasecmp(v, "application/text");
	return 1;
}

/* ---- bytes ---------------------------------------------------------------------------------- */

static void step(struct trace_html *h, unsigned char c, unsigned char *out, size_t *o);

/* A JSON trace (systrace's controller agent, trace2html) or a process dump: not ftrace text. */
static int head_is_other(const struct trace_html *h)
{
	const char *hd = (const char *)h->head;

	return h->head[0] == '{' || h->head[0] == '[' ||
	       (h->head_len >= 12 && !memcmp(hd, "PROCESS DUMP", 12)) ||
	       (h->head_len >= 5 && !memcmp(hd, "USER ", 5));
}

/* The block's kind is known from its head: the held bytes go through that state. */
static void classify(struct trace_html *h, unsigned char *out, size_t *o)
{
	unsigned char head[TRACE_HTML_HEAD_MAX];
	size_t n = h->head_len;

	if (!h->block_is_text || head_is_other(h)) {
		h->st = HTML_SKIP;
		h->skipped_blocks++;
	} else {
		h->st = HTML_TEXT;
		h->text_blocks++;
	}
	memcpy(head, h->head, n);
	h->head_len = 0;
	for (size_t i = 0; i < n; i++)
		step(h, head[i], out, o);
}

/* In a block: "</script" looked for, the other bytes kept (@keep) or only the newlines. */
static void in_block(struct trace_html *h, unsigned char c, int keep, unsigned char *out, size_t *o)
{
	if (tolower(c) == end_tag[h->matched]) {
		h->held[h->matched++] = c;
		if (h->matched == sizeof(end_tag) - 1) {
			h->matched = 0;
			h->st = HTML_END_TAG;
		}
		return;
	}
	if (h->matched) { /* not the end: what was held is the block's */
		if (keep) {
			memcpy(out + *o, h->held, h->matched);
			*o += h->matched;
		}
		h->matched = 0;
		if (c == '<') {
			h->held[h->matched++] = c;
			return;
		}
	}
	if (keep || c == '\n')
		out[(*o)++] = c;
}

static void step(struct trace_html *h, unsigned char c, unsigned char *out, size_t *o)
{
	switch (h->st) {
	case HTML_OUT:
		if (c == '<') {
			h->st = HTML_TAG;
			h->tag_len = 0;
			h->tag_long = 0;
		} else if (c == '\n') {
			out[(*o)++] = c;
		}
		return;
	case HTML_TAG:
		if (c == '<') { /* a '<' that opened no tag (a script's "a < b"): this one might */
			h->tag_len = 0;
			h->tag_long = 0;
		} else if (c == '>') {
			h->tag[h->tag_len] = '\0';
			if (opens_block(h)) {
				h->st = HTML_HEAD;
				h->block_line = h->line;
			} else {
				h->st = HTML_OUT;
			}
		} else {
			if (c == '\n')
				out[(*o)++] = c;
			if (h->tag_len + 1 < sizeof(h->tag))
				h->tag[h->tag_len++] = c == '\n' || c == '\t' || c == '\r' ? ' ' : (char)c;
			else
				h->tag_long = 1;
		}
		return;
	case HTML_HEAD:
		if (!h->head_len && isspace(c)) {
			if (c == '\n')
				out[(*o)++] = c; /* blanks before the first line: only its newlines matter */
			return;
		}
		h->head[h->head_len++] = c;
		if (c == '\n' || h->head_len == sizeof(h->head))
			classify(h, out, o);
		return;
	case HTML_TEXT:
	case HTML_SKIP:
		in_block(h, c, h->st == HTML_TEXT, out, o);
		return;
	case HTML_END_TAG:
		if (c == '>')
			h->st = HTML_OUT;
		else if (c == '\n')
			out[(*o)++] = c;
		return;
	}
}

size_t trace_html_filter(struct trace_html *h, const unsigned char *in, size_t n,
			 unsigned char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		step(h, in[i], out, &o);
		h->line += in[i] == '\n';
	}
	return o;
}

int trace_html_finish(const struct trace_html *h, const char *name, capsim_error *err)
{
	if (h->st == HTML_HEAD || h->st == HTML_TEXT || h->st == HTML_SKIP)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": the HTML ends inside "
					"the trace-data block opened at line %" PRIu64 " (expected "
					"its </script>: a truncated file?)", name, h->line, h->block_line);
	if (!h->text_blocks)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": an HTML page without "
					"ftrace text (expected a systrace <script class=\"trace-data\" "
					"type=\"application/text\"> block holding \"# tracer:\" text; "
					"%" PRIu64 " other trace-data blocks)", name, h->line,
					h->skipped_blocks);
	return 0;
}
