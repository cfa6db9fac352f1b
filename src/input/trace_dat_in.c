// SPDX-License-Identifier: MIT
/*
 * trace_dat_in.c - the trace.dat reader (trace-cmd's file, any version libtracecmd reads):
 * libtracecmd opens the file and pages each CPU's records in; libtraceevent's formats of the
 * file's events read each record's fields. Records are merged across CPUs in time order one at
 * a time, as trace-cmd report's read loop does (one pending record per CPU), so memory is the
 * CPUs' pages, not the trace. Each becomes a struct capsim_trace_event whose fields are the
 * event format's own (common_* left out), their values as the text formats print them: decimal
 * integers, strings, {a,b,..} arrays, 0x.. pointers; print's buf without its final newline;
 * bprint and bputs as libtraceevent formats them.
 *
 * A record that the ring buffer flagged with missed events gives a CAPSIM_TRACE_LOST marker
 * before it (trace-cmd report's "CPU:N [LOST n EVENTS]" / "[EVENTS DROPPED]"); when that is a
 * CPU's first record, its buffer started late (it was overwritten): a CAPSIM_TRACE_BUFFER_START
 * marker comes first, as the kernel's trace file prints "##### CPU N buffer started ####".
 *
 * libtracecmd reads a file by seeking: a trace.dat that comes compressed (gzip, zstd, xz), from
 * standard input or from memory is first copied to an unlinked temporary file (disk, not memory).
 */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <event-parse.h>
#include <trace-cmd.h>

#include "input/trace_binary.h"

struct dat_reader {
	struct trace_stream *in;
	struct tracecmd_input *h;
	struct tep_handle *tep;
	FILE *spool;                  /* the temporary copy, when there is one */
	int nr_cpus;
	struct tep_record **pending;  /* per CPU: its next record, NULL at its end */
	unsigned char *started;       /* per CPU: a record of it was given */
	struct tep_record *given;     /* freed at the next call */
	int nr_markers, next_marker;  /* markers to give before @queued */
	struct capsim_trace_event markers[2];
	struct tep_record *queued;
	uint64_t last_ts;
	uint64_t skipped[CAPSIM_TRACE_SKIP_COUNT];
	struct capsim_trace_event ev;
	struct capsim_trace_field fields[TRACE_BINARY_FIELDS_MAX];
	size_t offs[TRACE_BINARY_FIELDS_MAX][2]; /* name and value offsets in @text */
	char *text;
	size_t text_len, text_cap;
	struct trace_seq seq;
	char release[TRACE_RELEASE_MAX]; /* the uname option's release, "" without one */
};

/* ---- the values' text ---------------------------------------------------------------------- */

/* Appends @n bytes of @s (and keeps a NUL after them). Return: the offset, or (size_t)-1. */
static size_t put(struct dat_reader *d, const char *s, size_t n)
{
	size_t at = d->text_len;

	if (d->text_len + n + 1 > d->text_cap) {
		size_t cap = d->text_cap ? d->text_cap : 4096;
		char *t;

		while (cap < d->text_len + n + 1)
			cap *= 2;
		if (!(t = realloc(d->text, cap)))
			return (size_t)-1;
		d->text = t;
		d->text_cap = cap;
	}
	memcpy(d->text + at, s, n);
	d->text_len += n;
	d->text[d->text_len] = '\0';
	return at;
}

static int putf(struct dat_reader *d, const char *fmt, unsigned long long v, int is_signed,
		int size)
{
	char b[32];
	int n;

	if (is_signed) {
		long long x = (long long)v;

		if (size > 0 && size < 8) /* sign-extended from the field's width */
			x = (long long)(v << (64 - 8 * size)) >> (64 - 8 * size);
		n = snprintf(b, sizeof(b), "%lld", x);
	} else {
		n = snprintf(b, sizeof(b), fmt, v);
	}
	return put(d, b, (size_t)n) == (size_t)-1 ? -1 : 0;
}

/* A string of at most @n bytes at @p (up to its NUL). */
static int put_str(struct dat_reader *d, const char *p, size_t n)
{
	size_t len = strnlen(p, n);

	return put(d, p, len) == (size_t)-1 ? -1 : 0;
}

/* "{a,b,..}": @n bytes at @p as elements of @esize bytes. */
static int put_array(struct dat_reader *d, const unsigned char *p, size_t n, unsigned esize,
		     int is_signed)
{
	if (esize != 1 && esize != 2 && esize != 4 && esize != 8)
		esize = 1;
	if (put(d, "{", 1) == (size_t)-1)
		return -1;
	for (size_t i = 0; i + esize <= n; i += esize) {
		if ((i && put(d, ",", 1) == (size_t)-1) ||
		    putf(d, "%llu", tep_read_number(d->tep, p + i, (int)esize), is_signed, (int)esize))
			return -1;
	}
	return put(d, "}", 1) == (size_t)-1 ? -1 : 0;
}

static int is_char_type(const char *type)
{
	return strstr(type, "char") != NULL;
}

/* The value of @f in @rec as text at the end of d->text. Return: 0, 1 (outside the record:
 * left out) or -1 (out of memory). */
static int put_value(struct dat_reader *d, struct tep_event *e, struct tep_format_field *f,
		     struct tep_record *rec)
{
	const unsigned char *data = rec->data;
	size_t size = rec->size > 0 ? (size_t)rec->size : 0;
	size_t off = f->offset > 0 ? (size_t)f->offset : 0, len = f->size > 0 ? (size_t)f->size : 0;

	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long loc;

		if (off + 4 > size || len < 4)
			return 1;
		loc = tep_read_number(d->tep, data + off, 4);
		len = (size_t)(loc >> 16);
		off = (size_t)(loc & 0xffff) + ((f->flags & TEP_FIELD_IS_RELATIVE) ? off + 4 : 0);
	} else if ((f->flags & TEP_FIELD_IS_ARRAY) && !len) {
		len = off < size ? size - off : 0; /* "char buf[]": the rest of the record */
	}
	if (off > size || len > size - off)
		return 1;
	if ((f->flags & TEP_FIELD_IS_STRING) || ((f->flags & TEP_FIELD_IS_ARRAY) && is_char_type(f->type))) {
		size_t n = strnlen((const char *)data + off, len);

		/* print's buf ends with the newline trace_printk() / the marker write gave it */
		if (n && data[off + n - 1] == '\n' && (e->flags & TEP_EVENT_FL_ISFTRACE))
			n--;
		return put_str(d, (const char *)data + off, n);
	}
	if (f->flags & (TEP_FIELD_IS_ARRAY | TEP_FIELD_IS_DYNAMIC))
		return put_array(d, data + off, len, f->elementsize, !!(f->flags & TEP_FIELD_IS_SIGNED));
	if (len != 1 && len != 2 && len != 4 && len != 8)
		return put_array(d, data + off, len, 1, 0);
	return putf(d, (f->flags & TEP_FIELD_IS_POINTER) ? "0x%llx" : "%llu",
		    tep_read_number(d->tep, data + off, (int)len),
		    (f->flags & TEP_FIELD_IS_SIGNED) && !(f->flags & TEP_FIELD_IS_POINTER), (int)len);
}

/* bprint/bputs: the text libtraceevent formats from the format string the record points to. */
static int put_formatted(struct dat_reader *d, struct tep_record *rec)
{
	char *colon;

	trace_seq_reset(&d->seq);
	tep_print_event(d->tep, &d->seq, rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&d->seq);
	colon = strstr(d->seq.buffer, ": ");
	/* "ip: text", as trace-cmd report prints it: the text is the buf */
	colon = colon && !memchr(d->seq.buffer, ' ', (size_t)(colon - d->seq.buffer)) ? colon + 2 :
										      d->seq.buffer;
	size_t n = strlen(colon);

	while (n && colon[n - 1] == '\n')
		n--;
	return put(d, colon, n) == (size_t)-1 ? -1 : 0;
}

/* ---- records to events --------------------------------------------------------------------- */

static int set_event(struct dat_reader *d, struct tep_record *rec, capsim_error *err)
{
	struct tep_event *e = tep_find_event_by_record(d->tep, rec);
	struct capsim_trace_event *ev = &d->ev;
	int formatted;
	unsigned n = 0;

	if (!e)
		return 1;
	formatted = !strcmp(e->name, "bprint") || !strcmp(e->name, "bputs");
	memset(ev, 0, sizeof(*ev));
	ev->kind = CAPSIM_TRACE_EVENT;
	ev->ts_ns = rec->ts;
	ev->cpu = rec->cpu;
	ev->pid = tep_data_pid(d->tep, rec);
	ev->tgid = -1;
	ev->comm = tep_data_comm_from_pid(d->tep, ev->pid);
	ev->name = e->name;
	ev->body = "";
	ev->line = rec->offset;
	d->text_len = 0;
	for (struct tep_format_field *f = e->format.fields; f && n < TRACE_BINARY_FIELDS_MAX; f = f->next) {
		size_t name_at;
		int r;

		if (formatted && !strcmp(f->name, "fmt"))
			continue;
		name_at = put(d, f->name, strlen(f->name) + 1);
		if (name_at == (size_t)-1)
			goto nomem;
		d->offs[n][0] = name_at;
		d->offs[n][1] = d->text_len;
		r = formatted && !strcmp(f->name, "buf") ? put_formatted(d, rec) : put_value(d, e, f, rec);
		if (r < 0)
			goto nomem;
		if (r > 0 || put(d, "", 1) == (size_t)-1) {
			if (r == 0)
				goto nomem;
			d->text_len = name_at; /* outside the record: left out */
			continue;
		}
		n++;
	}
	for (unsigned i = 0; i < n; i++)
		d->fields[i] = (struct capsim_trace_field){ d->text + d->offs[i][0], d->text + d->offs[i][1] };
	ev->fields = d->fields;
	ev->nr_fields = n;
	return 0;
nomem:
	return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", trace_stream_name(d->in));
}

static void marker(struct dat_reader *d, enum capsim_trace_kind kind, int cpu, uint64_t lost)
{
	struct capsim_trace_event *m = &d->markers[d->nr_markers++];

	memset(m, 0, sizeof(*m));
	m->kind = kind;
	m->ts_ns = d->last_ts;
	m->cpu = cpu;
	m->pid = m->tgid = -1;
	m->comm = "";
	m->name = kind == CAPSIM_TRACE_LOST ? "lost_events" : "buffer_started";
	m->body = "";
	m->lost = lost;
}

/* The CPU whose pending record is the earliest (the lower CPU on a tie), or -1. */
static int earliest(const struct dat_reader *d)
{
	int best = -1;

	for (int c = 0; c < d->nr_cpus; c++)
		if (d->pending[c] && (best < 0 || d->pending[c]->ts < d->pending[best]->ts))
			best = c;
	return best;
}

static int dat_next(void *p, const struct capsim_trace_event **out, capsim_error *err)
{
	struct dat_reader *d = p;

	if (d->given) {
		tracecmd_free_record(d->given);
		d->given = NULL;
	}
	for (;;) {
		struct tep_record *rec;
		int c, ret;

		if (d->next_marker < d->nr_markers) {
			*out = &d->markers[d->next_marker++];
			return 1;
		}
		if (d->queued) {
			rec = d->queued;
			d->queued = NULL;
		} else {
			if ((c = earliest(d)) < 0)
				return 0;
			rec = d->pending[c];
			d->pending[c] = tracecmd_read_data(d->h, c);
			d->nr_markers = d->next_marker = 0;
			if (rec->missed_events) {
				if (!d->started[c])
					marker(d, CAPSIM_TRACE_BUFFER_START, c, 0);
				marker(d, CAPSIM_TRACE_LOST, c,
				       rec->missed_events > 0 ? (uint64_t)rec->missed_events : 0);
				d->started[c] = 1;
				d->queued = rec;
				continue;
			}
			d->started[c] = 1;
		}
		ret = set_event(d, rec, err);
		if (ret < 0) {
			tracecmd_free_record(rec);
			return ret;
		}
		if (ret > 0) { /* an event id the file has no format for */
			d->skipped[CAPSIM_TRACE_SKIP_UNKNOWN]++;
			tracecmd_free_record(rec);
			continue;
		}
		d->last_ts = rec->ts;
		d->given = rec;
		*out = &d->ev;
		return 1;
	}
}

static unsigned dat_nr_cpus(const void *p)
{
	return (unsigned)((const struct dat_reader *)p)->nr_cpus;
}

static uint64_t dat_skipped(const void *p, enum capsim_trace_skip why)
{
	return ((const struct dat_reader *)p)->skipped[why];
}

static void dat_free(void *p)
{
	struct dat_reader *d = p;

	if (!d)
		return;
	if (d->pending)
		for (int c = 0; c < d->nr_cpus; c++)
			tracecmd_free_record(d->pending[c]);
	tracecmd_free_record(d->given);
	tracecmd_free_record(d->queued);
	if (d->h)
		tracecmd_close(d->h);
	if (d->spool)
		fclose(d->spool);
	trace_seq_destroy(&d->seq);
	free(d->pending);
	free(d->started);
	free(d->text);
	free(d);
}

static const char *dat_kernel_release(const void *p)
{
	const struct dat_reader *d = p;

	return d->release[0] ? d->release : NULL;
}

static const struct trace_reader_ops dat_ops = { dat_next, dat_nr_cpus, dat_skipped, dat_free,
						 dat_kernel_release };

/* The decoded bytes into an unlinked temporary file, for libtracecmd's seeks. */
static int spool(struct dat_reader *d, capsim_error *err)
{
	char buf[65536];
	size_t got;
	int ret;

	if (!(d->spool = tmpfile()))
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot make a temporary file to read "
					"the trace.dat from: %s", trace_stream_name(d->in), strerror(errno));
	do {
		if ((ret = trace_stream_read(d->in, buf, sizeof(buf), &got, err)))
			return ret;
		if (got && fwrite(buf, 1, got, d->spool) != got)
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot write its temporary "
						"copy: %s", trace_stream_name(d->in), strerror(errno));
	} while (got);
	if (fflush(d->spool))
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot write its temporary copy: %s",
					trace_stream_name(d->in), strerror(errno));
	return 0;
}

/* ---- the file's layout, checked before libtracecmd reads it --------------------------------- */

/*
 * libtracecmd (3.1) takes a version 6 file's sizes and offsets on trust: a truncated file
 * makes its error path crash, CPU data past the end is mapped past the end. So the layout of
 * trace-cmd's trace-cmd.dat(5) is walked first, every size checked against the file's: the
 * initial header, header_page, header_event, ftrace and event formats, kallsyms, printk,
 * saved cmdlines, the CPU count, the options and each CPU's flyrecord offset and size.
 */
struct walk {
	FILE *fp;
	const char *name;
	uint64_t size, pos;
	int big_endian;
	capsim_error *err;
	char *release; /* TRACE_RELEASE_MAX bytes: the uname option's release */
};

/* trace-cmd's TRACECMD_OPTION_UNAME: "sysname nodename release machine" (add_uname()) */
#define DAT_OPTION_UNAME 5
#define DAT_UNAME_MAX 1024 /* the bytes of the uname option read (the rest passed over) */

static int walk_fail(struct walk *w, const char *what)
{
	return capsim_error_set(w->err, CAPSIM_ERR_PARSE, "%s: byte %" PRIu64 ": %s", w->name,
				w->pos, what);
}

/* @n bytes at the current place into @b, or an error naming @what (what should be there). */
static int walk_bytes(struct walk *w, void *b, size_t n, const char *what)
{
	if (n > w->size - w->pos || fread(b, 1, n, w->fp) != n)
		return walk_fail(w, what);
	w->pos += n;
	return 0;
}

static int walk_u(struct walk *w, unsigned n, uint64_t *v, const char *what)
{
	unsigned char b[8];
	int ret = walk_bytes(w, b, n, what);

	*v = 0;
	for (unsigned i = 0; !ret && i < n; i++)
		*v |= (uint64_t)b[w->big_endian ? i : n - 1 - i] << (8 * (n - 1 - i));
	return ret;
}

/* A section of @n bytes passed over. */
static int walk_skip(struct walk *w, uint64_t n, const char *what)
{
	if (n > w->size - w->pos || fseeko(w->fp, (off_t)n, SEEK_CUR))
		return walk_fail(w, what);
	w->pos += n;
	return 0;
}

/* A size of @width bytes, then that many bytes. */
static int walk_sized(struct walk *w, unsigned width, const char *what)
{
	uint64_t n;
	int ret = walk_u(w, width, &n, what);

	return ret ? ret : walk_skip(w, n, what);
}

/* A NUL-terminated string of at most @max bytes into @b. */
static int walk_str(struct walk *w, char *b, size_t max, const char *what)
{
	for (size_t i = 0; i < max; i++) {
		int ret = walk_bytes(w, &b[i], 1, what);

		if (ret)
			return ret;
		if (!b[i])
			return 0;
	}
	return walk_fail(w, what);
}

static int walk_event_formats(struct walk *w)
{
	uint64_t systems, n;
	char name[256];
	int ret = walk_u(w, 4, &n, "the trace.dat ends before its ftrace formats (expected their count)");

	for (uint64_t i = 0; !ret && i < n; i++)
		ret = walk_sized(w, 8, "the trace.dat ends inside its ftrace formats (a truncated file?)");
	if (!ret)
		ret = walk_u(w, 4, &systems, "the trace.dat ends before its event systems (expected their count)");
	for (uint64_t i = 0; !ret && i < systems; i++) {
		ret = walk_str(w, name, sizeof(name), "an event system's name (expected a string of "
			       "at most 255 bytes, NUL-terminated)");
		if (!ret)
			ret = walk_u(w, 4, &n, "the trace.dat ends inside its event formats (a truncated file?)");
		for (uint64_t e = 0; !ret && e < n; e++)
			ret = walk_sized(w, 8, "the trace.dat ends inside its event formats (a truncated file?)");
	}
	return ret;
}

/* The uname option: its third word, the release, into w->release. */
static int walk_uname(struct walk *w)
{
	char buf[DAT_UNAME_MAX + 1], word[3][TRACE_RELEASE_MAX];
	const char *what = "the trace.dat ends inside an option (a truncated file?)";
	uint64_t n;
	size_t head;
	int ret = walk_u(w, 4, &n, what);

	if (ret)
		return ret;
	head = n < DAT_UNAME_MAX ? (size_t)n : DAT_UNAME_MAX; /* the words are at its start */
	if ((ret = walk_bytes(w, buf, head, what)) || (ret = walk_skip(w, n - head, what)))
		return ret;
	buf[head] = '\0';
	if (sscanf(buf, "%64s %64s %64s", word[0], word[1], word[2]) == 3)
		memcpy(w->release, word[2], sizeof(word[2]));
	return 0;
}

/* The options (id 0 ends them), then the data section: "latency" or each CPU's flyrecord. */
static int walk_data(struct walk *w, uint64_t cpus)
{
	char label[10];

	for (;;) {
		int ret = walk_bytes(w, label, sizeof(label), "the trace.dat ends before its data "
				     "(expected \"options\", \"latency\" or \"flyrecord\")");

		if (ret)
			return ret;
		if (!memcmp(label, "options  ", 10)) {
			uint64_t id;

			while (!(ret = walk_u(w, 2, &id, "the trace.dat ends inside its options")) && id)
				ret = id == DAT_OPTION_UNAME ? walk_uname(w) :
				      walk_sized(w, 4, "the trace.dat ends inside an option (a truncated file?)");
			if (ret)
				return ret;
			continue;
		}
		if (!memcmp(label, "latency  ", 10))
			return 0;
		if (memcmp(label, "flyrecord", 10))
			return walk_fail(w, "not a data section (expected \"options\", \"latency\" or "
					 "\"flyrecord\")");
		for (uint64_t c = 0; c < cpus; c++) {
			uint64_t off, size;

			if ((ret = walk_u(w, 8, &off, "the trace.dat ends in its CPUs' offsets")) ||
			    (ret = walk_u(w, 8, &size, "the trace.dat ends in its CPUs' sizes")))
				return ret;
			if (off > w->size || size > w->size - off) {
				char what[160];

				snprintf(what, sizeof(what), "CPU %" PRIu64 "'s data (bytes %" PRIu64
					 "..%" PRIu64 ") past the file's end (%" PRIu64 " bytes: a "
					 "truncated file?)", c, off, off + size, w->size);
				return walk_fail(w, what);
			}
		}
		return 0;
	}
}

/* Return: 0 (a version 6 file whose sizes hold, or another version: libtracecmd's), or <0. */
static int walk_layout(FILE *fp, const char *name, char *release, capsim_error *err)
{
	struct walk w = { fp, name, 0, 0, 0, err, release };
	unsigned char head[10], endian, long_size;
	char version[16];
	uint64_t page, cpus;
	struct stat st;
	int ret;

	if (fstat(fileno(fp), &st) || fseeko(fp, 0, SEEK_SET))
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: %s", name, strerror(errno));
	w.size = (uint64_t)st.st_size;
	if ((ret = walk_bytes(&w, head, sizeof(head), "trace-cmd's magic")) ||
	    (ret = walk_str(&w, version, sizeof(version), "the file version (expected a number, "
			    "NUL-terminated)")))
		return ret;
	if (strcmp(version, "6"))
		return 0;
	if ((ret = walk_bytes(&w, &endian, 1, "the endianness byte")) ||
	    (ret = walk_bytes(&w, &long_size, 1, "the long size byte")))
		return ret;
	w.big_endian = endian != 0;
	if ((ret = walk_u(&w, 4, &page, "the page size")) ||
	    (ret = walk_skip(&w, 12, "\"header_page\"")) ||
	    (ret = walk_sized(&w, 8, "the trace.dat ends inside header_page (a truncated file?)")) ||
	    (ret = walk_skip(&w, 13, "\"header_event\"")) ||
	    (ret = walk_sized(&w, 8, "the trace.dat ends inside header_event (a truncated file?)")) ||
	    (ret = walk_event_formats(&w)) ||
	    (ret = walk_sized(&w, 4, "the trace.dat ends inside its kallsyms (a truncated file?)")) ||
	    (ret = walk_sized(&w, 4, "the trace.dat ends inside its printk formats (a truncated file?)")) ||
	    (ret = walk_sized(&w, 8, "the trace.dat ends inside its saved cmdlines (a truncated file?)")) ||
	    (ret = walk_u(&w, 4, &cpus, "the trace.dat ends before its CPU count")))
		return ret;
	if (!cpus || cpus > 4096)
		return walk_fail(&w, "a CPU count out of range (expected 1..4096)");
	return walk_data(&w, cpus);
}

/*
 * libtracecmd 3.1's tracecmd_open_fd() crashes in its own error path on some damaged files
 * whose sizes hold (tracecmd_close() of a handle half made: the CPU count read, not their data),
 * so a file is first opened in a child process, which only says whether it could. @fd: the
 * file (its offset moves: the caller seeks after).
 */
static int probe_open(int fd, const char *name, capsim_error *err)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot fork to try the trace.dat: %s",
					name, strerror(errno));
	if (!pid) {
		struct tracecmd_input *h;

		/* a crash ends the child quietly (no sanitizer report, no core) */
		signal(SIGSEGV, SIG_DFL);
		signal(SIGBUS, SIG_DFL);
		signal(SIGFPE, SIG_DFL);
		signal(SIGABRT, SIG_DFL);
		h = lseek(fd, 0, SEEK_SET) ? NULL : tracecmd_open_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS);
		_exit(h ? 0 : 1);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: %s", name, strerror(errno));
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: not a trace.dat libtracecmd can read "
				"(expected trace-cmd's headers, event formats and CPU data after its "
				"magic; libtracecmd %s on it: a damaged file?)", name,
				WIFSIGNALED(status) ? "crashed" : "failed");
}

static int open_handle(struct dat_reader *d, capsim_error *err)
{
	const char *name = trace_stream_name(d->in);
	struct stat st;

	/* libtracecmd and libtraceevent report what they cannot read on stderr: the error below says it */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	if (trace_stream_is_plain_file(d->in) && !stat(name, &st) && S_ISREG(st.st_mode)) {
		FILE *fp = fopen(name, "rb");
		int ret;

		if (!fp)
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot open: %s", name,
						strerror(errno));
		ret = walk_layout(fp, name, d->release, err);
		if (!ret)
			ret = probe_open(fileno(fp), name, err);
		fclose(fp);
		if (ret)
			return ret;
		d->h = tracecmd_open(name, TRACECMD_FL_LOAD_NO_PLUGINS);
	} else {
		int ret = spool(d, err), fd;

		if (!ret)
			ret = walk_layout(d->spool, name, d->release, err);
		if (!ret)
			ret = probe_open(fileno(d->spool), name, err);
		if (ret)
			return ret;
		fd = dup(fileno(d->spool)); /* its offset is the spool's: libtracecmd reads from 0 */
		if (fd < 0 || lseek(fd, 0, SEEK_SET)) {
			if (fd >= 0)
				close(fd);
			return capsim_error_set(err, CAPSIM_ERR_IO, "%s: %s", name, strerror(errno));
		}
		if (!(d->h = tracecmd_open_fd(fd, TRACECMD_FL_LOAD_NO_PLUGINS)))
			close(fd);
	}
	if (!d->h)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: not a trace.dat libtracecmd can read "
					"(expected trace-cmd's headers, event formats and CPU data "
					"after its magic: a truncated or damaged file?)", name);
	d->tep = tracecmd_get_tep(d->h);
	d->nr_cpus = d->tep ? tep_get_cpus(d->tep) : 0;
	if (d->nr_cpus <= 0 || d->nr_cpus > 4096)
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: trace.dat header: %d CPUs (expected "
					"1..4096)", name, d->nr_cpus);
	return 0;
}

int trace_dat_in_open(struct trace_stream *in, const struct trace_reader_ops **ops, void **rd,
		      capsim_error *err)
{
	struct dat_reader *d = calloc(1, sizeof(*d));
	int ret;

	if (!d)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", trace_stream_name(in));
	d->in = in;
	trace_seq_init(&d->seq);
	ret = open_handle(d, err);
	if (!ret && (!(d->pending = calloc((size_t)d->nr_cpus, sizeof(*d->pending))) ||
		     !(d->started = calloc((size_t)d->nr_cpus, 1))))
		ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", trace_stream_name(in));
	if (ret) {
		dat_free(d);
		return ret;
	}
	for (int c = 0; c < d->nr_cpus; c++)
		d->pending[c] = tracecmd_read_cpu_first(d->h, c);
	*ops = &dat_ops;
	*rd = d;
	return 0;
}
