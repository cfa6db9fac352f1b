// SPDX-License-Identifier: MIT
/*
 * place.c - reads one placement question (golden-vector case or a state for people) from JSON
 * with json-c, checks it against what the kernel could hold (capacities 1..1024, clamps
 * 0..1024, 32-bit util_est, a pd list that is a permutation of the pds, every CPU in exactly
 * one pd), and runs the placement functions of src/model/fair.c on it. The schema is the one of
 * tests/data/placement-golden/README.upstream.md; docs/formats.md lists the state defaults.
 */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "input/jsonpos.h"
#include "model/model.h"
#include "model/perf_domain.h"
#include "input/place.h"
#include "model/platform.h"
#include "input/platform_load.h"

/* Largest value of an untyped integer field: the kernel keeps these in 32 bits or fewer. */
#define PLACE_MAX_VALUE 0xffffffffULL

/* Where in the JSON document we are, for messages: ".cpus[2].util_cfs". */
struct jpath {
	char buf[256];
	size_t len;
};

static size_t jpath_push(struct jpath *jp, const char *fmt, const char *key, unsigned idx)
{
	size_t old = jp->len;
	int n = key ? snprintf(jp->buf + old, sizeof(jp->buf) - old, fmt, key)
		    : snprintf(jp->buf + old, sizeof(jp->buf) - old, fmt, idx);

	if (n > 0)
		jp->len = old + (size_t)n < sizeof(jp->buf) ? old + (size_t)n : sizeof(jp->buf) - 1;
	return old;
}

static void jpath_pop(struct jpath *jp, size_t old)
{
	jp->len = old;
	jp->buf[old] = '\0';
}

static const char *jtype_name(const json_object *o)
{
	return o ? json_type_to_name(json_object_get_type(o)) : "null";
}

static int jerr(const struct jpath *jp, capsim_error *err, int code, const char *what)
{
	return capsim_error_set(err, code, "%s: %s", jp->len ? jp->buf : ".", what);
}

/*
 * Reads member @key of @obj as an integer in [@lo, @hi]. A missing member takes @def when
 * @def_ok, and is an error otherwise. true/false are no integers ("util_cfs": true is a slip,
 * not 1): only get_bool() takes them.
 */
static int get_uint(const json_object *obj, const char *key, struct jpath *jp, capsim_error *err,
		    uint64_t lo, uint64_t hi, int def_ok, uint64_t def, uint64_t *out)
{
	json_object *v;
	size_t mark = jpath_push(jp, ".%s", key, 0);
	int rc = CAPSIM_OK;
	char msg[160];

	if (!json_object_object_get_ex(obj, key, &v)) {
		if (def_ok)
			*out = def;
		else
			rc = jerr(jp, err, CAPSIM_ERR_PARSE, "missing (expected an integer)");
	} else if (!json_object_is_type(v, json_type_int)) {
		snprintf(msg, sizeof(msg), "expected an integer, got %s", jtype_name(v));
		rc = jerr(jp, err, CAPSIM_ERR_PARSE, msg);
	} else if (json_object_get_int64(v) == INT64_MIN) { /* saturated: not the file's value */
		snprintf(msg, sizeof(msg), "is negative and beyond 64 bits (expected %llu..%llu)",
			 (unsigned long long)lo, (unsigned long long)hi);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	} else if (json_object_get_int64(v) < 0) {
		snprintf(msg, sizeof(msg), "%lld is negative (expected %llu..%llu)",
			 (long long)json_object_get_int64(v), (unsigned long long)lo,
			 (unsigned long long)hi);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	} else if (json_object_get_uint64(v) == UINT64_MAX && hi < UINT64_MAX) {
		snprintf(msg, sizeof(msg), "is too large (expected %llu..%llu)",
			 (unsigned long long)lo, (unsigned long long)hi);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	} else if (json_object_get_uint64(v) < lo || json_object_get_uint64(v) > hi) {
		snprintf(msg, sizeof(msg), "%llu is out of range (expected %llu..%llu)",
			 (unsigned long long)json_object_get_uint64(v), (unsigned long long)lo,
			 (unsigned long long)hi);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	} else {
		*out = json_object_get_uint64(v);
	}
	jpath_pop(jp, mark);
	return rc;
}

static int get_bool(const json_object *obj, const char *key, struct jpath *jp, capsim_error *err,
		    int def_ok, bool def, bool *out)
{
	json_object *b;
	uint64_t v = 0;
	int rc;

	/* a flag is true/false, or 0/1 as the golden cases write some of them */
	if (json_object_object_get_ex(obj, key, &b) && json_object_is_type(b, json_type_boolean)) {
		*out = json_object_get_boolean(b);
		return CAPSIM_OK;
	}
	rc = get_uint(obj, key, jp, err, 0, 1, def_ok, def, &v);
	if (!rc)
		*out = v != 0;
	return rc;
}

/* Member @key of @obj of @type; missing is an error unless @optional (then *out = NULL). */
static int get_member(const json_object *obj, const char *key, json_type type, int optional,
		      struct jpath *jp, capsim_error *err, json_object **out)
{
	size_t mark = jpath_push(jp, ".%s", key, 0);
	char msg[160];
	int rc = CAPSIM_OK;

	*out = NULL;
	if (!json_object_object_get_ex(obj, key, out)) {
		if (!optional) {
			snprintf(msg, sizeof(msg), "missing (expected %s)", json_type_to_name(type));
			rc = jerr(jp, err, CAPSIM_ERR_PARSE, msg);
		}
	} else if (!json_object_is_type(*out, type)) {
		snprintf(msg, sizeof(msg), "expected %s, got %s", json_type_to_name(type),
			 jtype_name(*out));
		rc = jerr(jp, err, CAPSIM_ERR_PARSE, msg);
	}
	jpath_pop(jp, mark);
	return rc;
}

static int get_string(const json_object *obj, const char *key, int optional, struct jpath *jp,
		      capsim_error *err, char **out)
{
	json_object *v;
	int rc = get_member(obj, key, json_type_string, optional, jp, err, &v);

	if (rc || !v)
		return rc;
	*out = strdup(json_object_get_string(v));
	return *out ? CAPSIM_OK : capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
}

/*
 * States are typed by people: a misspelt key would silently take its default, so every key
 * of a state object must be known. (Golden cases need every field anyway; extra keys such as
 * "kind" are informational there.)
 */
static int check_keys(json_object *obj, const char *const *known, enum place_mode mode,
		      struct jpath *jp, capsim_error *err)
{
	if (mode != PLACE_STATE)
		return CAPSIM_OK;
	json_object_object_foreach(obj, key, val) {
		unsigned k;

		(void)val;
		for (k = 0; known[k] && strcmp(known[k], key); k++)
			;
		if (!known[k]) {
			const char *near = capsim_suggest(key, known, k);

			return capsim_error_set(err, CAPSIM_ERR_PARSE,
						"%s.%s: unknown key (%s%s%ssee docs/formats.md, \"Placement "
						"states\")", jp->buf, key, near ? "did you mean \"" : "",
						near ? near : "", near ? "\"? " : "");
		}
	}
	return CAPSIM_OK;
}

/* An array member with between @min_len and CAPSIM_MAX_CPUS elements. */
static int get_array(const json_object *obj, const char *key, size_t min_len, int optional,
		     struct jpath *jp, capsim_error *err, json_object **out, size_t *len)
{
	int rc = get_member(obj, key, json_type_array, optional, jp, err, out);
	size_t mark;

	*len = 0;
	if (rc || !*out)
		return rc;
	*len = json_object_array_length(*out);
	if (*len >= min_len && *len <= CAPSIM_MAX_CPUS)
		return CAPSIM_OK;
	mark = jpath_push(jp, ".%s", key, 0);
	if (*len < min_len)
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, "is empty (expected at least one element)");
	else
		rc = capsim_error_set(err, CAPSIM_ERR_RANGE,
				      "%s: %zu elements (expected at most %d, CAPSIM_MAX_CPUS)",
				      jp->buf, *len, CAPSIM_MAX_CPUS);
	jpath_pop(jp, mark);
	return rc;
}

/* Element @i of array @arr, which must be an object. */
static int get_elem_object(json_object *arr, size_t i, struct jpath *jp, capsim_error *err,
			   json_object **out)
{
	char msg[160];

	*out = json_object_array_get_idx(arr, i);
	if (json_object_is_type(*out, json_type_object))
		return CAPSIM_OK;
	snprintf(msg, sizeof(msg), "expected an object, got %s", jtype_name(*out));
	return jerr(jp, err, CAPSIM_ERR_PARSE, msg);
}

/* Element @i of an array of @what ("CPU", "pd") numbers below @nr. */
static int get_elem_index(json_object *arr, size_t i, unsigned nr, const char *what,
			  struct jpath *jp, capsim_error *err, unsigned *out)
{
	json_object *v = json_object_array_get_idx(arr, i);
	char msg[160];

	/* written on every path: callers read it only on success, which gcc's LTO + PGO build
	 * cannot always see (-Wmaybe-uninitialized) */
	*out = 0;
	if (!json_object_is_type(v, json_type_int)) {
		snprintf(msg, sizeof(msg), "expected a %s number, got %s", what, jtype_name(v));
		return jerr(jp, err, CAPSIM_ERR_PARSE, msg);
	}
	if (json_object_get_int64(v) < 0 || json_object_get_int64(v) >= nr) {
		snprintf(msg, sizeof(msg), "%s %lld does not exist (expected 0..%u)", what,
			 (long long)json_object_get_int64(v), nr - 1);
		return jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	}
	*out = (unsigned)json_object_get_int64(v);
	return CAPSIM_OK;
}

/* "cpu": N must equal the array index (required in cases, optional in states). */
static int check_index(const json_object *obj, const char *key, unsigned idx, int optional,
		       struct jpath *jp, capsim_error *err)
{
	uint64_t v = 0;
	int rc = get_uint(obj, key, jp, err, 0, PLACE_MAX_VALUE, optional, idx, &v);
	size_t mark;

	if (rc || v == idx)
		return rc;
	mark = jpath_push(jp, ".%s", key, 0);
	rc = capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: is %llu (expected %u, its index)",
			      jp->buf, (unsigned long long)v, idx);
	jpath_pop(jp, mark);
	return rc;
}

/* .platform.cpus[i]: {"cpu", "pd", "arch_cap"} */
static int parse_platform_cpus(struct place_case *pc, json_object *plat, struct jpath *jp,
			       capsim_error *err, size_t nr_pds)
{
	json_object *arr, *o;
	size_t n = 0, mark;
	uint64_t v = 0;
	int rc = get_array(plat, "cpus", 1, 0, jp, err, &arr, &n);

	if (rc)
		return rc;
	pc->rd.nr_cpus = (unsigned)n;
	for (size_t i = 0; i < n && !rc; i++) {
		mark = jpath_push(jp, ".cpus[%u]", NULL, (unsigned)i);
		rc = get_elem_object(arr, i, jp, err, &o);
		rc = rc ? rc : check_index(o, "cpu", (unsigned)i, 0, jp, err);
		rc = rc ? rc : get_uint(o, "pd", jp, err, 0, nr_pds - 1, 0, 0, &v);
		if (!rc)
			pc->cpu_pd[i] = (unsigned)v;
		rc = rc ? rc : get_uint(o, "arch_cap", jp, err, 1, SCHED_CAPACITY_SCALE, 0, 0,
					&pc->cpus[i].arch_cap);
		jpath_pop(jp, mark);
	}
	return rc;
}

/* .platform.pds[i].states: {"perf", "cost", "inefficient"} into @table */
static int parse_states(json_object *pd, struct jpath *jp, capsim_error *err,
			struct em_perf_state *table, size_t *nr)
{
	json_object *arr, *o;
	size_t mark;
	int rc = get_member(pd, "states", json_type_array, 0, jp, err, &arr);
	bool ineff;

	if (rc)
		return rc;
	*nr = json_object_array_length(arr);
	if (!*nr) {
		mark = jpath_push(jp, ".%s", "states", 0);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, "is empty (expected at least one perf state)");
		jpath_pop(jp, mark);
		return rc;
	}
	for (size_t i = 0; i < *nr && !rc; i++) {
		mark = jpath_push(jp, ".states[%u]", NULL, (unsigned)i);
		rc = get_elem_object(arr, i, jp, err, &o);
		rc = rc ? rc : get_uint(o, "perf", jp, err, 0, PLACE_MAX_VALUE, 0, 0,
					&table[i].performance);
		rc = rc ? rc : get_uint(o, "cost", jp, err, 0, PLACE_MAX_VALUE, 0, 0,
					&table[i].cost);
		rc = rc ? rc : get_bool(o, "inefficient", jp, err, 0, 0, &ineff);
		if (!rc)
			table[i].flags = ineff ? EM_PERF_STATE_INEFFICIENT : 0;
		rc = rc ? rc : get_uint(o, "khz", jp, err, 0, PLACE_MAX_VALUE, 1, 0,
					&table[i].frequency);
		rc = rc ? rc : get_uint(o, "power_uw", jp, err, 0, PLACE_MAX_VALUE, 1, 0,
					&table[i].power);
		jpath_pop(jp, mark);
	}
	return rc;
}

/* Counts all perf states first, so the tables take one allocation. */
static int alloc_states(struct place_case *pc, json_object *pds, size_t nr_pds)
{
	size_t total = 0;

	for (size_t i = 0; i < nr_pds; i++) {
		json_object *pd = json_object_array_get_idx(pds, i), *st;

		if (json_object_is_type(pd, json_type_object) &&
		    json_object_object_get_ex(pd, "states", &st) &&
		    json_object_is_type(st, json_type_array))
			total += json_object_array_length(st);
	}
	pc->states = calloc(total ? total : 1, sizeof(*pc->states));
	return pc->states ? CAPSIM_OK : CAPSIM_ERR_NOMEM;
}

/* .platform.pds[i]: {"id" == i, "cpus", "skip_inefficiencies", "states"} */
static int parse_pds(struct place_case *pc, json_object *pds, size_t nr_pds, struct jpath *jp,
		     capsim_error *err)
{
	struct em_perf_state *next;
	json_object *o, *cpus;
	size_t mark, n = 0, nr = 0;
	unsigned cpu;
	bool skip;
	int rc;

	if (alloc_states(pc, pds, nr_pds))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	next = pc->states;
	rc = CAPSIM_OK;
	for (size_t i = 0; i < nr_pds && !rc; i++) {
		struct em_perf_domain *pd = &pc->pds[i];

		mark = jpath_push(jp, ".pds[%u]", NULL, (unsigned)i);
		rc = get_elem_object(pds, i, jp, err, &o);
		rc = rc ? rc : check_index(o, "id", (unsigned)i, 0, jp, err);
		rc = rc ? rc : get_bool(o, "skip_inefficiencies", jp, err, 0, 0, &skip);
		rc = rc ? rc : get_array(o, "cpus", 1, 0, jp, err, &cpus, &n);
		for (size_t k = 0; k < n && !rc; k++) {
			size_t m2 = jpath_push(jp, ".cpus[%u]", NULL, (unsigned)k);

			rc = get_elem_index(cpus, k, pc->rd.nr_cpus, "CPU", jp, err, &cpu);
			if (!rc && pc->cpu_pd[cpu] != i)
				rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
						      "%s: CPU %u is in pd %u by .platform.cpus[%u].pd (expected the CPUs of pd %zu)",
						      jp->buf, cpu, pc->cpu_pd[cpu], cpu, i);
			if (!rc)
				capsim_cpumask_set(&pd->cpus, cpu);
			jpath_pop(jp, m2);
		}
		rc = rc ? rc : parse_states(o, jp, err, next, &nr);
		if (!rc) {
			pd->table = next;
			pd->nr_perf_states = (unsigned)nr;
			pd->flags = skip ? EM_PERF_DOMAIN_SKIP_INEFFICIENCIES : 0;
			next += nr;
		}
		jpath_pop(jp, mark);
	}
	return rc;
}

/* Every CPU named by .platform.cpus[].pd must be listed by that pd, and arch_cap agree in it. */
static int check_pd_spans(const struct place_case *pc, capsim_error *err)
{
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++) {
		const struct em_perf_domain *pd = &pc->pds[pc->cpu_pd[c]];

		if (!capsim_cpumask_test(&pd->cpus, c))
			return capsim_error_set(err, CAPSIM_ERR_PARSE,
						".platform.pds[%u].cpus: CPU %u is missing (expected every CPU whose pd is %u)",
						pc->cpu_pd[c], c, pc->cpu_pd[c]);
		for (unsigned o = 0; o < c; o++)
			if (pc->cpu_pd[o] == pc->cpu_pd[c] &&
			    pc->cpus[o].arch_cap != pc->cpus[c].arch_cap)
				return capsim_error_set(err, CAPSIM_ERR_PARSE,
							".platform.cpus[%u].arch_cap: %llu differs from CPU %u's %llu (expected one capacity per perf domain)",
							c, (unsigned long long)pc->cpus[c].arch_cap, o,
							(unsigned long long)pc->cpus[o].arch_cap);
	}
	return CAPSIM_OK;
}

/* .platform.pd_order: a permutation of the pd ids */
static int parse_pd_order(struct place_case *pc, json_object *plat, size_t nr_pds,
			  struct jpath *jp, capsim_error *err)
{
	bool seen[CAPSIM_MAX_CPUS] = { false };
	json_object *arr;
	size_t n = 0, mark;
	unsigned id;
	int rc = get_array(plat, "pd_order", 1, 0, jp, err, &arr, &n);

	if (!rc && n != nr_pds) {
		mark = jpath_push(jp, ".%s", "pd_order", 0);
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      "%s: has %zu entries (expected each of the %zu pd ids once)",
				      jp->buf, n, nr_pds);
		jpath_pop(jp, mark);
	}
	for (size_t i = 0; i < n && !rc; i++) {
		mark = jpath_push(jp, ".pd_order[%u]", NULL, (unsigned)i);
		rc = get_elem_index(arr, i, (unsigned)nr_pds, "pd", jp, err, &id);
		if (!rc && seen[id])
			rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
					      "%s: pd %u is listed twice (expected each pd id once)",
					      jp->buf, id);
		if (!rc) {
			seen[id] = true;
			pc->pd_order[i] = id;
		}
		jpath_pop(jp, mark);
	}
	pc->rd.nr_pds = (unsigned)nr_pds;
	return rc;
}

static int parse_platform(struct place_case *pc, json_object *plat, struct jpath *jp,
			  capsim_error *err)
{
	json_object *pds;
	size_t nr_pds;
	int rc = get_string(plat, "name", 1, jp, err, &pc->platform_name);

	rc = rc ? rc : get_array(plat, "pds", 1, 0, jp, err, &pds, &nr_pds);
	rc = rc ? rc : parse_platform_cpus(pc, plat, jp, err, nr_pds);
	rc = rc ? rc : parse_pds(pc, pds, nr_pds, jp, err);
	rc = rc ? rc : check_pd_spans(pc, err);
	return rc ? rc : parse_pd_order(pc, plat, nr_pds, jp, err);
}

/* .cpus[i]: the runqueue signals. States may leave fields out (docs/formats.md). */
static int parse_cpu(struct place_case *pc, unsigned i, json_object *o, enum place_mode mode,
		     enum capsim_model model, struct jpath *jp, capsim_error *err)
{
	static const char *const known[] = {
		"cpu", "idle", "sched_idle", "uclamp_idle", "rt_runnable", "util_cfs",
		"runnable_cfs", "util_est_cfs", "util_rt", "util_dl", "util_irq", "dl_running_bw",
		"hw_load_avg", "cpufreq_pressure", "thermal_pressure", "thermal_load_avg",
		"capacity_of", "uclamp_min_rq", "uclamp_max_rq", NULL
	};
	struct fair_cpu *c = &pc->cpus[i];
	const uint64_t hi = PLACE_MAX_VALUE;
	int d = mode == PLACE_STATE, dt = d || !model_reads_thermal(model);
	uint64_t util_est = 0;
	bool rt_runnable = false;
	int rc = check_keys(o, known, mode, jp, err);

	rc = rc ? rc : check_index(o, "cpu", i, d, jp, err);
	rc = rc ? rc : get_bool(o, "idle", jp, err, d, 0, &c->idle);
	rc = rc ? rc : get_bool(o, "sched_idle", jp, err, d, 0, &c->sched_idle);
	rc = rc ? rc : get_bool(o, "uclamp_idle", jp, err, d, c->idle || c->sched_idle,
				&c->uclamp_idle);
	rc = rc ? rc : get_bool(o, "rt_runnable", jp, err, d, 0, &rt_runnable);
	c->rt_nr_running = rt_runnable; /* rt_rq_is_runnable() reads only whether it is 0 */
	rc = rc ? rc : get_uint(o, "util_cfs", jp, err, 0, hi, d, 0, &c->cfs_avg.util_avg);
	rc = rc ? rc : get_uint(o, "runnable_cfs", jp, err, 0, hi, d, c->cfs_avg.util_avg,
				&c->cfs_avg.runnable_avg);
	rc = rc ? rc : get_uint(o, "util_est_cfs", jp, err, 0, UINT32_MAX, d, 0, &util_est);
	c->util_est_cfs = (uint32_t)util_est;
	rc = rc ? rc : get_uint(o, "util_rt", jp, err, 0, hi, d, 0, &c->avg_rt.util_avg);
	rc = rc ? rc : get_uint(o, "util_dl", jp, err, 0, hi, d, 0, &c->avg_dl.util_avg);
	rc = rc ? rc : get_uint(o, "util_irq", jp, err, 0, hi, d, 0, &c->util_irq);
	rc = rc ? rc : get_uint(o, "dl_running_bw", jp, err, 0, hi, d, 0, &c->dl_running_bw);
	rc = rc ? rc : get_uint(o, "hw_load_avg", jp, err, 0, hi, d, 0, &c->hw_load_avg);
	rc = rc ? rc : get_uint(o, "cpufreq_pressure", jp, err, 0, hi, d, 0, &c->cpufreq_pressure);
	if (!rc && !dt && (!json_object_object_get_ex(o, "thermal_pressure", NULL) ||
			   !json_object_object_get_ex(o, "thermal_load_avg", NULL)))
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      "%s: no thermal_pressure / thermal_load_avg (expected both: the v6.9 model reads them; see placement-golden/v69)",
				      jp->buf);
	rc = rc ? rc : get_uint(o, "thermal_pressure", jp, err, 0, hi, dt, 0, &c->thermal_pressure);
	rc = rc ? rc : get_uint(o, "thermal_load_avg", jp, err, 0, hi, dt, 0, &c->thermal_load_avg);
	pc->has_capacity_of[i] = json_object_object_get_ex(o, "capacity_of", NULL);
	rc = rc ? rc : get_uint(o, "capacity_of", jp, err, 0, hi, d, 0, &c->capacity_of);
	rc = rc ? rc : get_uint(o, "uclamp_min_rq", jp, err, 0, SCHED_CAPACITY_SCALE, d, 0,
				&c->uclamp_min_rq);
	rc = rc ? rc : get_uint(o, "uclamp_max_rq", jp, err, 0, SCHED_CAPACITY_SCALE, d,
				SCHED_CAPACITY_SCALE, &c->uclamp_max_rq);
	return rc;
}

static int parse_cpus(struct place_case *pc, json_object *root, enum place_mode mode,
		      enum capsim_model model, struct jpath *jp, capsim_error *err)
{
	json_object *arr, *o;
	size_t n = 0, mark;
	int rc = get_array(root, "cpus", 1, 0, jp, err, &arr, &n);

	if (!rc && n != pc->rd.nr_cpus)
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      ".cpus: has %zu CPUs (expected %u, as the platform)", n,
				      pc->rd.nr_cpus);
	for (size_t i = 0; i < n && !rc; i++) {
		mark = jpath_push(jp, ".cpus[%u]", NULL, (unsigned)i);
		rc = get_elem_object(arr, i, jp, err, &o);
		rc = rc ? rc : parse_cpu(pc, (unsigned)i, o, mode, model, jp, err);
		jpath_pop(jp, mark);
	}
	return rc;
}

static int parse_task(struct place_case *pc, json_object *t, enum place_mode mode,
		      struct jpath *jp, capsim_error *err)
{
	static const char *const known[] = { "util", "runnable", "util_est", "uclamp_min",
					     "uclamp_max", "prev_cpu", "allowed", NULL };
	struct fair_task *p = &pc->task;
	json_object *arr;
	uint64_t v = 0;
	size_t n = 0, mark;
	unsigned cpu;
	int rc = check_keys(t, known, mode, jp, err);

	rc = rc ? rc : get_uint(t, "util", jp, err, 0, PLACE_MAX_VALUE, 0, 0, &p->util);

	rc = rc ? rc : get_uint(t, "runnable", jp, err, 0, PLACE_MAX_VALUE, 0, 0, &p->runnable);
	rc = rc ? rc : get_uint(t, "util_est", jp, err, 0, UINT32_MAX, 0, 0, &v);
	p->util_est = (uint32_t)v;
	rc = rc ? rc : get_uint(t, "uclamp_min", jp, err, 0, SCHED_CAPACITY_SCALE, 0, 0,
				&p->uclamp_min);
	rc = rc ? rc : get_uint(t, "uclamp_max", jp, err, 0, SCHED_CAPACITY_SCALE, 0, 0,
				&p->uclamp_max);
	rc = rc ? rc : get_uint(t, "prev_cpu", jp, err, 0, pc->rd.nr_cpus - 1, 0, 0, &v);
	p->prev_cpu = (int)v;
	rc = rc ? rc : get_array(t, "allowed", mode == PLACE_STATE, 0, jp, err, &arr, &n);
	memset(&p->allowed, 0, sizeof(p->allowed));
	for (size_t i = 0; i < n && !rc; i++) {
		mark = jpath_push(jp, ".allowed[%u]", NULL, (unsigned)i);
		rc = get_elem_index(arr, i, pc->rd.nr_cpus, "CPU", jp, err, &cpu);
		if (!rc)
			capsim_cpumask_set(&p->allowed, cpu);
		jpath_pop(jp, mark);
	}
	pc->has_task = !rc;
	return rc;
}

void place_case_init(struct place_case *pc)
{
	memset(pc, 0, sizeof(*pc));
}

void place_case_free(struct place_case *pc)
{
	if (!pc)
		return;
	free(pc->id);
	free(pc->note);
	free(pc->platform_name);
	free(pc->states);
	platform_free(pc->platform);
	place_case_init(pc);
}

/* --- RT wake-up cases (placement-golden/rt/README.md) ------------------------------------- */

/* Member @key of @obj as a signed integer in [@lo, @hi]; always required. */
static int get_int(const json_object *obj, const char *key, struct jpath *jp, capsim_error *err,
		   int lo, int hi, int *out)
{
	json_object *v;
	size_t mark = jpath_push(jp, ".%s", key, 0);
	char msg[160];
	int rc = CAPSIM_OK;

	if (!json_object_object_get_ex(obj, key, &v)) {
		rc = jerr(jp, err, CAPSIM_ERR_PARSE, "missing (expected an integer)");
	} else if (!json_object_is_type(v, json_type_int)) {
		snprintf(msg, sizeof(msg), "expected an integer, got %s", jtype_name(v));
		rc = jerr(jp, err, CAPSIM_ERR_PARSE, msg);
	} else if (json_object_get_int64(v) < lo || json_object_get_int64(v) > hi) {
		snprintf(msg, sizeof(msg), "%lld is out of range (expected %d..%d)",
			 (long long)json_object_get_int64(v), lo, hi);
		rc = jerr(jp, err, CAPSIM_ERR_RANGE, msg);
	} else {
		*out = (int)json_object_get_int64(v);
	}
	jpath_pop(jp, mark);
	return rc;
}

/* A JSON array at @jp whose elements are CPU numbers below @nr, into *@m. */
static int read_cpu_array(json_object *arr, unsigned nr, struct jpath *jp, capsim_error *err,
			  capsim_cpumask *m)
{
	size_t n;
	unsigned cpu;
	int rc = CAPSIM_OK;
	char msg[160];

	*m = (capsim_cpumask){ { 0 } };
	if (!json_object_is_type(arr, json_type_array)) {
		snprintf(msg, sizeof(msg), "expected an array of CPU numbers, got %s",
			 jtype_name(arr));
		return jerr(jp, err, CAPSIM_ERR_PARSE, msg);
	}
	n = json_object_array_length(arr);
	for (size_t i = 0; i < n && !rc; i++) {
		size_t mark = jpath_push(jp, "[%u]", NULL, (unsigned)i);

		rc = get_elem_index(arr, i, nr, "CPU", jp, err, &cpu);
		if (!rc)
			capsim_cpumask_set(m, cpu);
		jpath_pop(jp, mark);
	}
	return rc;
}

/* .cpus[i]: what select_task_rq_rt() reads; cpupri is convert_prio() of the last cpupri_set() */
static int parse_rt_cpu(struct place_case *pc, unsigned i, json_object *o, struct jpath *jp,
			capsim_error *err)
{
	struct rt_cpu *c = &pc->rt_rd.cpus[i];
	json_object *calls;
	size_t n = 0;
	int nr = 1, last = -1;
	int rc = check_index(o, "cpu", i, 0, jp, err);

	rc = rc ? rc : get_int(o, "curr_prio", jp, err, -1, 139, &c->curr_prio);
	rc = rc ? rc : get_int(o, "curr_nr_cpus_allowed", jp, err, 1, CAPSIM_MAX_CPUS, &nr);
	c->curr_nr_cpus_allowed = (unsigned)nr;
	rc = rc ? rc : get_int(o, "rt_highest_prio", jp, err, 0, 99, &c->rt_highest_prio);
	rc = rc ? rc : get_member(o, "cpupri_calls", json_type_array, 0, jp, err, &calls);
	n = rc ? 0 : json_object_array_length(calls);
	for (size_t k = 0; k < n && !rc; k++) {
		json_object *v = json_object_array_get_idx(calls, k);
		size_t mark = jpath_push(jp, ".cpupri_calls[%u]", NULL, (unsigned)k);

		if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < -1 ||
		    json_object_get_int64(v) > 100)
			rc = jerr(jp, err, CAPSIM_ERR_RANGE,
				  "expected a cpupri_set() value -1..100");
		else
			last = (int)json_object_get_int64(v);
		jpath_pop(jp, mark);
	}
	c->cpupri = rt_convert_prio(last); /* cpupri_init(): CPUPRI_INVALID until set */
	return rc;
}

/* .domains: each level's span that holds the task's prev CPU, level 0 (rq->sd) first */
static int parse_rt_domains(struct place_case *pc, json_object *root, struct jpath *jp,
			    capsim_error *err)
{
	struct rt_rd *rd = &pc->rt_rd;
	json_object *levels, *lv, *spans;
	size_t n = 0, ns = 0, mark;
	int rc = get_array(root, "domains", 0, 0, jp, err, &levels, &n);

	if (!rc && n > RT_MAX_LEVELS)
		rc = capsim_error_set(err, CAPSIM_ERR_RANGE, ".domains: %zu levels (expected at most %d)",
				      n, RT_MAX_LEVELS);
	rd->nr_levels = rc ? 0 : (unsigned)n;
	for (size_t l = 0; l < n && !rc; l++) {
		struct rt_level *level = &rd->levels[l];
		bool found = false;

		mark = jpath_push(jp, ".domains[%u]", NULL, (unsigned)l);
		rc = get_elem_object(levels, l, jp, err, &lv);
		rc = rc ? rc : get_bool(lv, "wake_affine", jp, err, 0, 0, &level->wake_affine);
		rc = rc ? rc : get_array(lv, "spans", 1, 0, jp, err, &spans, &ns);
		for (size_t k = 0; k < ns && !rc && !found; k++) {
			size_t m2 = jpath_push(jp, ".spans[%u]", NULL, (unsigned)k);
			json_object *span = json_object_array_get_idx(spans, k);

			rc = read_cpu_array(span, rd->nr_cpus, jp, err, &level->span);
			found = !rc && capsim_cpumask_test(&level->span, (unsigned)pc->rt_task.prev_cpu);
			jpath_pop(jp, m2);
		}
		if (!rc && !found)
			rc = jerr(jp, err, CAPSIM_ERR_INVALID,
				  "no span holds the task's prev_cpu (expected every CPU in one span)");
		jpath_pop(jp, mark);
	}
	return rc;
}

/* .task: {"prio", "uclamp_min", "uclamp_max", "prev_cpu", "allowed"} */
static int parse_rt_task(struct place_case *pc, json_object *t, struct jpath *jp,
			 capsim_error *err)
{
	struct rt_task *p = &pc->rt_task;
	int lo = 0, hi = 0, rc = get_int(t, "prio", jp, err, 0, 98, &p->prio);

	rc = rc ? rc : get_int(t, "uclamp_min", jp, err, 0, SCHED_CAPACITY_SCALE, &lo);
	rc = rc ? rc : get_int(t, "uclamp_max", jp, err, 0, SCHED_CAPACITY_SCALE, &hi);
	p->uclamp_min = (uint64_t)lo;
	p->uclamp_max = (uint64_t)hi;
	rc = rc ? rc : get_int(t, "prev_cpu", jp, err, 0, (int)pc->rt_rd.nr_cpus - 1, &p->prev_cpu);
	if (!rc) {
		json_object *arr = NULL;
		size_t mark = jpath_push(jp, ".%s", "allowed", 0);

		json_object_object_get_ex(t, "allowed", &arr);
		rc = read_cpu_array(arr, pc->rt_rd.nr_cpus, jp, err, &p->allowed);
		jpath_pop(jp, mark);
	}
	pc->has_task = !rc;
	return rc;
}

/* An RT wake-up case: platform capacities, prev's domains, per-CPU RT state, waker, task. */
static int parse_rt_root(struct place_case *pc, json_object *root, capsim_error *err)
{
	struct jpath jp = { .buf = "", .len = 0 };
	struct rt_rd *rd = &pc->rt_rd;
	json_object *plat, *pcpus, *cpus, *task, *o;
	size_t n = 0, nc = 0, mark;
	uint64_t v = 0;
	int rc = get_string(root, "id", 0, &jp, err, &pc->id);

	pc->is_rt = true;
	rc = rc ? rc : get_string(root, "note", 1, &jp, err, &pc->note);
	rc = rc ? rc : get_member(root, "platform", json_type_object, 0, &jp, err, &plat);
	if (!rc) {
		mark = jpath_push(&jp, ".%s", "platform", 0);
		rc = get_string(plat, "name", 1, &jp, err, &pc->platform_name);
		rc = rc ? rc : get_array(plat, "cpus", 1, 0, &jp, err, &pcpus, &n);
		rd->nr_cpus = (unsigned)n;
		for (size_t i = 0; i < n && !rc; i++) {
			size_t m2 = jpath_push(&jp, ".cpus[%u]", NULL, (unsigned)i);

			rc = get_elem_object(pcpus, i, &jp, err, &o);
			rc = rc ? rc : check_index(o, "cpu", (unsigned)i, 0, &jp, err);
			rc = rc ? rc : get_uint(o, "arch_cap", &jp, err, 1, SCHED_CAPACITY_SCALE, 0, 0,
						&rd->cpus[i].arch_cap);
			jpath_pop(&jp, m2);
		}
		jpath_pop(&jp, mark);
	}
	rc = rc ? rc : get_uint(root, "asym_cpucapacity", &jp, err, 0, 1, 0, 0, &v);
	rd->asym = v != 0;
	rc = rc ? rc : get_array(root, "cpus", 1, 0, &jp, err, &cpus, &nc);
	if (!rc && nc != n)
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      ".cpus: %zu entries (expected %zu, one per platform CPU)", nc, n);
	for (size_t i = 0; i < nc && !rc; i++) {
		mark = jpath_push(&jp, ".cpus[%u]", NULL, (unsigned)i);
		rc = get_elem_object(cpus, i, &jp, err, &o);
		rc = rc ? rc : parse_rt_cpu(pc, (unsigned)i, o, &jp, err);
		jpath_pop(&jp, mark);
	}
	rc = rc ? rc : get_int(root, "this_cpu", &jp, err, 0, (int)n - 1, &pc->this_cpu);
	rc = rc ? rc : get_int(root, "distribute_prev", &jp, err, 0, (int)n - 1,
			       &pc->distribute_prev);
	rc = rc ? rc : get_member(root, "task", json_type_object, 0, &jp, err, &task);
	if (!rc) {
		mark = jpath_push(&jp, ".%s", "task", 0);
		rc = parse_rt_task(pc, task, &jp, err);
		jpath_pop(&jp, mark);
	}
	return rc ? rc : parse_rt_domains(pc, root, &jp, err);
}

/* The RT schema is told from the CFS one by its task's kernel priority. */
static bool is_rt_case(json_object *root)
{
	json_object *task;

	return json_object_object_get_ex(root, "task", &task) &&
	       json_object_is_type(task, json_type_object) &&
	       json_object_object_get_ex(task, "prio", NULL);
}

static int parse_root(struct place_case *pc, json_object *root, enum place_mode mode,
		      enum capsim_model model, capsim_error *err)
{
	static const char *const known[] = { "id", "kind", "note", "uclamp_used", "platform",
					     "cpus", "task", NULL };
	struct jpath jp = { .buf = "", .len = 0 };
	json_object *plat, *task;
	size_t mark;
	int st = mode == PLACE_STATE;
	uint64_t v = 0;
	int rc;

	if (!json_object_is_type(root, json_type_object))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, ".: expected an object, got %s",
					jtype_name(root));
	if (is_rt_case(root))
		return parse_rt_root(pc, root, err);
	rc = check_keys(root, known, mode, &jp, err);
	rc = rc ? rc : get_string(root, "id", st, &jp, err, &pc->id);
	rc = rc ? rc : get_string(root, "note", 1, &jp, err, &pc->note);
	pc->has_uclamp_used = json_object_object_get_ex(root, "uclamp_used", NULL);
	rc = rc ? rc : get_uint(root, "uclamp_used", &jp, err, 0, 1, st, 0, &v);
	pc->rd.uclamp_used = v != 0;
	if (!rc && pc->platform && json_object_object_get_ex(root, "platform", NULL))
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      ".platform: given twice (expected either --platform or an inline platform)");
	rc = rc || pc->platform ? rc : get_member(root, "platform", json_type_object, 0, &jp, err,
						  &plat);
	if (!rc && !pc->platform) {
		mark = jpath_push(&jp, ".%s", "platform", 0);
		rc = parse_platform(pc, plat, &jp, err);
		jpath_pop(&jp, mark);
	}
	rc = rc ? rc : parse_cpus(pc, root, mode, model, &jp, err);
	rc = rc ? rc : get_member(root, "task", json_type_object, st, &jp, err, &task);
	if (!rc && task) {
		mark = jpath_push(&jp, ".%s", "task", 0);
		rc = parse_task(pc, task, mode, &jp, err);
		jpath_pop(&jp, mark);
	}
	return rc;
}

/* line:col of byte @off in @text (1-based) */
static void text_position(const char *text, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++) {
		if (text[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

int place_case_parse(struct place_case *pc, const char *text, size_t len, enum place_mode mode,
		     enum capsim_model model, capsim_error *err)
{
	struct json_tokener *tok = json_tokener_new();
	json_object *root;
	enum json_tokener_error jerr_code;
	unsigned line, col;
	size_t end;
	int rc;

	if (!tok)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	pc->mode = mode;
	pc->rd.model = model;
	pc->rt_rd.dl_is_rt = model_rt_prio_dl(model);
	pc->rd.cpus = pc->cpus;
	pc->rd.pds = pc->pds;
	pc->rd.pd_order = pc->pd_order;
	root = json_tokener_parse_ex(tok, text, (int)(len > INT32_MAX ? INT32_MAX : len));
	jerr_code = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	while (root && end < len && strchr(" \t\r\n", text[end]) && text[end])
		end++;
	if (jsonpos_parse_oom(root, jerr_code)) {
		rc = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	} else if (jerr_code == json_tokener_continue) {
		text_position(text, len, &line, &col);
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      "%u:%u: unexpected end of input (expected a complete JSON object)",
				      line, col);
	} else if (jerr_code != json_tokener_success) {
		text_position(text, end, &line, &col);
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE, "%u:%u: invalid JSON: %s", line, col,
				      json_tokener_error_desc(jerr_code));
	} else if (end < len) {
		text_position(text, end, &line, &col);
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      "%u:%u: unexpected text after the JSON object (expected one object)",
				      line, col);
	} else {
		/* json-c keeps the last of two values: a placement state means one of them */
		rc = jsonpos_check_duplicates(text, len, NULL, err);
		if (!rc)
			rc = parse_root(pc, root, mode, model, err);
	}
	json_object_put(root);
	json_tokener_free(tok);
	return rc;
}

/*
 * CPUs, capacities, name and perf domains of @plat (which @pc may or may not own); without an
 * EM on every CPU an error, or, if @em_optional, no pd list (pd_init()'s answer: no EAS)
 */
static int take_platform(struct place_case *pc, const struct capsim_platform *plat,
			 bool em_optional, capsim_error *err)
{
	int rc;

	for (unsigned c = 0; c < plat->nr_cpus && c < CAPSIM_MAX_CPUS; c++)
		pc->cpus[c].arch_cap = platform_cpu_capacity_orig(plat, c);
	pc->rd.nr_cpus = plat->nr_cpus;
	free(pc->platform_name);
	if (!(pc->platform_name = strdup(plat->name)))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	rc = build_perf_domains(plat, pc->pds, pc->cpu_pd, pc->pd_order, &pc->rd.nr_pds, err);
	return rc == CAPSIM_ERR_UNSUPPORTED && em_optional ? CAPSIM_OK : rc;
}

int place_case_use_platform(struct place_case *pc, const char *name, const char *const *overlays,
			    unsigned nr_overlays, capsim_error *err)
{
	struct capsim_platform *plat;
	int rc = platform_load(name, overlays, nr_overlays, &plat, err);

	if (rc)
		return rc;
	pc->platform = plat;
	return take_platform(pc, plat, false, err);
}

int place_case_on_platform(struct place_case *pc, const struct capsim_platform *plat,
			   enum capsim_model model, capsim_error *err)
{
	pc->mode = PLACE_STATE;
	pc->rd.model = model;
	pc->rd.cpus = pc->cpus;
	pc->rd.pds = pc->pds;
	pc->rd.pd_order = pc->pd_order;
	return take_platform(pc, plat, true, err);
}

/* "key=value" of a --task spec */
static int task_field(struct place_case *pc, const char *key, const char *val, capsim_error *err,
		      const char **seen)
{
	static const char *const keys[] = { "util", "util_est", "runnable", "uclamp_min",
					    "uclamp_max", "prev" };
	static const uint64_t max[] = { PLACE_MAX_VALUE, UINT32_MAX, PLACE_MAX_VALUE,
					SCHED_CAPACITY_SCALE, SCHED_CAPACITY_SCALE,
					CAPSIM_MAX_CPUS - 1 };
	struct fair_task *p = &pc->task;
	uint64_t v = 0;
	unsigned k;

	for (k = 0; k < ARRAY_SIZE(keys) && strcmp(key, keys[k]); k++)
		;
	if (k == ARRAY_SIZE(keys))
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
					"--task: unknown field '%s' (expected util, util_est, runnable, uclamp_min, uclamp_max or prev)",
					key);
	/* util=50,util=60 is a typo, not "the last one wins" */
	if (seen[k])
		return capsim_error_set(err, CAPSIM_ERR_PARSE,
					"--task: %s given twice ('%s=%s' and '%s=%s')", key, key,
					seen[k], key, val);
	if (capsim_parse_u64(val, &v) || v > max[k])
		return capsim_error_set(err, CAPSIM_ERR_RANGE,
					"--task: %s=%s is not valid (expected an integer 0..%llu)", key,
					val, (unsigned long long)max[k]);
	seen[k] = val;
	switch (k) {
	case 0: p->util = v; break;
	case 1: p->util_est = (uint32_t)v; break;
	case 2: p->runnable = v; break;
	case 3: p->uclamp_min = v; break;
	case 4: p->uclamp_max = v; break;
	default: p->prev_cpu = (int)v; break;
	}
	return CAPSIM_OK;
}

int place_task_parse(struct place_case *pc, const char *spec, capsim_error *err)
{
	char buf[512], *save = NULL, *tok;
	const char *seen[6] = { 0 }; /* each field's value as given, by the order of task_field() */
	int rc = CAPSIM_OK;

	if (strlen(spec) >= sizeof(buf))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "--task: too long");
	strcpy(buf, spec);
	memset(&pc->task, 0, sizeof(pc->task));
	pc->task.uclamp_max = SCHED_CAPACITY_SCALE;
	for (tok = strtok_r(buf, ",", &save); tok && !rc; tok = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(tok, '=');

		if (!eq)
			return capsim_error_set(err, CAPSIM_ERR_PARSE,
						"--task: '%s' is not key=value", tok);
		*eq = '\0';
		rc = task_field(pc, tok, eq + 1, err, seen);
	}
	if (!rc && (!seen[0] || !seen[5]))
		rc = capsim_error_set(err, CAPSIM_ERR_PARSE,
				      "--task: util and prev are required (e.g. util=200,prev=0)");
	if (!rc && !seen[2])
		pc->task.runnable = pc->task.util;
	for (unsigned c = 0; c < CAPSIM_MAX_CPUS; c++)
		capsim_cpumask_set(&pc->task.allowed, c);
	pc->has_task = !rc;
	return rc;
}

static bool clamps_in_use(const struct place_case *pc)
{
	if (pc->task.uclamp_min || pc->task.uclamp_max != SCHED_CAPACITY_SCALE)
		return true;
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		if (pc->cpus[c].uclamp_min_rq ||
		    pc->cpus[c].uclamp_max_rq != SCHED_CAPACITY_SCALE)
			return true;
	return false;
}

int place_case_finish(struct place_case *pc, capsim_error *err)
{
	capsim_cpumask all = { { 0 } };

	if (!pc->has_task)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"no task (expected --task or a \"task\" object)");
	if (pc->is_rt)
		return CAPSIM_OK; /* the reader checked every CPU number */
	if ((unsigned)pc->task.prev_cpu >= pc->rd.nr_cpus)
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"task prev CPU %d does not exist (expected 0..%u)",
					pc->task.prev_cpu, pc->rd.nr_cpus - 1);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		capsim_cpumask_set(&all, c);
	for (unsigned w = 0; w < ARRAY_SIZE(all.bits); w++)
		pc->task.allowed.bits[w] &= all.bits[w];
	if (pc->mode == PLACE_STATE && !capsim_cpumask_weight(&pc->task.allowed))
		return capsim_error_set(err, CAPSIM_ERR_INVALID,
					"the task may run on no CPU of the platform (expected --allowed to name one of 0..%u)",
					pc->rd.nr_cpus - 1);
	if (!pc->has_uclamp_used)
		pc->rd.uclamp_used = clamps_in_use(pc);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		if (!pc->has_capacity_of[c])
			pc->cpus[c].capacity_of = scale_rt_capacity(&pc->rd, (int)c);
	return CAPSIM_OK;
}

void place_run(const struct place_case *pc, struct place_result *res)
{
	const struct fair_rd *rd = &pc->rd;
	const struct fair_task *p = &pc->task;

	if (pc->is_rt) {
		res->distribute_prev_after = pc->distribute_prev;
		rt_select_task_rq(&pc->rt_rd, &pc->rt_task, pc->this_cpu,
				  &res->distribute_prev_after, &res->rt);
		return;
	}
	res->task_util_est = task_util_est(p);
	for (unsigned i = 0; i < rd->nr_cpus; i++) {
		int c = (int)i;

		res->actual_cap[i] = actual_cpu_capacity(rd, c);
		res->util_fits_cpu[i] = util_fits_cpu(rd, res->task_util_est, p->uclamp_min,
						      p->uclamp_max, c);
		res->cpu_util[i][0] = cpu_util(rd, c, p, -1, 0);
		res->cpu_util[i][1] = cpu_util(rd, c, p, c, 0);
		res->cpu_util[i][2] = cpu_util(rd, c, p, -1, 1);
		res->cpu_util[i][3] = cpu_util(rd, c, p, c, 1);
		res->effective[i][0] = effective_cpu_util(rd, c, res->cpu_util[i][0],
							  &res->effective[i][1],
							  &res->effective[i][2]);
	}
	res->select_idle_capacity = select_idle_capacity(rd, p, p->prev_cpu, SIS_NO_SHARED);
	res->feec = find_energy_efficient_cpu(rd, p, &res->trace);
}
