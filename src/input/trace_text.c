// SPDX-License-Identifier: MIT
/*
 * trace_text.c - the one reader of kernel trace text: /sys/kernel/tracing/trace (the context of
 * trace_print_context(): "COMM-PID [CPU] FLAGS SECS.USECS: ", the tgid column "(TGID)" or
 * "(-----)" with record-tgid, the flags only with irq-info; or lat_print_generic()'s latency
 * format "COMM-PID CPU#FLAGS USECSus: ") and `trace-cmd report` text (trace-read.c: "cpus=N",
 * "version = N", "CPU N is empty", the same context, event names padded, libtraceevent's
 * sched_switch / sched_wakeup plugin texts unless -R). Each line becomes a struct
 * capsim_trace_event with its fields split out; the events go through a reorder window (a
 * binary heap on time, then line) so that a trace whose CPUs' buffers were merged out of order
 * still comes out in time order, in memory bounded by the window, not the trace.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"
#include "capsim/capsim_trace.h"
#include "input/trace_binary.h"
#include "input/trace_stream.h"
#include "input/trace_text.h"

#define FIELDS_MAX 64

struct slot {
	struct capsim_trace_event ev;
	uint64_t seq;
	char *text; /* the line's copy that @ev points into */
	size_t cap;
	struct capsim_trace_field fields[FIELDS_MAX];
};

struct capsim_trace {
	struct trace_stream *in;
	const struct trace_reader_ops *bin; /* a binary trace's reader (trace_binary.h), or NULL */
	void *bin_rd;
	struct slot slots[CAPSIM_TRACE_REORDER_WINDOW];
	struct slot *heap[CAPSIM_TRACE_REORDER_WINDOW];
	unsigned nr_heap;
	struct slot *free_list[CAPSIM_TRACE_REORDER_WINDOW];
	unsigned nr_free;
	struct slot *given; /* handed out by the last capsim_trace_next(): freed at the next call */
	uint64_t seq;
	uint64_t last_read_ts;  /* a marker's time: the event read before it */
	uint64_t last_given_ts;
	int eof;
	unsigned nr_cpus;
	uint64_t skipped[CAPSIM_TRACE_SKIP_COUNT];
};

static const char *const skip_names[CAPSIM_TRACE_SKIP_COUNT] = {
	"raw_line", "late", "unknown_event", "compressed_packets", "html_blocks"
};

/* ---- the reorder window ------------------------------------------------------------------ */

static int slot_before(const struct slot *a, const struct slot *b)
{
	return a->ev.ts_ns != b->ev.ts_ns ? a->ev.ts_ns < b->ev.ts_ns : a->seq < b->seq;
}

static void heap_push(struct capsim_trace *t, struct slot *s)
{
	unsigned i = t->nr_heap++;

	while (i && slot_before(s, t->heap[(i - 1) / 2])) {
		t->heap[i] = t->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	t->heap[i] = s;
}

static struct slot *heap_pop(struct capsim_trace *t)
{
	struct slot *top = t->heap[0], *last = t->heap[--t->nr_heap];
	unsigned i = 0, n = t->nr_heap;

	for (;;) {
		unsigned c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && slot_before(t->heap[c + 1], t->heap[c]))
			c++;
		if (!slot_before(t->heap[c], last))
			break;
		t->heap[i] = t->heap[c];
		i = c;
	}
	if (n)
		t->heap[i] = last;
	return top;
}

/* ---- numbers ------------------------------------------------------------------------------ */

/* Decimal digits at *p into *v (no overflow past 19 digits); advances *p. Return: digits read. */
static unsigned read_u64(const char **p, uint64_t *v)
{
	unsigned n = 0;

	*v = 0;
	while (isdigit((unsigned char)**p) && n < 19) {
		*v = *v * 10 + (uint64_t)(**p - '0');
		(*p)++;
		n++;
	}
	return isdigit((unsigned char)**p) ? 0 : n;
}

/* "SECS.FRACTION" to ns, exact to the 9th digit (further digits dropped); advances *p. */
static int read_seconds(const char **p, uint64_t *ns)
{
	uint64_t s, frac = 0;
	unsigned digits = 0;

	if (!read_u64(p, &s) || **p != '.' || s > UINT64_MAX / 1000000000u - 1)
		return -1;
	(*p)++;
	while (isdigit((unsigned char)**p)) {
		if (digits < 9) {
			frac = frac * 10 + (uint64_t)(**p - '0');
			digits++;
		}
		(*p)++;
	}
	if (!digits)
		return -1;
	while (digits++ < 9)
		frac *= 10;
	*ns = s * 1000000000u + frac;
	return 0;
}

/* ---- fields ------------------------------------------------------------------------------- */

static int is_key_start(int c)
{
	return isalpha(c) || c == '_';
}

/* The length of a "key=" at @p (the key's length), 0 if @p does not start one. */
static size_t key_at(const char *p)
{
	size_t n = 0;

	if (!is_key_start((unsigned char)*p))
		return 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '.')
		n++;
	return p[n] == '=' ? n : 0;
}

/* The value from @v: up to a space followed by the next "key=", "==>" or the end, whole across
 * brackets ({..}, [..], (..): arrays and ARRAY[..] lists hold spaces). */
static char *value_end(char *v)
{
	int depth = 0;
	char *q = v;

	for (; *q; q++) {
		if (*q == '{' || *q == '[' || *q == '(')
			depth++;
		else if ((*q == '}' || *q == ']' || *q == ')') && depth)
			depth--;
		else if (*q == ' ' && !depth) {
			char *n = q;

			while (*n == ' ')
				n++;
			if (!*n || key_at(n) || !strncmp(n, "==>", 3))
				return q;
		}
	}
	return q;
}

static void add_field(struct slot *s, const char *name, const char *value)
{
	if (s->ev.nr_fields < FIELDS_MAX)
		s->fields[s->ev.nr_fields++] = (struct capsim_trace_field){ name, value };
}

/* "key=value key=value ...": keys and values NUL-terminated in place. Text that is not a
 * "key=" where a key is expected (a plugin's words) is passed over. */
static void split_fields(struct slot *s, char *p)
{
	while (*p) {
		size_t k;
		char *v, *end;

		while (*p == ' ')
			p++;
		k = key_at(p);
		if (!k) {
			while (*p && *p != ' ')
				p++;
			continue;
		}
		v = p + k + 1;
		end = value_end(v);
		p[k] = '\0';
		add_field(s, p, v);
		p = *end ? end + 1 : end;
		*end = '\0';
	}
}

/* "COMM:PID" (COMM may hold ':'), split in place at its last ':'. Return: 0, or -1 if not one. */
static int split_comm_pid(char *tok, const char **comm, const char **pid)
{
	char *c = strrchr(tok, ':');

	if (!c || c == tok || !c[1])
		return -1;
	*c = '\0';
	*comm = tok;
	*pid = c + 1;
	return 0;
}

/* The next space-separated word of *p, NUL-terminated in place (NULL at the end). */
static char *word(char **p)
{
	char *w;

	while (**p == ' ')
		(*p)++;
	if (!**p)
		return NULL;
	w = *p;
	while (**p && **p != ' ')
		(*p)++;
	if (**p)
		*(*p)++ = '\0';
	return w;
}

/*
 * "COMM:PID [PRIO]" ending at the end of @s (COMM may hold spaces and ':'), split in place.
 * Return: 0, or -1 if @s is not that.
 */
static int task_prio(char *s, const char **comm, const char **pid, const char **prio)
{
	size_t n = strlen(s);
	char *open;

	while (n && s[n - 1] == ' ')
		s[--n] = '\0';
	if (!n || s[n - 1] != ']' || !(open = strrchr(s, '[')) || open == s || open[-1] != ' ')
		return -1;
	s[n - 1] = '\0';
	*prio = open + 1;
	open[-1] = '\0';
	return split_comm_pid(s, comm, pid);
}

/*
 * libtraceevent's plugin_sched_switch.c: "prev_comm:prev_pid [prev_prio] STATE ==>
 * next_comm:next_pid [next_prio]". Return: 0, or -1 when @p is not that text.
 */
static int plugin_switch(struct slot *s, char *p)
{
	char *arrow = strstr(p, " ==> "), *state;
	const char *pc, *pp, *ppr, *nc, *np, *npr;

	if (!arrow)
		return -1;
	*arrow = '\0';
	state = strrchr(p, ' ');
	if (!state || !state[1])
		return -1;
	*state++ = '\0';
	if (task_prio(p, &pc, &pp, &ppr) || task_prio(arrow + 5, &nc, &np, &npr))
		return -1;
	add_field(s, "prev_comm", pc);
	add_field(s, "prev_pid", pp);
	add_field(s, "prev_prio", ppr);
	add_field(s, "prev_state", state);
	add_field(s, "next_comm", nc);
	add_field(s, "next_pid", np);
	add_field(s, "next_prio", npr);
	return 0;
}

/* plugin_sched_switch.c's wake-up text: "comm:pid [prio] success=1 CPU:002" (success optional). */
static int plugin_wakeup(struct slot *s, char *p)
{
	char *end = strstr(p, "] "), *w;
	const char *comm, *pid, *prio;

	if (!end && (end = strrchr(p, ']')) && end[1])
		end = NULL;
	if (!end)
		return -1;
	w = end + 1;
	if (*w)
		*w++ = '\0';
	if (task_prio(p, &comm, &pid, &prio))
		return -1;
	add_field(s, "comm", comm);
	add_field(s, "pid", pid);
	add_field(s, "prio", prio);
	while ((p = word(&w))) {
		if (!strncmp(p, "success=", 8))
			add_field(s, "success", p + 8);
		else if (!strncmp(p, "CPU:", 4))
			add_field(s, "target_cpu", p + 4);
	}
	return 0;
}

static int is_marker_event(const char *name)
{
	return !strcmp(name, "print") || !strcmp(name, "bprint") || !strcmp(name, "bputs") ||
	       !strcmp(name, "tracing_mark_write");
}

/* The fields of @s's body (a copy of it: body itself stays as printed). */
static void read_fields(struct slot *s, char *copy)
{
	const char *name = s->ev.name;
	char *p = copy;

	if (!strncmp(p, "[FAILED TO PARSE]", 17)) {
		s->ev.failed = 1;
		p += 17;
	}
	if (is_marker_event(name)) {
		/* print's "ip: buf" (report: the ip's symbol, "tracing_mark_write"); ftrace's buf only */
		char *colon = strstr(p, ": ");

		if (colon && strcmp(name, "tracing_mark_write") && !memchr(p, ' ', (size_t)(colon - p))) {
			*colon = '\0';
			add_field(s, "ip", p);
			p = colon + 2;
		}
		add_field(s, "buf", p);
		return;
	}
	/* libtraceevent's plugin texts: what `trace-cmd report` prints without -R */
	if ((!strcmp(name, "sched_switch") && strncmp(p, "prev_comm=", 10)) ||
	    ((!strncmp(name, "sched_wakeup", 12) || !strcmp(name, "sched_waking")) &&
	     strncmp(p, "comm=", 5))) {
		char *save = strdup(p);
		int ret = !strcmp(name, "sched_switch") ? plugin_switch(s, p) : plugin_wakeup(s, p);

		if (!ret || !save) {
			free(save);
			return;
		}
		/* neither form: read as key=value as far as it goes */
		s->ev.nr_fields = 0;
		strcpy(p, save);
		free(save);
	}
	split_fields(s, p);
}

/* ---- lines -------------------------------------------------------------------------------- */

const char *trace_show(char *buf, const char *s)
{
	size_t o = 0, i;

	for (i = 0; s[i] && i < TRACE_SHOW_MAX; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, 5, "\\x%02x", c);
	}
	if (s[i]) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o] = '\0';
	return buf;
}

static int fail(struct capsim_trace *t, capsim_error *err, const char *line, const char *what)
{
	char shown[TRACE_SHOW_SIZE];

	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%" PRIu64 ": %s, got \"%s\"",
				trace_stream_name(t->in), trace_stream_lineno(t->in), what,
				trace_show(shown, line));
}

/* "[NNN]" at @p followed by a space: its number, and where it ends. */
static int cpu_bracket(const char *p, uint64_t *cpu, const char **end)
{
	const char *q = p + 1;

	if (*p != '[' || !read_u64(&q, cpu) || *q != ']' || (q[1] != ' ' && q[1] != '\0'))
		return -1;
	*end = q + 1;
	return 0;
}

/*
 * "COMM-PID" ending at @end (exclusive), with an optional "(TGID)" / "(-----)" after it: sets
 * the comm's span, pid and tgid. Return: 0 or -1.
 */
static int task_before(char *line, char *end, struct capsim_trace_event *ev)
{
	char *p = end, *dash;
	uint64_t v;

	while (p > line && p[-1] == ' ')
		p--;
	ev->tgid = -1;
	if (p > line && p[-1] == ')') {
		char *open = p - 1;
		const char *q;

		while (open > line && *open != '(')
			open--;
		if (*open != '(')
			return -1;
		q = open + 1;
		while (*q == ' ')
			q++;
		if (isdigit((unsigned char)*q)) {
			if (!read_u64(&q, &v) || *q != ')' || v > INT32_MAX)
				return -1;
			ev->tgid = (int)v;
		} else {
			while (*q == '-')
				q++;
			if (*q != ')')
				return -1;
		}
		p = open;
		while (p > line && p[-1] == ' ')
			p--;
	}
	dash = p;
	while (dash > line && isdigit((unsigned char)dash[-1]))
		dash--;
	if (dash == p || dash == line || dash[-1] != '-')
		return -1;
	{
		const char *q = dash;

		if (!read_u64(&q, &v) || q != p || v > INT32_MAX)
			return -1;
	}
	ev->pid = (int)v;
	dash[-1] = '\0';
	while (*line == ' ')
		line++;
	ev->comm = line;
	return 0;
}

/* "NAME: BODY" at @p: the name (no spaces) NUL-terminated, the body after the padding. */
static int name_and_body(char *p, struct capsim_trace_event *ev)
{
	char *colon;

	while (*p == ' ')
		p++;
	colon = p;
	while (*colon && *colon != ':' && *colon != ' ')
		colon++;
	if (*colon != ':' || colon == p || (colon[1] != ' ' && colon[1] != '\0'))
		return -1;
	*colon = '\0';
	ev->name = p;
	p = colon + 1;
	while (*p == ' ')
		p++;
	ev->body = p;
	return 0;
}

/* The irq-info flags column: 4 or 5 of the characters trace_print_lat_fmt() prints. */
static int is_flags(const char *w, size_t n)
{
	if (n < 4 || n > 5)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)w[i]) && w[i] != '.')
			return 0;
	return 1;
}

/* After "[CPU]": the optional flags word, then "SECS.FRAC:". */
static int bracket_rest(char *p, struct capsim_trace_event *ev)
{
	const char *q;
	char *w;

	while (*p == ' ')
		p++;
	w = p;
	while (*p && *p != ' ')
		p++;
	q = w;
	if (read_seconds(&q, &ev->ts_ns) || *q != ':' || q + 1 != p) {
		if (!is_flags(w, (size_t)(p - w)))
			return -1;
		while (*p == ' ')
			p++;
		q = p;
		if (read_seconds(&q, &ev->ts_ns) || *q != ':')
			return -1;
	}
	return name_and_body((char *)q + 1, ev);
}

/* lat_print_generic() + lat_print_timestamp(): "COMM-PID CPU#FLAGS USECS[us][mark]: NAME: BODY". */
static int latency_line(char *line, struct capsim_trace_event *ev)
{
	/* the timestamp's "us: " or ": " ends the context: the line's first ": " */
	char *colon = strstr(line, ": ");
	char *p, *cpu_start;
	const char *q;
	uint64_t cpu, us;

	if (!colon)
		return -1;
	p = colon;
	if (p - line >= 3 && p[-3] == 'u' && p[-2] == 's' && strchr("!#$@*+ ", p[-1]))
		p -= 3; /* "%4lldus%c: ", the mark of trace_find_mark() (a space for none) */
	else if (p - line >= 2 && p[-2] == 'u' && p[-1] == 's')
		p -= 2;
	q = p;
	while (p > line && isdigit((unsigned char)p[-1]))
		p--;
	if (p == q)
		return -1;
	{
		const char *d = p;

		if (!read_u64(&d, &us) || d != q)
			return -1;
	}
	while (p > line && p[-1] == ' ')
		p--;
	/* CPU# digits then the flags, with no space between */
	cpu_start = p;
	while (cpu_start > line && cpu_start[-1] != ' ')
		cpu_start--;
	q = cpu_start;
	if (!read_u64(&q, &cpu) || !is_flags(q, (size_t)(p - q)) || cpu > INT32_MAX)
		return -1;
	if (task_before(line, cpu_start, ev))
		return -1;
	ev->cpu = (int)cpu;
	ev->ts_ns = us * 1000;
	return name_and_body(colon + 1, ev);
}

/* The kernel's `raw` option: "PID CPU TS_NS BODY" (trace_print_raw's context, ns). */
static int is_raw_line(const char *line)
{
	uint64_t v;

	while (*line == ' ')
		line++;
	for (int i = 0; i < 3; i++) {
		if (!read_u64(&line, &v) || *line != ' ')
			return 0;
		line++;
	}
	return 1;
}

/* The non-event lines: 0 (not one), 1 (passed over), 2 (a marker event, set in @ev). */
static int header_line(struct capsim_trace *t, const char *line, struct capsim_trace_event *ev)
{
	unsigned long a, b;
	char c;
	const char *p = line;

	while (*p == ' ' || *p == '\t')
		p++;
	if (!*p || !strncmp(p, "TRACE:", 6) || !strncmp(p, "version = ", 10))
		return 1;
	if (sscanf(p, "##### CPU %lu buffer started %c", &a, &c) == 2 && c == '#' && a < INT32_MAX) {
		ev->kind = CAPSIM_TRACE_BUFFER_START;
		ev->cpu = (int)a;
		return 2;
	}
	if (*p == '#') {
		const char *np = strstr(p, "#P:");

		if (np && sscanf(np, "#P:%lu", &a) == 1 && a < 65536)
			t->nr_cpus = (unsigned)a;
		return 1;
	}
	if (sscanf(p, "cpus=%lu", &a) == 1 && a < 65536) {
		t->nr_cpus = (unsigned)a;
		return 1;
	}
	if (sscanf(p, "CPU %lu is empty%c", &a, &c) == 1)
		return 1;
	if (sscanf(p, "CPU:%lu [LOST %lu EVENTS%c", &a, &b, &c) == 3 && c == ']' && a < INT32_MAX) {
		ev->kind = CAPSIM_TRACE_LOST;
		ev->cpu = (int)a;
		ev->lost = b;
		return 2;
	}
	if (sscanf(p, "CPU:%lu [%lu EVENTS DROPPED%c", &a, &b, &c) == 3 && c == ']' && a < INT32_MAX) {
		ev->kind = CAPSIM_TRACE_LOST;
		ev->cpu = (int)a;
		ev->lost = b;
		return 2;
	}
	if (sscanf(p, "CPU:%lu [EVENTS DROPPED%c", &a, &c) == 2 && c == ']' && a < INT32_MAX) {
		ev->kind = CAPSIM_TRACE_LOST;
		ev->cpu = (int)a;
		return 2;
	}
	return 0;
}

/* The event line in @s->text: its context, name, body and fields. Return: 0 or -1. */
static int event_line(struct slot *s)
{
	struct capsim_trace_event *ev = &s->ev;
	char *line = s->text, *p, *body_copy;
	size_t len = strlen(line), blen;

	for (p = strchr(line, '['); p; p = strchr(p + 1, '[')) {
		uint64_t cpu;
		const char *end;

		if (p > line && p[-1] == ' ' && !cpu_bracket(p, &cpu, &end) && cpu <= INT32_MAX) {
			ev->cpu = (int)cpu;
			p[-1] = '\0';
			if (task_before(line, p - 1, ev) || bracket_rest((char *)end, ev))
				return -1;
			break;
		}
	}
	if (!p && latency_line(line, ev))
		return -1;
	/* the fields are split in a copy after the line's NUL, so that body stays as printed */
	blen = strlen(ev->body);
	body_copy = s->text + len + 1;
	memcpy(body_copy, ev->body, blen + 1);
	read_fields(s, body_copy);
	return 0;
}

static struct slot *take_slot(struct capsim_trace *t)
{
	return t->free_list[--t->nr_free];
}

static void put_slot(struct capsim_trace *t, struct slot *s)
{
	t->free_list[t->nr_free++] = s;
}

/* Copies @line (twice the room: the fields' copy of the body follows) into @s. */
static int slot_copy(struct slot *s, const char *line, size_t len)
{
	if (s->cap < 2 * len + 2) {
		char *nb = realloc(s->text, 2 * len + 2);

		if (!nb)
			return CAPSIM_ERR_NOMEM;
		s->text = nb;
		s->cap = 2 * len + 2;
	}
	memcpy(s->text, line, len + 1);
	return 0;
}

/* Reads lines until one event or marker is in the window (1), the end (0) or an error. */
static int read_one(struct capsim_trace *t, capsim_error *err)
{
	char *line;
	size_t len;
	int ret;

	while ((ret = trace_stream_line(t->in, &line, &len, err)) == 1) {
		struct slot *s = take_slot(t);
		int h;

		memset(&s->ev, 0, sizeof(s->ev));
		s->ev.fields = s->fields;
		s->ev.line = trace_stream_lineno(t->in);
		s->seq = t->seq++;
		h = header_line(t, line, &s->ev);
		if (h == 2) {
			s->ev.ts_ns = t->last_read_ts;
			s->ev.pid = -1;
			s->ev.tgid = -1;
			s->ev.comm = "";
			s->ev.name = s->ev.kind == CAPSIM_TRACE_LOST ? "lost_events" : "buffer_started";
			s->ev.body = "";
			heap_push(t, s);
			return 1;
		}
		if (h == 0 && is_raw_line(line)) {
			t->skipped[CAPSIM_TRACE_SKIP_RAW]++;
			h = 1;
		}
		if (h == 1) {
			put_slot(t, s);
			continue;
		}
		if (slot_copy(s, line, len)) {
			put_slot(t, s);
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory",
						trace_stream_name(t->in));
		}
		if (event_line(s)) {
			put_slot(t, s);
			return fail(t, err, line, "expected an event line \"COMM-PID [CPU] SECONDS: "
				    "EVENT: FIELDS\" (or the latency format's \"COMM-PID CPU#FLAGS "
				    "USECSus: EVENT: FIELDS\") or a header line");
		}
		t->last_read_ts = s->ev.ts_ns;
		heap_push(t, s);
		return 1;
	}
	return ret;
}

/* A binary trace's reader's next event, out of order ones counted as the window's are. */
static int binary_next(struct capsim_trace *t, const struct capsim_trace_event **ev,
		       capsim_error *err)
{
	int ret = t->bin->next(t->bin_rd, ev, err);

	if (ret == 1) {
		if ((*ev)->ts_ns < t->last_given_ts)
			t->skipped[CAPSIM_TRACE_SKIP_LATE]++;
		else
			t->last_given_ts = (*ev)->ts_ns;
	}
	return ret;
}

int capsim_trace_next(capsim_trace *t, const struct capsim_trace_event **ev, capsim_error *err)
{
	struct slot *s;

	if (t->bin)
		return binary_next(t, ev, err);
	if (t->given) {
		put_slot(t, t->given);
		t->given = NULL;
	}
	while (!t->eof && t->nr_heap < CAPSIM_TRACE_REORDER_WINDOW) {
		int ret = read_one(t, err);

		if (ret < 0)
			return ret;
		t->eof = ret == 0;
	}
	if (!t->nr_heap)
		return 0;
	s = heap_pop(t);
	if (s->ev.ts_ns < t->last_given_ts)
		t->skipped[CAPSIM_TRACE_SKIP_LATE]++;
	else
		t->last_given_ts = s->ev.ts_ns;
	t->given = s;
	s->ev.size = sizeof(s->ev);
	s->ev.version = CAPSIM_TRACE_EVENT_VERSION;
	*ev = &s->ev;
	return 1;
}

static int trace_new(capsim_trace **out, capsim_error *err)
{
	capsim_trace *t = calloc(1, sizeof(*t));

	*out = NULL;
	if (!t)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	for (unsigned i = 0; i < CAPSIM_TRACE_REORDER_WINDOW; i++)
		t->free_list[i] = &t->slots[i];
	/* one slot more than the window is never needed: the one handed out is the window's */
	t->nr_free = CAPSIM_TRACE_REORDER_WINDOW;
	*out = t;
	return 0;
}

int capsim_trace_open(const char *path, capsim_trace **out, capsim_error *err)
{
	int ret = trace_new(out, err);

	if (!ret)
		ret = trace_stream_open(path, &(*out)->in, err);
	if (!ret)
		ret = trace_binary_open((*out)->in, &(*out)->bin, &(*out)->bin_rd, err);
	if (ret && *out) {
		capsim_trace_free(*out);
		*out = NULL;
	}
	return ret;
}

int capsim_trace_open_mem(const void *data, size_t len, const char *name, capsim_trace **out,
			  capsim_error *err)
{
	int ret = trace_new(out, err);

	if (!ret)
		ret = trace_stream_open_mem(data, len, name, &(*out)->in, err);
	if (!ret)
		ret = trace_binary_open((*out)->in, &(*out)->bin, &(*out)->bin_rd, err);
	if (ret && *out) {
		capsim_trace_free(*out);
		*out = NULL;
	}
	return ret;
}

void capsim_trace_free(capsim_trace *t)
{
	if (!t)
		return;
	if (t->bin)
		t->bin->free(t->bin_rd);
	trace_stream_close(t->in);
	for (unsigned i = 0; i < CAPSIM_TRACE_REORDER_WINDOW; i++)
		free(t->slots[i].text);
	free(t);
}

const char *capsim_trace_name(const capsim_trace *t)
{
	return trace_stream_name(t->in);
}

unsigned capsim_trace_nr_cpus(const capsim_trace *t)
{
	if (t->bin)
		return t->bin->nr_cpus(t->bin_rd);
	return t->nr_cpus;
}

uint64_t capsim_trace_skipped(const capsim_trace *t, enum capsim_trace_skip why)
{
	if ((unsigned)why >= CAPSIM_TRACE_SKIP_COUNT)
		return 0;
	if (why == CAPSIM_TRACE_SKIP_HTML_BLOCK)
		return trace_stream_html_skipped(t->in);
	return t->bin ? t->skipped[why] + t->bin->skipped(t->bin_rd, why) : t->skipped[why];
}

const char *capsim_trace_kernel_release(const capsim_trace *t)
{
	return t->bin ? t->bin->kernel_release(t->bin_rd) : NULL;
}

const char *capsim_trace_skip_name(enum capsim_trace_skip why)
{
	return (unsigned)why < CAPSIM_TRACE_SKIP_COUNT ? skip_names[why] : NULL;
}

const char *capsim_trace_field(const struct capsim_trace_event *ev, const char *name)
{
	for (unsigned i = 0; i < ev->nr_fields; i++)
		if (!strcmp(ev->fields[i].name, name))
			return ev->fields[i].value;
	return NULL;
}

/* A whole decimal (optionally negative) or 0x-hex integer. */
static int parse_i64(const char *v, int64_t *out)
{
	char *end;
	long long x;

	if (!*v || isspace((unsigned char)*v))
		return CAPSIM_ERR_PARSE;
	x = strtoll(v, &end, 0);
	if (*end || (end - v > 1 && v[0] == '0' && isdigit((unsigned char)v[1]))) {
		/* strtoll's base 0 reads "010" as octal: the kernel prints decimal with leading 0s
		 * (target_cpu=002) */
		x = strtoll(v, &end, 10);
		if (*end)
			return CAPSIM_ERR_PARSE;
	}
	*out = x;
	return 0;
}

int capsim_trace_field_i64(const struct capsim_trace_event *ev, const char *name, int64_t *out)
{
	const char *v = capsim_trace_field(ev, name);

	if (!v)
		return CAPSIM_ERR_NOT_FOUND;
	return parse_i64(v, out);
}

int capsim_trace_prev_state_runnable(const char *st)
{
	int64_t v;

	if (!strcmp(st, "R") || !strcmp(st, "R+"))
		return 1;
	return !parse_i64(st, &v) && (v & 0xff) == 0;
}
