// SPDX-License-Identifier: MIT
/*
 * trace_jsonl.c - a parsed trace event as one JSON line (`capsim analyze --events`): the context
 * keys, then the event's fields in an object of their own (sched_load_se and the LISA events
 * have fields called cpu, comm and pid, which would clash with the context's), each typed: an
 * integer as a number, a list ({..} of libtraceevent's arrays, trace-cmd's ARRAY[..] of hex
 * bytes) as a list, the rest as a string. Bytes of 0x80 and above are written as \u00XX (the
 * kernel prints comms as bytes: every line stays valid JSON whatever they are).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "output/trace_jsonl.h"

static void json_bytes(FILE *fp, const char *s, size_t n)
{
	fputc('"', fp);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '"' || c == '\\')
			fprintf(fp, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(fp, "\\u%04x", c);
		else
			fputc(c, fp);
	}
	fputc('"', fp);
}

void trace_jsonl_string(FILE *fp, const char *s)
{
	json_bytes(fp, s, strlen(s));
}

/* @n bytes at @s as a whole integer in @base (0: decimal, or hex after 0x). Return: 0 or -1. */
static int whole_int(const char *s, size_t n, int base, long long *out)
{
	char buf[32], *end;
	size_t i = 0;

	if (!n || n >= sizeof(buf))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (buf[0] == '-')
		i = 1;
	if (!isxdigit((unsigned char)buf[i]))
		return -1;
	if (!base)
		base = buf[i] == '0' && (buf[i + 1] == 'x' || buf[i + 1] == 'X') ? 16 : 10;
	errno = 0;
	*out = strtoll(buf, &end, base);
	return *end || errno ? -1 : 0;
}

/* The elements of a list between @s and @e, split at ',' and spaces: numbers if all are. */
static void json_list(FILE *fp, const char *s, const char *e, int base)
{
	int all_int = 1, first = 1;
	long long v;

	for (int pass = 0; pass < 2; pass++) {
		const char *p = s;

		if (pass)
			fputc('[', fp);
		while (p < e) {
			const char *q;

			while (p < e && (*p == ',' || *p == ' ' || *p == '{' || *p == '}'))
				p++;
			q = p;
			while (q < e && *q != ',' && *q != ' ' && *q != '{' && *q != '}')
				q++;
			if (q == p)
				break;
			if (!pass) {
				all_int &= !whole_int(p, (size_t)(q - p), base, &v);
			} else {
				fputs(first ? "" : ",", fp);
				first = 0;
				if (all_int && !whole_int(p, (size_t)(q - p), base, &v))
					fprintf(fp, "%lld", v);
				else
					json_bytes(fp, p, (size_t)(q - p));
			}
			p = q;
		}
	}
	fputc(']', fp);
}

static void json_value(FILE *fp, const char *v)
{
	size_t n = strlen(v);
	long long x;

	if (n >= 2 && v[0] == '{' && v[n - 1] == '}')
		json_list(fp, v + 1, v + n - 1, 0);
	else if (n >= 7 && !strncmp(v, "ARRAY[", 6) && v[n - 1] == ']')
		json_list(fp, v + 6, v + n - 1, 16); /* trace-cmd prints the bytes in hex, bare */
	else if (!whole_int(v, n, 0, &x)) /* "002" (target_cpu=%03d) is 2: decimal, not octal */
		fprintf(fp, "%lld", x);
	else
		trace_jsonl_string(fp, v);
}

int capsim_trace_write_jsonl(const struct capsim_trace_event *ev, FILE *fp)
{
	fprintf(fp, "{\"ts\":%" PRIu64 ".%09" PRIu64 ",\"cpu\":%d,\"comm\":", ev->ts_ns / 1000000000u,
		ev->ts_ns % 1000000000u, ev->cpu);
	trace_jsonl_string(fp, ev->comm);
	fprintf(fp, ",\"pid\":%d,\"event\":", ev->pid);
	trace_jsonl_string(fp, ev->name);
	if (ev->tgid >= 0)
		fprintf(fp, ",\"tgid\":%d", ev->tgid);
	if (ev->kind == CAPSIM_TRACE_LOST)
		fprintf(fp, ",\"lost\":%" PRIu64, ev->lost);
	if (ev->failed)
		fputs(",\"failed_to_parse\":true", fp);
	fputs(",\"fields\":{", fp);
	for (unsigned i = 0; i < ev->nr_fields; i++) {
		fputs(i ? "," : "", fp);
		trace_jsonl_string(fp, ev->fields[i].name);
		fputc(':', fp);
		json_value(fp, ev->fields[i].value);
	}
	fputs("}}\n", fp);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}
