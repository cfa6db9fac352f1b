// SPDX-License-Identifier: MIT
/*
 * scenario.c - the scenario JSON reader (json-c, positions from src/input/jsonpos.c) and the step that
 * turns a scenario into a simulator: platform by name or path, rt-app workload by path or
 * inline, static caps as freq_qos MAX requests at t=0 (what writing scaling_max_freq does),
 * timed freq_qos and HW-cap events. Unknown keys and wrong types are errors, never ignored.
 */
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>

#include "internal.h"
#include "input/data_paths.h"
#include "input/jsonpos.h"
#include "input/kernel_config.h"
#include "input/names.h"
#include "input/scenario.h"
#include "input/scenario_events.h"
#include "input/scenario_timeline.h"
#include "input/platform_load.h"
#include "input/readfile.h"
#include "model/cpuidle.h"

#define SCENARIO_MAX_EVENTS 100000u
#define DEFAULT_DURATION_NS (10 * NSEC_PER_SEC)

struct sp {
	const char *file;
	struct jsonpos *pos;
	capsim_error *err;
	struct capsim_scenario *sc;
};

static int fail(struct sp *p, int node, const char *key, const char *path, int code,
		const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* "FILE:LINE:COL: PATH: message" */
static int fail(struct sp *p, int node, const char *key, const char *path, int code,
		const char *fmt, ...)
{
	struct jsonpos_at at = jsonpos_key(p->pos, node, key);
	char msg[768];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return capsim_error_set(p->err, code, "%s:%u:%u: %s: %s", p->file, at.line, at.col, path, msg);
}

/*
 * "unknown key (did you mean "KNOWN"? expected A, B, ...)": the expected keys of the object,
 * listed from @known (NULL-terminated), with the nearest one first when @key looks like a typo.
 */
static int unknown_key(struct sp *p, int node, const char *key, const char *path,
		       const char *const *known)
{
	const char *near = capsim_suggest(key, known, strv_len(known));
	char list[512] = "", hint[96] = "";
	size_t len = 0;

	for (const char *const *k = known; *k && len < sizeof(list); k++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", k == known ? "" : ", ", *k);
	if (near)
		snprintf(hint, sizeof(hint), "did you mean \"%s\"? ", near);
	return fail(p, node, key, path, CAPSIM_ERR_PARSE, "unknown key (%sexpected %s)", hint, list);
}

/* " (did you mean "v6.10"?)" for a mistyped model name in @v, else "". */
static const char *model_hint(struct json_object *v, char hint[96])
{
	const char *near = json_object_is_type(v, json_type_string)
				   ? capsim_model_suggest(json_object_get_string(v)) : NULL;

	if (!near)
		return "";
	snprintf(hint, 96, " (did you mean \"%s\"?)", near);
	return hint;
}

static char *dupstr(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s, n);
	return d;
}

/* A duration: a number of seconds, or a string with a unit ("10s", "250ms"). */
static int get_duration(struct sp *p, int node, const char *key, const char *path,
			struct json_object *v, uint64_t *out)
{
	int ret = scn_json_time(v, out);
	const char *text;

	if (!ret)
		return 0;
	/* quote what the file wrote, not what it would have been clamped or rounded to */
	text = json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
	if (ret == CAPSIM_ERR_RANGE && text[0] != '-')
		return fail(p, node, key, path, CAPSIM_ERR_RANGE, "%s is out of range (expected a "
			    "duration in whole ns, at most 100 years: a finer fraction is refused, "
			    "not rounded)", text);
	return fail(p, node, key, path, CAPSIM_ERR_PARSE,
		    "expected a duration: seconds (a number >= 0) or a string such as \"10s\" or "
		    "\"250ms\" (at most 100 years)");
}

/* A frequency: kHz as an integer, or a string with a unit ("1.8GHz"); *@bare if unitless. */
static int get_khz(struct sp *p, int node, const char *key, const char *path,
		   struct json_object *v, uint32_t *out, bool *bare)
{
	if (json_object_is_type(v, json_type_string) &&
	    !capsim_parse_freq_khz(json_object_get_string(v), out)) {
		*bare = capsim_is_bare_number(json_object_get_string(v));
		return 0;
	}
	if (json_object_is_type(v, json_type_int)) {
		int64_t k = json_object_get_int64(v);

		if (k > 0 && k <= INT32_MAX) {
			*out = (uint32_t)k;
			*bare = true;
			return 0;
		}
	}
	return fail(p, node, key, path, CAPSIM_ERR_PARSE,
		    "expected a frequency: kHz as an integer > 0, or a string such as \"1.8GHz\"");
}

static int get_uint(struct sp *p, int node, const char *key, const char *path,
		    struct json_object *v, uint64_t min, uint64_t max, uint64_t *out)
{
	int64_t x;

	if (!json_object_is_type(v, json_type_int) || (x = json_object_get_int64(v)) < 0 ||
	    (uint64_t)x < min || (uint64_t)x > max)
		return fail(p, node, key, path, CAPSIM_ERR_PARSE, "expected an integer in %llu..%llu",
			    (unsigned long long)min, (unsigned long long)max);
	*out = (uint64_t)x;
	return 0;
}

/* "seed": 0..2^64 - 1, the range of --seed, read from the file's digits (json-c saturates) */
static int get_seed(struct sp *p, struct json_object *v, uint64_t *out)
{
	char num[32];

	if (!json_object_is_type(v, json_type_int) || jsonpos_number(p->pos, 0, "seed", num, sizeof(num)) ||
	    capsim_parse_u64(num, out))
		return fail(p, 0, "seed", "seed", CAPSIM_ERR_PARSE,
			    "expected an integer in 0..18446744073709551615 (as --seed takes)");
	return 0;
}

static int get_bool(struct sp *p, int node, const char *key, const char *path,
		    struct json_object *v, int *out)
{
	if (!json_object_is_type(v, json_type_boolean))
		return fail(p, node, key, path, CAPSIM_ERR_PARSE, "expected true or false");
	*out = json_object_get_boolean(v);
	return 0;
}

/* a cpuidle governor's name, "menu" or "teo" (cpuidle.governor=) */
static int get_cpuidle_governor(struct sp *p, int node, const char *key, const char *path,
				struct json_object *v, int *out)
{
	int gov = json_object_is_type(v, json_type_string)
			  ? cpuidle_find_governor(json_object_get_string(v)) : -1;

	if (gov < 0)
		return fail(p, node, key, path, CAPSIM_ERR_PARSE, "expected \"menu\" or \"teo\"");
	*out = gov;
	return 0;
}

/*
 * A bare frequency of the file (at @key of @node, JSON path @path) is checked against the
 * OPPs once the platform is known: @cpus for a HW cap, else policy @policy (@by_cpu: "cpuN").
 */
static int claim_bare_khz(struct sp *p, int node, const char *key, const char *path,
			  uint32_t khz, const capsim_cpumask *cpus, unsigned policy, bool by_cpu)
{
	struct jsonpos_at at = jsonpos_key(p->pos, node, key);
	struct scn_khz_claim c = { .khz = khz, .policy = policy, .of_policy = !cpus,
				   .by_cpu = by_cpu };
	char where[256];

	if (cpus)
		c.cpus = *cpus;
	snprintf(where, sizeof(where), "%s:%u:%u: %s", p->file, at.line, at.col, path);
	c.where = where;
	return scn_events_claim_khz(p->sc->timeline, &c, p->err);
}

/* ---- kernel.cgroups: the cpu cgroups and their clamps ----------------------------------- */

/* a cgroup path as the cpu hierarchy names it: "/" then names, no empty, "." or ".." one */
static const char *cgroup_path_problem(const char *path)
{
	const char *c = path;

	if (*path != '/' || !path[1])
		return "expected a cgroup path under the root, such as \"/top-app\" (the root "
		       "group has no cpu.uclamp files; its clamps are kernel.sched_util_clamp_*)";
	if (strlen(path) >= SIM_CGROUP_PATH_MAX)
		return "too long a path (expected fewer than 128 bytes)";
	for (; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return "a control character in the path";
	for (c = path; *c; c += 1 + strcspn(c + 1, "/")) { /* c: each '/' */
		size_t n = strcspn(c + 1, "/");

		if (!n || (n == 1 && c[1] == '.') || (n == 2 && !strncmp(c + 1, "..", 2)))
			return "an empty, \".\" or \"..\" name in the path (expected /NAME/NAME...)";
	}
	return NULL;
}

/* "uclamp.min"/"uclamp.max" of a group: the cpu.uclamp file's text, as cpu_uclamp_write() takes it */
static int parse_cgroup_clamp(struct sp *p, int node, const char *key, const char *path,
			      struct json_object *v, uint32_t *util)
{
	const char *text = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
	int ret;

	if (!text)
		return fail(p, node, key, path, CAPSIM_ERR_PARSE, "expected a string, as the cpu.%s "
			    "file takes it: \"max\" or a percent such as \"50\" or \"12.5\"", key);
	ret = uclamp_capacity_from_percent(text, util, NULL);
	if (ret == -ERANGE)
		return fail(p, node, key, path, CAPSIM_ERR_RANGE, "\"%s\" is above 100 %% (cpu.%s "
			    "takes 0..100; the kernel refuses it with -ERANGE)", text, key);
	if (ret)
		return fail(p, node, key, path, CAPSIM_ERR_PARSE, "\"%s\": expected \"max\" or a "
			    "percent 0..100 with decimal digits and at most one '.' (such as \"50\" or "
			    "\"12.5\")", text);
	return 0;
}

static int parse_cgroup(struct sp *p, int node, const char *name, struct json_object *obj,
			struct sim_cgroup *cg)
{
	char path[SIM_CGROUP_PATH_MAX + 64];
	const char *problem = cgroup_path_problem(name);
	int gnode = jsonpos_child(p->pos, node, name);
	int ret = 0;

	snprintf(path, sizeof(path), "kernel.cgroups.%s", name);
	if (problem)
		return fail(p, node, name, path, CAPSIM_ERR_PARSE, "%s", problem);
	if (!json_object_is_type(obj, json_type_object))
		return fail(p, node, name, path, CAPSIM_ERR_PARSE, "expected an object of the "
			    "group's cpu.uclamp files: {\"uclamp.min\": ..., \"uclamp.max\": ...}");
	*cg = (struct sim_cgroup){ .parent = -1, .req = { 0, SCHED_CAPACITY_SCALE } };
	snprintf(cg->path, sizeof(cg->path), "%s", name);
	json_object_object_foreach(obj, key, v) {
		char kpath[sizeof(path) + 16];

		snprintf(kpath, sizeof(kpath), "%s.%s", path, key);
		if (!strcmp(key, "uclamp.min"))
			ret = parse_cgroup_clamp(p, gnode, key, kpath, v, &cg->req[UCLAMP_ID_MIN]);
		else if (!strcmp(key, "uclamp.max"))
			ret = parse_cgroup_clamp(p, gnode, key, kpath, v, &cg->req[UCLAMP_ID_MAX]);
		else
			ret = unknown_key(p, gnode, key, kpath,
					  (const char *const[]){ "uclamp.min", "uclamp.max", NULL });
		if (ret)
			return ret;
		cg->written = 1;
	}
	return 0;
}

static unsigned cgroup_depth(const char *path)
{
	unsigned d = 0;

	for (; *path; path++)
		d += *path == '/';
	return d;
}

/* the groups ordered parents first, each with its parent's index; a missing parent is refused */
static int link_cgroups(struct sp *p, int node, struct sim_options *o)
{
	for (unsigned i = 1; i < o->nr_cgroups; i++) /* stable: by depth, then as written */
		for (unsigned j = i; j && cgroup_depth(o->cgroups[j - 1].path) >
					 cgroup_depth(o->cgroups[j].path); j--) {
			struct sim_cgroup t = o->cgroups[j];

			o->cgroups[j] = o->cgroups[j - 1];
			o->cgroups[j - 1] = t;
		}
	for (unsigned i = 0; i < o->nr_cgroups; i++) {
		struct sim_cgroup *cg = &o->cgroups[i];
		size_t plen = (size_t)(strrchr(cg->path, '/') - cg->path);
		char path[SIM_CGROUP_PATH_MAX + 64];

		if (!plen)
			continue; /* a child of the root group */
		for (unsigned j = 0; j < i && cg->parent < 0; j++)
			if (strlen(o->cgroups[j].path) == plen && !strncmp(o->cgroups[j].path, cg->path, plen))
				cg->parent = (int)j;
		snprintf(path, sizeof(path), "kernel.cgroups.%s", cg->path);
		if (cg->parent < 0)
			return fail(p, node, cg->path, path, CAPSIM_ERR_PARSE, "its parent \"%.*s\" is "
				    "not declared (declare it too, {} for a group without clamps: its "
				    "clamps cap its children's)", (int)plen, cg->path);
	}
	return 0;
}

/*
 * kernel.cgroups: {"/PATH": {"uclamp.min": "PCT", "uclamp.max": "PCT"}, ...}, the cpu cgroups
 * rt-app's "taskgroup" names, each with what its cpu.uclamp files are written at boot
 */
static int parse_cgroups(struct sp *p, int knode, struct json_object *obj, struct sim_options *o)
{
	int node = jsonpos_child(p->pos, knode, "cgroups");
	int ret = 0;

	if (!json_object_is_type(obj, json_type_object))
		return fail(p, knode, "cgroups", "kernel.cgroups", CAPSIM_ERR_PARSE, "expected an "
			    "object of cgroup paths, such as {\"/background\": {\"uclamp.max\": \"50\"}}");
	o->nr_cgroups = 0;
	json_object_object_foreach(obj, key, v) {
		if (o->nr_cgroups == SIM_CGROUPS_MAX)
			return fail(p, knode, "cgroups", "kernel.cgroups", CAPSIM_ERR_RANGE, "more than "
				    "%u groups (rt-app's limit on taskgroups)", SIM_CGROUPS_MAX);
		ret = parse_cgroup(p, node, key, v, &o->cgroups[o->nr_cgroups++]);
		if (ret)
			return ret;
	}
	return link_cgroups(p, node, o);
}

static int parse_kernel(struct sp *p, struct json_object *obj, int node)
{
	struct sim_options *o = &p->sc->opt;
	char path[64];
	int ret = 0;

	if (!json_object_is_type(obj, json_type_object))
		return fail(p, 0, "kernel", "kernel", CAPSIM_ERR_PARSE, "expected an object");
	json_object_object_foreach(obj, key, v) {
		uint64_t x = 0;

		snprintf(path, sizeof(path), "kernel.%s", key);
		if (!strcmp(key, "hz")) {
			ret = get_uint(p, node, key, path, v, 1, 10000, &x);
			o->hz = (unsigned)x;
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_HZ);
		} else if (!strcmp(key, "rate_limit_us")) {
			ret = get_uint(p, node, key, path, v, 0, 10000000, &x);
			o->rate_limit_us = (uint32_t)x;
		} else if (!strcmp(key, "eas")) {
			ret = get_bool(p, node, key, path, v, &o->eas);
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_ENERGY_MODEL);
		} else if (!strcmp(key, "uclamp")) {
			ret = get_bool(p, node, key, path, v, &o->uclamp);
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_UCLAMP_TASK);
		} else if (!strcmp(key, "uclamp_task_group")) {
			ret = get_bool(p, node, key, path, v, &o->uclamp_task_group);
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_UCLAMP_TASK_GROUP);
		} else if (!strcmp(key, "cgroups")) {
			ret = parse_cgroups(p, node, v, o);
		} else if (!strcmp(key, "uclamp_buckets_count")) {
			ret = get_uint(p, node, key, path, v, UCLAMP_BUCKETS_MIN, UCLAMP_BUCKETS_MAX, &x);
			o->uclamp_buckets = (uint32_t)x;
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_UCLAMP_BUCKETS);
		} else if (!strcmp(key, "sched_util_clamp_min")) {
			ret = get_uint(p, node, key, path, v, 0, SCHED_CAPACITY_SCALE, &x);
			o->uclamp_sysctl.util_min = (uint32_t)x;
		} else if (!strcmp(key, "sched_util_clamp_max")) {
			ret = get_uint(p, node, key, path, v, 0, SCHED_CAPACITY_SCALE, &x);
			o->uclamp_sysctl.util_max = (uint32_t)x;
		} else if (!strcmp(key, "sched_util_clamp_min_rt_default")) {
			ret = get_uint(p, node, key, path, v, 0, SCHED_CAPACITY_SCALE, &x);
			o->uclamp_sysctl.util_min_rt_default = (uint32_t)x;
		} else if (!strcmp(key, "governor")) {
			const char *g = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";

			if (!strcmp(g, "schedutil"))
				o->governor = SIM_GOV_SCHEDUTIL;
			else if (!strcmp(g, "performance"))
				o->governor = SIM_GOV_PERFORMANCE;
			else if (!strcmp(g, "powersave"))
				o->governor = SIM_GOV_POWERSAVE;
			else
				ret = fail(p, node, key, path, CAPSIM_ERR_PARSE,
					   "expected \"schedutil\", \"performance\" or \"powersave\"");
		} else if (!strcmp(key, "model")) {
			char hint[96];

			if (!json_object_is_type(v, json_type_string) ||
			    capsim_model_from_name(json_object_get_string(v), &o->model))
				ret = fail(p, node, key, path, CAPSIM_ERR_PARSE,
					   "expected \"v6.10\", \"v6.9\", \"v6.12\", \"latest\", \"capped\", \"none\" or \"v6.1\"%s",
					   model_hint(v, hint));
		} else if (!strcmp(key, "freq_invariance")) {
			const char *fi = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";

			if (!strcmp(fi, "cpufreq"))
				o->freq_invariance = PLATFORM_FIE_CPUFREQ;
			else if (!strcmp(fi, "amu"))
				o->freq_invariance = PLATFORM_FIE_AMU;
			else
				ret = fail(p, node, key, path, CAPSIM_ERR_PARSE,
					   "expected \"cpufreq\" or \"amu\"");
		} else if (!strcmp(key, "cpuidle_off")) {
			ret = get_bool(p, node, key, path, v, &o->cpuidle_off);
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_CPU_IDLE);
		} else if (!strcmp(key, "cpuidle_governor")) {
			ret = get_cpuidle_governor(p, node, key, path, v, &o->cpuidle_governor);
			p->sc->kernel_set |= KCONFIG_BIT(KCONFIG_CPU_IDLE_GOV);
		} else if (!strcmp(key, "thermal_decay_shift")) {
			ret = get_uint(p, node, key, path, v, 0, 10, &x);
			o->thermal_decay_shift = (unsigned)x;
		} else if (!strcmp(key, "capped_threshold")) {
			ret = get_duration(p, node, key, path, v, &o->capped_threshold_ns);
			if (!ret && !o->capped_threshold_ns)
				ret = fail(p, node, key, path, CAPSIM_ERR_RANGE, "expected a duration > 0");
		} else {
			static const char *const known[] = {
				"hz", "governor", "rate_limit_us", "eas", "uclamp", "uclamp_buckets_count",
				"uclamp_task_group", "cgroups",
				"sched_util_clamp_min",
				"sched_util_clamp_max", "sched_util_clamp_min_rt_default", "model",
				"freq_invariance", "cpuidle_off", "cpuidle_governor", "thermal_decay_shift",
				"capped_threshold", NULL
			};

			ret = unknown_key(p, node, key, path, known);
		}
		if (ret)
			return ret;
	}
	if (o->uclamp_sysctl.util_min > o->uclamp_sysctl.util_max)
		return fail(p, node, "sched_util_clamp_min", "kernel.sched_util_clamp_min",
			    CAPSIM_ERR_RANGE, "above kernel.sched_util_clamp_max (the sysctl "
			    "handler rejects it with -EINVAL)");
	return 0;
}

/* @path: the event's JSON path ("events[2]", "caps.policy4"), for what the run may refuse */
static int add_event(struct sp *p, const struct sim_sc_event *e, struct jsonpos_at at,
		     const char *path, bool by_cpu)
{
	struct capsim_scenario *sc = p->sc;
	struct scenario_event *n;

	if (sc->nr_events >= SCENARIO_MAX_EVENTS)
		return capsim_error_set(p->err, CAPSIM_ERR_RANGE, "%s:%u:%u: more than %u events",
					p->file, at.line, at.col, SCENARIO_MAX_EVENTS);
	n = realloc(sc->events, (sc->nr_events + 1) * sizeof(*n));
	if (!n)
		return CAPSIM_ERR_NOMEM;
	sc->events = n;
	memset(&n[sc->nr_events], 0, sizeof(n[sc->nr_events])); /* origin "": from the file */
	n[sc->nr_events].ev = *e;
	snprintf(n[sc->nr_events].ev.where, sizeof(n[sc->nr_events].ev.where), "%s:%u:%u: %s",
		 p->file, at.line, at.col, path);
	n[sc->nr_events].line = at.line;
	n[sc->nr_events].col = at.col;
	n[sc->nr_events].by_cpu = by_cpu;
	sc->nr_events++;
	return 0;
}

/* "caps": {"policy4": "2GHz", ...}: static MAX requests from the start */
static int parse_caps(struct sp *p, struct json_object *obj, int node)
{
	char path[96];

	if (!json_object_is_type(obj, json_type_object))
		return fail(p, 0, "caps", "caps", CAPSIM_ERR_PARSE,
			    "expected an object such as {\"policy4\": \"1.8GHz\"}");
	json_object_object_foreach(obj, key, v) {
		struct sim_sc_event e = { .kind = SIM_SC_QOS_SET, .qos = FREQ_QOS_MAX };
		bool by_cpu, bare;
		unsigned cpu;
		int ret;

		snprintf(path, sizeof(path), "caps.%.40s", key);
		if (capsim_parse_policy(key, &cpu, &by_cpu))
			return fail(p, node, key, path, CAPSIM_ERR_PARSE,
				    "expected a policy name such as \"policy4\" (its first CPU) or "
				    "\"cpu5\" (the policy of CPU 5)");
		ret = get_khz(p, node, key, path, v, &e.khz, &bare);
		if (!ret && bare)
			ret = claim_bare_khz(p, node, key, path, e.khz, NULL, cpu, by_cpu);
		if (ret)
			return ret;
		e.policy = (int)cpu;
		/* the file's cap and a --max-freq on its policy are one request, as in sysfs */
		snprintf(e.name, sizeof(e.name), "scaling_max_freq");
		ret = add_event(p, &e, jsonpos_key(p->pos, node, key), path, by_cpu);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * One timed event: {"at": T, "max_freq"|"min_freq": {"policy": "policy4", "khz": K,
 * "name": N} } sets a request (khz null clears it), or {"at": T, "hw_cap": {"cpus": "4-7",
 * "khz": K, "duration": D}} throttles for D (or until a later hw_cap with khz 0).
 */
static int parse_event(struct sp *p, struct json_object *obj, unsigned i)
{
	struct jsonpos_at at = jsonpos_key(p->pos, 0, "events");
	struct sim_sc_event e = { 0 };
	struct json_object *v, *body = NULL;
	char path[64];
	uint64_t dur = 0;
	bool by_cpu = false, bare = false;
	int ret;

	snprintf(path, sizeof(path), "events[%u]", i);
	if (!json_object_is_type(obj, json_type_object))
		return fail(p, 0, "events", path, CAPSIM_ERR_PARSE, "expected an object");
	json_object_object_foreach(obj, k0, v0) {
		char where[600];

		(void)v0;
		if (!scn_events_kind_of(k0))
			continue;
		/* the timeline kinds of src/input/scenario_events.c */
		snprintf(where, sizeof(where), "%s:%u:%u: %s", p->file, at.line, at.col, path);
		return scn_events_add_json_event(p->sc->timeline, obj, where, p->err);
	}
	if (!json_object_object_get_ex(obj, "at", &v))
		return fail(p, 0, "events", path, CAPSIM_ERR_PARSE, "missing \"at\" (expected the time)");
	ret = get_duration(p, 0, "events", path, v, &e.time_ns);
	if (ret)
		return ret;
	json_object_object_foreach(obj, key, val) {
		if (!strcmp(key, "at"))
			continue;
		if (body || (strcmp(key, "max_freq") && strcmp(key, "min_freq") && strcmp(key, "hw_cap")))
			return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
				    "expected exactly one of max_freq, min_freq, hw_cap, hw_bursts, "
				    "cooling_state, task_start, task_stop, uclamp beside \"at\"");
		body = val;
		if (!json_object_is_type(val, json_type_object))
			return fail(p, 0, "events", path, CAPSIM_ERR_PARSE, "expected an object");
		if (!strcmp(key, "hw_cap")) {
			struct json_object *c, *k, *d;

			e.kind = SIM_SC_HW_CAP;
			if (!json_object_object_get_ex(val, "cpus", &c) || !json_object_is_type(c, json_type_string) ||
			    capsim_parse_cpulist(json_object_get_string(c), &e.cpus))
				return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
					    "hw_cap.cpus: expected a CPU list string such as \"4-7\"");
			if (!json_object_object_get_ex(val, "khz", &k) ||
			    get_khz(p, 0, "events", path, k, &e.khz, &bare))
				return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
					    "hw_cap.khz: expected the capped frequency in kHz");
			if (bare && (ret = claim_bare_khz(p, 0, "events", path, e.khz, &e.cpus, 0,
							  false)))
				return ret;
			if (json_object_object_get_ex(val, "duration", &d) &&
			    get_duration(p, 0, "events", path, d, &dur))
				return p->err->code;
		} else {
			struct json_object *pol, *k, *n;
			unsigned cpu;

			e.qos = strcmp(key, "max_freq") ? FREQ_QOS_MIN : FREQ_QOS_MAX;
			if (!json_object_object_get_ex(val, "policy", &pol) || !json_object_is_type(pol, json_type_string) ||
			    capsim_parse_policy(json_object_get_string(pol), &cpu, &by_cpu))
				return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
					    "%s.policy: expected a policy name such as \"policy4\" or "
					    "\"cpu5\"", key);
			e.policy = (int)cpu;
			snprintf(e.name, sizeof(e.name), "%s", "scaling_max_freq");
			if (e.qos == FREQ_QOS_MIN)
				snprintf(e.name, sizeof(e.name), "%s", "scaling_min_freq");
			if (json_object_object_get_ex(val, "name", &n)) {
				if (!json_object_is_type(n, json_type_string) ||
				    strlen(json_object_get_string(n)) >= sizeof(e.name) ||
				    !json_object_get_string(n)[0])
					return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
						    "%s.name: expected a request name of 1..%zu characters",
						    key, sizeof(e.name) - 1);
				snprintf(e.name, sizeof(e.name), "%s", json_object_get_string(n));
			}
			if (!json_object_object_get_ex(val, "khz", &k))
				return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
					    "%s.khz: missing (expected kHz, or null to remove the request)", key);
			if (!k)
				e.kind = SIM_SC_QOS_CLEAR;
			else if ((ret = get_khz(p, 0, "events", path, k, &e.khz, &bare)))
				return ret;
			else
				e.kind = SIM_SC_QOS_SET;
			if (bare && (ret = claim_bare_khz(p, 0, "events", path, e.khz, NULL, cpu,
							  by_cpu)))
				return ret;
		}
	}
	if (!body)
		return fail(p, 0, "events", path, CAPSIM_ERR_PARSE,
			    "expected one of max_freq, min_freq, hw_cap beside \"at\"");
	ret = add_event(p, &e, at, path, by_cpu);
	if (!ret && e.kind == SIM_SC_HW_CAP && dur) {
		if (e.time_ns + dur < e.time_ns)
			return fail(p, 0, "events", path, CAPSIM_ERR_RANGE, "the episode ends beyond 100 years");
		e.time_ns += dur;
		e.khz = 0;
		ret = add_event(p, &e, at, path, false);
	}
	return ret;
}

static int parse_events(struct sp *p, struct json_object *arr)
{
	if (!json_object_is_type(arr, json_type_array))
		return fail(p, 0, "events", "events", CAPSIM_ERR_PARSE, "expected an array of events");
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		int ret = parse_event(p, json_object_array_get_idx(arr, i), (unsigned)i);

		if (ret)
			return ret;
	}
	return 0;
}

/* "thermal": {"governor": G, "ambient_mc": T, "r_mc_per_w": R, "c_mj_per_c": C, "initial_mc": T0} */
static int parse_thermal(struct sp *p, struct json_object *obj, int node)
{
	struct sim_options *o = &p->sc->opt;
	int has_initial = 0;
	char path[64];
	capsim_error e;
	int ret = 0;

	if (!json_object_is_type(obj, json_type_object))
		return fail(p, 0, "thermal", "thermal", CAPSIM_ERR_PARSE, "expected an object");
	o->thermal = 1;
	{
		struct jsonpos_at at = jsonpos_key(p->pos, 0, "thermal");

		p->sc->thermal_line = at.line;
		p->sc->thermal_col = at.col;
	}
	json_object_object_foreach(obj, key, v) {
		uint64_t x = 0; /* set by get_uint() when it succeeds (-O3 cannot see it) */

		snprintf(path, sizeof(path), "thermal.%s", key);
		if (!strcmp(key, "governor")) {
			const char *g = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";

			if (!strcmp(g, "step_wise"))
				o->thermal_governor = THERMAL_GOV_STEP_WISE;
			else if (!strcmp(g, "power_allocator"))
				o->thermal_governor = THERMAL_GOV_POWER_ALLOCATOR;
			else
				ret = fail(p, node, key, path, CAPSIM_ERR_PARSE,
					   "expected \"step_wise\" or \"power_allocator\"");
		} else if (!strcmp(key, "ambient_mc") || !strcmp(key, "initial_mc")) {
			ret = get_uint(p, node, key, path, v, 0, 200000, &x);
			if (key[0] == 'a')
				o->thermal_rc.t_amb = (int32_t)x;
			else
				o->thermal_rc.t_init = (int32_t)x, has_initial = 1;
		} else if (!strcmp(key, "r_mc_per_w")) {
			ret = get_uint(p, node, key, path, v, 100, 1000000, &x);
			o->thermal_rc.r = (uint32_t)x;
		} else if (!strcmp(key, "c_mj_per_c")) {
			ret = get_uint(p, node, key, path, v, 1, 10000000, &x);
			o->thermal_rc.c = (uint32_t)x;
		} else {
			static const char *const known[] = {
				"governor", "ambient_mc", "initial_mc", "r_mc_per_w", "c_mj_per_c", NULL
			};

			ret = unknown_key(p, node, key, path, known);
		}
		if (ret)
			return ret;
	}
	if (!has_initial)
		o->thermal_rc.t_init = o->thermal_rc.t_amb;
	if (thermal_rc_validate(&o->thermal_rc, &e))
		return fail(p, 0, "thermal", "thermal", e.code, "%s", e.msg);
	return 0;
}

static int parse_root(struct sp *p, struct json_object *root)
{
	struct capsim_scenario *sc = p->sc;

	if (!json_object_is_type(root, json_type_object))
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE,
					"%s:1:1: expected a JSON object (a capsim scenario)", p->file);
	json_object_object_foreach(root, key, v) {
		int ret = 0;

		if (!strcmp(key, "name") || !strcmp(key, "description") || !strcmp(key, "question")) {
			char shown[96];
			const char *why;

			if (!json_object_is_type(v, json_type_string))
				ret = fail(p, 0, key, key, CAPSIM_ERR_PARSE, "expected a string");
			else if (key[0] == 'd' && !(sc->description = dupstr(json_object_get_string(v))))
				ret = CAPSIM_ERR_NOMEM;
			else if (key[0] == 'q' && !(sc->question = dupstr(json_object_get_string(v))))
				ret = CAPSIM_ERR_NOMEM;
			/* the name is in every report's header (src/input/names.h); prose may wrap */
			else if (key[0] == 'n' &&
				 (why = input_name_bad(json_object_get_string(v), shown, sizeof(shown))))
				ret = fail(p, 0, key, key, CAPSIM_ERR_PARSE, "\"%s\" %s (expected printable "
					   "UTF-8)", shown, why);
		} else if (!strcmp(key, "platform")) {
			if (!json_object_is_type(v, json_type_string) || !json_object_get_string(v)[0])
				ret = fail(p, 0, key, key, CAPSIM_ERR_PARSE,
					   "expected a platform short name (e.g. \"pixel6\") or a path");
			else if (!(sc->platform = dupstr(json_object_get_string(v))))
				ret = CAPSIM_ERR_NOMEM;
		} else if (!strcmp(key, "workload")) {
			if (json_object_is_type(v, json_type_string) && json_object_get_string(v)[0]) {
				if (!(sc->workload_path = dupstr(json_object_get_string(v))))
					ret = CAPSIM_ERR_NOMEM;
			} else if (json_object_is_type(v, json_type_object)) {
				const char *t = json_object_to_json_string_ext(v, JSON_C_TO_STRING_PRETTY);

				if (!(sc->workload_text = dupstr(t)))
					ret = CAPSIM_ERR_NOMEM;
			} else {
				ret = fail(p, 0, key, key, CAPSIM_ERR_PARSE,
					   "expected an rt-app file path or an inline rt-app object");
			}
		} else if (!strcmp(key, "duration")) {
			ret = get_duration(p, 0, key, key, v, &sc->opt.duration_ns);
			if (!ret && !sc->opt.duration_ns)
				ret = fail(p, 0, key, key, CAPSIM_ERR_RANGE, "expected a duration > 0");
			else if (!ret && sc->opt.duration_ns > CAPSIM_MAX_RUN_NS)
				ret = fail(p, 0, key, key, CAPSIM_ERR_RANGE, "%s is longer than a run "
					   "can be (expected at most 366 days of simulated time)",
					   json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
		} else if (!strcmp(key, "seed")) {
			ret = get_seed(p, v, &sc->opt.seed);
		} else if (!strcmp(key, "kernel")) {
			ret = parse_kernel(p, v, jsonpos_child(p->pos, 0, "kernel"));
		} else if (!strcmp(key, "caps")) {
			ret = parse_caps(p, v, jsonpos_child(p->pos, 0, "caps"));
		} else if (!strcmp(key, "events")) {
			ret = parse_events(p, v);
		} else if (!strcmp(key, "thermal")) {
			ret = parse_thermal(p, v, jsonpos_child(p->pos, 0, "thermal"));
		} else {
			static const char *const known[] = {
				"name", "description", "question", "platform", "kernel", "workload",
				"duration", "seed", "caps", "events", "thermal", NULL
			};

			ret = unknown_key(p, 0, key, key, known);
		}
		if (ret)
			return ret == CAPSIM_ERR_NOMEM ? capsim_error_set(p->err, ret, "out of memory") : ret;
	}
	if (!sc->platform)
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s: platform: missing (expected a "
					"platform name or path)", p->file);
	if (!sc->workload_path && !sc->workload_text)
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s: workload: missing (expected an "
					"rt-app file path or an inline rt-app object)", p->file);
	return 0;
}

static int tokenize(struct sp *p, const char *text, size_t len, struct json_object **root)
{
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	struct jsonpos_at at;
	size_t end;

	if (memchr(text, '\0', len))
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s: a NUL byte (expected JSON text)",
					p->file);
	tok = json_tokener_new();
	if (!tok)
		return capsim_error_set(p->err, CAPSIM_ERR_NOMEM, "out of memory");
	*root = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_success && *root) {
		while (end < len && strchr(" \t\r\n", text[end]))
			end++;
		if (end == len)
			return 0;
		at = jsonpos_offset(p->pos, end);
		json_object_put(*root);
		*root = NULL;
		return capsim_error_set(p->err, CAPSIM_ERR_PARSE,
					"%s:%u:%u: text after the scenario object (expected the end of the file)",
					p->file, at.line, at.col);
	}
	json_object_put(*root);
	*root = NULL;
	at = jsonpos_offset(p->pos, jerr == json_tokener_continue || jerr == json_tokener_success ? len : end);
	return capsim_error_set(p->err, CAPSIM_ERR_PARSE, "%s:%u:%u: %s", p->file, at.line, at.col,
				jerr == json_tokener_continue || jerr == json_tokener_success ?
				"unexpected end of the file (expected a complete JSON object)" :
				json_tokener_error_desc(jerr));
}

int scenario_parse(const char *text, size_t len, const char *name, const char *dir,
		   struct capsim_scenario **out, capsim_error *err)
{
	struct sp p = { .file = name ? name : "<scenario>", .err = err };
	struct json_object *root = NULL;
	int ret;

	*out = NULL;
	ret = input_check_size(p.file, len, err);
	if (ret)
		return ret;
	p.sc = calloc(1, sizeof(*p.sc));
	if (!p.sc || jsonpos_build(text, len, &p.pos)) {
		free(p.sc);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	sim_options_default(&p.sc->opt);
	p.sc->timeline = scn_events_new();
	p.sc->source = dupstr(p.file);
	p.sc->dir = dupstr(dir ? dir : ".");
	ret = !p.sc->source || !p.sc->dir || !p.sc->timeline ? capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory") :
	      tokenize(&p, text, len, &root);
	if (!ret) /* json-c keeps the last of two values: a scenario means one of them */
		ret = jsonpos_refuse_duplicate(p.pos, p.file, NULL, err);
	if (!ret)
		ret = parse_root(&p, root);
	json_object_put(root);
	jsonpos_free(p.pos);
	if (ret) {
		scenario_free(p.sc);
		return ret;
	}
	*out = p.sc;
	return 0;
}

int scenario_load(const char *path, struct capsim_scenario **out, capsim_error *err)
{
	char *text = NULL, *dir, *slash;
	size_t len = 0;
	int ret;

	*out = NULL;
	ret = input_read_file(path, &text, &len, err);
	if (ret)
		return ret;
	dir = dupstr(path);
	if (!dir) {
		free(text);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir ? 1 : 0] = '\0';
	ret = scenario_parse(text, len, path, slash ? dir : ".", out, err);
	free(dir);
	free(text);
	return ret;
}

void scenario_free(struct capsim_scenario *sc)
{
	if (!sc)
		return;
	free(sc->source);
	free(sc->dir);
	free(sc->description);
	free(sc->question);
	free(sc->platform);
	free(sc->workload_path);
	free(sc->workload_text);
	free(sc->events);
	scn_events_free(sc->timeline);
	free(sc->platform_arg);
	free(sc->workload_arg);
	for (unsigned i = 0; i < sc->nr_overlays; i++)
		free(sc->overlays[i]);
	free(sc->overlays);
	capsim_workload_free(sc->workload);
	scn_events_free(sc->added);
	free(sc);
}

/* The caller's buffer, not a static one: runs in other threads may ask at the same time. */
int scenario_default_path(char *buf, size_t size)
{
	struct stat st;
	int n = snprintf(buf, size, "%s/scenarios/default.json", platform_data_dir());

	if (n >= 0 && (size_t)n < size && !stat(buf, &st))
		return n;
	return snprintf(buf, size, "%s/default.json", data_paths_source_scenarios);
}

/* The directory of the shipped scenarios: the default scenario's. */
static int shipped_dir(char *buf, size_t size)
{
	char *slash;

	if ((size_t)scenario_default_path(buf, size) >= size)
		return CAPSIM_ERR_RANGE;
	slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	return 0;
}

int scenario_list(char ***names, capsim_error *err)
{
	static const char *const exts[] = { ".json", NULL };
	char dir[4096];

	*names = NULL;
	if (shipped_dir(dir, sizeof(dir)))
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "$CAPSIM_DATA_DIR: path too long");
	return input_dir_names(dir, exts, names, err);
}

int scenario_shipped_path(const char *name, char *buf, size_t size, capsim_error *err)
{
	char dir[4096];
	struct stat st;

	if (shipped_dir(dir, sizeof(dir)))
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "$CAPSIM_DATA_DIR: path too long");
	if (strchr(name, '/') || (size_t)snprintf(buf, size, "%s/%s.json", dir, name) >= size ||
	    stat(buf, &st) || !S_ISREG(st.st_mode))
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "%s: no such shipped scenario "
					"(expected one of the names 'capsim scenario list' shows)", name);
	return 0;
}

int scenario_load_default(struct capsim_scenario **out, capsim_error *err)
{
	char path[4096];

	if ((size_t)scenario_default_path(path, sizeof(path)) >= sizeof(path)) {
		*out = NULL;
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "$CAPSIM_DATA_DIR: path too long");
	}
	return scenario_load(path, out, err);
}

int scenario_new(struct capsim_scenario **out, capsim_error *err)
{
	struct capsim_scenario *sc = calloc(1, sizeof(*sc));

	*out = NULL;
	if (!sc)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	sim_options_default(&sc->opt);
	sc->timeline = scn_events_new();
	sc->source = dupstr("<scenario>");
	sc->dir = dupstr(".");
	if (!sc->timeline || !sc->source || !sc->dir) {
		scenario_free(sc);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	}
	*out = sc;
	return 0;
}

/* @path as given if absolute or if it exists; else relative to the scenario's directory. */
static char *resolve(const struct capsim_scenario *sc, const char *path)
{
	struct stat st;
	size_t n;
	char *r;

	if (path[0] == '/' || !stat(path, &st) || !sc->dir)
		return dupstr(path);
	n = strlen(sc->dir) + strlen(path) + 2;
	r = malloc(n);
	if (r)
		snprintf(r, n, "%s/%s", sc->dir, path);
	return r;
}

static bool looks_like_path(const char *s)
{
	return strchr(s, '/') || strchr(s, '.');
}

/* The policy named by its first CPU @cpu, or with @by_cpu the policy of CPU @cpu; -1: none. */
static int policy_index(const struct capsim_platform *plat, unsigned cpu, bool by_cpu)
{
	return by_cpu ? platform_policy_of(plat, cpu) : platform_find_policy(plat, cpu);
}

/* Every frequency written without a unit is plausible kHz for what it caps on @plat. */
static int check_bare_khz(const struct capsim_scenario *sc, const struct capsim_platform *plat,
			  capsim_error *err)
{
	for (unsigned i = 0; i < scn_events_nr_claims(sc->timeline); i++) {
		const struct scn_khz_claim *c = scn_events_get_claim(sc->timeline, i);
		capsim_cpumask cpus = c->cpus;
		int ret;

		if (c->of_policy) {
			int pol = policy_index(plat, c->policy, c->by_cpu);

			if (pol < 0)
				continue; /* resolve_events() names the missing policy */
			cpus = plat->policies[pol].related_cpus;
		}
		ret = capsim_platform_check_bare_khz(plat, &cpus, c->khz, c->where, err);
		if (ret)
			return ret;
	}
	return 0;
}

/* Map policy CPUs to policy indexes; check CPUs against the platform. */
/* an event given on the command line: its messages name the option, not a file position */
/* a task or cooling-device event names something that exists */
static int check_named(const struct capsim_scenario *sc, const struct scenario_event *se,
		       const struct capsim_platform *plat, const struct capsim_workload *wl,
		       capsim_error *err)
{
	if (se->ev.kind == SIM_SC_COOLING_STATE) {
		uint64_t n;

		if (!sc->opt.thermal)
			return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: a cooling_state event "
						"needs the thermal loop (a \"thermal\" object)", se->origin);
		if (strncmp(se->ev.name, "thermal-cpufreq-", 16) ||
		    capsim_parse_u64(se->ev.name + 16, &n) || n >= plat->nr_policies)
			return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
						"%s: no cooling device \"%s\" on platform %s (expected "
						"thermal-cpufreq-0..%u, one per policy)", se->origin,
						se->ev.name, plat->name, plat->nr_policies - 1);
		return 0;
	}
	for (unsigned t = 0; t < wl->nr_tasks; t++)
		if (!strcmp(wl->tasks[t].name, se->ev.name))
			return 0;
	return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "%s: no task \"%s\" in the workload",
				se->origin, se->ev.name);
}

static int resolve_cli_event(const struct capsim_scenario *sc, const struct scenario_event *se,
			     const struct capsim_platform *plat, const struct capsim_workload *wl,
			     struct sim_sc_event *out, capsim_error *err)
{
	*out = se->ev;
	if (se->ev.kind != SIM_SC_HW_CAP && se->ev.kind != SIM_SC_QOS_SET &&
	    se->ev.kind != SIM_SC_QOS_CLEAR)
		return check_named(sc, se, plat, wl, err);
	if (se->ev.kind == SIM_SC_HW_CAP) {
		for (unsigned c = plat->nr_cpus; c < CAPSIM_MAX_CPUS; c++)
			if (capsim_cpumask_test(&se->ev.cpus, c))
				return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
							"%s: CPU %u does not exist on platform %s "
							"(CPUs 0-%u)", se->origin, c, plat->name,
							plat->nr_cpus - 1);
		return 0;
	}
	out->policy = policy_index(plat, (unsigned)se->ev.policy, se->by_cpu);
	if (out->policy < 0)
		return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
					"%s: policy%d does not exist on platform %s (a policy is named "
					"by its first CPU)", se->origin, se->ev.policy, plat->name);
	return 0;
}

static int resolve_events(const struct capsim_scenario *sc, const struct capsim_platform *plat,
			  const struct capsim_workload *wl, struct sim_sc_event *out, capsim_error *err)
{
	for (unsigned i = 0; i < sc->nr_events; i++) {
		const struct scenario_event *se = &sc->events[i];
		int ret = 0;

		if (se->origin[0]) {
			ret = resolve_cli_event(sc, se, plat, wl, &out[i], err);
			if (ret)
				return ret;
			snprintf(out[i].where, sizeof(out[i].where), "%s", se->origin);
			continue;
		}
		out[i] = se->ev; /* its where is the file's position: add_event() */
		if (se->ev.kind == SIM_SC_HW_CAP) {
			for (unsigned c = plat->nr_cpus; c < CAPSIM_MAX_CPUS; c++)
				if (capsim_cpumask_test(&se->ev.cpus, c))
					return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
								"%s:%u:%u: CPU %u does not exist on platform %s "
								"(CPUs 0-%u)", sc->source, se->line, se->col, c,
								plat->name, plat->nr_cpus - 1);
			continue;
		}
		out[i].policy = policy_index(plat, (unsigned)se->ev.policy, se->by_cpu);
		if (out[i].policy < 0)
			return capsim_error_set(err, CAPSIM_ERR_NOT_FOUND,
						"%s:%u:%u: policy%d does not exist on platform %s (a policy is "
						"named by its first CPU)", sc->source, se->line, se->col,
						se->ev.policy, plat->name);
	}
	return 0;
}

/*
 * The thermal loop runs on the platform's thermal zones and caps CPUs through their cooling maps
 * onto cpufreq cooling devices: a platform with no zone, or none mapped to a CPU policy (fans, a
 * GPU only), leaves it nothing to do, and a run would look as if the thermal object had worked.
 */
static int check_thermal(const struct capsim_scenario *sc, const struct capsim_platform *plat,
			 capsim_error *err)
{
	char where[600];
	bool cpu_map = false;

	if (!sc->opt.thermal)
		return 0;
	if (sc->thermal_line)
		snprintf(where, sizeof(where), "%s:%u:%u: thermal", sc->source, sc->thermal_line,
			 sc->thermal_col);
	else
		snprintf(where, sizeof(where), "%s: the thermal loop (--thermal)", sc->source);
	if (!plat->nr_zones)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: platform %s has no thermal zones, "
					"so the loop has nothing to run (expected a platform whose device "
					"tree or platform JSON has thermal zones: `capsim platform show "
					"%s` lists them)", where, plat->name, plat->name);
	for (unsigned z = 0; z < plat->nr_zones; z++)
		for (unsigned m = 0; m < plat->zones[z].nr_maps; m++)
			cpu_map |= plat->zones[z].maps[m].policy >= 0;
	if (!cpu_map)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no thermal zone of platform %s has "
					"a cooling map onto a CPU (cpufreq) cooling device, so the loop "
					"could cap no CPU (expected a zone with one: `capsim platform show "
					"%s` lists them)", where, plat->name, plat->name);
	return 0;
}

/* @fn(@ctx, @what, @path) with @path resolved as scenario_prepare() resolves it; NULL: none. */
static int input(const struct capsim_scenario *sc, const char *path, bool from_scenario,
		 const char *what, int (*fn)(void *ctx, const char *what, const char *path),
		 void *ctx)
{
	char *r;
	int ret;

	if (!path)
		return 0;
	if (!from_scenario)
		return fn(ctx, what, path);
	if (!(r = resolve(sc, path)))
		return CAPSIM_ERR_NOMEM;
	ret = fn(ctx, what, r);
	free(r);
	return ret;
}

int scenario_inputs(const struct capsim_scenario *sc,
		    int (*fn)(void *ctx, const char *what, const char *path), void *ctx)
{
	const char *plat = sc->platform_arg ? sc->platform_arg : sc->platform;
	int ret = input(sc, sc->source, false, "the scenario", fn, ctx);

	if (!ret && plat && looks_like_path(plat))
		ret = input(sc, plat, !sc->platform_arg, "the platform", fn, ctx);
	for (unsigned i = 0; !ret && i < sc->nr_overlays; i++)
		ret = input(sc, sc->overlays[i], false, "the overlay", fn, ctx);
	if (!ret && !sc->workload)
		ret = sc->workload_arg ? input(sc, sc->workload_arg, false, "the workload", fn, ctx)
				       : input(sc, sc->workload_path, true, "the workload", fn, ctx);
	if (!ret && sc->opt.kernel_config[0])
		ret = input(sc, sc->opt.kernel_config, false, "the kernel config", fn, ctx);
	return ret;
}

int scenario_prepare(const struct capsim_scenario *sc, const char *platform, const char *workload,
		     struct capsim_platform **plat_out, struct capsim_workload **wl_out,
		     struct sim_sc_event **ev_out, capsim_error *err)
{
	struct capsim_platform *plat = NULL;
	struct capsim_workload *wl = NULL;
	struct sim_sc_event *ev = NULL;
	const char *pname = platform ? platform : sc->platform;
	char *path = NULL;
	int ret;

	/* a scenario built in code (scenario_new()) may still lack them */
	if (!pname)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no platform (expected a "
					"platform name or path)", sc->source);
	if (!sc->workload && !workload && !sc->workload_path && !sc->workload_text)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "%s: no workload (expected an "
					"rt-app file or workload)", sc->source);
	if (!platform && looks_like_path(pname))
		pname = path = resolve(sc, pname);
	ret = pname ? platform_load(pname, (const char *const *)sc->overlays, sc->nr_overlays, &plat,
				    err) :
	      capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	free(path);
	path = NULL;
	if (ret)
		return ret;
	if (sc->workload) {
		wl = wl_ref(sc->workload);
	} else if (workload) {
		ret = capsim_workload_load(workload, &wl, err);
	} else if (sc->workload_path) {
		path = resolve(sc, sc->workload_path);
		ret = path ? capsim_workload_load(path, &wl, err) : CAPSIM_ERR_NOMEM;
		free(path);
	} else {
		char name[600];

		snprintf(name, sizeof(name), "%s: workload", sc->source);
		ret = capsim_workload_parse(sc->workload_text, strlen(sc->workload_text), name, &wl, err);
	}
	if (!ret && sc->nr_events && !(ev = calloc(sc->nr_events, sizeof(*ev))))
		ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (!ret)
		ret = check_thermal(sc, plat, err);
	if (!ret)
		ret = check_bare_khz(sc, plat, err);
	if (!ret)
		ret = resolve_events(sc, plat, wl, ev, err);
	if (ret) {
		free(ev);
		platform_free(plat);
		capsim_workload_free(wl);
		return ret;
	}
	*plat_out = plat;
	*wl_out = wl;
	*ev_out = ev;
	return 0;
}
