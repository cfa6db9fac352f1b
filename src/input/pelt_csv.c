// SPDX-License-Identifier: MIT
/*
 * pelt_csv.c - the PELT replay CSV: strict parsing of now_ns,load,runnable,running,weight rows
 * and the replay that prints struct sched_avg after each one (docs/formats.md, "PELT CSV").
 *
 * The replay is the oracle procedure used to produce the kernel golden vectors: from an
 * all-zero sched_avg, each row calls ___update_load_sum() and, when it reports a crossed
 * period, ___update_load_avg(weight) (kernel/sched/pelt.c). Parsing is strict because these
 * files are test vectors: a misread value would silently break bit-exactness, so anything that
 * is not exactly five decimal u64 fields is an error naming its line and column.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "internal.h"
#include "capsim/capsim.h"

enum { NFIELDS = 5, SHOW_MAX = 40 };

static const char *const field_names[NFIELDS] = { "now_ns", "load", "runnable", "running", "weight" };

/* A line of the input: [s, s + len), without its line end. */
struct line {
	const char *s;
	size_t len;
	size_t lineno;
};

/* @s[0..len) for a message: printable ASCII kept, the rest as \xHH, long fields cut. */
static void show(char *buf, size_t size, const char *s, size_t len)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 8 < size; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == SHOW_MAX) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (c >= 0x20 && c < 0x7f && c != '\'')
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
	}
	buf[o] = '\0';
}

static int fail_at(capsim_error *err, int code, const char *name, const struct line *ln,
		   size_t col, const char *what)
{
	return capsim_error_set(err, code, "%s:%zu:%zu: %s", name, ln->lineno, col + 1, what);
}

/*
 * Splits @ln at commas into at most NFIELDS fields; *n is how many were found (NFIELDS + 1
 * means "more"). Offsets and lengths are relative to the line start.
 */
static void split_fields(const struct line *ln, size_t off[NFIELDS + 1], size_t flen[NFIELDS + 1],
			 unsigned *n)
{
	size_t start = 0;

	*n = 0;
	for (size_t i = 0; i <= ln->len && *n <= NFIELDS; i++) {
		if (i == ln->len || ln->s[i] == ',') {
			off[*n] = start;
			flen[*n] = i - start;
			(*n)++;
			start = i + 1;
		}
	}
}

/* A field as a decimal u64: only digits, no sign, no spaces, no overflow. */
static int parse_field(const char *s, size_t len, uint64_t *out, char *why, size_t whysize)
{
	char shown[SHOW_MAX * 4 + 8];
	uint64_t v = 0;
	size_t i;

	show(shown, sizeof(shown), s, len);
	if (!len) {
		snprintf(why, whysize, "empty field (expected a decimal unsigned integer)");
		return CAPSIM_ERR_PARSE;
	}
	for (i = 0; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (v > (UINT64_MAX - d) / 10) {
			snprintf(why, whysize, "'%s' is beyond 64 bits (expected at most %llu)", shown,
				 (unsigned long long)UINT64_MAX);
			return CAPSIM_ERR_RANGE;
		}
		v = v * 10 + d;
	}
	if (i == len) {
		*out = v;
		return 0;
	}
	if (s[0] == '-' && len > 1 && s[1] >= '0' && s[1] <= '9')
		snprintf(why, whysize, "negative value '%s' (expected an unsigned integer)", shown);
	else
		snprintf(why, whysize, "'%s' is not a decimal unsigned integer (expected digits only)",
			 shown);
	return CAPSIM_ERR_PARSE;
}

static int parse_row(const struct line *ln, const char *name, struct capsim_pelt_row *row,
		     capsim_error *err)
{
	size_t off[NFIELDS + 1], flen[NFIELDS + 1];
	uint64_t v[NFIELDS];
	char why[256], msg[400];
	unsigned n;

	split_fields(ln, off, flen, &n);
	if (!ln->len)
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, 0,
			       "empty line (expected 5 fields: " CAPSIM_PELT_CSV_IN_HEADER ")");
	if (n < NFIELDS) {
		snprintf(msg, sizeof(msg), "missing field '%s' (expected %d fields: %s)",
			 field_names[n], NFIELDS, CAPSIM_PELT_CSV_IN_HEADER);
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, ln->len, msg);
	}
	if (n > NFIELDS) {
		snprintf(msg, sizeof(msg), "extra field after 'weight' (expected %d fields: %s)",
			 NFIELDS, CAPSIM_PELT_CSV_IN_HEADER);
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, off[NFIELDS] - 1, msg);
	}
	for (unsigned i = 0; i < NFIELDS; i++) {
		int ret = parse_field(ln->s + off[i], flen[i], &v[i], why, sizeof(why));
		if (ret) {
			snprintf(msg, sizeof(msg), "%s: %s", field_names[i], why);
			return fail_at(err, ret, name, ln, off[i], msg);
		}
	}
	if (v[3] > INT_MAX) {
		snprintf(msg, sizeof(msg),
			 "running: %llu is out of range (expected 0 or 1; the kernel takes an int, "
			 "at most %d)", (unsigned long long)v[3], INT_MAX);
		return fail_at(err, CAPSIM_ERR_RANGE, name, ln, off[3], msg);
	}
	row->now_ns = v[0];
	row->load = v[1];
	row->runnable = v[2];
	row->running = (int)v[3];
	row->weight = v[4];
	return 0;
}

static int check_header(const struct line *ln, const char *name, capsim_error *err)
{
	size_t off[NFIELDS + 1], flen[NFIELDS + 1];
	char shown[SHOW_MAX * 4 + 8], msg[400];
	unsigned n;

	split_fields(ln, off, flen, &n);
	if (ln->len && ln->s[0] >= '0' && ln->s[0] <= '9')
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, 0,
			       "no header (expected the first line to be " CAPSIM_PELT_CSV_IN_HEADER ")");
	for (unsigned i = 0; i < n && i < NFIELDS; i++) {
		if (flen[i] == strlen(field_names[i]) && !memcmp(ln->s + off[i], field_names[i], flen[i]))
			continue;
		show(shown, sizeof(shown), ln->s + off[i], flen[i]);
		snprintf(msg, sizeof(msg), "wrong header field '%s' (expected '%s'; the header is %s)",
			 shown, field_names[i], CAPSIM_PELT_CSV_IN_HEADER);
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, off[i], msg);
	}
	if (n != NFIELDS) {
		snprintf(msg, sizeof(msg), "header has %s fields (expected %s)",
			 n < NFIELDS ? "too few" : "too many", CAPSIM_PELT_CSV_IN_HEADER);
		return fail_at(err, CAPSIM_ERR_PARSE, name, ln, n < NFIELDS ? ln->len : off[NFIELDS] - 1,
			       msg);
	}
	return 0;
}

/* Cuts the next line out of [*pos, len); false at the end of the data. */
static int next_line(const char *data, size_t len, size_t *pos, struct line *ln)
{
	const char *nl;

	if (*pos >= len)
		return 0;
	ln->s = data + *pos;
	nl = memchr(ln->s, '\n', len - *pos);
	ln->len = nl ? (size_t)(nl - ln->s) : len - *pos;
	*pos += ln->len + (nl ? 1 : 0);
	if (ln->len && ln->s[ln->len - 1] == '\r')
		ln->len--;
	ln->lineno++;
	return 1;
}

/* True if only line ends remain from @pos: blank lines are allowed at the end of a file. */
static int only_blank_lines_left(const char *data, size_t len, size_t pos)
{
	for (; pos < len; pos++)
		if (data[pos] != '\n' && data[pos] != '\r')
			return 0;
	return 1;
}

static int push_row(struct capsim_pelt_csv *out, size_t *cap, const struct capsim_pelt_row *row)
{
	if (out->nrows == *cap) {
		size_t ncap = *cap ? *cap * 2 : 1024;
		struct capsim_pelt_row *rows = realloc(out->rows, ncap * sizeof(*rows));
		if (!rows)
			return CAPSIM_ERR_NOMEM;
		out->rows = rows;
		*cap = ncap;
	}
	out->rows[out->nrows++] = *row;
	return 0;
}

int capsim_pelt_csv_parse(const char *data, size_t len, const char *name, struct capsim_pelt_csv *out,
		   capsim_error *err)
{
	struct line ln = { .lineno = 0 };
	struct capsim_pelt_row row;
	size_t pos = 0, cap = 0;
	int ret;

	/* the fields of the first release are all it fills */
	if (!abi_size_ok(out, ABI_V1_PELT_CSV))
		return abi_size_error(err, "struct capsim_pelt_csv", out, ABI_V1_PELT_CSV);
	out->rows = NULL;
	out->nrows = 0;
	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		pos = 3; /* a UTF-8 byte-order mark, as spreadsheets write */
	if (only_blank_lines_left(data, len, pos)) {
		ln.lineno = 1;
		return fail_at(err, CAPSIM_ERR_PARSE, name, &ln, 0,
			       "empty file (expected the header " CAPSIM_PELT_CSV_IN_HEADER ")");
	}
	next_line(data, len, &pos, &ln);
	ret = check_header(&ln, name, err);
	while (!ret && !only_blank_lines_left(data, len, pos) && next_line(data, len, &pos, &ln)) {
		ret = parse_row(&ln, name, &row, err);
		if (!ret && push_row(out, &cap, &row))
			ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", name);
	}
	if (ret)
		capsim_pelt_csv_free(out);
	return ret;
}

void capsim_pelt_csv_free(struct capsim_pelt_csv *csv)
{
	if (!csv)
		return;
	free(csv->rows);
	csv->rows = NULL;
	csv->nrows = 0;
}

/* Appends @v in decimal and a separator; returns the new end. */
static char *put_u64(char *p, uint64_t v, char sep)
{
	char tmp[20];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	*p++ = sep;
	return p;
}

size_t capsim_pelt_csv_format_line(uint64_t now_ns, int updated, const struct capsim_sched_avg *sa,
			    char *buf)
{
	char *p = buf;

	p = put_u64(p, now_ns, ',');
	p = put_u64(p, (uint64_t)updated, ',');
	p = put_u64(p, sa->load_sum, ',');
	p = put_u64(p, sa->runnable_sum, ',');
	p = put_u64(p, sa->util_sum, ',');
	p = put_u64(p, sa->period_contrib, ',');
	p = put_u64(p, sa->load_avg, ',');
	p = put_u64(p, sa->runnable_avg, ',');
	p = put_u64(p, sa->util_avg, ',');
	p = put_u64(p, sa->last_update_time, '\n');
	*p = '\0';
	return (size_t)(p - buf);
}

size_t capsim_pelt_csv_replay_row(struct capsim_sched_avg *sa, const struct capsim_pelt_row *row, char *buf)
{
	int updated = capsim_pelt_update_load_sum(sa, row->now_ns, row->load, row->runnable,
						  row->running);

	if (updated)
		capsim_pelt_update_load_avg(sa, row->weight);
	return capsim_pelt_csv_format_line(row->now_ns, updated, sa, buf);
}
