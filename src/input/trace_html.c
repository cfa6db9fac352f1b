// SPDX-License-Identifier: MIT
/*
 * trace_html.c - the trace-data blocks of a systrace / atrace HTML page, as a byte filter
 * (trace_html.h). systrace writes the trace viewer's page, then for each tracing agent
 * `<script class="trace-data" type="application/text">`, the agent's data, `</script>`: the
 * atrace agent's ftrace text (its `# tracer:` header and the tgid column), the controller's
 * JSON trace, a `PROCESS DUMP`. catapult's trace2html (also systrace's output with more than 4
 * agents) writes `<script id="viewer-data" type="text/plain">` instead, its trace base64'd
 * after gzip (tracing_build/trace2html.py; html2trace.py reads it gzip'ed or not): decoded and
 * inflated here a few KiB at a time. The ftrace text blocks are kept; the others are dropped and
 * counted; of the page only the newlines are kept, so that every line keeps its number. The
 * page's own scripts are never read as tags' contents: only a `<script>` tag whose class is
 * trace-data or whose id is viewer-data opens a block, and the block runs to the first
 * `</script`, as a browser reads it.
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

/* The tag in h->tag, ended by '>': a trace-data or viewer-data block opens (1), or not (0). */
static int opens_block(struct trace_html *h)
{
	char v[TRACE_HTML_TAG_MAX];
	const char *t = h->tag;

	if (h->tag_long || strncasecmp(t, "script", 6) || !isspace((unsigned char)t[6]))
		return 0;
	h->block_viewer = !attr(t + 6, "id", v, sizeof(v)) && !strcmp(v, "viewer-data");
	if (h->block_viewer) { /* trace2html: text/plain is a text trace; application/json not */
		h->block_is_text = !attr(t + 6, "type", v, sizeof(v)) &&
				   !strcasecmp(v, "text/plain");
		return 1;
	}
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

/* ---- trace2html's viewer-data block: base64, gzip'ed or not ----------------------------- */

static void set_error(struct trace_html *h, const char *what)
{
	if (!h->error) {
		h->error = what;
		h->error_line = h->line;
	}
}

/* A byte of the block's decoded text: its head tells ftrace text (kept) from JSON (dropped). */
static void content(struct trace_html *h, unsigned char c, unsigned char *out, size_t *o);

static void content_classify(struct trace_html *h, unsigned char *out, size_t *o)
{
	unsigned char head[TRACE_HTML_HEAD_MAX];
	size_t n = h->head_len;

	h->content_kind = !n || head_is_other(h) ? 2 : 1;
	if (h->content_kind == 1)
		h->text_blocks++;
	else
		h->skipped_blocks++;
	memcpy(head, h->head, n);
	h->head_len = 0;
	for (size_t i = 0; i < n; i++)
		content(h, head[i], out, o);
}

static void content(struct trace_html *h, unsigned char c, unsigned char *out, size_t *o)
{
	if (!h->content_kind) {
		if (!h->head_len && isspace(c)) {
			if (c == '\n')
				out[(*o)++] = c;
			return;
		}
		h->head[h->head_len++] = c;
		if (c == '\n' || h->head_len == sizeof(h->head))
			content_classify(h, out, o);
	} else if (h->content_kind == 1) {
		out[(*o)++] = c;
		h->content_nl = c == '\n';
	}
}

/* A decoded byte: the first two say gzip (its magic) or not; gzip's wait in zin[]. */
static void decoded(struct trace_html *h, unsigned char b, unsigned char *out, size_t *o)
{
	if (h->codec == VD_GZIP) {
		h->zin[h->zin_len++] = b;
		return;
	}
	if (h->codec == VD_PLAIN) {
		content(h, b, out, o);
		return;
	}
	h->first[h->first_n++] = b;
	if (h->first_n < sizeof(h->first))
		return;
	if (h->first[0] == 0x1f && h->first[1] == 0x8b) {
		memset(&h->z, 0, sizeof(h->z));
		if (inflateInit2(&h->z, 15 + 16) != Z_OK)
			return set_error(h, "out of memory");
		h->z_init = 1;
		h->codec = VD_GZIP;
	} else {
		h->codec = VD_PLAIN;
	}
	for (size_t i = 0; i < h->first_n; i++)
		decoded(h, h->first[i], out, o);
}

/* One inflate of zin[] into at most TRACE_HTML_ZBUF bytes of text. */
static void inflate_some(struct trace_html *h, unsigned char *out, size_t *o)
{
	unsigned char text[TRACE_HTML_ZBUF];
	size_t got;
	int r;

	if (h->z_end) { /* another gzip member follows, as `gzip -d` reads them */
		inflateReset(&h->z);
		h->z_end = 0;
	}
	h->z.next_in = h->zin + h->zin_pos;
	h->z.avail_in = (uInt)(h->zin_len - h->zin_pos);
	h->z.next_out = text;
	h->z.avail_out = sizeof(text);
	r = inflate(&h->z, Z_NO_FLUSH);
	h->zin_pos = h->zin_len - h->z.avail_in;
	if (h->zin_pos == h->zin_len)
		h->zin_pos = h->zin_len = 0;
	got = sizeof(text) - h->z.avail_out;
	h->z_more = r == Z_OK && !h->z.avail_out;
	if (r == Z_STREAM_END)
		h->z_end = 1;
	else if (r != Z_OK && r != Z_BUF_ERROR)
		return set_error(h, "corrupt gzip data (expected trace2html's gzip'ed trace)");
	for (size_t i = 0; i < got; i++)
		content(h, text[i], out, o);
}

static int b64_value(unsigned char c)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *p = c ? strchr(digits, c) : NULL;

	return p ? (int)(p - digits) : -1;
}

/* The quantum's whole bytes (3, or fewer after '=' or at the block's end). */
static void b64_flush(struct trace_html *h, unsigned char *out, size_t *o)
{
	unsigned bytes = h->quad_n ? h->quad_n - 1 : 0;

	if (h->quad_n == 1)
		return set_error(h, "its base64 ends inside a byte (a truncated file?)");
	h->quad <<= 6 * (4 - h->quad_n);
	for (unsigned k = 0; k < bytes; k++)
		decoded(h, (unsigned char)(h->quad >> (16 - 8 * k)), out, o);
	h->quad = 0;
	h->quad_n = 0;
}

static void b64_char(struct trace_html *h, unsigned char c, unsigned char *out, size_t *o)
{
	int v = b64_value(c);

	if (isspace(c) || (c == '=' && h->pad))
		return;
	if (c == '=' && h->quad_n >= 2) { /* the padding: the quantum's last bytes */
		b64_flush(h, out, o);
		h->pad = 1;
		return;
	}
	if (v < 0 || h->pad)
		return set_error(h, "not base64 (expected trace2html's base64 of the trace)");
	h->quad = h->quad << 6 | (uint32_t)v;
	if (++h->quad_n == 4)
		b64_flush(h, out, o);
}

static void b64_start(struct trace_html *h)
{
	h->st = HTML_B64;
	h->quad = 0;
	h->quad_n = h->pad = 0;
	h->codec = VD_UNKNOWN;
	h->first_n = 0;
	h->zin_len = h->zin_pos = 0;
	h->z_more = h->z_end = 0;
	h->content_kind = 0;
	h->content_nl = 1;
	h->head_len = 0;
}

/* At the block's "<" (zin[] inflated by then): the text's end, checked whole. */
static void b64_end(struct trace_html *h, unsigned char *out, size_t *o)
{
	if (h->codec == VD_UNKNOWN) { /* under two bytes: not gzip */
		h->codec = VD_PLAIN;
		for (size_t i = 0; i < h->first_n; i++)
			content(h, h->first[i], out, o);
	}
	if (h->codec == VD_GZIP && !h->z_end)
		return set_error(h, "its gzip data ends early (expected more: a truncated file?)");
	if (!h->content_kind)
		content_classify(h, out, o);
	if (h->content_kind == 1 && !h->content_nl)
		out[(*o)++] = '\n'; /* the next block's first line starts a line */
	trace_html_free(h);
	h->st = HTML_END_TAG;
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
				h->block_line = h->line;
				h->st = HTML_HEAD;
				if (h->block_viewer && h->block_is_text) {
					b64_start(h);
				} else if (h->block_viewer) {
					h->st = HTML_SKIP;
					h->skipped_blocks++;
				}
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
	case HTML_B64:
		if (c == '<')
			b64_end(h, out, o);
		else
			b64_char(h, c, out, o);
		return;
	}
}

/* In a viewer-data block: gzip bytes to inflate before the next byte is taken. */
static int must_inflate(const struct trace_html *h, const unsigned char *in, size_t i, size_t n)
{
	if (h->st != HTML_B64)
		return 0;
	if (h->z_more)
		return 1;
	return h->zin_pos < h->zin_len &&
	       (i == n || in[i] == '<' || h->zin_len + 3 > sizeof(h->zin));
}

size_t trace_html_filter(struct trace_html *h, const unsigned char *in, size_t n, size_t *used,
			 unsigned char *out, size_t room)
{
	size_t o = 0, i = 0;

	while (!h->error && room - o >= TRACE_HTML_ROOM) {
		if (must_inflate(h, in, i, n)) {
			inflate_some(h, out, &o);
			continue;
		}
		if (h->st == HTML_B64 && i < n && in[i] == '<' && h->quad_n) {
			b64_flush(h, out, &o); /* the last quantum, unpadded */
			continue;
		}
		if (i == n)
			break;
		step(h, in[i], out, &o);
		h->line += in[i] == '\n';
		i++;
	}
	*used = i;
	return h->error ? 0 : o;
}

int trace_html_error(const struct trace_html *h, const char *name, capsim_error *err)
{
	if (!h->error)
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": the viewer-data block "
				"opened at line %" PRIu64 ": %s", name, h->error_line,
				h->block_line, h->error);
}

void trace_html_free(struct trace_html *h)
{
	if (h->z_init)
		inflateEnd(&h->z);
	h->z_init = 0;
}

int trace_html_finish(const struct trace_html *h, const char *name, capsim_error *err)
{
	if (h->st == HTML_HEAD || h->st == HTML_TEXT || h->st == HTML_SKIP || h->st == HTML_B64)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": the HTML ends inside "
					"the %s block opened at line %" PRIu64 " (expected "
					"its </script>: a truncated file?)", name, h->line,
					h->block_viewer ? "viewer-data" : "trace-data", h->block_line);
	if (!h->text_blocks)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": an HTML page without "
					"ftrace text (expected a systrace <script class=\"trace-data\" "
					"type=\"application/text\"> block, or trace2html's <script "
					"id=\"viewer-data\" type=\"text/plain\">, holding \"# tracer:\" "
					"text; %" PRIu64 " other blocks)", name, h->line,
					h->skipped_blocks);
	return 0;
}
