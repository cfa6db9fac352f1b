// SPDX-License-Identifier: MIT
/*
 * trace_stream.c - the lines of a trace file in constant memory: the raw bytes come from a FILE
 * or from memory in fixed chunks, go through the decoder their first bytes name (none, zlib's
 * inflate for gzip, libzstd, liblzma for xz; concatenated members/frames/streams are read on,
 * as the command-line tools do) into a line buffer that grows only to the longest line. A
 * compressed stream that ends before its end marker is an error: a truncated file is never
 * taken for a shorter trace.
 */
#include <errno.h>
#include <lzma.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

#include "input/trace_html.h"
#include "input/trace_stream.h"

#define CHUNK 65536

/* CODEC_ZLIB: atrace's compressed output (atrace -z), "TRACE:\n" then a zlib stream */
enum codec { CODEC_NONE, CODEC_GZIP, CODEC_ZSTD, CODEC_XZ, CODEC_ZLIB };

struct trace_stream {
	char *name;
	FILE *fp;                 /* NULL: reading memory */
	int own_fp;
	const unsigned char *mem;
	size_t mem_len, mem_pos;
	enum codec codec;
	z_stream z;
	ZSTD_DStream *zstd;
	lzma_stream xz;
	int frame_open;           /* a compressed member is started and not yet at its end */
	unsigned char in[CHUNK];
	size_t in_len, in_pos;
	int in_eof;
	char *buf;                /* decoded bytes: the current line and what follows it */
	size_t cap, start, len;   /* [start, len) not yet returned */
	int out_eof;
	uint64_t lineno;
	uint64_t in_total;        /* raw bytes read, for messages */
	uint64_t consumed;        /* decoded bytes given by trace_stream_read() */
	int sniffed;              /* the decoded bytes' start was looked at for an HTML page */
	struct trace_html *html;  /* a systrace page: its trace-data blocks' text (trace_html.h) */
	unsigned char *html_in;   /* the decoded bytes before the filter */
	size_t html_len, html_pos; /* html_in's bytes, and those the filter has taken */
	int html_eof;             /* the input's end was reached: the filter is only drained */
};

/* The raw bytes: the next chunk of the file or of memory into s->in. */
static int fill_in(struct trace_stream *s, capsim_error *err)
{
	size_t n;

	if (s->in_pos < s->in_len || s->in_eof)
		return 0;
	if (s->fp) {
		n = fread(s->in, 1, CHUNK, s->fp);
		if (!n && ferror(s->fp))
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot read: %s", s->name,
						strerror(errno ? errno : EIO));
	} else {
		n = s->mem_len - s->mem_pos < CHUNK ? s->mem_len - s->mem_pos : CHUNK;
		memcpy(s->in, s->mem + s->mem_pos, n);
		s->mem_pos += n;
	}
	s->in_len = n;
	s->in_pos = 0;
	s->in_total += n;
	s->in_eof = n == 0;
	return 0;
}

static int corrupt(struct trace_stream *s, const char *what, capsim_error *err)
{
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: byte %llu of the file: %s", s->name,
				(unsigned long long)(s->in_total - (s->in_len - s->in_pos)), what);
}

static int decode_gzip(struct trace_stream *s, unsigned char *out, size_t room, size_t *got,
		       capsim_error *err)
{
	int zr;

	s->z.next_in = s->in + s->in_pos;
	s->z.avail_in = (uInt)(s->in_len - s->in_pos);
	s->z.next_out = out;
	s->z.avail_out = (uInt)room;
	zr = inflate(&s->z, Z_NO_FLUSH);
	s->in_pos = s->in_len - s->z.avail_in;
	*got = room - s->z.avail_out;
	s->frame_open = 1;
	if (zr == Z_STREAM_END) {
		s->frame_open = 0;
		inflateReset(&s->z); /* gzip members may follow, as `gzip -d` reads them */
	} else if (zr != Z_OK && zr != Z_BUF_ERROR) {
		return corrupt(s, s->codec == CODEC_ZLIB ? "corrupt zlib data (expected atrace -z's "
			       "compressed trace after \"TRACE:\")" : "corrupt gzip data (expected a "
			       "gzip stream)", err);
	}
	return 0;
}

static int decode_zstd(struct trace_stream *s, unsigned char *out, size_t room, size_t *got,
		       capsim_error *err)
{
	ZSTD_inBuffer in = { s->in, s->in_len, s->in_pos };
	ZSTD_outBuffer o = { out, room, 0 };
	size_t r = ZSTD_decompressStream(s->zstd, &o, &in);

	s->in_pos = in.pos;
	*got = o.pos;
	if (ZSTD_isError(r))
		return corrupt(s, "corrupt zstd data (expected a zstd frame)", err);
	s->frame_open = r != 0;
	return 0;
}

static int decode_xz(struct trace_stream *s, unsigned char *out, size_t room, size_t *got,
		     capsim_error *err)
{
	lzma_ret r;

	s->xz.next_in = s->in + s->in_pos;
	s->xz.avail_in = s->in_len - s->in_pos;
	s->xz.next_out = out;
	s->xz.avail_out = room;
	r = lzma_code(&s->xz, s->in_eof ? LZMA_FINISH : LZMA_RUN);
	s->in_pos = s->in_len - s->xz.avail_in;
	*got = room - s->xz.avail_out;
	s->frame_open = r != LZMA_STREAM_END;
	if (r != LZMA_OK && r != LZMA_STREAM_END && r != LZMA_BUF_ERROR)
		return corrupt(s, "corrupt xz data (expected an xz stream)", err);
	return 0;
}

/* Decoded bytes into @out: *@got of them, 0 only at the end of the input. */
static int decode_raw(struct trace_stream *s, unsigned char *out, size_t room, size_t *got,
		  capsim_error *err)
{
	int ret;

	*got = 0;
	while (!*got) {
		ret = fill_in(s, err);
		if (ret)
			return ret;
		if (s->in_eof && s->in_pos == s->in_len && s->codec != CODEC_XZ) {
			if (s->frame_open)
				return corrupt(s, "the compressed stream ends early (expected more data: "
					       "a truncated file?)", err);
			return 0;
		}
		switch (s->codec) {
		case CODEC_NONE:
			*got = s->in_len - s->in_pos < room ? s->in_len - s->in_pos : room;
			memcpy(out, s->in + s->in_pos, *got);
			s->in_pos += *got;
			break;
		case CODEC_GZIP:
		case CODEC_ZLIB:
			ret = decode_gzip(s, out, room, got, err);
			break;
		case CODEC_ZSTD:
			ret = decode_zstd(s, out, room, got, err);
			break;
		case CODEC_XZ:
			ret = decode_xz(s, out, room, got, err);
			if (!ret && !*got && s->in_eof && s->in_pos == s->in_len) {
				if (s->frame_open)
					return corrupt(s, "the compressed stream ends early (expected "
						       "more data: a truncated file?)", err);
				return 0;
			}
			break;
		}
		if (ret)
			return ret;
	}
	return 0;
}

/* At the first decoded bytes: a systrace HTML page is read through its filter from there on. */
static int sniff_html(struct trace_stream *s, const unsigned char *p, size_t n, capsim_error *err)
{
	s->sniffed = 1;
	if (!trace_html_sniff(p, n))
		return 0;
	s->html = malloc(sizeof(*s->html));
	s->html_in = malloc(CHUNK);
	if (!s->html || !s->html_in)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	trace_html_init(s->html);
	return 0;
}

/* The bytes the lines are read from: decode_raw()'s, through the HTML filter for a page. */
static int decode(struct trace_stream *s, unsigned char *out, size_t room, size_t *got,
		  capsim_error *err)
{
	size_t used;
	int ret;

	if (!s->sniffed) {
		ret = decode_raw(s, out, room, got, err);
		if (ret || !*got || (ret = sniff_html(s, out, *got, err)) || !s->html)
			return ret;
		memcpy(s->html_in, out, *got); /* room <= CHUNK: the first bytes fit */
		s->html_len = *got;
	}
	if (!s->html)
		return decode_raw(s, out, room, got, err);
	for (;;) { /* the page's bytes may all be dropped: on to the next, or the end */
		if (s->html_pos == s->html_len && !s->html_eof) {
			ret = decode_raw(s, s->html_in, CHUNK, &s->html_len, err);
			if (ret)
				return ret;
			s->html_pos = 0;
			s->html_eof = !s->html_len;
		}
		*got = trace_html_filter(s->html, s->html_in + s->html_pos, s->html_len - s->html_pos,
					 &used, out, room); /* make_room() leaves CHUNK / 2 */
		s->html_pos += used;
		if ((ret = trace_html_error(s->html, s->name, err)))
			return ret;
		if (*got)
			return 0;
		if (s->html_eof)
			return trace_html_finish(s->html, s->name, err);
	}
}

/* atrace -z: "TRACE:\n" (or "TRACE:\r\n"), then a zlib stream (RFC 1950's header: CM 8, the
 * check bits). Return: the header's length, or 0. */
static size_t atrace_zlib_header(const unsigned char *p, size_t n)
{
	size_t h = n >= 8 && !memcmp(p, "TRACE:\r\n", 8) ? 8 : n >= 7 && !memcmp(p, "TRACE:\n", 7) ? 7 : 0;

	if (!h || n < h + 2 || (p[h] & 0x0f) != 8 || ((unsigned)p[h] * 256 + p[h + 1]) % 31)
		return 0;
	return h;
}

/* Picks the decoder from the first bytes (magic numbers of gzip, zstd and xz). */
static int start_codec(struct trace_stream *s, capsim_error *err)
{
	static const unsigned char gz[] = { 0x1f, 0x8b }, zs[] = { 0x28, 0xb5, 0x2f, 0xfd },
				   xz[] = { 0xfd, '7', 'z', 'X', 'Z', 0x00 };
	int ret = fill_in(s, err);
	size_t n = s->in_len, atrace;

	if (ret)
		return ret;
	if ((atrace = atrace_zlib_header(s->in, n))) {
		s->codec = CODEC_ZLIB;
		memcpy(s->buf, "TRACE:\n", 7); /* a header line, kept: the lines keep their numbers */
		s->len = 7;
		s->in_pos = atrace;
		if (inflateInit(&s->z) != Z_OK)
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	} else if (n >= sizeof(gz) && !memcmp(s->in, gz, sizeof(gz))) {
		s->codec = CODEC_GZIP;
		if (inflateInit2(&s->z, 15 + 16) != Z_OK)
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	} else if (n >= sizeof(zs) && !memcmp(s->in, zs, sizeof(zs))) {
		s->codec = CODEC_ZSTD;
		s->zstd = ZSTD_createDStream();
		if (!s->zstd)
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	} else if (n >= sizeof(xz) && !memcmp(s->in, xz, sizeof(xz))) {
		lzma_stream init = LZMA_STREAM_INIT;

		s->codec = CODEC_XZ;
		s->xz = init;
		if (lzma_stream_decoder(&s->xz, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	}
	return 0;
}

static int stream_new(const char *name, struct trace_stream **out, capsim_error *err)
{
	struct trace_stream *s = calloc(1, sizeof(*s));

	*out = NULL;
	if (!s || !(s->name = strdup(name)) || !(s->buf = malloc(CHUNK + 1))) {
		if (s)
			free(s->name);
		free(s);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", name);
	}
	s->cap = CHUNK;
	*out = s;
	return 0;
}

int trace_stream_open(const char *path, struct trace_stream **out, capsim_error *err)
{
	int is_stdin = !strcmp(path, "-");
	FILE *fp = is_stdin ? stdin : fopen(path, "rb");
	int ret;

	*out = NULL;
	if (!fp)
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot open: %s", path,
					strerror(errno));
	ret = stream_new(path, out, err);
	if (ret) {
		if (!is_stdin)
			fclose(fp);
		return ret;
	}
	(*out)->fp = fp;
	(*out)->own_fp = !is_stdin;
	ret = start_codec(*out, err);
	if (ret) {
		trace_stream_close(*out);
		*out = NULL;
	}
	return ret;
}

int trace_stream_open_mem(const void *data, size_t len, const char *name,
			  struct trace_stream **out, capsim_error *err)
{
	int ret = stream_new(name, out, err);

	if (ret)
		return ret;
	(*out)->mem = data;
	(*out)->mem_len = len;
	ret = start_codec(*out, err);
	if (ret) {
		trace_stream_close(*out);
		*out = NULL;
	}
	return ret;
}

/* Makes room after the unread bytes: moved to the front, the buffer doubled while a line needs it. */
static int make_room(struct trace_stream *s, capsim_error *err)
{
	char *nb;

	if (s->start) {
		memmove(s->buf, s->buf + s->start, s->len - s->start);
		s->len -= s->start;
		s->start = 0;
	}
	if (s->cap - s->len >= CHUNK / 2)
		return 0;
	if (s->cap >= TRACE_STREAM_LINE_MAX)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%llu: a line longer than %u bytes "
					"(expected a trace's text lines)", s->name,
					(unsigned long long)s->lineno + 1, TRACE_STREAM_LINE_MAX);
	nb = realloc(s->buf, 2 * s->cap + 1);
	if (!nb)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", s->name);
	s->buf = nb;
	s->cap *= 2;
	return 0;
}

int trace_stream_line(struct trace_stream *s, char **line, size_t *len, capsim_error *err)
{
	size_t scanned = 0;
	char *nl;

	for (;;) {
		size_t got;
		int ret;

		nl = memchr(s->buf + s->start + scanned, '\n', s->len - s->start - scanned);
		if (nl || s->out_eof)
			break;
		scanned = s->len - s->start;
		ret = make_room(s, err);
		if (!ret)
			ret = decode(s, (unsigned char *)s->buf + s->len, s->cap - s->len, &got, err);
		if (ret)
			return ret;
		s->len += got;
		s->out_eof = got == 0;
	}
	if (!nl && s->start == s->len)
		return 0;
	*line = s->buf + s->start;
	*len = nl ? (size_t)(nl - *line) : s->len - s->start;
	s->start += *len + (nl != NULL);
	s->lineno++;
	if (*len && (*line)[*len - 1] == '\r')
		(*len)--;
	(*line)[*len] = '\0'; /* the '\n' (or the spare byte after the buffer) */
	if (memchr(*line, '\0', *len))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%llu: a NUL byte (expected text: "
					"a binary file? trace.dat files are read by their own reader)",
					s->name, (unsigned long long)s->lineno);
	return 1;
}

/* Decodes more bytes after the unread ones: 0 with *@got 0 only at the end. */
static int fill_more(struct trace_stream *s, size_t *got, capsim_error *err)
{
	int ret;

	if (s->out_eof) {
		*got = 0;
		return 0;
	}
	ret = make_room(s, err);
	if (!ret)
		ret = decode(s, (unsigned char *)s->buf + s->len, s->cap - s->len, got, err);
	if (ret)
		return ret;
	s->len += *got;
	s->out_eof = *got == 0;
	return 0;
}

int trace_stream_peek(struct trace_stream *s, size_t want, const unsigned char **p, size_t *got,
		      capsim_error *err)
{
	size_t more = 1;

	if (want > CHUNK / 2)
		want = CHUNK / 2; /* make_room() always keeps that much room */
	while (s->len - s->start < want && more) {
		int ret = fill_more(s, &more, err);

		if (ret)
			return ret;
	}
	*p = (const unsigned char *)s->buf + s->start;
	*got = s->len - s->start < want ? s->len - s->start : want;
	return 0;
}

int trace_stream_read(struct trace_stream *s, void *dst, size_t n, size_t *got, capsim_error *err)
{
	unsigned char *d = dst;

	*got = 0;
	while (*got < n) {
		size_t have = s->len - s->start, take, more;
		int ret;

		if (!have) {
			s->start = s->len = 0; /* the buffer stays at its size: no line is kept */
			if ((ret = fill_more(s, &more, err)))
				return ret;
			if (!more)
				break;
			continue;
		}
		take = have < n - *got ? have : n - *got;
		memcpy(d + *got, s->buf + s->start, take);
		s->start += take;
		*got += take;
	}
	s->consumed += *got;
	return 0;
}

uint64_t trace_stream_offset(const struct trace_stream *s)
{
	return s->consumed;
}

int trace_stream_is_plain_file(const struct trace_stream *s)
{
	return s->fp && s->own_fp && s->codec == CODEC_NONE && !s->html;
}

int trace_stream_is_html(const struct trace_stream *s)
{
	return s->html != NULL;
}

uint64_t trace_stream_html_skipped(const struct trace_stream *s)
{
	return s->html ? s->html->skipped_blocks : 0;
}

uint64_t trace_stream_lineno(const struct trace_stream *s)
{
	return s->lineno;
}

const char *trace_stream_name(const struct trace_stream *s)
{
	return s->name;
}

void trace_stream_close(struct trace_stream *s)
{
	if (!s)
		return;
	if (s->own_fp)
		fclose(s->fp);
	if (s->codec == CODEC_GZIP || s->codec == CODEC_ZLIB)
		inflateEnd(&s->z);
	if (s->html)
		trace_html_free(s->html);
	free(s->html);
	free(s->html_in);
	ZSTD_freeDStream(s->zstd);
	if (s->codec == CODEC_XZ)
		lzma_end(&s->xz);
	free(s->buf);
	free(s->name);
	free(s);
}
