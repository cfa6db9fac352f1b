// SPDX-License-Identifier: MIT
/*
 * rtapp.c - rt-app workload files, read as rt-app reads them, into the workload model of
 * workload.h. rt-app (github.com/scheduler-tools/rt-app, src/rt-app_parse_config.c) loads the
 * file with json-c's json_object_from_file(): non-strict tokener, so comments, single quotes
 * and trailing commas pass, and a duplicated key keeps the place of its first occurrence and
 * the value of its last: rt-app runs one "run" where a file that says "run" twice may mean two.
 * rt-app's own examples do it (mp3-short.json) and rt-app runs them, so capsim reads such a file
 * as rt-app does and says so in a note for each key given again (capsim_workload_note()), where
 * its other JSON inputs refuse it. Events are the keys of a task or phase object whose name
 * starts with an event name (run0, sleep1, timer2 ...), taken in object order. Resources (mutexes, conds,
 * timers, barriers, semaphores) are named by the events; "unique" timers are per task.
 *
 * Where rt-app exits with EXIT_INV_CONFIG, capsim fails with the position of the key and the
 * reason. Where rt-app would silently do something odd (an unknown key ignored, a timer with
 * period 0, a string where a number belongs read as 0), capsim fails too: it does not guess.
 * The accepted keys and the cost given to mem/iorun/memrun are documented in docs/formats.md.
 *
 * json-c's tree of a file is about 1 KiB per object, more than the simulator keeps per task. So
 * json-c first reads a copy of the file in which every task object is left out, and each
 * task object is then read from its own bytes of the file when it is parsed, and freed: json-c
 * reads an object the same wherever it sits. When the "tasks" object is plain JSON around its
 * task objects (jsonpos_plain_object(): names in double quotes without escapes, each given
 * once, no comment), the whole of it is left out and its names come from the position index,
 * which read them as json-c would: at 100 000 tasks, json-c's table of their names cost more
 * than reading the tasks. The whole file is read as one tree as before when the position index
 * cannot delimit the tasks, and whenever this reading fails, so that every error is the one
 * json-c and the checks give on the whole file.
 */
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "internal.h"
#include "input/jsonpos.h"
#include "input/names.h"
#include "input/readfile.h"
#include "input/workload.h"

/*
 * Cost of the memory and IO events as calibrated CPU work (ns on the calibration CPU at its
 * reference frequency): a nominal phone-class core, documented in docs/formats.md.
 */
#define MEM_BYTES_PER_NS 4          /* mem/iorun: memset of the buffer at 4 GB/s */
#define IORUN_WRITE_NS 1000         /* iorun: one write() per mem_buffer_size chunk */
#define MEMRUN_RW_NS_PER_BYTE 1     /* memrun read/write: a byte-at-a-time loop */
#define MEMRUN_CHASE_SEQ_NS 2       /* memrun chase, sequential: the prefetcher keeps up */
#define RTAPP_DEFAULT_MEM_BUF (4u << 20)
#define RT_INT_MAX 2147483647LL     /* rt-app reads every number as a C int */
#define RT_INT_MIN (-RT_INT_MAX - 1)

/* Custom slice bounds of a fair task: mirrors __setscheduler_params(), kernel/sched/syscalls.c */
#define SLICE_MIN_NS (CAPSIM_NSEC_PER_MSEC / 10)
#define SLICE_MAX_NS (CAPSIM_NSEC_PER_MSEC * 100)

/* The event a key names, by prefix, in the order rt-app's parse_task_event_data() tests them. */
enum rt_kind {
	RT_NONE, RT_RUNTIME, RT_RUN, RT_SLEEP, RT_MEMRUN, RT_MEM, RT_IORUN, RT_LOCK, RT_UNLOCK,
	RT_SIGNAL, RT_BROAD, RT_WAIT, RT_SYNC, RT_BARRIER, RT_TIMER, RT_RESUME, RT_SUSPEND,
	RT_YIELD, RT_FORK, RT_SEM_POST, RT_SEM_WAIT,
};

/* A prefix with its length: every key of every task is tested against the list a few times. */
#define RT_EV(name, kind) { name, sizeof(name) - 1, kind }

static const struct {
	const char *prefix;
	size_t len;
	enum rt_kind kind;
} rt_events[] = {
	/* "runtime" before "run" and "memrun" before "mem": the longer name wins, as in rt-app */
	RT_EV("sleep", RT_SLEEP), RT_EV("runtime", RT_RUNTIME), RT_EV("run", RT_RUN),
	RT_EV("memrun", RT_MEMRUN), RT_EV("mem", RT_MEM), RT_EV("iorun", RT_IORUN),
	RT_EV("lock", RT_LOCK), RT_EV("unlock", RT_UNLOCK), RT_EV("signal", RT_SIGNAL),
	RT_EV("broad", RT_BROAD), RT_EV("wait", RT_WAIT), RT_EV("sync", RT_SYNC),
	RT_EV("barrier", RT_BARRIER), RT_EV("timer", RT_TIMER), RT_EV("resume", RT_RESUME),
	RT_EV("suspend", RT_SUSPEND), RT_EV("yield", RT_YIELD), RT_EV("fork", RT_FORK),
	RT_EV("sem_post", RT_SEM_POST), RT_EV("sem_wait", RT_SEM_WAIT),
};

/* A name -> index map (resources by name/type/owner, tasks by name). */
struct nm_slot {
	const char *name; /* owned elsewhere; NULL: empty slot */
	int type, owner, value;
};

struct name_map {
	struct nm_slot *slots;
	unsigned mask, used;
};

/* A memrun "ref": rt-app requires every use to agree on the buffer's shape. */
struct memrun_ref {
	char *name; /* a copy: the json-c tree of its task is freed before the next task's */
	int64_t size, stride;
	int random;
};

/* How json-c reads the file (see the top). */
enum rt_reading {
	RT_WHOLE,       /* as one tree */
	RT_APART,       /* the task objects left out, each read from its own bytes */
	RT_INDEXED,     /* the "tasks" object left out: the tasks' names from the index */
};

struct rt {
	const char *file;
	struct jsonpos *pos;
	capsim_error *err;
	capsim_workload *wl;
	char path[512];
	size_t path_len;
	struct name_map res_map, task_map;
	unsigned cap_res;
	struct memrun_ref *memruns;
	unsigned nr_memruns;
	int64_t mem_buffer_size;
	int task;                       /* the task being parsed */
	unsigned task_res0;             /* the first resource created while parsing it */
	int default_deadline;           /* global.default_policy is SCHED_DEADLINE */
	const char *text;               /* the file, as jsonpos indexes it */
	int tasks_node;                 /* the "tasks" object in jsonpos */
	enum rt_reading split;          /* RT_WHOLE (0) unless task objects are read one at a time */
	int ev_ent;                     /* the jsonpos key of the event parse_event() reads, or -1 */
	int has_dups;                   /* a key is given twice in an object (next_ent()) */
	struct json_tokener *task_tok;  /* reads them */
	struct rt_task {                /* per task, from collect_tasks() for parse_root() */
		const char *name;       /* its key, in json-c's tree or in jsonpos */
		struct json_object *val; /* its value in json-c's tree (RT_INDEXED: NULL) */
		int ent;                /* its key in jsonpos, -1: not known */
		int node;               /* its object in jsonpos */
		int instance_read;      /* read apart for its "instance" */
	} *tk;
};

/* ---- names and paths ---------------------------------------------------------------- */

/*
 * The names of tasks, phases and resources, packed in blocks that are freed with the workload:
 * one allocation for many short strings (a file of 100 000 tasks has 300 000 names).
 */
struct wl_names {
	struct wl_names *next;
	size_t used, size;
	char text[];
};

#define WL_NAMES_BLOCK 16384

/* A copy of @name among @wl's names. Return: it, or NULL (out of memory). */
static char *name_dup(capsim_workload *wl, const char *name)
{
	size_t len = strlen(name) + 1;
	struct wl_names *b = wl->names;

	if (!b || b->size - b->used < len) {
		size_t size = len > WL_NAMES_BLOCK ? len : WL_NAMES_BLOCK;

		b = malloc(sizeof(*b) + size);
		if (!b)
			return NULL;
		*b = (struct wl_names){ wl->names, 0, size };
		wl->names = b;
	}
	memcpy(b->text + b->used, name, len);
	b->used += len;
	return b->text + b->used - len;
}

/* FNV-1a over the name, then type and owner and a murmur3 finalizer so the low bits spread. */
static uint32_t nm_hash(const char *name, int type, int owner)
{
	uint32_t h = 2166136261u;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	h ^= (uint32_t)(type * 31 + owner) * 0x9e3779b1u;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ (h >> 16);
}

static int nm_find(const struct name_map *m, const char *name, int type, int owner)
{
	uint32_t h;

	if (!m->slots)
		return -1;
	for (h = nm_hash(name, type, owner) & m->mask; m->slots[h].name; h = (h + 1) & m->mask) {
		const struct nm_slot *s = &m->slots[h];

		if (s->type == type && s->owner == owner && !strcmp(s->name, name))
			return s->value;
	}
	return -1;
}

static void nm_put(struct name_map *m, const char *name, int type, int owner, int value)
{
	uint32_t h = nm_hash(name, type, owner) & m->mask;

	while (m->slots[h].name)
		h = (h + 1) & m->mask;
	m->slots[h] = (struct nm_slot){ name, type, owner, value };
	m->used++;
}

/* Room for @n names in all, at most half full: one resize for a known count, not one a doubling. */
static int nm_reserve(struct name_map *m, unsigned n)
{
	if (2 * n > (m->slots ? m->mask + 1 : 0)) {
		struct name_map big = { 0 };
		unsigned size = m->slots ? 2 * (m->mask + 1) : 64, i;

		while (size < 2 * n)
			size *= 2;
		big.slots = calloc(size, sizeof(*big.slots));
		if (!big.slots)
			return CAPSIM_ERR_NOMEM;
		big.mask = size - 1;
		for (i = 0; m->slots && i <= m->mask; i++)
			if (m->slots[i].name)
				nm_put(&big, m->slots[i].name, m->slots[i].type, m->slots[i].owner,
				       m->slots[i].value);
		free(m->slots);
		*m = big;
	}
	return 0;
}

static int nm_add(struct name_map *m, const char *name, int type, int owner, int value)
{
	if (nm_reserve(m, m->used + 1))
		return CAPSIM_ERR_NOMEM;
	nm_put(m, name, type, owner, value);
	return 0;
}

/* Appends ".@key" (@key at the top) to the path, cut where it fills up as snprintf() cuts. */
static size_t path_push(struct rt *p, const char *key)
{
	size_t old = p->path_len, room = sizeof(p->path) - 1 - old, k = strlen(key), at = old;

	if (old && room) {
		p->path[at++] = '.';
		room--;
	}
	if (k > room)
		k = room;
	memcpy(p->path + at, key, k);
	p->path_len = at + k;
	p->path[p->path_len] = '\0';
	return old;
}

static void path_pop(struct rt *p, size_t old)
{
	p->path_len = old;
	p->path[old] = '\0';
}

/*
 * next_ent() - the jsonpos key @key of object @node, the one after *@cur in text order: a
 * json_object_object_foreach() gives an object's keys in the order of the text when no key is
 * given twice, so walking beside it finds each key's position and object without a lookup by
 * name (at 100 000 tasks, the lookups' cache misses cost more than the rest of the index).
 * With a key given twice the walk would meet the first occurrence where json-c holds the last
 * one's value (json_object_object_add() replaces it in place): then every key is looked up by
 * name, which finds the last occurrence. *@cur: -1 before the first key; -2 once out of step,
 * for good. Return: the key, or -1: look it up by name.
 */
static int next_ent(const struct rt *p, int node, int *cur, const char *key)
{
	if (*cur == -2 || p->has_dups)
		return -1;
	*cur = jsonpos_ent_next(p->pos, node, *cur);
	if (*cur >= 0 && !strcmp(jsonpos_ent_name(p->pos, *cur), key))
		return *cur;
	*cur = -2;
	return -1;
}

/* Whether object @node has @key, by a walk of its keys: a task has a few, next to each other. */
static int has_key(const struct rt *p, int node, const char *key)
{
	for (int e = jsonpos_ent_next(p->pos, node, -1); e >= 0; e = jsonpos_ent_next(p->pos, node, e))
		if (!strcmp(jsonpos_ent_name(p->pos, e), key))
			return 1;
	return 0;
}

/*
 * fail() - report "FILE:LINE:COL: PATH.KEY: what" with the position of @key in object @node
 * (or of the object itself when @key is NULL). Return: @code.
 */
static int fail(struct rt *p, int node, const char *key, int code, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int fail(struct rt *p, int node, const char *key, int code, const char *fmt, ...)
{
	struct jsonpos_at at = jsonpos_key(p->pos, node, key);
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (!p->path_len && !key)
		return capsim_error_set(p->err, code, "%s:%u:%u: %s", p->file, at.line, at.col, what);
	return capsim_error_set(p->err, code, "%s:%u:%u: %s%s%s: %s", p->file, at.line, at.col,
				p->path, p->path_len && key ? "." : "", key ? key : "", what);
}

/*
 * A task or resource name is printable UTF-8: names are written into traces (one event per
 * line, fields split at blanks) and JSON reports, and the kernel's comm is a C string. A bad
 * one is refused at @key of object @node, quoted with its bytes escaped. Return: 0 or @code.
 */
static int check_name(struct rt *p, int node, const char *key, const char *name,
		      const char *what)
{
	char shown[96];
	const char *why = input_name_bad(name, shown, sizeof(shown));
	struct jsonpos_at at;

	if (!why)
		return 0;
	at = jsonpos_key(p->pos, node, key); /* only now: most names are fine */
	return capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s:%u:%u: %s%s%s \"%s\" %s (expected "
				"printable UTF-8: names are written into traces and reports)",
				p->file, at.line, at.col, p->path, p->path_len ? ": " : "", what,
				shown, why);
}

/*
 * json_object_object_get_ex() for the reader: it asks a task, phase or event object for each
 * key it knows (some twenty a task), most of them absent, and a walk of the few keys such an
 * object has compares faster than json-c hashes the key asked for.
 */
static int obj_get(struct json_object *obj, const char *key, struct json_object **value)
{
	if (!json_object_is_type(obj, json_type_object) || json_object_object_length(obj) > 8)
		return json_object_object_get_ex(obj, key, value);
	json_object_object_foreach(obj, k, v) {
		if (k[0] == key[0] && !strcmp(k, key)) {
			if (value)
				*value = v;
			return 1;
		}
	}
	return 0;
}

static const char *type_name(struct json_object *v)
{
	return json_type_to_name(json_object_get_type(v));
}

/* ---- typed values --------------------------------------------------------------------- */

/* An integer in [lo, hi]; @expect says what for people ("a positive integer (µs)"). */
static int int_value(struct rt *p, struct json_object *v, int node, const char *key, int64_t lo,
		     int64_t hi, const char *expect, int64_t *out)
{
	int64_t x;

	if (!json_object_is_type(v, json_type_int))
		return fail(p, node, key, CAPSIM_ERR_PARSE, "expected %s, not %s", expect,
			    type_name(v));
	/* json-c saturates what does not fit in 64 bits: say so rather than echo its limit */
	x = json_object_get_int64(v);
	if (x == INT64_MAX || x == INT64_MIN)
		return fail(p, node, key, CAPSIM_ERR_RANGE,
			    "a number too large for rt-app's int (expected %s)", expect);
	if (x < lo || x > hi)
		return fail(p, node, key, CAPSIM_ERR_RANGE, "%s is out of range (expected %s)",
			    json_object_to_json_string(v), expect);
	*out = x;
	return 0;
}

/* Return: 0 (found), 1 (absent) or an error. */
static int get_int(struct rt *p, struct json_object *obj, int node, const char *key, int64_t lo,
		   int64_t hi, const char *expect, int64_t *out)
{
	struct json_object *v;

	if (!obj_get(obj, key, &v))
		return 1;
	return int_value(p, v, node, key, lo, hi, expect, out);
}

static int get_string(struct rt *p, struct json_object *obj, int node, const char *key,
		      const char *expect, const char **out)
{
	struct json_object *v;

	if (!obj_get(obj, key, &v))
		return 1;
	if (!json_object_is_type(v, json_type_string))
		return fail(p, node, key, CAPSIM_ERR_PARSE, "expected %s, not %s", expect,
			    type_name(v));
	*out = json_object_get_string(v);
	return 0;
}

static int check_bool(struct rt *p, struct json_object *obj, int node, const char *key)
{
	struct json_object *v;

	if (obj_get(obj, key, &v) && !json_object_is_type(v, json_type_boolean))
		return fail(p, node, key, CAPSIM_ERR_PARSE,
			    "expected true or false, not %s (rt-app rejects it)", type_name(v));
	return 0;
}

static int check_string(struct rt *p, struct json_object *obj, int node, const char *key)
{
	const char *s;
	int ret = get_string(p, obj, node, key, "a string", &s);

	return ret < 0 ? ret : 0;
}

static int key_in(const char *key, const char *const *list)
{
	for (; *list; list++)
		if (key[0] == (*list)[0] && !strcmp(key, *list))
			return 1;
	return 0;
}

static enum rt_kind event_kind(const char *key)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(rt_events); i++)
		if (key[0] == rt_events[i].prefix[0] &&
		    !strncmp(key, rt_events[i].prefix, rt_events[i].len))
			return rt_events[i].kind;
	return RT_NONE;
}

/* Every key of @obj must be in @known (or be an event when @events). */
static int check_keys(struct rt *p, struct json_object *obj, int node, const char *const *known,
		      int events, const char *where)
{
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (key_in(key, known) || (events && event_kind(key) != RT_NONE))
			continue;
		const char *near = capsim_suggest(key, known, strv_len(known));

		return fail(p, node, key, CAPSIM_ERR_PARSE,
			    "unknown key in %s (%s%s%srt-app ignores it silently; capsim does not "
			    "guess: see docs/formats.md for the keys it reads)", where,
			    near ? "did you mean \"" : "", near ? near : "", near ? "\"? " : "");
	}
	return 0;
}

/*
 * The task named @name, -1 (none) or -2 (out of memory). The map of task names is made on the
 * first look-up: only resume and fork name a task, and most workloads have neither.
 */
static int task_find(struct rt *p, const char *name)
{
	const capsim_workload *wl = p->wl;

	if (!p->task_map.slots) {
		if (nm_reserve(&p->task_map, wl->nr_tasks))
			return -2;
		for (unsigned t = 0; t < wl->nr_tasks; t++)
			nm_put(&p->task_map, wl->tasks[t].name, 0, -1, (int)t);
	}
	return nm_find(&p->task_map, name, 0, -1);
}

/* ---- resources -------------------------------------------------------------------------- */

/* The index of resource (@name, @type, @owner), created on first use as rt-app does. */
static int resource(struct rt *p, const char *name, enum wl_resource_type type, int owner)
{
	capsim_workload *wl = p->wl;
	struct wl_resource *r;
	int i = -1;

	/*
	 * A task's own ("unique") timers are all created while it is parsed: found among those,
	 * not in the map, which 100 000 tasks with a unique timer each would fill for nothing.
	 */
	if (owner >= 0) {
		for (unsigned k = p->task_res0; k < wl->nr_resources && i < 0; k++)
			if (wl->resources[k].owner == owner && wl->resources[k].type == type &&
			    !strcmp(wl->resources[k].name, name))
				i = (int)k;
	} else {
		i = nm_find(&p->res_map, name, (int)type, owner);
	}
	if (i >= 0)
		return i;
	if (wl->nr_resources == p->cap_res) {
		unsigned cap = p->cap_res ? 2 * p->cap_res : 16;

		r = realloc(wl->resources, cap * sizeof(*r));
		if (!r)
			return CAPSIM_ERR_NOMEM;
		wl->resources = r;
		p->cap_res = cap;
	}
	r = &wl->resources[wl->nr_resources];
	*r = (struct wl_resource){ .name = name_dup(wl, name), .type = type, .owner = owner };
	if (!r->name)
		return CAPSIM_ERR_NOMEM;
	i = (int)wl->nr_resources++;
	if (owner < 0 && nm_add(&p->res_map, r->name, (int)type, owner, i))
		return CAPSIM_ERR_NOMEM;
	return i;
}

static int set_res(int *slot, int idx)
{
	if (idx < 0)
		return idx;
	*slot = idx;
	return 0;
}

/* ---- events ----------------------------------------------------------------------------- */

static int ev_string(struct rt *p, struct json_object *v, int node, const char *key,
		     const char **out)
{
	if (!json_object_is_type(v, json_type_string))
		return fail(p, node, key, CAPSIM_ERR_PARSE,
			    "expected a string (a resource name), not %s (rt-app: \"Unknown or "
			    "mismatch event type\")", type_name(v));
	*out = json_object_get_string(v);
	return 0;
}

/* An event object: its own keys must be known, and it gets a node for positions. */
static int ev_object(struct rt *p, struct json_object *v, int node, const char *key,
		     const char *const *known, const char *shape, int *sub)
{
	size_t old;
	int ret;

	if (!json_object_is_type(v, json_type_object))
		return fail(p, node, key, CAPSIM_ERR_PARSE, "expected an object %s, not %s", shape,
			    type_name(v));
	*sub = p->ev_ent >= 0 && !strcmp(jsonpos_ent_name(p->pos, p->ev_ent), key) ?
	       jsonpos_ent_child(p->pos, p->ev_ent) : jsonpos_child(p->pos, node, key);
	old = path_push(p, key);
	ret = check_keys(p, v, *sub, known, 0, "this event");
	path_pop(p, old);
	return ret;
}

static int parse_timer(struct rt *p, struct json_object *v, int node, const char *key,
		       struct wl_event *ev)
{
	static const char *const known[] = { "ref", "period", "mode", NULL };
	const char *ref = "unknown", *mode = "relative";
	int64_t period;
	int sub, ret, unique;
	size_t old;

	ret = ev_object(p, v, node, key, known, "{\"ref\", \"period\"[, \"mode\"]}", &sub);
	if (ret)
		return ret;
	old = path_push(p, key);
	ret = get_string(p, v, sub, "ref", "a string (the timer's name)", &ref);
	if (ret >= 0)
		ret = get_string(p, v, sub, "mode", "\"relative\" or \"absolute\"", &mode);
	if (ret < 0)
		goto out;
	if (strcmp(mode, "relative") && strcmp(mode, "absolute")) {
		ret = fail(p, sub, "mode", CAPSIM_ERR_PARSE,
			   "\"%s\": expected \"relative\" or \"absolute\"", mode);
		goto out;
	}
	ret = get_int(p, v, sub, "period", 1, RT_INT_MAX, "a positive integer (µs)", &period);
	if (ret == 1)
		ret = fail(p, sub, NULL, CAPSIM_ERR_PARSE,
			   "missing \"period\" (expected a positive integer (µs); rt-app would use 0)");
	if (ret)
		goto out;
	/* rt-app: a ref starting with "unique" names a timer private to the task */
	unique = !strncmp(ref, "unique", strlen("unique"));
	ev->type = WL_EV_TIMER;
	ev->value = (uint64_t)period * CAPSIM_NSEC_PER_USEC;
	ev->absolute = !strcmp(mode, "absolute");
	ev->unique = (unsigned)unique;
	ret = set_res(&ev->res, resource(p, ref, WL_RES_TIMER, unique ? p->task : -1));
out:
	path_pop(p, old);
	return ret;
}

static int parse_wait(struct rt *p, struct json_object *v, int node, const char *key,
		      struct wl_event *ev)
{
	static const char *const known[] = { "ref", "mutex", NULL };
	const char *ref = "unknown", *mutex = "unknown";
	int sub, ret;
	size_t old;

	ret = ev_object(p, v, node, key, known, "{\"ref\", \"mutex\"}", &sub);
	if (ret)
		return ret;
	old = path_push(p, key);
	ret = get_string(p, v, sub, "ref", "a string (a condition's name)", &ref);
	if (ret >= 0)
		ret = get_string(p, v, sub, "mutex", "a string (a mutex's name)", &mutex);
	path_pop(p, old);
	if (ret < 0)
		return ret;
	ret = set_res(&ev->res, resource(p, ref, WL_RES_COND, -1));
	return ret ? ret : set_res(&ev->res2, resource(p, mutex, WL_RES_MUTEX, -1));
}

/*
 * The name a wake-up event (signal, broad, resume) gives: rt-app's string, or capsim's
 * {"ref": name, "sync": true|false}. rt-app's wake-ups are futex wake-ups, never WF_SYNC (the
 * waker says it is about to sleep), so a sync wake-up is one the workload declares.
 */
static int ev_wake_name(struct rt *p, struct json_object *v, int node, const char *key,
			const char **name, struct wl_event *ev)
{
	static const char *const known[] = { "ref", "sync", NULL };
	struct json_object *sync;
	int sub, ret;
	size_t old;

	if (json_object_is_type(v, json_type_string))
		return ev_string(p, v, node, key, name);
	if (!json_object_is_type(v, json_type_object))
		return fail(p, node, key, CAPSIM_ERR_PARSE,
			    "expected a string (a resource name) or {\"ref\": name, \"sync\": true}, "
			    "not %s", type_name(v));
	ret = ev_object(p, v, node, key, known, "{\"ref\"[, \"sync\"]}", &sub);
	if (ret)
		return ret;
	old = path_push(p, key);
	ret = get_string(p, v, sub, "ref", "a string (a resource name)", name);
	if (ret == 1)
		ret = fail(p, sub, NULL, CAPSIM_ERR_PARSE,
			   "missing \"ref\" (expected a string: the resource's name)");
	if (!ret && obj_get(v, "sync", &sync)) {
		if (json_object_is_type(sync, json_type_boolean))
			ev->sync = json_object_get_boolean(sync) != 0;
		else
			ret = fail(p, sub, "sync", CAPSIM_ERR_PARSE,
				   "expected true or false (a sync wake-up, WF_SYNC), not %s",
				   type_name(sync));
	}
	path_pop(p, old);
	return ret;
}

/* Nanoseconds per hop of a random pointer chase through a buffer of @size bytes. */
static uint64_t chase_ns(int64_t size)
{
	if (size <= 32 << 10)
		return 2;   /* L1 */
	if (size <= 1 << 20)
		return 10;  /* L2 */
	if (size <= 8 << 20)
		return 30;  /* L3 / system cache */
	return 100;         /* DRAM */
}

static int memrun_agree(struct rt *p, int sub, const char *ref, int64_t size, int64_t stride,
			int random)
{
	struct memrun_ref *m;
	unsigned i;

	for (i = 0; i < p->nr_memruns; i++) {
		m = &p->memruns[i];
		if (strcmp(m->name, ref))
			continue;
		if (m->size != size || m->stride != stride || m->random != random)
			return fail(p, sub, "ref", CAPSIM_ERR_INVALID,
				    "memrun buffer \"%s\" is used with another size, stride or pattern "
				    "(rt-app rejects this)", ref);
		return 0;
	}
	m = realloc(p->memruns, (p->nr_memruns + 1) * sizeof(*m));
	if (!m)
		return CAPSIM_ERR_NOMEM;
	p->memruns = m;
	m[p->nr_memruns] = (struct memrun_ref){ strdup(ref), size, stride, random };
	return m[p->nr_memruns++].name ? 0 : CAPSIM_ERR_NOMEM;
}

/* The shape of a memrun: type, size and count are required, stride and pattern optional. */
static int memrun_fields(struct rt *p, struct json_object *v, int sub, const char **type,
			 int64_t *size, int64_t *count, int64_t *stride, const char **pattern)
{
	int ret = get_string(p, v, sub, "type", "\"read\", \"write\" or \"chase\"", type);

	if (ret < 0)
		return ret;
	if (ret == 1 || (strcmp(*type, "read") && strcmp(*type, "write") && strcmp(*type, "chase")))
		return fail(p, sub, ret ? NULL : "type", CAPSIM_ERR_PARSE,
			    "expected \"type\": \"read\", \"write\" or \"chase\"");
	ret = get_int(p, v, sub, "size", 1, RT_INT_MAX, "a positive integer (bytes)", size);
	if (!ret)
		ret = get_int(p, v, sub, "count", 0, RT_INT_MAX, "a non-negative integer", count);
	if (ret == 1)
		return fail(p, sub, NULL, CAPSIM_ERR_PARSE,
			    "memrun needs \"size\" (bytes) and \"count\" (integers)");
	if (!ret)
		ret = get_int(p, v, sub, "stride", 1, RT_INT_MAX, "a positive integer (bytes)",
			      stride);
	if (ret >= 0)
		ret = get_string(p, v, sub, "pattern", "\"random\" or \"sequential\"", pattern);
	if (ret < 0)
		return ret;
	if (strcmp(*pattern, "random") && strcmp(*pattern, "sequential"))
		return fail(p, sub, "pattern", CAPSIM_ERR_PARSE,
			    "\"%s\": expected \"random\" or \"sequential\"", *pattern);
	return 0;
}

static int parse_memrun(struct rt *p, struct json_object *v, int node, const char *key,
			struct wl_event *ev)
{
	static const char *const known[] = { "type", "size", "count", "stride", "pattern", "ref",
					     NULL };
	const char *type = NULL, *pattern = "random", *ref = NULL;
	int64_t size = 0, count = 0, stride = 64;
	int sub, ret;
	size_t old;

	ret = ev_object(p, v, node, key, known, "{\"type\", \"size\", \"count\", ...}", &sub);
	if (ret)
		return ret;
	old = path_push(p, key);
	ret = memrun_fields(p, v, sub, &type, &size, &count, &stride, &pattern);
	if (!ret)
		ret = get_string(p, v, sub, "ref", "a string (a shared buffer's name)", &ref);
	if (ret == 1)
		ret = 0;
	if (!ret && ref)
		ret = memrun_agree(p, sub, ref, size, stride, !strcmp(pattern, "random"));
	path_pop(p, old);
	if (ret)
		return ret;
	ev->type = WL_EV_MEM;
	if (strcmp(type, "chase"))
		ev->value = (uint64_t)count * MEMRUN_RW_NS_PER_BYTE;
	else if (strcmp(pattern, "random"))
		ev->value = (uint64_t)count * MEMRUN_CHASE_SEQ_NS;
	else
		ev->value = (uint64_t)count * chase_ns(size);
	return 0;
}

/* mem/iorun N bytes: a memset at MEM_BYTES_PER_NS, plus for iorun one write() per chunk. */
static uint64_t mem_cost_ns(int64_t bytes, int io, int64_t buffer)
{
	uint64_t ns = ((uint64_t)bytes + MEM_BYTES_PER_NS - 1) / MEM_BYTES_PER_NS;

	if (io)
		ns += IORUN_WRITE_NS * (((uint64_t)bytes + (uint64_t)buffer - 1) / (uint64_t)buffer +
					!bytes);
	return ns;
}

static int parse_simple(struct rt *p, struct json_object *v, int node, const char *key,
			enum rt_kind kind, struct wl_event *ev)
{
	const char *name = NULL;
	int64_t n = 0;
	int ret, task;

	switch (kind) {
	case RT_RUN:
	case RT_RUNTIME:
	case RT_SLEEP:
		ret = int_value(p, v, node, key, 0, RT_INT_MAX, "a non-negative integer (µs)", &n);
		ev->type = kind == RT_RUN ? WL_EV_RUN : kind == RT_RUNTIME ? WL_EV_RUNTIME
									     : WL_EV_SLEEP;
		ev->value = (uint64_t)n * CAPSIM_NSEC_PER_USEC;
		return ret;
	case RT_MEM:
	case RT_IORUN:
		ret = int_value(p, v, node, key, 0, RT_INT_MAX, "a non-negative integer (bytes)", &n);
		ev->type = WL_EV_MEM;
		ev->value = ret ? 0 : mem_cost_ns(n, kind == RT_IORUN, p->mem_buffer_size);
		ev->iowait = kind == RT_IORUN; /* its writes end waiting for the device */
		return ret;
	case RT_YIELD:
		ev->type = WL_EV_YIELD; /* rt-app ignores the value */
		return 0;
	default:
		break;
	}
	if (kind == RT_SIGNAL || kind == RT_BROAD || kind == RT_RESUME)
		ret = ev_wake_name(p, v, node, key, &name, ev);
	else
		ret = ev_string(p, v, node, key, &name);
	if (ret)
		return ret;
	switch (kind) {
	case RT_LOCK:
	case RT_UNLOCK:
		ev->type = kind == RT_LOCK ? WL_EV_LOCK : WL_EV_UNLOCK;
		return set_res(&ev->res, resource(p, name, WL_RES_MUTEX, -1));
	case RT_SIGNAL:
	case RT_BROAD:
		ev->type = kind == RT_SIGNAL ? WL_EV_SIGNAL : WL_EV_BROAD;
		return set_res(&ev->res, resource(p, name, WL_RES_COND, -1));
	case RT_BARRIER:
		ev->type = WL_EV_BARRIER;
		ret = set_res(&ev->res, resource(p, name, WL_RES_BARRIER, -1));
		/* rt-app counts users per event occurrence: each adds the task's instances */
		if (!ret)
			p->wl->resources[ev->res].users += p->wl->tasks[p->task].instances;
		return ret;
	case RT_SEM_POST:
	case RT_SEM_WAIT:
		ev->type = kind == RT_SEM_POST ? WL_EV_SEM_POST : WL_EV_SEM_WAIT;
		return set_res(&ev->res, resource(p, name, WL_RES_SEM, -1));
	case RT_RESUME:
	case RT_SUSPEND:
		/* a cond and a mutex of that name: resume broadcasts what suspend waits on */
		ev->type = kind == RT_RESUME ? WL_EV_RESUME : WL_EV_SUSPEND;
		ev->task = kind == RT_RESUME ? task_find(p, name) : -1;
		if (ev->task == -2)
			return CAPSIM_ERR_NOMEM;
		ret = set_res(&ev->res, resource(p, name, WL_RES_COND, -1));
		return ret ? ret : set_res(&ev->res2, resource(p, name, WL_RES_MUTEX, -1));
	case RT_FORK:
		ev->type = WL_EV_FORK;
		task = task_find(p, name);
		if (task == -2)
			return CAPSIM_ERR_NOMEM;
		if (task < 0)
			return fail(p, node, key, CAPSIM_ERR_NOT_FOUND,
				    "no task named \"%s\" to fork (expected one of the tasks)", name);
		ev->task = task;
		p->wl->tasks[task].forked = 1;
		return 0;
	default:
		return CAPSIM_ERR_INTERNAL;
	}
}

static int parse_event_kind(struct rt *p, struct json_object *v, int node, const char *key,
			    enum rt_kind kind, struct wl_event *ev);

/* One event of a phase: its kind from @key, then its resources' names checked. */
static int parse_event(struct rt *p, struct json_object *v, int node, const char *key,
		       struct wl_event *ev)
{
	enum rt_kind kind = event_kind(key);
	int ret;

	*ev = (struct wl_event){ .res = -1, .res2 = -1, .task = -1 };
	ev->line = p->ev_ent >= 0 ? jsonpos_ent_line(p->pos, p->ev_ent) :
				    jsonpos_key_line(p->pos, node, key);
	ret = parse_event_kind(p, v, node, key, kind, ev);
	if (!ret && ev->res >= 0)
		ret = check_name(p, node, key, p->wl->resources[ev->res].name, "resource name");
	if (!ret && ev->res2 >= 0)
		ret = check_name(p, node, key, p->wl->resources[ev->res2].name, "resource name");
	return ret;
}

static int parse_event_kind(struct rt *p, struct json_object *v, int node, const char *key,
			    enum rt_kind kind, struct wl_event *ev)
{
	switch (kind) {
	case RT_TIMER:
		ev->type = WL_EV_TIMER;
		return parse_timer(p, v, node, key, ev);
	case RT_WAIT:
	case RT_SYNC:
		ev->type = kind == RT_WAIT ? WL_EV_WAIT : WL_EV_SYNC;
		return parse_wait(p, v, node, key, ev);
	case RT_MEMRUN:
		return parse_memrun(p, v, node, key, ev);
	default:
		return parse_simple(p, v, node, key, kind, ev);
	}
}

/* The events of @obj, in object order, into @ph. */
static int parse_events(struct rt *p, struct json_object *obj, int node, struct wl_phase *ph)
{
	unsigned n = 0;
	int ret, cur = -1;

	json_object_object_foreach(obj, k, v) {
		(void)v;
		n += event_kind(k) != RT_NONE;
	}
	if (!n)
		return fail(p, node, NULL, CAPSIM_ERR_PARSE,
			    "no events (rt-app: \"No events found. Task must have events or it's "
			    "useless\")");
	ph->events = calloc(n, sizeof(*ph->events));
	if (!ph->events)
		return CAPSIM_ERR_NOMEM;
	json_object_object_foreach(obj, key, val) {
		int e = next_ent(p, node, &cur, key);

		if (event_kind(key) == RT_NONE)
			continue;
		p->ev_ent = e;
		ret = parse_event(p, val, node, key, &ph->events[ph->nr_events]);
		p->ev_ent = -1;
		if (ret)
			return ret;
		ph->nr_events++;
	}
	return 0;
}

/* ---- task and phase properties ---------------------------------------------------------- */

/* The position of @key of object @node, kept for the messages of later checks. */
static struct wl_pos key_pos(const struct rt *p, int node, const char *key)
{
	struct jsonpos_at at = jsonpos_key(p->pos, node, key);

	return (struct wl_pos){ at.line, at.col };
}

static int parse_cpus(struct rt *p, struct json_object *obj, int node, int *has,
		      capsim_cpumask *mask, struct wl_pos *at)
{
	struct json_object *arr;
	size_t i, n;
	int ret = 0;

	if (!obj_get(obj, "cpus", &arr))
		return 0;
	*at = key_pos(p, node, "cpus");
	if (!json_object_is_type(arr, json_type_array) || !json_object_array_length(arr))
		return fail(p, node, "cpus", CAPSIM_ERR_PARSE,
			    "expected a non-empty array of CPU numbers, e.g. [0, 2]");
	memset(mask, 0, sizeof(*mask));
	n = json_object_array_length(arr);
	for (i = 0; i < n && !ret; i++) {
		int64_t cpu = 0;

		ret = int_value(p, json_object_array_get_idx(arr, i), node, "cpus", 0,
				CAPSIM_MAX_CPUS - 1, "CPU numbers (integers 0-255)", &cpu);
		if (!ret)
			capsim_cpumask_set(mask, (unsigned)cpu);
	}
	*has = !ret;
	return ret;
}

/* "nodes_membind": NUMA memory binding, no effect on CPU scheduling; only its shape is checked. */
static int check_nodes(struct rt *p, struct json_object *obj, int node)
{
	struct json_object *arr;
	size_t i;
	int64_t n;
	int ret = 0;

	if (!obj_get(obj, "nodes_membind", &arr))
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return fail(p, node, "nodes_membind", CAPSIM_ERR_PARSE,
			    "expected an array of NUMA node numbers");
	for (i = 0; i < json_object_array_length(arr) && !ret; i++)
		ret = int_value(p, json_object_array_get_idx(arr, i), node, "nodes_membind", 0,
				RT_INT_MAX, "NUMA node numbers", &n);
	return ret;
}

static int parse_uclamp(struct rt *p, struct json_object *obj, int node, int *min, int *max)
{
	int64_t v;
	int ret;

	*min = *max = WL_UNSET;
	ret = get_int(p, obj, node, "util_min", -1, 1024, "-1 or 0..1024", &v);
	if (ret < 0)
		return ret;
	if (!ret)
		*min = (int)v;
	ret = get_int(p, obj, node, "util_max", -1, 1024, "-1 or 0..1024", &v);
	if (ret < 0)
		return ret;
	if (!ret)
		*max = (int)v;
	/* mirrors uclamp_validate(), kernel/sched/syscalls.c: lower > upper is -EINVAL */
	if (*min != WL_UNSET && *max != WL_UNSET && *min > *max)
		return fail(p, node, "util_min", CAPSIM_ERR_RANGE,
			    "util_min %d is above util_max %d (the kernel rejects it)", *min, *max);
	return 0;
}

/*
 * "taskgroup": the cpu cgroup rt-app attaches the thread to (cgroup_attach_task()), kept as
 * written into *@tg ("" is none: NULL); the run finds it among the scenario's kernel.cgroups
 */
static int parse_taskgroup(struct rt *p, struct json_object *obj, int node, char **tg,
			   struct wl_pos *at)
{
	const char *v = "";
	int ret = get_string(p, obj, node, "taskgroup", "a string (a cgroup path)", &v);

	if (ret)
		return ret < 0 ? ret : 0;
	if (!*v)
		return 0; /* rt-app: "" means no taskgroup */
	if (*v != '/')
		return fail(p, node, "taskgroup", CAPSIM_ERR_PARSE,
			    "\"%s\" must start with '/' (rt-app rejects it)", v);
	*at = key_pos(p, node, "taskgroup");
	*tg = name_dup(p->wl, v);
	return *tg ? 0 : CAPSIM_ERR_NOMEM;
}

static const struct {
	const char *name;
	enum wl_policy policy;
} rt_policies[] = {
	{ "SCHED_OTHER", WL_POLICY_OTHER }, { "SCHED_BATCH", WL_POLICY_BATCH },
	{ "SCHED_IDLE", WL_POLICY_IDLE },   { "SCHED_FIFO", WL_POLICY_FIFO },
	{ "SCHED_RR", WL_POLICY_RR },
};

static int parse_policy(struct rt *p, struct json_object *obj, int node, const char *key,
			enum wl_policy *out)
{
	const char *s = "";
	unsigned i;
	int ret = get_string(p, obj, node, key, "a policy name such as \"SCHED_OTHER\"", &s);

	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(rt_policies); i++)
		if (!strcmp(s, rt_policies[i].name)) {
			*out = rt_policies[i].policy;
			return 0;
		}
	if (!strcmp(s, "SCHED_DEADLINE"))
		return fail(p, node, key, CAPSIM_ERR_UNSUPPORTED,
			    "SCHED_DEADLINE is not modelled (capsim simulates fair and RT tasks)");
	return fail(p, node, key, CAPSIM_ERR_PARSE,
		    "invalid policy \"%s\" (expected SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, "
		    "SCHED_FIFO or SCHED_RR)", s);
}

static int is_fair(enum wl_policy pol)
{
	return pol == WL_POLICY_OTHER || pol == WL_POLICY_BATCH || pol == WL_POLICY_IDLE;
}

/* What rt-app's parse_sched_data() sets: policy, priority, and a fair task's custom slice. */
struct rt_sched {
	enum wl_policy policy;
	int priority;
	uint64_t slice_ns;
};

/* mirrors the clamp of __setscheduler_params(), kernel/sched/syscalls.c v6.12 */
static uint64_t custom_slice_ns(int64_t runtime_us)
{
	uint64_t ns = (uint64_t)runtime_us * CAPSIM_NSEC_PER_USEC;

	return ns < SLICE_MIN_NS ? SLICE_MIN_NS : ns > SLICE_MAX_NS ? SLICE_MAX_NS : ns;
}

/*
 * The scheduling keys of a task or phase object, read as parse_sched_data() reads them onto
 * @s: "policy" (a given policy brings its default priority: nice 0, RT 10), "priority" (nice
 * for fair policies), "dl-runtime" (and with @legacy the thread-level "runtime"), which is a
 * v6.12 custom slice for fair tasks; dl-period/dl-deadline are checked only (the kernel
 * ignores them for fair and RT tasks). *@any tells whether any of these keys was present.
 */
static int sched_keys(struct rt *p, struct json_object *obj, int node, int legacy,
		      struct rt_sched *s, int *any)
{
	static const char *const dl_keys[][2] = { { "dl-runtime", "runtime" },
						  { "dl-period", "period" },
						  { "dl-deadline", "deadline" } };
	int64_t v, runtime = 0;
	unsigned i, j;
	int ret = parse_policy(p, obj, node, "policy", &s->policy);

	if (ret < 0)
		return ret;
	*any = !ret;
	if (!ret)
		s->priority = is_fair(s->policy) ? 0 : 10;
	if (is_fair(s->policy))
		ret = get_int(p, obj, node, "priority", -20, 19, "a nice value -20..19", &v);
	else
		ret = get_int(p, obj, node, "priority", 1, 99, "an RT priority 1..99", &v);
	if (ret < 0)
		return ret;
	if (!ret) {
		s->priority = (int)v;
		*any = 1;
	}
	for (i = 0; i < ARRAY_SIZE(dl_keys); i++)
		for (j = 0; j < 1u + !!legacy; j++) {
			ret = get_int(p, obj, node, dl_keys[i][j], 0, RT_INT_MAX,
				      "a non-negative integer (µs)", &v);
			if (ret < 0)
				return ret;
			*any |= !ret;
			/* rt-app reads the legacy "runtime" only when "dl-runtime" is absent or 0 */
			if (!ret && !i && !runtime)
				runtime = v;
		}
	if (runtime)
		s->slice_ns = is_fair(s->policy) ? custom_slice_ns(runtime) : 0;
	return 0;
}

/* A task's scheduling keys; it starts from global.default_policy. */
static int parse_sched(struct rt *p, struct json_object *obj, int node, struct wl_task *t)
{
	enum wl_policy def = p->wl->default_policy;
	struct rt_sched s = { def, is_fair(def) ? 0 : 10, 0 };
	int any, ret;

	if (p->default_deadline && !obj_get(obj, "policy", NULL))
		return fail(p, node, NULL, CAPSIM_ERR_UNSUPPORTED,
			    "inherits SCHED_DEADLINE from global.default_policy, which is not "
			    "modelled");
	ret = sched_keys(p, obj, node, 1, &s, &any);
	t->policy = s.policy;
	t->priority = s.priority;
	t->slice_ns = s.slice_ns;
	return ret;
}

/*
 * rt-app applies a phase's scheduling keys when the phase starts. capsim keeps one policy,
 * priority and slice per task: a phase may restate them (as workload generators do) but a
 * change is refused rather than ignored.
 */
static int check_phase_sched(struct rt *p, struct json_object *obj, int node,
			     const struct wl_task *t)
{
	struct rt_sched s = { t->policy, t->priority, t->slice_ns };
	const char *what;
	int any, ret = sched_keys(p, obj, node, 0, &s, &any);

	if (ret || !any)
		return ret;
	if (s.policy != t->policy)
		what = "policy";
	else if (s.priority != t->priority)
		what = "priority";
	else if (s.slice_ns != t->slice_ns)
		what = "dl-runtime";
	else
		return 0;
	return fail(p, node, obj_get(obj, what, NULL) ? what : NULL,
		    CAPSIM_ERR_UNSUPPORTED,
		    "changes the task's %s at phase level, which capsim does not model (a phase "
		    "may only restate the task's policy, priority and dl-runtime)", what);
}

static int parse_loop(struct rt *p, struct json_object *obj, int node, int64_t def, int64_t *out)
{
	int ret = get_int(p, obj, node, "loop", -1, RT_INT_MAX,
			  "-1 (forever) or a positive integer", out);

	if (ret == 1)
		*out = def;
	else if (!ret && !*out)
		return fail(p, node, "loop", CAPSIM_ERR_RANGE,
			    "0 loops: rt-app would never run it (expected -1 or a positive integer)");
	return ret < 0 ? ret : 0;
}

static int parse_phase(struct rt *p, const char *name, struct json_object *obj, int node,
		       const struct wl_task *t, struct wl_phase *ph)
{
	static const char *const known[] = { "loop", "cpus", "nodes_membind", "util_min",
					     "util_max", "taskgroup", "policy", "priority",
					     "dl-runtime", "dl-period", "dl-deadline", NULL };
	size_t old = path_push(p, name);
	int ret;

	ph->name = name_dup(p->wl, name);
	ph->util_min = ph->util_max = WL_UNSET;
	ret = ph->name ? 0 : CAPSIM_ERR_NOMEM;
	if (!ret)
		ret = check_keys(p, obj, node, known, 1, "a phase");
	if (!ret)
		ret = check_phase_sched(p, obj, node, t);
	if (!ret)
		ret = parse_loop(p, obj, node, 1, &ph->loop);
	if (!ret)
		ret = parse_cpus(p, obj, node, &ph->has_cpus, &ph->cpus, &ph->cpus_at);
	if (!ret)
		ret = check_nodes(p, obj, node);
	if (!ret)
		ret = parse_uclamp(p, obj, node, &ph->util_min, &ph->util_max);
	if (!ret)
		ret = parse_taskgroup(p, obj, node, &ph->taskgroup, &ph->taskgroup_at);
	if (!ret)
		ret = parse_events(p, obj, node, ph);
	path_pop(p, old);
	return ret;
}

/*
 * The clamps each phase requests, carried from the task's and the phases before it (rt-app
 * sets them with SCHED_FLAG_KEEP_ALL), never cross: mirrors uclamp_validate(),
 * kernel/sched/syscalls.c v6.12, which fails sched_setattr() with -EINVAL, and rt-app exits.
 * A looping task comes back to its first phase with the last one's clamps: two rounds.
 */
static int check_phase_clamps(struct rt *p, int pnode, const struct wl_task *t)
{
	int min = t->util_min, max = t->util_max;

	for (unsigned i = 0; i < 2 * t->nr_phases; i++) {
		const struct wl_phase *ph = &t->phases[i % t->nr_phases];
		int new_min = ph->util_min != WL_UNSET ? ph->util_min : min;
		int new_max = ph->util_max != WL_UNSET ? ph->util_max : max;

		if (new_min != WL_UNSET && new_max != WL_UNSET && new_min > new_max) {
			size_t old = path_push(p, ph->name);
			int ret = fail(p, jsonpos_child(p->pos, pnode, ph->name),
				       ph->util_max != WL_UNSET ? "util_max" : "util_min",
				       CAPSIM_ERR_RANGE, "util_min %d above util_max %d, the one "
				       "kept from before this phase (uclamp_validate() rejects it, "
				       "and rt-app exits)", new_min, new_max);

			path_pop(p, old);
			return ret;
		}
		min = new_min;
		max = new_max;
	}
	return 0;
}

static int parse_phases(struct rt *p, struct json_object *obj, int node, struct wl_task *t)
{
	int pnode = jsonpos_child(p->pos, node, "phases");
	size_t old;
	int ret = 0, cur = -1;

	if (!json_object_is_type(obj, json_type_object) || !json_object_object_length(obj))
		return fail(p, node, "phases", CAPSIM_ERR_PARSE,
			    "expected a non-empty object of phases");
	t->phases = calloc((size_t)json_object_object_length(obj), sizeof(*t->phases));
	if (!t->phases)
		return CAPSIM_ERR_NOMEM;
	old = path_push(p, "phases");
	json_object_object_foreach(obj, key, val) {
		int e = next_ent(p, pnode, &cur, key);

		if (ret)
			break;
		if (!json_object_is_type(val, json_type_object)) {
			ret = fail(p, pnode, key, CAPSIM_ERR_PARSE,
				   "expected an object (a phase), not %s", type_name(val));
			break;
		}
		ret = parse_phase(p, key, val, e >= 0 ? jsonpos_ent_child(p->pos, e) :
						  jsonpos_child(p->pos, pnode, key),
				  t, &t->phases[t->nr_phases]);
		t->nr_phases++;
	}
	if (!ret)
		ret = check_phase_clamps(p, pnode, t);
	path_pop(p, old);
	return ret;
}

/* A task without "phases": its events form one phase; its "loop" repeats that phase. */
static int parse_flat(struct rt *p, struct json_object *obj, int node, struct wl_task *t)
{
	struct wl_phase *ph = calloc(1, sizeof(*ph));

	if (!ph)
		return CAPSIM_ERR_NOMEM;
	t->phases = ph;
	t->nr_phases = 1;
	ph->loop = 1;
	ph->util_min = ph->util_max = WL_UNSET;
	ph->name = name_dup(p->wl, "");
	return ph->name ? parse_events(p, obj, node, ph) : CAPSIM_ERR_NOMEM;
}

static int parse_task(struct rt *p, struct json_object *obj, int node, struct wl_task *t)
{
	static const char *const known[] = {
		"instance", "delay", "loop", "phases", "cpus", "nodes_membind", "policy", "priority",
		"dl-runtime", "dl-period", "dl-deadline", "runtime", "period", "deadline",
		"util_min", "util_max", "taskgroup", NULL
	};
	struct json_object *phases;
	int64_t delay = 0;
	int has_phases = obj_get(obj, "phases", &phases);
	int ret;

	/* rt-app ignores events next to "phases"; only the legacy "runtime" is read there */
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (has_phases && event_kind(key) != RT_NONE && strcmp(key, "runtime"))
			return fail(p, node, key, CAPSIM_ERR_PARSE,
				    "an event beside \"phases\" (rt-app ignores it: move it into a "
				    "phase)");
	}
	ret = check_keys(p, obj, node, known, !has_phases, "a task");
	if (!ret)
		ret = parse_cpus(p, obj, node, &t->has_cpus, &t->cpus, &t->cpus_at);
	if (!ret)
		ret = check_nodes(p, obj, node);
	if (!ret)
		ret = parse_sched(p, obj, node, t);
	if (!ret)
		ret = parse_uclamp(p, obj, node, &t->util_min, &t->util_max);
	if (!ret)
		ret = parse_taskgroup(p, obj, node, &t->taskgroup, &t->taskgroup_at);
	if (!ret) {
		ret = get_int(p, obj, node, "delay", 0, RT_INT_MAX, "a non-negative integer (µs)",
			      &delay);
		ret = ret == 1 ? 0 : ret;
		t->delay_ns = (uint64_t)delay * CAPSIM_NSEC_PER_USEC;
	}
	if (!ret)
		ret = parse_loop(p, obj, node, -1, &t->loop);
	if (!ret)
		ret = has_phases ? parse_phases(p, phases, node, t) : parse_flat(p, obj, node, t);
	return ret;
}

/* ---- global ----------------------------------------------------------------------------- */

/*
 * "ftrace": a bool (deprecated) or a comma-separated list of categories, which rt-app's
 * parse_global() refuses when ftrace_setup() does not know one ("Invalid ftrace categories").
 * Known: the FTRACE_* categories of rt-app_utils.h (main, task, loop, event, stats, attrs),
 * "run" that its tutorial lists, and "none". capsim writes its own trace either way.
 */
static int check_ftrace(struct rt *p, struct json_object *g, int node)
{
	static const char *const known[] = { "none", "main", "task", "run", "loop", "event",
					     "stats", "attrs" };
	struct json_object *v;
	const char *s;

	if (!obj_get(g, "ftrace", &v) || json_object_is_type(v, json_type_boolean))
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return fail(p, node, "ftrace", CAPSIM_ERR_PARSE,
			    "expected \"none\" or a list such as \"main,task\", not %s", type_name(v));
	for (s = json_object_get_string(v); *s; s += *s == ',') {
		size_t len = strcspn(s, ","), i = 0;

		while (i < ARRAY_SIZE(known) && (strlen(known[i]) != len || strncmp(s, known[i], len)))
			i++;
		if (len && i == ARRAY_SIZE(known))
			return fail(p, node, "ftrace", CAPSIM_ERR_PARSE,
				    "unknown category \"%.*s\" (rt-app knows none, main, task, run, "
				    "loop, event, stats, attrs)", (int)len, s);
		s += len;
	}
	return 0;
}

static int parse_calibration(struct rt *p, struct json_object *g, int node)
{
	struct json_object *v;
	const char *s;
	uint64_t cpu;

	p->wl->calibration_cpu = 0; /* rt-app: "missing calibration setting force CPU0" */
	if (!obj_get(g, "calibration", &v))
		return 0;
	p->wl->calibration_at = key_pos(p, node, "calibration");
	if (json_object_is_type(v, json_type_int)) {
		int64_t ns;
		int ret = int_value(p, v, node, "calibration", 0, RT_INT_MAX,
				    "\"CPUn\" or an ns-per-loop integer (0: calibrate CPU0)", &ns);

		/* 0: rt-app calibrates on CPU0 as if there were no setting; otherwise a fixed
		 * ns-per-loop, which capsim takes as work measured on the biggest CPU */
		if (ns)
			p->wl->calibration_cpu = -1;
		p->wl->ns_per_loop = (uint32_t)ns;
		return ret;
	}
	if (!json_object_is_type(v, json_type_string))
		return fail(p, node, "calibration", CAPSIM_ERR_PARSE,
			    "expected \"CPUn\" or an ns-per-loop integer, not %s",
			    type_name(v));
	s = json_object_get_string(v);
	if (strncmp(s, "CPU", 3) || capsim_parse_u64(s + 3, &cpu) || cpu >= CAPSIM_MAX_CPUS)
		return fail(p, node, "calibration", CAPSIM_ERR_PARSE,
			    "\"%s\": expected \"CPUn\" with n a CPU number 0-255", s);
	p->wl->calibration_cpu = (int)cpu;
	return 0;
}

static int parse_global(struct rt *p, struct json_object *root)
{
	static const char *const known[] = {
		"duration", "calibration", "default_policy", "pi_enabled", "lock_pages", "logdir",
		"log_basename", "log_size", "ftrace", "gnuplot", "io_device", "mem_buffer_size",
		"cumulative_slack",
		/* legacy keys rt-app's own examples still carry ("frag" in mp3-short.json) */
		"spacing", "frag", "fragment", NULL
	};
	static const char *const bools[] = { "pi_enabled", "lock_pages", "gnuplot",
					     "cumulative_slack" };
	static const char *const strings[] = { "logdir", "log_basename", "io_device" };
	struct json_object *g, *v;
	int node = jsonpos_child(p->pos, 0, "global");
	int64_t x;
	unsigned i;
	size_t old;
	int ret = 0;

	p->mem_buffer_size = RTAPP_DEFAULT_MEM_BUF;
	p->wl->default_policy = WL_POLICY_OTHER;
	if (!obj_get(root, "global", &g))
		return 0;
	if (!json_object_is_type(g, json_type_object))
		return fail(p, 0, "global", CAPSIM_ERR_PARSE, "expected an object, not %s",
			    type_name(g));
	old = path_push(p, "global");
	ret = check_keys(p, g, node, known, 0, "global");
	for (i = 0; i < ARRAY_SIZE(bools) && !ret; i++)
		ret = check_bool(p, g, node, bools[i]);
	for (i = 0; i < ARRAY_SIZE(strings) && !ret; i++)
		ret = check_string(p, g, node, strings[i]);
	/* rt-app's log file names (setup_thread_logging()): "LOGDIR/LOG_BASENAME-THREAD.log" */
	if (!ret && obj_get(g, "logdir", &v) &&
	    !(p->wl->logdir = strdup(json_object_get_string(v))))
		ret = CAPSIM_ERR_NOMEM;
	if (!ret && obj_get(g, "log_basename", &v) &&
	    !(p->wl->log_basename = strdup(json_object_get_string(v))))
		ret = CAPSIM_ERR_NOMEM;
	if (!ret && obj_get(g, "log_size", &v) &&
	    !json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_string))
		ret = fail(p, node, "log_size", CAPSIM_ERR_PARSE,
			   "expected an integer (MB) or \"file\", \"disable\", \"auto\"");
	if (!ret)
		ret = check_ftrace(p, g, node);
	if (!ret) {
		/* rt-app's main() stops the run after duration only if it is > 0 */
		ret = get_int(p, g, node, "duration", RT_INT_MIN, RT_INT_MAX,
			      "a number of seconds (0 or less: until the tasks end)", &x);
		if (!ret && x > 0)
			p->wl->duration_ns = (uint64_t)x * CAPSIM_NSEC_PER_SEC;
		ret = ret == 1 ? 0 : ret;
	}
	if (!ret) {
		ret = get_int(p, g, node, "mem_buffer_size", 1, RT_INT_MAX,
			      "a positive integer (bytes)", &p->mem_buffer_size);
		ret = ret == 1 ? 0 : ret;
	}
	if (!ret)
		ret = parse_calibration(p, g, node);
	if (!ret) {
		ret = parse_policy(p, g, node, "default_policy", &p->wl->default_policy);
		/* SCHED_DEADLINE as a default only matters to the tasks that inherit it */
		if (ret == CAPSIM_ERR_UNSUPPORTED) {
			p->default_deadline = 1;
			ret = 0;
		}
		ret = ret == 1 ? 0 : ret;
	}
	path_pop(p, old);
	return ret;
}

/* ---- the file --------------------------------------------------------------------------- */

/*
 * The object of a task (@val in the tree, @node in jsonpos): when tasks are read apart, json-c reads
 * it now from its bytes of the file, with the depth it would have left at this level (the top
 * and "tasks" above it). Return: a reference for the caller to put, or NULL when those bytes
 * are not one object to json-c (the whole file is then read again, which says why).
 */
static struct json_object *task_value(struct rt *p, int node, struct json_object *val)
{
	struct json_object *obj;
	size_t start, end;

	if (!p->split || node < 0)
		return json_object_get(val);
	if (jsonpos_span(p->pos, node, &start, &end))
		return NULL;
	if (!p->task_tok)
		p->task_tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH - 2);
	if (!p->task_tok)
		return NULL;
	json_tokener_reset(p->task_tok);
	obj = json_tokener_parse_ex(p->task_tok, p->text + start, (int)(end - start));
	if (obj && (json_tokener_get_error(p->task_tok) != json_tokener_success ||
		    json_tokener_get_parse_end(p->task_tok) != end - start)) {
		json_object_put(obj);
		obj = NULL;
	}
	return obj;
}

/* The "instance" count of task @i, @key: 1 unless it says otherwise. */
static int task_instances(struct rt *p, unsigned i, const char *key, struct json_object *val,
			  int64_t *n)
{
	int tnode = p->tk[i].node;
	struct json_object *obj;
	size_t told;
	int ret;

	/* a task object read apart is read here only if it has the key (parse_root() checks) */
	if (p->split && tnode >= 0) {
		if (!has_key(p, tnode, "instance"))
			return 0;
		p->tk[i].instance_read = 1;
	}
	obj = task_value(p, tnode, val);
	if (!obj)
		return CAPSIM_ERR_PARSE;
	told = path_push(p, key);
	ret = get_int(p, obj, tnode, "instance", 0, WL_MAX_THREADS,
		      "0 (fork only) or a positive number of threads", n);
	path_pop(p, told);
	json_object_put(obj);
	return ret == 1 ? 0 : ret;
}

/*
 * The tasks, in the order json-c gives them, into p->tk: the keys of @tasks (json-c's object,
 * walked beside the index: see next_ent()), or with RT_INDEXED those of @node in the index.
 * Return: how many, or -1 (out of memory).
 */
static int list_tasks(struct rt *p, struct json_object *tasks, int node)
{
	unsigned n = 0;
	int cur = -1, e;

	if (p->split == RT_INDEXED)
		for (e = jsonpos_ent_next(p->pos, node, -1); e >= 0; e = jsonpos_ent_next(p->pos, node, e))
			n++;
	else
		n = (unsigned)json_object_object_length(tasks);
	if (!n)
		return 0;
	p->tk = calloc(n, sizeof(*p->tk));
	if (!p->tk)
		return -1;
	if (p->split == RT_INDEXED) {
		n = 0;
		for (e = jsonpos_ent_next(p->pos, node, -1); e >= 0; e = jsonpos_ent_next(p->pos, node, e))
			p->tk[n++] = (struct rt_task){ jsonpos_ent_name(p->pos, e), NULL, e,
						       jsonpos_ent_child(p->pos, e), 0 };
		return (int)n;
	}
	n = 0;
	json_object_object_foreach(tasks, key, val) {
		e = next_ent(p, node, &cur, key);
		p->tk[n++] = (struct rt_task){ key, val, e, e >= 0 ? jsonpos_ent_child(p->pos, e) :
							    jsonpos_child(p->pos, node, key), 0 };
	}
	return (int)n;
}

/*
 * First pass over the @n tasks of list_tasks() (@node: "tasks" in jsonpos): names and instance
 * counts, so that fork can name any task.
 */
static int collect_tasks(struct rt *p, int node, int n)
{
	capsim_workload *wl = p->wl;
	uint64_t threads = 0;
	size_t old;
	int ret = 0;

	wl->tasks = calloc((size_t)n, sizeof(*wl->tasks));
	if (!wl->tasks)
		return CAPSIM_ERR_NOMEM;
	old = path_push(p, "tasks");
	for (int i = 0; i < n && !ret; i++) {
		const struct rt_task *k = &p->tk[i];
		struct wl_task *t = &wl->tasks[i];
		int64_t x = 1;

		*t = (struct wl_task){ .util_min = WL_UNSET, .util_max = WL_UNSET };
		t->name = name_dup(wl, k->name);
		wl->nr_tasks++;
		if (!t->name)
			ret = CAPSIM_ERR_NOMEM;
		if (k->ent >= 0) {
			struct jsonpos_at at = jsonpos_ent_pos(p->pos, k->ent);

			t->at = (struct wl_pos){ at.line, at.col };
		} else {
			t->at = key_pos(p, node, k->name);
		}
		if (!ret)
			ret = check_name(p, node, k->name, k->name, "task name");
		/* a task object read apart stands in the tree as a 0 */
		if (!ret && !(p->split && k->node >= 0) && !json_object_is_type(k->val, json_type_object))
			ret = fail(p, node, k->name, CAPSIM_ERR_PARSE,
				   "expected an object (a task), not %s", type_name(k->val));
		if (!ret)
			ret = task_instances(p, (unsigned)i, k->name, k->val, &x);
		t->instances = (unsigned)x;
		threads += (uint64_t)x;
		if (!ret && threads > WL_MAX_THREADS)
			ret = fail(p, node, k->name, CAPSIM_ERR_RANGE,
				   "%llu threads in all: capsim simulates at most %u",
				   (unsigned long long)threads, WL_MAX_THREADS);
	}
	wl->nr_threads = (unsigned)threads;
	path_pop(p, old);
	return ret;
}

/* rt-app keeps a timer's mode on the timer: one "absolute" use makes every use absolute. */
static int finish(struct rt *p)
{
	capsim_workload *wl = p->wl;
	unsigned char *abs = calloc(wl->nr_resources + 1, 1);
	unsigned pass, t, ph, e;

	if (!abs)
		return CAPSIM_ERR_NOMEM;
	for (pass = 0; pass < 2; pass++)
		for (t = 0; t < wl->nr_tasks; t++)
			for (ph = 0; ph < wl->tasks[t].nr_phases; ph++)
				for (e = 0; e < wl->tasks[t].phases[ph].nr_events; e++) {
					struct wl_event *ev = &wl->tasks[t].phases[ph].events[e];

					if (ev->type != WL_EV_TIMER)
						continue;
					if (!pass)
						abs[ev->res] |= ev->absolute;
					else
						ev->absolute = abs[ev->res];
				}
	free(abs);
	return 0;
}

/* The tutorial: "barrier can't be used with fork event" (the users are counted at parse time). */
static int check_barrier_fork(struct rt *p, int tasks_node)
{
	capsim_workload *wl = p->wl;
	unsigned t, ph, e;

	for (t = 0; t < wl->nr_tasks; t++) {
		const struct wl_task *tk = &wl->tasks[t];

		if (!tk->forked)
			continue;
		for (ph = 0; ph < tk->nr_phases; ph++)
			for (e = 0; e < tk->phases[ph].nr_events; e++)
				if (tk->phases[ph].events[e].type == WL_EV_BARRIER) {
					size_t old = path_push(p, "tasks");
					int ret = fail(p, tasks_node, tk->name, CAPSIM_ERR_INVALID,
						       "a task started by fork uses barrier \"%s\" (rt-app:"
						       " \"barrier can't be used with fork event\")",
						       wl->resources[tk->phases[ph].events[e].res].name);

					path_pop(p, old);
					return ret;
				}
	}
	return 0;
}

static int parse_root(struct rt *p, struct json_object *root)
{
	static const char *const known[] = { "tasks", "global", "resources", NULL };
	struct json_object *tasks;
	int node = jsonpos_child(p->pos, 0, "tasks");
	unsigned i;
	int ret, n;

	if (!json_object_is_type(root, json_type_object))
		return fail(p, -1, NULL, CAPSIM_ERR_PARSE,
			    "expected an object with \"tasks\" (an rt-app workload), not %s",
			    type_name(root));
	ret = check_keys(p, root, 0, known, 0, "the top level");
	if (ret)
		return ret;
	if (!obj_get(root, "tasks", &tasks))
		return fail(p, 0, NULL, CAPSIM_ERR_PARSE,
			    "missing \"tasks\" (rt-app requires a tasks object)");
	n = json_object_is_type(tasks, json_type_object) ? list_tasks(p, tasks, node) : 0;
	if (n < 0)
		return CAPSIM_ERR_NOMEM;
	if (!n)
		return fail(p, 0, "tasks", CAPSIM_ERR_PARSE, "expected a non-empty object of tasks");
	ret = parse_global(p, root);
	if (!ret)
		ret = collect_tasks(p, node, n);
	for (i = 0; !ret && i < p->wl->nr_tasks; i++) {
		const char *key = p->tk[i].name;
		int tnode = p->tk[i].node;
		struct json_object *obj;
		size_t old;

		obj = task_value(p, tnode, p->tk[i].val);
		/* collect_tasks() took "instance" as absent if jsonpos does not see it */
		if (!obj || (p->split && tnode >= 0 &&
			     obj_get(obj, "instance", NULL) !=
			     p->tk[i].instance_read)) {
			json_object_put(obj);
			ret = CAPSIM_ERR_PARSE;
			break;
		}
		p->task = (int)i;
		p->task_res0 = p->wl->nr_resources;
		old = path_push(p, "tasks");
		path_push(p, key);
		ret = parse_task(p, obj, tnode, &p->wl->tasks[i]);
		path_pop(p, old);
		json_object_put(obj);
	}
	if (!ret)
		ret = check_barrier_fork(p, node);
	return ret ? ret : finish(p);
}

/* json-c stops after the first value; only blanks and comments may follow it. */
static int check_trailing(struct rt *p, const char *text, size_t len, size_t end)
{
	size_t i = end;

	while (i < len) {
		if (strchr(" \t\r\n\f\v", text[i])) {
			i++;
		} else if (text[i] == '/' && i + 1 < len && text[i + 1] == '/') {
			while (i < len && text[i] != '\n')
				i++;
		} else if (text[i] == '/' && i + 1 < len && text[i + 1] == '*') {
			const char *e = NULL;
			size_t j;

			for (j = i + 2; j + 1 < len && !e; j++)
				if (text[j] == '*' && text[j + 1] == '/')
					e = text + j;
			if (!e)
				break;
			i = (size_t)(e - text) + 2;
		} else {
			break;
		}
	}
	if (i < len) {
		struct jsonpos_at at = jsonpos_offset(p->pos, i);

		return capsim_error_set(p->err, CAPSIM_ERR_PARSE,
					"%s:%u:%u: text after the end of the JSON object (rt-app "
					"ignores it; expected nothing but blanks and comments)",
					p->file, at.line, at.col);
	}
	return 0;
}

/* The first \\u0000 escape of @text (its backslash not itself escaped), or NULL. */
static const char *escaped_nul(const char *text, size_t len)
{
	const char *bs = len >= 6 ? memchr(text, '\\', len - 5) : NULL;

	for (; bs; bs = memchr(bs + 1, '\\', len - 5 - (size_t)(bs + 1 - text))) {
		size_t i = (size_t)(bs - text), k = i;

		if (memcmp(text + i + 1, "u0000", 5))
			continue;
		while (k > 0 && text[k - 1] == '\\')
			k--;
		if ((i - k) % 2 == 0)
			return text + i;
	}
	return NULL;
}

/*
 * How the tasks can be read (see the top): one at a time (RT_APART) when the index found
 * "tasks" and every task object in it closed, and with their names from the index (RT_INDEXED)
 * when that object is plain JSON besides.
 */
static enum rt_reading reading_of(struct rt *p)
{
	size_t start, end;
	int n = -1;

	p->tasks_node = jsonpos_child(p->pos, 0, "tasks");
	if (p->tasks_node < 0)
		return RT_WHOLE;
	if (jsonpos_plain_object(p->pos, p->tasks_node))
		return RT_INDEXED;
	while ((n = jsonpos_next_child(p->pos, p->tasks_node, n)) >= 0)
		if (jsonpos_span(p->pos, n, &start, &end))
			return RT_WHOLE;
	return RT_APART;
}

/*
 * A copy of @text without the tasks' contents, for json-c to read: each task object is a 0, or
 * with RT_INDEXED the "tasks" object is {}. Its length into *@len. Its offsets are not the
 * file's, and need not be: any failure of this reading reads the whole file again, which says
 * where (capsim_workload_parse()).
 */
static char *strip_tasks(struct rt *p, const char *text, size_t *len)
{
	char *copy = malloc(*len + 1), *o = copy;
	size_t start, end, from = 0;
	int n = -1;

	if (!copy)
		return NULL;
	if (p->split == RT_INDEXED) {
		jsonpos_span(p->pos, p->tasks_node, &start, &end);
		memcpy(o, text, start + 1);             /* up to its '{' */
		o += start + 1;
		from = end - 1;                         /* from its '}' */
	}
	while (p->split == RT_APART && (n = jsonpos_next_child(p->pos, p->tasks_node, n)) >= 0) {
		jsonpos_span(p->pos, n, &start, &end);
		memcpy(o, text + from, start - from);
		o += start - from;
		*o++ = '0';
		from = end;
	}
	memcpy(o, text + from, *len - from);
	*len = (size_t)(o + (*len - from) - copy);
	return copy;
}

static int tokenize(struct rt *p, const char *text, size_t len, struct json_object **root)
{
	char *stripped = NULL;
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	const char *nul = memchr(text, '\0', len);
	struct jsonpos_at at;
	size_t end;
	int ret = 0;

	if (nul) {
		at = jsonpos_offset(p->pos, (size_t)(nul - text));
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE,
					"%s:%u:%u: a NUL byte (expected JSON text)", p->file, at.line,
					at.col);
	}
	nul = escaped_nul(text, len);
	if (nul) {
		at = jsonpos_offset(p->pos, (size_t)(nul - text));
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE,
					"%s:%u:%u: a \\u0000 escape (a NUL in a string: json-c and "
					"rt-app would cut the name there; expected none)", p->file,
					at.line, at.col);
	}
	if (p->split) {
		stripped = strip_tasks(p, text, &len);
		if (!stripped)
			return CAPSIM_ERR_NOMEM;
		text = stripped;
	}
	tok = json_tokener_new();
	if (!tok) {
		free(stripped);
		return CAPSIM_ERR_NOMEM;
	}
	*root = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jsonpos_parse_oom(*root, jerr)) {
		ret = CAPSIM_ERR_NOMEM; /* "FILE: out of memory", parse_text() says */
	} else if (jerr == json_tokener_continue) {
		at = jsonpos_offset(p->pos, len);
		ret = capsim_error_set(p->err, CAPSIM_ERR_PARSE,
				       "%s:%u:%u: unexpected end of the file (expected a complete JSON "
				       "object; truncated?)", p->file, at.line, at.col);
	} else if (jerr != json_tokener_success) {
		at = jsonpos_offset(p->pos, end);
		ret = capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s:%u:%u: JSON syntax error: %s",
				       p->file, at.line, at.col, json_tokener_error_desc(jerr));
	} else {
		ret = check_trailing(p, text, len, end);
	}
	free(stripped);
	if (ret) {
		json_object_put(*root);
		*root = NULL;
	}
	return ret;
}

/*
 * A note for each key given again in one object (at most WL_MAX_DUP_NOTES, then how many more):
 * rt-app runs such a file as json-c reads it, the value of the last occurrence at the place of
 * the first (json_object_object_add() replaces in place), and so does capsim, but the file may
 * mean two events where rt-app runs one. Return: 0 or CAPSIM_ERR_NOMEM.
 */
static int duplicate_notes(struct rt *p)
{
	capsim_workload *wl = p->wl;
	unsigned all, n = jsonpos_nr_duplicates(p->pos, &all);
	char where[1024], note[1280];

	if (!all)
		return 0;
	if (n > WL_MAX_DUP_NOTES)
		n = WL_MAX_DUP_NOTES;
	wl->notes = calloc(n + (all > n), sizeof(*wl->notes));
	if (!wl->notes)
		return CAPSIM_ERR_NOMEM;
	for (unsigned i = 0; i <= n; i++) {
		if (i < n) {
			jsonpos_duplicate_where(p->pos, i, p->file, where, sizeof(where));
			snprintf(note, sizeof(note), "%s): rt-app keeps the last value at the first "
				 "place, and so does capsim%s", where,
				 event_kind(jsonpos_duplicate_key(p->pos, i)) != RT_NONE ?
				 "; number repeated events (run0, run1) for two" : "");
		} else if (all > n) {
			snprintf(note, sizeof(note), "%s: %u more keys given twice in one object, "
				 "read the same way (not listed)", p->file, all - n);
		} else {
			break;
		}
		wl->notes[wl->nr_notes] = strdup(note);
		if (!wl->notes[wl->nr_notes++])
			return CAPSIM_ERR_NOMEM;
	}
	return 0;
}

/* One reading of the file; *@split: whether its tasks may be read one at a time, and were. */
static int parse_text(const char *text, size_t len, const char *name, int *split,
		      capsim_workload **out, capsim_error *err)
{
	struct rt p = { .file = name ? name : "<workload>", .err = err, .text = text, .ev_ent = -1 };
	struct json_object *root = NULL;
	unsigned i;
	int ret;

	p.wl = calloc(1, sizeof(*p.wl));
	if (!p.wl || jsonpos_build(text, len, &p.pos)) {
		free(p.wl);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", p.file);
	}
	atomic_init(&p.wl->refs, 1);
	p.has_dups = jsonpos_nr_duplicates(p.pos, NULL) > 0;
	p.split = *split ? reading_of(&p) : RT_WHOLE;
	*split = p.split != RT_WHOLE;
	p.wl->source = strdup(p.file);
	ret = p.wl->source ? tokenize(&p, text, len, &root) : CAPSIM_ERR_NOMEM;
	if (!ret)
		ret = parse_root(&p, root);
	/* after the errors: a file that fails gets its error alone */
	if (!ret)
		ret = duplicate_notes(&p);
	if (ret == CAPSIM_ERR_NOMEM)
		capsim_error_set(err, ret, "%s: out of memory", p.file);
	json_object_put(root);
	if (p.task_tok)
		json_tokener_free(p.task_tok);
	jsonpos_free(p.pos);
	free(p.res_map.slots);
	free(p.task_map.slots);
	free(p.tk);
	for (i = 0; i < p.nr_memruns; i++)
		free(p.memruns[i].name);
	free(p.memruns);
	if (ret) {
		capsim_workload_free(p.wl);
		return ret;
	}
	*out = p.wl;
	return 0;
}

int capsim_workload_parse(const char *text, size_t len, const char *name, capsim_workload **out,
			  capsim_error *err)
{
	int split = 1, ret;

	*out = NULL;
	ret = input_check_size(name ? name : "<workload>", len, err);
	if (ret)
		return ret;
	ret = parse_text(text, len, name, &split, out, err);
	/* a failure of the reading task by task is told as the whole file's reading tells it */
	if (ret && split) {
		split = 0;
		ret = parse_text(text, len, name, &split, out, err);
	}
	return ret;
}

int capsim_workload_load(const char *path, capsim_workload **out, capsim_error *err)
{
	char *buf;
	size_t len;
	int ret;

	*out = NULL;
	ret = input_read_file(path, &buf, &len, err);
	if (ret)
		return ret;
	ret = capsim_workload_parse(buf, len, path, out, err);
	free(buf);
	return ret;
}

capsim_workload *wl_ref(capsim_workload *wl)
{
	atomic_fetch_add_explicit(&wl->refs, 1, memory_order_relaxed);
	return wl;
}

void capsim_workload_free(capsim_workload *wl)
{
	unsigned t, ph, r;

	/* acq_rel: the last holder sees every other holder's reads done before it frees */
	if (!wl || atomic_fetch_sub_explicit(&wl->refs, 1, memory_order_acq_rel) > 1)
		return;
	for (t = 0; t < wl->nr_tasks; t++) {
		for (ph = 0; ph < wl->tasks[t].nr_phases; ph++)
			free(wl->tasks[t].phases[ph].events);
		free(wl->tasks[t].phases);
	}
	while (wl->names) {
		struct wl_names *next = wl->names->next;

		free(wl->names);
		wl->names = next;
	}
	free(wl->tasks);
	free(wl->resources);
	for (r = 0; r < wl->nr_notes; r++)
		free(wl->notes[r]);
	free(wl->notes);
	free(wl->source);
	free(wl->logdir);
	free(wl->log_basename);
	free(wl);
}

unsigned capsim_workload_nr_notes(const capsim_workload *wl)
{
	return wl ? wl->nr_notes : 0;
}

const char *capsim_workload_note(const capsim_workload *wl, unsigned i)
{
	return wl && i < wl->nr_notes ? wl->notes[i] : NULL;
}
