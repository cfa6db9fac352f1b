// SPDX-License-Identifier: MIT
/*
 * scenario_events.c - the timeline of a scenario: parsing the "events" array (json-c) and the
 * --max-freq / --hw-cap CLI forms, expanding LMh-like burst patterns with a seeded generator,
 * merging overlapping HW throttling into per-CPU effective caps and sorting everything into
 * the deterministic list the simulator applies (see scenario_events.h, docs/formats.md).
 *
 * What the events stand for in the kernel: a qos event is freq_qos_add/update_request() on the
 * policy's constraints (scaling_max_freq is policy->max_freq_req); clearing it is
 * freq_qos_remove_request(); hw_cap is what qcom_lmh_dcvs_notify() reports; cdev_state is a
 * write to /sys/class/thermal/cooling_deviceN/cur_state; uclamp is sched_setattr().
 */
#include <inttypes.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/scenario_events.h"

#include "internal.h"
#include "input/jsonpos.h"

struct scn_episode {
	uint64_t start, end, order;
	capsim_cpumask cpus;
	uint32_t khz;
	const char *where;
};

struct scn_bursts {
	uint64_t start, until, every, duration, jitter, seed, order;
	int has_until;
	capsim_cpumask cpus;
	uint32_t khz;
	const char *where;
};

struct scn_events {
	char **strings; /* what the events' name and where point to */
	unsigned nr_strings, cap_strings;
	struct scn_event *ev;
	unsigned nr, cap;
	struct scn_episode *eps;
	unsigned nr_eps, cap_eps;
	struct scn_bursts *bursts;
	unsigned nr_bursts, cap_bursts;
	struct scn_khz_claim *claims;
	unsigned nr_claims, cap_claims;
	uint64_t next_order;
	int finished;
};

static const char *const type_names[] = {
	[SCN_EV_QOS_SET] = "qos",        [SCN_EV_QOS_CLEAR] = "qos_clear",
	[SCN_EV_HW_CAP] = "hw_cap",      [SCN_EV_CDEV_STATE] = "cdev_state",
	[SCN_EV_TASK_START] = "task_start", [SCN_EV_TASK_STOP] = "task_stop",
	[SCN_EV_UCLAMP] = "uclamp",
};

const char *scn_event_type_name(enum scn_event_type type)
{
	return (unsigned)type < ARRAY_SIZE(type_names) ? type_names[type] : "?";
}

scn_events *scn_events_new(void)
{
	return calloc(1, sizeof(struct scn_events));
}

void scn_events_free(scn_events *ev)
{
	if (!ev)
		return;
	for (unsigned i = 0; i < ev->nr_strings; i++)
		free(ev->strings[i]);
	free(ev->strings);
	free(ev->ev);
	free(ev->eps);
	free(ev->bursts);
	free(ev->claims);
	free(ev);
}

/* grow *@arr (of @size-byte items, *@cap allocated) to hold one more beyond @nr */
static int grow(void **arr, unsigned *cap, unsigned nr, size_t size, capsim_error *err)
{
	unsigned ncap;
	void *p;

	if (nr < *cap)
		return 0;
	if (nr >= SCN_MAX_EVENTS)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"more than %u events (expected fewer)", SCN_MAX_EVENTS);
	ncap = *cap ? *cap * 2 : 16;
	p = realloc(*arr, (size_t)ncap * size);
	if (!p)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	*arr = p;
	*cap = ncap;
	return 0;
}

static int push_event(scn_events *ev, const struct scn_event *e, capsim_error *err)
{
	int ret = grow((void **)&ev->ev, &ev->cap, ev->nr, sizeof(*e), err);

	if (!ret)
		ev->ev[ev->nr++] = *e;
	return ret;
}

static int push_episode(scn_events *ev, const struct scn_episode *e, capsim_error *err)
{
	int ret = grow((void **)&ev->eps, &ev->cap_eps, ev->nr_eps, sizeof(*e), err);

	if (!ret)
		ev->eps[ev->nr_eps++] = *e;
	return ret;
}

/* a copy of @s owned by the list */
static const char *intern(scn_events *ev, const char *s, capsim_error *err)
{
	char *copy;

	if (grow((void **)&ev->strings, &ev->cap_strings, ev->nr_strings, sizeof(char *), err))
		return NULL;
	copy = strdup(s);
	if (!copy) {
		capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		return NULL;
	}
	ev->strings[ev->nr_strings++] = copy;
	return copy;
}

int scn_events_claim_khz(scn_events *ev, const struct scn_khz_claim *c, capsim_error *err)
{
	struct scn_khz_claim *n;

	if (grow((void **)&ev->claims, &ev->cap_claims, ev->nr_claims, sizeof(*c), err))
		return err ? err->code : CAPSIM_ERR_NOMEM;
	n = &ev->claims[ev->nr_claims];
	*n = *c;
	n->where = intern(ev, c->where, err);
	if (!n->where)
		return err ? err->code : CAPSIM_ERR_NOMEM;
	ev->nr_claims++;
	return 0;
}

unsigned scn_events_nr_claims(const scn_events *ev)
{
	return ev->nr_claims;
}

const struct scn_khz_claim *scn_events_get_claim(const scn_events *ev, unsigned i)
{
	return &ev->claims[i];
}

/* --- values ----------------------------------------------------------------------------- */

/* a time or duration: a string with a unit ("2s", "150ms"; bare: seconds), as the scenario's */
static int parse_time(const char *s, uint64_t *out)
{
	return capsim_parse_duration_ns(s, CAPSIM_NSEC_PER_SEC, out);
}

int scn_json_time(struct json_object *o, uint64_t *out)
{
	if (json_object_is_type(o, json_type_string))
		return parse_time(json_object_get_string(o), out);
	if (json_object_is_type(o, json_type_int)) {
		int64_t v = json_object_get_int64(o);

		if (v < 0 || (uint64_t)v > CAPSIM_MAX_DURATION_NS / CAPSIM_NSEC_PER_SEC)
			return CAPSIM_ERR_RANGE;
		*out = (uint64_t)v * CAPSIM_NSEC_PER_SEC;
		return 0;
	}
	/*
	 * A fraction of seconds is read from the digits the file wrote (json-c keeps them for a
	 * parsed double), as "1.5s" is: exact to the ns, and a finer one refused, not rounded.
	 */
	if (json_object_is_type(o, json_type_double)) {
		const char *text = json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN);

		return text[0] == '-' ? CAPSIM_ERR_RANGE : parse_time(text, out);
	}
	return CAPSIM_ERR_PARSE;
}

static int json_freq(struct json_object *o, uint32_t *out, bool *bare)
{
	if (json_object_is_type(o, json_type_string)) {
		*bare = capsim_is_bare_number(json_object_get_string(o));
		return capsim_parse_freq_khz(json_object_get_string(o), out);
	}
	if (json_object_is_type(o, json_type_int)) {
		int64_t v = json_object_get_int64(o);

		if (v <= 0 || v > INT32_MAX)
			return CAPSIM_ERR_RANGE;
		*out = (uint32_t)v;
		*bare = true;
		return 0;
	}
	return CAPSIM_ERR_PARSE;
}

static int json_uint(struct json_object *o, int64_t max, int64_t *out)
{
	if (!json_object_is_type(o, json_type_int))
		return CAPSIM_ERR_PARSE;
	*out = json_object_get_int64(o);
	return *out < 0 || *out > max ? CAPSIM_ERR_RANGE : 0;
}


static int json_cpus(struct json_object *o, capsim_cpumask *out)
{
	if (!json_object_is_type(o, json_type_string))
		return CAPSIM_ERR_PARSE;
	if (capsim_parse_cpulist(json_object_get_string(o), out))
		return CAPSIM_ERR_PARSE;
	return capsim_cpumask_weight(out) ? 0 : CAPSIM_ERR_RANGE;
}

static int json_name(struct json_object *o, char *out)
{
	const char *s;

	if (!json_object_is_type(o, json_type_string))
		return CAPSIM_ERR_PARSE;
	s = json_object_get_string(o);
	if (!*s || strlen(s) >= SCN_NAME_MAX)
		return CAPSIM_ERR_RANGE;
	strcpy(out, s);
	return 0;
}

/* --- one JSON event: {"at": T, KIND: {...}} ---------------------------------------------- */

struct field {
	const char *key;
	const char *expect;
	int required;
};

/* the keys each kind's body takes; anything else is a typo and an error */
struct kind {
	const char *name;
	const struct field *fields;
	enum scn_event_type type; /* hw_bursts: expanded into SCN_EV_HW_CAP */
};

#define TIME_EXPECT "seconds, or a string such as \"20ms\""

static const struct field f_hw_bursts[] = {
	{ "cpus", "a CPU list such as \"4-7\"", 1 },
	{ "khz", "a frequency: kHz as an integer > 0, or a string such as \"1.8GHz\"", 1 },
	{ "every", "a period > 0: " TIME_EXPECT, 1 },
	{ "duration", "a duration in (0, every]: " TIME_EXPECT, 1 },
	{ "until", "a time after \"at\": " TIME_EXPECT, 0 },
	{ "jitter", "a duration in [0, every - duration]: " TIME_EXPECT, 0 },
	{ "seed", "an integer >= 0", 0 }, { NULL, NULL, 0 },
};
static const struct field f_cooling[] = {
	{ "cdev", "a cooling device name such as \"thermal-cpufreq-1\"", 1 },
	{ "state", "an integer cooling state >= 0", 1 }, { NULL, NULL, 0 },
};
static const struct field f_task[] = {
	{ "task", "a task name of the workload", 1 }, { NULL, NULL, 0 },
};
static const struct field f_uclamp[] = {
	{ "task", "a task name of the workload", 1 }, { "min", "an integer 0..1024", 0 },
	{ "max", "an integer 0..1024", 0 }, { NULL, NULL, 0 },
};

static const struct kind kinds[] = {
	{ "hw_bursts", f_hw_bursts, SCN_EV_HW_CAP },
	{ "cooling_state", f_cooling, SCN_EV_CDEV_STATE },
	{ "task_start", f_task, SCN_EV_TASK_START },
	{ "task_stop", f_task, SCN_EV_TASK_STOP },
	{ "uclamp", f_uclamp, SCN_EV_UCLAMP },
};

#define KINDS_EXPECT "hw_bursts, cooling_state, task_start, task_stop or uclamp"

const char *scn_events_kind_of(const char *key)
{
	for (unsigned i = 0; i < ARRAY_SIZE(kinds); i++)
		if (!strcmp(kinds[i].name, key))
			return kinds[i].name;
	return NULL;
}

static const struct field *find_field(const struct field *f, const char *key)
{
	for (; f->key; f++)
		if (!strcmp(f->key, key))
			return f;
	return NULL;
}

static int bad_value(capsim_error *err, int code, const char *where, const char *kind,
		     const char *key, const struct field *f)
{
	return capsim_error_set(err, code == CAPSIM_ERR_RANGE ? CAPSIM_ERR_RANGE : CAPSIM_ERR_PARSE,
				"%s.%s.%s: %s (expected %s)", where, kind, key,
				code == CAPSIM_ERR_RANGE ? "out of range" : "wrong type or format",
				f->expect);
}

/* the body's keys: no unknown key, every required key present */
static int check_keys(struct json_object *o, const struct kind *k, const char *where,
		      capsim_error *err)
{
	const struct field *f;

	json_object_object_foreach(o, key, val) {
		(void)val;
		if (!find_field(k->fields, key)) {
			const char *names[32], *near;
			size_t n = 0;

			for (f = k->fields; f->key && n < ARRAY_SIZE(names); f++)
				names[n++] = f->key;
			near = capsim_suggest(key, names, n);
			return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s.%s: unknown key \"%s\"%s%s%s",
						where, k->name, key, near ? " (did you mean \"" : "",
						near ? near : "", near ? "\"?)" : "");
		}
	}
	for (f = k->fields; f->key; f++)
		if (f->required && !json_object_object_get_ex(o, f->key, NULL))
			return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s.%s: missing \"%s\" (expected %s)",
						where, k->name, f->key, f->expect);
	return 0;
}

struct raw {
	struct scn_event e;
	char name[SCN_NAME_MAX];
	uint64_t duration, every, until, jitter;
	int64_t seed;
	int has_until;
};

static int read_field(struct raw *r, const char *key, struct json_object *v)
{
	int64_t n = 0;
	int ret;

	if (!strcmp(key, "khz"))
		return json_freq(v, &r->e.khz, &r->e.bare_khz);
	if (!strcmp(key, "cpus"))
		return json_cpus(v, &r->e.cpus);
	if (!strcmp(key, "duration"))
		return scn_json_time(v, &r->duration);
	if (!strcmp(key, "every"))
		return scn_json_time(v, &r->every);
	if (!strcmp(key, "until"))
		return r->has_until = 1, scn_json_time(v, &r->until);
	if (!strcmp(key, "jitter"))
		return scn_json_time(v, &r->jitter);
	if (!strcmp(key, "seed"))
		return json_uint(v, INT64_MAX, &r->seed);
	if (!strcmp(key, "cdev") || !strcmp(key, "task"))
		return json_name(v, r->name);
	if (!strcmp(key, "state")) {
		ret = json_uint(v, 1000000, &n);
		r->e.state = (unsigned long)n;
		return ret;
	}
	/* "min" / "max" */
	ret = json_uint(v, SCHED_CAPACITY_SCALE, &n);
	*(key[1] == 'i' ? &r->e.uclamp_min : &r->e.uclamp_max) = (int)n;
	return ret;
}

static int add_bursts(scn_events *ev, const struct raw *r, const char *where, capsim_error *err)
{
	struct scn_bursts b = {
		.start = r->e.t_ns, .until = r->until, .every = r->every, .duration = r->duration,
		.jitter = r->jitter, .seed = (uint64_t)r->seed, .order = r->e.order,
		.has_until = r->has_until, .cpus = r->e.cpus, .khz = r->e.khz, .where = where,
	};
	int ret;

	if (!b.every || !b.duration || b.duration > b.every)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"%s.hw_bursts: every %" PRIu64 " ns, duration %" PRIu64 " ns (expected 0 < "
			"duration <= every)", where, b.every, b.duration);
	if (b.jitter > b.every - b.duration)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"%s.hw_bursts.jitter: above every - duration (expected bursts that do not "
			"overlap)", where);
	if (b.has_until && b.until <= b.start)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"%s.hw_bursts.until: not after \"at\" (expected until > at)", where);
	ret = grow((void **)&ev->bursts, &ev->cap_bursts, ev->nr_bursts, sizeof(b), err);
	if (!ret)
		ev->bursts[ev->nr_bursts++] = b;
	return ret;
}

static int add_hw_episode(scn_events *ev, uint64_t start, uint64_t duration,
			  const capsim_cpumask *cpus, uint32_t khz, uint64_t order, const char *where,
			  capsim_error *err)
{
	struct scn_episode e = { start, start + duration, order, *cpus, khz, where };

	if (!duration || duration > CAPSIM_MAX_DURATION_NS - start)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"%s: duration %" PRIu64 " ns (expected > 0, ending within 100 years)", where,
			duration);
	return push_episode(ev, &e, err);
}

/* the body of @k in @o at time @r->e.t_ns */
static int add_body(scn_events *ev, const struct kind *k, struct json_object *body,
		    struct raw *r, const char *where, capsim_error *err)
{
	int ret;

	if (!json_object_is_type(body, json_type_object))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s.%s: expected an object", where,
					k->name);
	CAPSIM_RETURN_IF((ret = check_keys(body, k, where, err)), ret);
	json_object_object_foreach(body, key, val) {
		ret = read_field(r, key, val);
		if (ret)
			return bad_value(err, ret, where, k->name, key, find_field(k->fields, key));
	}
	if (k->type == SCN_EV_UCLAMP && r->e.uclamp_min != SCN_UCLAMP_UNCHANGED &&
	    r->e.uclamp_max != SCN_UCLAMP_UNCHANGED && r->e.uclamp_min > r->e.uclamp_max)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"%s.uclamp: min %d above max %d (expected min <= max)", where,
					r->e.uclamp_min, r->e.uclamp_max);
	where = intern(ev, where, err);
	if (!where)
		return err ? err->code : CAPSIM_ERR_NOMEM;
	if (r->e.bare_khz) {
		struct scn_khz_claim c = { .khz = r->e.khz, .cpus = r->e.cpus, .where = where };

		CAPSIM_RETURN_IF((ret = scn_events_claim_khz(ev, &c, err)), ret);
	}
	if (k->type == SCN_EV_HW_CAP)
		return add_bursts(ev, r, where, err);
	r->e.type = k->type;
	r->e.where = where;
	r->e.name = intern(ev, r->name, err);
	if (!r->e.name)
		return err ? err->code : CAPSIM_ERR_NOMEM;
	return push_event(ev, &r->e, err);
}

int scn_events_add_json_event(scn_events *ev, struct json_object *o, const char *where,
			      capsim_error *err)
{
	const struct kind *k = NULL;
	struct json_object *body = NULL, *at;
	struct raw r;
	int ret;

	memset(&r, 0, sizeof(r));
	r.e.uclamp_min = r.e.uclamp_max = SCN_UCLAMP_UNCHANGED;
	r.e.order = ev->next_order++ << 32;
	if (!json_object_is_type(o, json_type_object))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: expected an object", where);
	if (!json_object_object_get_ex(o, "at", &at))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: missing \"at\" (expected the "
					"time: " TIME_EXPECT ")", where);
	ret = scn_json_time(at, &r.e.t_ns);
	if (ret)
		return capsim_error_set(err, ret, "%s.at: %s (expected " TIME_EXPECT ", at most 100 "
					"years)", where, ret == CAPSIM_ERR_RANGE ? "out of range"
										  : "wrong type or format");
	json_object_object_foreach(o, key, val) {
		if (!strcmp(key, "at"))
			continue;
		for (unsigned i = 0; !body && i < ARRAY_SIZE(kinds); i++)
			if (!strcmp(kinds[i].name, key))
				k = &kinds[i];
		if (body || !k)
			return capsim_error_set(err, CAPSIM_ERR_PARSE,
				"%s: \"%s\": expected exactly one of " KINDS_EXPECT " beside \"at\"",
				where, key);
		body = val;
	}
	if (!body)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
					"%s: expected one of " KINDS_EXPECT " beside \"at\"", where);
	return add_body(ev, k, body, &r, where, err);
}

int scn_events_add_json(scn_events *ev, struct json_object *arr, const char *file,
			const char *path, capsim_error *err)
{
	char where[SCN_WHERE_MAX + 256];
	size_t i, n;
	int ret;

	if (!json_object_is_type(arr, json_type_array))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: %s: expected an array of events",
					file, path);
	n = json_object_array_length(arr);
	for (i = 0; i < n; i++) {
		snprintf(where, sizeof(where), "%s: %s[%zu]", file, path, i);
		ret = scn_events_add_json_event(ev, json_object_array_get_idx(arr, i), where, err);
		if (ret)
			return ret;
	}
	return 0;
}

/* line and column of byte @off in @text, 1-based */
static void line_col(const char *text, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++, (*col)++)
		if (text[i] == '\n')
			(*line)++, *col = 0;
}

int scn_events_parse_json(scn_events *ev, const char *text, size_t len, const char *name,
			  capsim_error *err)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root, *arr;
	unsigned line, col;
	int ret;

	if (!tok)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (len > INT32_MAX) {
		json_tokener_free(tok);
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: file too large", name);
	}
	root = json_tokener_parse_ex(tok, text, (int)len);
	if (!root || json_tokener_get_parse_end(tok) < len) {
		enum json_tokener_error jerr = json_tokener_get_error(tok);
		size_t end = json_tokener_get_parse_end(tok);

		line_col(text, end < len ? end : len, &line, &col);
		json_object_put(root);
		json_tokener_free(tok);
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%u:%u: %s (expected JSON)", name,
					line, col,
					jerr == json_tokener_success ? "text after the JSON value"
								     : json_tokener_error_desc(jerr));
	}
	json_tokener_free(tok);
	/* json-c keeps the last of two values: an events file means one of them */
	ret = jsonpos_check_duplicates(text, len, name, err);
	if (ret) {
		json_object_put(root);
		return ret;
	}
	arr = root;
	if (json_object_is_type(root, json_type_object) &&
	    !json_object_object_get_ex(root, "events", &arr)) {
		json_object_put(root);
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: missing \"events\"", name);
	}
	ret = scn_events_add_json(ev, arr, name, "events", err);
	json_object_put(root);
	return ret;
}

/* --- the CLI forms ----------------------------------------------------------------------- */

/* split "A=B[@C[+D]]" in @buf into its parts (NULL when absent) */
static int split_arg(char *buf, char **a, char **b, char **c, char **d)
{
	*a = buf;
	*b = strchr(buf, '=');
	if (!*b)
		return CAPSIM_ERR_PARSE;
	*(*b)++ = 0;
	*c = strchr(*b, '@');
	if (*c)
		*(*c)++ = 0;
	*d = *c ? strchr(*c, '+') : NULL;
	if (*d)
		*(*d)++ = 0;
	return 0;
}

/* --max-freq / --min-freq POLICY=KHZ[@T]: the scaling_max_freq / scaling_min_freq request */
static int add_freq(scn_events *ev, enum scn_qos_type qos, const char *arg, capsim_error *err)
{
	struct scn_event e = { .type = SCN_EV_QOS_SET, .qos = qos,
			       .uclamp_min = SCN_UCLAMP_UNCHANGED,
			       .uclamp_max = SCN_UCLAMP_UNCHANGED };
	const char *opt = qos == SCN_QOS_MAX ? "--max-freq" : "--min-freq";
	char buf[160], *pol, *khz, *at, *plus;

	if (strlen(arg) >= 128 || (strcpy(buf, arg), split_arg(buf, &pol, &khz, &at, &plus)) ||
	    plus)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"%s '%s': expected POLICY=KHZ[@TIME], e.g. policy4=1.2GHz@2s", opt, arg);
	if (capsim_parse_policy(pol, &e.policy, &e.by_cpu))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"%s '%s': bad policy '%s' (expected N, policyN or cpuN)", opt, arg, pol);
	e.bare_khz = capsim_is_bare_number(khz);
	if (!strcmp(khz, "none"))
		e.type = SCN_EV_QOS_CLEAR;
	else if (capsim_parse_freq_khz(khz, &e.khz))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"%s '%s': bad frequency '%s' (expected kHz, e.g. 1200000 or 1.2GHz, or none)",
			opt, arg, khz);
	if (at && parse_time(at, &e.t_ns))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"%s '%s': bad time '%s' (expected e.g. 2s, 150ms)", opt, arg, at);
	snprintf(buf, sizeof(buf), "%s %s", opt, arg);
	if (e.bare_khz && e.type == SCN_EV_QOS_SET) {
		struct scn_khz_claim c = { .khz = e.khz, .policy = e.policy, .of_policy = true,
					   .by_cpu = e.by_cpu, .where = buf };
		int ret = scn_events_claim_khz(ev, &c, err);

		if (ret)
			return ret;
	}
	e.name = intern(ev, qos == SCN_QOS_MAX ? "scaling_max_freq" : "scaling_min_freq", err);
	e.where = e.name ? intern(ev, buf, err) : NULL;
	if (!e.where)
		return err ? err->code : CAPSIM_ERR_NOMEM;
	e.order = ev->next_order++ << 32;
	return push_event(ev, &e, err);
}

int scn_events_add_max_freq(scn_events *ev, const char *arg, capsim_error *err)
{
	return add_freq(ev, SCN_QOS_MAX, arg, err);
}

int scn_events_add_min_freq(scn_events *ev, const char *arg, capsim_error *err)
{
	return add_freq(ev, SCN_QOS_MIN, arg, err);
}

int scn_parse_hw_cap(const char *arg, struct scn_hw_cap_arg *out, capsim_error *err)
{
	char buf[128], *cpus, *khz, *at, *dur;

	if (strlen(arg) >= sizeof(buf) || (strcpy(buf, arg), split_arg(buf, &cpus, &khz, &at, &dur)) ||
	    !at != !dur)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"--hw-cap '%s': expected CPULIST=KHZ@TIME+DURATION, e.g. 4-7=1.2GHz@1s+50ms", arg);
	if (capsim_parse_cpulist(cpus, &out->cpus) || !capsim_cpumask_weight(&out->cpus))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"--hw-cap '%s': bad CPU list '%s' (expected e.g. 4-7 or 0,2)", arg, cpus);
	if (capsim_parse_freq_khz(khz, &out->khz))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"--hw-cap '%s': bad frequency '%s' (expected kHz, e.g. 1200000 or 1.2GHz)", arg, khz);
	out->bare_khz = capsim_is_bare_number(khz);
	out->timed = at != NULL;
	out->at_ns = out->duration_ns = 0;
	if (at && (parse_time(at, &out->at_ns) || parse_time(dur, &out->duration_ns)))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"--hw-cap '%s': bad time '%s' or duration '%s' (expected e.g. 1s, 50ms)", arg, at,
			dur);
	return 0;
}

int scn_events_add_hw_cap(scn_events *ev, const char *arg, capsim_error *err)
{
	struct scn_hw_cap_arg hw;
	char where[160];
	int ret = scn_parse_hw_cap(arg, &hw, err);

	if (ret)
		return ret;
	if (!hw.timed)
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
			"--hw-cap '%s': expected CPULIST=KHZ@TIME+DURATION, e.g. 4-7=1.2GHz@1s+50ms", arg);
	snprintf(where, sizeof(where), "--hw-cap %s", arg);
	if (hw.bare_khz) {
		struct scn_khz_claim c = { .khz = hw.khz, .cpus = hw.cpus, .where = where };

		ret = scn_events_claim_khz(ev, &c, err);
		if (ret)
			return ret;
	}
	if (!intern(ev, where, err))
		return err ? err->code : CAPSIM_ERR_NOMEM;
	return add_hw_episode(ev, hw.at_ns, hw.duration_ns, &hw.cpus, hw.khz,
			      ev->next_order++ << 32, ev->strings[ev->nr_strings - 1], err);
}

/* --- expansion --------------------------------------------------------------------------- */

/* splitmix64: a small, well-mixed generator; the same seed always gives the same bursts */
static uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int expand_bursts(scn_events *ev, const struct scn_bursts *b, uint64_t horizon,
			 capsim_error *err)
{
	uint64_t until = b->has_until ? b->until : horizon, rng = b->seed, k;
	int ret;

	if (!until)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
			"%s: no \"until\" and no run duration to stop the bursts at", b->where);
	if (until > b->start && (until - b->start) / b->every >= SCN_MAX_EVENTS / 2)
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
			"%s: %" PRIu64 " bursts (expected at most %u: a longer period or a shorter run)",
			b->where, (until - b->start) / b->every, SCN_MAX_EVENTS / 2);
	for (k = 0; b->start + k * b->every < until; k++) {
		uint64_t s = b->start + k * b->every, d = b->duration;

		if (b->jitter)
			s += splitmix64(&rng) % (b->jitter + 1);
		if (s >= until)
			break;
		if (d > until - s)
			d = until - s;
		ret = add_hw_episode(ev, s, d, &b->cpus, b->khz, b->order | (k & 0xffffffffULL),
				     b->where, err);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

struct boundary {
	uint64_t t, order;
	unsigned ep;
	int begin;
};

static int cmp_boundary(const void *a, const void *b)
{
	const struct boundary *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return x->begin - y->begin; /* an episode's end before its own begin never happens */
}

/* the sweep over episode boundaries: which episodes are active, each CPU's current cap */
struct hw_sweep {
	unsigned *active; /* indices into eps */
	unsigned nr_active;
	unsigned nr_cpus; /* one past the highest CPU any episode names */
	uint32_t cur[CAPSIM_MAX_CPUS];
};

/* the lowest cap of the active episodes covering @cpu, 0 if none */
static uint32_t effective_cap(const scn_events *ev, const struct hw_sweep *sw, unsigned cpu)
{
	uint32_t khz = 0;

	for (unsigned i = 0; i < sw->nr_active; i++) {
		const struct scn_episode *e = &ev->eps[sw->active[i]];

		if (capsim_cpumask_test(&e->cpus, cpu) && (!khz || e->khz < khz))
			khz = e->khz;
	}
	return khz;
}

static void sweep_toggle(struct hw_sweep *sw, unsigned ep, int begin)
{
	if (begin) {
		sw->active[sw->nr_active++] = ep;
		return;
	}
	for (unsigned i = 0; i < sw->nr_active; i++)
		if (sw->active[i] == ep) {
			sw->active[i] = sw->active[--sw->nr_active];
			return;
		}
}

/* emit one SCN_EV_HW_CAP per distinct new value among the CPUs in @touched */
static int emit_changes(scn_events *ev, struct hw_sweep *sw, const capsim_cpumask *touched,
			uint64_t t, uint64_t order, const char *where, capsim_error *err)
{
	uint32_t next[CAPSIM_MAX_CPUS];
	capsim_cpumask changed = { 0 };
	unsigned cpu, other;
	int ret;

	for (cpu = 0; cpu < sw->nr_cpus; cpu++) {
		if (!capsim_cpumask_test(touched, cpu))
			continue;
		next[cpu] = effective_cap(ev, sw, cpu);
		if (next[cpu] != sw->cur[cpu])
			capsim_cpumask_set(&changed, cpu);
	}
	for (cpu = 0; cpu < sw->nr_cpus; cpu++) {
		struct scn_event e = { .t_ns = t, .type = SCN_EV_HW_CAP, .order = order,
				       .uclamp_min = SCN_UCLAMP_UNCHANGED,
				       .uclamp_max = SCN_UCLAMP_UNCHANGED, .where = where };

		if (!capsim_cpumask_test(&changed, cpu))
			continue;
		e.khz = next[cpu];
		for (other = cpu; other < sw->nr_cpus; other++)
			if (capsim_cpumask_test(&changed, other) && next[other] == e.khz) {
				capsim_cpumask_set(&e.cpus, other);
				changed.bits[other / 64] &= ~(1ULL << (other % 64));
				sw->cur[other] = e.khz;
			}
		ret = push_event(ev, &e, err);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

static int merge_hw(scn_events *ev, capsim_error *err)
{
	struct boundary *bd = calloc((size_t)ev->nr_eps * 2 + 1, sizeof(*bd));
	struct hw_sweep sw = { .active = calloc(ev->nr_eps + 1, sizeof(unsigned)) };
	unsigned i, j, n = 0, cpu;
	int ret = 0;

	if (!bd || !sw.active) {
		free(bd);
		free(sw.active);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	for (i = 0; i < ev->nr_eps; i++) {
		bd[n++] = (struct boundary){ ev->eps[i].start, ev->eps[i].order * 2, i, 1 };
		bd[n++] = (struct boundary){ ev->eps[i].end, ev->eps[i].order * 2 + 1, i, 0 };
		for (cpu = sw.nr_cpus; cpu < CAPSIM_MAX_CPUS; cpu++)
			if (capsim_cpumask_test(&ev->eps[i].cpus, cpu))
				sw.nr_cpus = cpu + 1;
	}
	qsort(bd, n, sizeof(*bd), cmp_boundary);
	for (i = 0; !ret && i < n; i = j) {
		capsim_cpumask touched = { 0 };

		for (j = i; j < n && bd[j].t == bd[i].t; j++) {
			sweep_toggle(&sw, bd[j].ep, bd[j].begin);
			for (unsigned w = 0; w < ARRAY_SIZE(touched.bits); w++)
				touched.bits[w] |= ev->eps[bd[j].ep].cpus.bits[w];
		}
		ret = emit_changes(ev, &sw, &touched, bd[i].t, bd[i].order / 2, ev->eps[bd[i].ep].where,
				   err);
	}
	free(bd);
	free(sw.active);
	return ret;
}

static int cmp_event(const void *a, const void *b)
{
	const struct scn_event *x = a, *y = b;

	if (x->t_ns != y->t_ns)
		return x->t_ns < y->t_ns ? -1 : 1;
	if (x->order != y->order)
		return x->order < y->order ? -1 : 1;
	return 0;
}

int scn_events_finish(scn_events *ev, uint64_t horizon_ns, capsim_error *err)
{
	int ret = 0;

	if (ev->finished)
		return capsim_error_set(err, CAPSIM_ERR_INTERNAL, "scenario events finished twice");
	ev->finished = 1;
	for (unsigned i = 0; !ret && i < ev->nr_bursts; i++)
		ret = expand_bursts(ev, &ev->bursts[i], horizon_ns, err);
	if (!ret)
		ret = merge_hw(ev, err);
	if (!ret && ev->nr)
		qsort(ev->ev, ev->nr, sizeof(*ev->ev), cmp_event);
	return ret;
}

unsigned scn_events_count(const scn_events *ev)
{
	return ev->nr;
}

const struct scn_event *scn_events_get(const scn_events *ev, unsigned i)
{
	return i < ev->nr ? &ev->ev[i] : NULL;
}

static int known_name(const char *name, const char *const *names, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(name, names[i]))
			return 1;
	return 0;
}

int scn_events_check(const scn_events *ev, unsigned nr_cpus, const unsigned *policies,
		     unsigned nr_policies, const char *const *cdevs, unsigned nr_cdevs,
		     const char *const *tasks, unsigned nr_tasks, capsim_error *err)
{
	for (unsigned i = 0; i < ev->nr; i++) {
		const struct scn_event *e = &ev->ev[i];
		unsigned p;

		switch (e->type) {
		case SCN_EV_QOS_SET:
		case SCN_EV_QOS_CLEAR:
			for (p = 0; p < nr_policies && policies[p] != e->policy; p++)
				;
			if (p == nr_policies)
				return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
					"%s: no policy%u on this platform (policies are named by "
					"their first CPU)", e->where, e->policy);
			break;
		case SCN_EV_HW_CAP:
			break; /* the episodes are checked below, with where they were given */
		case SCN_EV_CDEV_STATE:
			if (!known_name(e->name, cdevs, nr_cdevs))
				return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
					"%s: no cooling device \"%s\"%s", e->where, e->name,
					nr_cdevs ? " (expected e.g. thermal-cpufreq-0)"
						 : " (this platform has none)");
			break;
		default:
			if (!known_name(e->name, tasks, nr_tasks))
				return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
							"%s: no task \"%s\" in the workload", e->where,
							e->name);
			break;
		}
	}
	for (unsigned i = 0; i < ev->nr_eps; i++)
		for (unsigned cpu = nr_cpus; cpu < CAPSIM_MAX_CPUS; cpu++)
			if (capsim_cpumask_test(&ev->eps[i].cpus, cpu))
				return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
					"%s: no cpu%u on this platform (it has %u CPUs)",
					ev->eps[i].where, cpu, nr_cpus);
	return 0;
}
