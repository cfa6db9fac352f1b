// SPDX-License-Identifier: MIT
/*
 * platform_json.c - the capsim platform JSON (docs/formats.md): what a device tree does not
 * carry (firmware OPPs such as Juno's SCPI tables, x86-like machines with given capacities)
 * and overlays on a device tree (add an energy model, fix an OPP, add a policy). Strict JSON
 * through json-c; every member is checked for its type and range, unknown members are refused,
 * and errors name the JSON path ("FILE: $.policies[1].opps[3].khz: ..."). The result goes
 * through platform_finalize(), exactly like a device tree.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "internal.h"
#include "input/jsonpos.h"
#include "input/names.h"
#include "model/energy_model.h"
#include "model/opp_transition.h"
#include "model/platform.h"
#include "model/platform_internal.h"
#include "input/platform_load.h"

struct jctx {
	const char *file;
	capsim_error *err;
	struct capsim_platform *p;
	bool overlay;
};

static int jfail(struct jctx *c, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A JSON path into @buf; paths are short, an over-long one is cut (messages only). */
static void jpath(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void jpath(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0)
		buf[0] = '\0';
}

static int jfail(struct jctx *c, const char *path, const char *fmt, ...)
{
	char msg[700];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return capsim_error_set(c->err, CAPSIM_ERR_PARSE, "%s: %s: %s", c->file, path, msg);
}

/* Refuse members outside @allowed (a NULL-terminated list): typos must not pass silently. */
static int check_keys(struct jctx *c, const char *path, json_object *o, const char *const *allowed)
{
	json_object_object_foreach(o, key, val) {
		const char *const *a;

		(void)val;
		for (a = allowed; *a && strcmp(*a, key); a++)
			;
		if (!*a) {
			const char *near = capsim_suggest(key, allowed, strv_len(allowed));

			return jfail(c, path, "unknown member \"%s\"%s%s%s", key,
				     near ? " (did you mean \"" : "", near ? near : "", near ? "\"?)" : "");
		}
	}
	return 0;
}

/* The integer @v at @sub, @min..@max, into *@out. */
static int uint_value(struct jctx *c, const char *sub, json_object *v, uint64_t min,
		      uint64_t max, uint64_t *out)
{
	if (!json_object_is_type(v, json_type_int))
		return jfail(c, sub, "expected an integer %llu..%llu", (unsigned long long)min,
			     (unsigned long long)max);
	/* json-c saturates beyond 64 bits: its limit is not what the file wrote, do not quote it */
	if (json_object_get_int64(v) == INT64_MIN || json_object_get_uint64(v) == UINT64_MAX)
		return jfail(c, sub, "a number beyond 64 bits (expected %llu..%llu)",
			     (unsigned long long)min, (unsigned long long)max);
	if (json_object_get_int64(v) < 0 || json_object_get_uint64(v) < min ||
	    json_object_get_uint64(v) > max)
		return jfail(c, sub, "%s out of range (expected %llu..%llu)",
			     json_object_to_json_string(v), (unsigned long long)min,
			     (unsigned long long)max);
	*out = json_object_get_uint64(v);
	return 0;
}

static int get_uint(struct jctx *c, const char *path, json_object *o, const char *key,
		    uint64_t min, uint64_t max, uint64_t *out, bool *present)
{
	char sub[PLATFORM_PATH_MAX];
	json_object *v;

	*present = json_object_object_get_ex(o, key, &v);
	if (!*present)
		return 0;
	jpath(sub, sizeof(sub), "%s.%s", path, key);
	return uint_value(c, sub, v, min, max, out);
}

static int get_u32(struct jctx *c, const char *path, json_object *o, const char *key,
		   uint32_t min, uint32_t max, uint32_t *out)
{
	uint64_t v;
	bool present;
	int ret = get_uint(c, path, o, key, min, max, &v, &present);

	if (!ret && present)
		*out = (uint32_t)v;
	return ret;
}

static int get_bool(struct jctx *c, const char *path, json_object *o, const char *key, bool *out)
{
	char sub[PLATFORM_PATH_MAX];
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	jpath(sub, sizeof(sub), "%s.%s", path, key);
	if (!json_object_is_type(v, json_type_boolean))
		return jfail(c, sub, "expected true or false");
	*out = json_object_get_boolean(v);
	return 0;
}

static int get_string(struct jctx *c, const char *path, json_object *o, const char *key,
		      const char **out)
{
	char sub[PLATFORM_PATH_MAX], shown[96];
	const char *why;
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v))
		return 0;
	jpath(sub, sizeof(sub), "%s.%s", path, key);
	if (!json_object_is_type(v, json_type_string))
		return jfail(c, sub, "expected a string");
	*out = json_object_get_string(v);
	/* names (the platform's, zones', trips') go into every output: src/input/names.h */
	why = input_name_bad(*out, shown, sizeof(shown));
	return why ? jfail(c, sub, "\"%s\" %s (expected printable UTF-8)", shown, why) : 0;
}

static int get_array(struct jctx *c, const char *path, json_object *o, const char *key,
		     json_object **out)
{
	char sub[PLATFORM_PATH_MAX];

	*out = NULL;
	if (!json_object_object_get_ex(o, key, out))
		return 0;
	jpath(sub, sizeof(sub), "%s.%s", path, key);
	if (!json_object_is_type(*out, json_type_array))
		return jfail(c, sub, "expected an array");
	return 0;
}

static int expect_object(struct jctx *c, const char *path, json_object *o)
{
	return json_object_is_type(o, json_type_object) ? 0 : jfail(c, path, "expected an object");
}

/* "name": one of @names (indexed by value); *out untouched when absent. */
static int get_enum(struct jctx *c, const char *path, json_object *o, const char *key,
		    const char *const *names, unsigned n, unsigned *out)
{
	const char *s = NULL;
	char sub[PLATFORM_PATH_MAX];
	int ret = get_string(c, path, o, key, &s);

	if (ret || !s)
		return ret;
	for (unsigned i = 0; i < n; i++) {
		if (!strcmp(s, names[i])) {
			*out = i;
			return 0;
		}
	}
	jpath(sub, sizeof(sub), "%s.%s", path, key);
	return jfail(c, sub, "\"%s\" is not one of the accepted values (expected \"%s\"%s)", s,
		     names[0], n > 1 ? " or another documented value" : "");
}

/* --- top level ---------------------------------------------------------------------------- */

static const char *const arch_names[] = { "arm64", "arm", "x86" };
static const char *const fallback_names[] = { "none", "cpuinfo_max" };
/* indexed by enum platform_fie_source */
static const char *const fie_names[] = { "cpufreq", "amu" };

static int parse_header(struct jctx *c, json_object *root)
{
	const char *name = NULL, *description = NULL;
	unsigned arch = c->p->arch, fallback = c->p->fallback, fie = UINT32_MAX;
	int ret = get_string(c, "$", root, "name", &name);

	if (!ret)
		ret = get_enum(c, "$", root, "arch", arch_names, ARRAY_SIZE(arch_names), &arch);
	if (!ret)
		ret = get_enum(c, "$", root, "freq_ref_fallback", fallback_names,
			       ARRAY_SIZE(fallback_names), &fallback);
	if (!ret)
		ret = get_enum(c, "$", root, "freq_invariance", fie_names, ARRAY_SIZE(fie_names), &fie);
	if (!ret)
		ret = get_string(c, "$", root, "description", &description);
	CAPSIM_RETURN_IF(ret, ret);
	if (description && strlen(description) >= sizeof(c->p->description))
		return jfail(c, "$.description", "%zu bytes (expected at most %zu)", strlen(description),
			     sizeof(c->p->description) - 1);
	if (description)
		snprintf(c->p->description, sizeof(c->p->description), "%s", description);
	if (fie != UINT32_MAX) { /* given: it overrides what the CPUs' compatibles say */
		c->p->fie = (enum platform_fie_source)fie;
		c->p->fie_origin = PLATFORM_FIE_FROM_JSON;
	}
	if (name)
		snprintf(c->p->name, sizeof(c->p->name), "%s", name);
	c->p->arch = (enum platform_arch)arch;
	c->p->fallback = (enum platform_freq_ref_fallback)fallback;
	return 0;
}

/* --- CPUs ---------------------------------------------------------------------------------- */

/*
 * "idle_power_uw": @pc's power in each of its idle states, µW, as the energy model counts power
 * (0..EM_MAX_POWER): [0] WFI, then the states its device tree declares, in order (`platform
 * show` lists them); one entry per state, so a list that does not match them is refused. A DT
 * carries no idle power: without this the idle energy is not counted.
 */
static int parse_idle_power(struct jctx *c, const char *path, json_object *o,
			    struct platform_cpu *pc)
{
	char sub[PLATFORM_PATH_MAX], item[PLATFORM_PATH_MAX], names[256] = "WFI";
	uint32_t power[PLATFORM_MAX_IDLE_STATES];
	json_object *arr;
	size_t n;
	int ret = get_array(c, path, o, "idle_power_uw", &arr);

	if (ret || !arr)
		return ret;
	jpath(sub, sizeof(sub), "%s.idle_power_uw", path);
	n = json_object_array_length(arr);
	if (n != pc->nr_idle + 1) {
		for (unsigned k = 0; k < pc->nr_idle; k++)
			snprintf(names + strlen(names), sizeof(names) - strlen(names), ", %s",
				 pc->idle[k].name);
		return jfail(c, sub, "%zu entr%s (expected %u: %s%s)", n, n == 1 ? "y" : "ies",
			     pc->nr_idle + 1, pc->nr_idle ? "the CPU's idle states in order, " : "",
			     pc->nr_idle ? names : "WFI, the CPU's only idle state: a device tree "
						   "declares the others");
	}
	for (size_t k = 0; k < n; k++) {
		uint64_t v;

		jpath(item, sizeof(item), "%s[%zu]", sub, k);
		ret = uint_value(c, item, json_object_array_get_idx(arr, k), 0, EM_MAX_POWER, &v);
		CAPSIM_RETURN_IF(ret, ret);
		power[k] = (uint32_t)v;
	}
	memcpy(pc->idle_power_uw, power, n * sizeof(power[0]));
	pc->has_idle_power = true;
	return 0;
}

static int parse_cpu(struct jctx *c, const char *path, json_object *o, unsigned index,
		     bool *given)
{
	static const char *const keys[] = { "cpu", "cluster", "capacity_dmips_mhz", "capacity",
					    "compatible", "idle_power_uw", NULL };
	const char *compat = NULL;
	struct capsim_platform *p = c->p;
	uint64_t cpu = index, v;
	bool present;
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_uint(c, path, o, "cpu", 0, CAPSIM_MAX_CPUS - 1, &cpu, &present);
	CAPSIM_RETURN_IF(ret, ret);
	if (c->overlay ? !present || cpu >= p->nr_cpus : cpu != index)
		return jfail(c, path, c->overlay ? "expected \"cpu\": one of the platform's CPUs (0..%u)"
						 : "\"cpu\" must be %u (CPUs are listed in order)",
			     c->overlay ? p->nr_cpus - 1 : index);
	struct platform_cpu *pc = &p->cpus[cpu];
	if (!c->overlay)
		snprintf(pc->node_path, sizeof(pc->node_path), "%s", path);
	ret = get_uint(c, path, o, "cluster", 0, CAPSIM_MAX_CPUS - 1, &v, &present);
	if (!ret && present)
		pc->cluster = pc->cluster_id = (int)v;
	if (!ret)
		ret = get_u32(c, path, o, "capacity_dmips_mhz", 1, PLATFORM_MAX_DMIPS,
			      &pc->capacity_dmips_mhz);
	if (!ret)
		ret = get_uint(c, path, o, "capacity", 1, SCHED_CAPACITY_SCALE, &v, &present);
	if (!ret && present) {
		pc->capacity_orig = v;
		given[cpu] = true;
	}
	if (!ret)
		ret = get_string(c, path, o, "compatible", &compat);
	if (!ret && compat) { /* as a CPU node's compatible: it tells whether the AMU is used */
		snprintf(pc->compatible, sizeof(pc->compatible), "%s", compat);
		pc->amu_fie = p->arch == PLATFORM_ARCH_ARM64 && topology_compatible_amu_fie(compat);
	}
	if (!ret)
		ret = parse_idle_power(c, path, o, pc);
	return ret;
}

static int parse_cpus(struct jctx *c, json_object *root)
{
	struct capsim_platform *p = c->p;
	json_object *arr;
	bool given[CAPSIM_MAX_CPUS] = { false }, any = false, all = true;
	size_t n;
	int ret = get_array(c, "$", root, "cpus", &arr);

	CAPSIM_RETURN_IF(ret, ret);
	if (!arr)
		return c->overlay ? 0 : jfail(c, "$.cpus", "missing (expected the list of CPUs)");
	n = json_object_array_length(arr);
	if (!c->overlay) {
		if (n < 1 || n > CAPSIM_MAX_CPUS)
			return jfail(c, "$.cpus", "%zu CPUs (expected 1..%d)", n, CAPSIM_MAX_CPUS);
		p->cpus = calloc(n, sizeof(*p->cpus));
		if (!p->cpus)
			return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
		p->nr_cpus = (unsigned)n;
		for (size_t i = 0; i < n; i++) {
			p->cpus[i].cluster = p->cpus[i].core = p->cpus[i].thread = -1;
			p->cpus[i].cluster_id = p->cpus[i].llc = -1; /* no cache information */
			p->cpus[i].policy = -1;
		}
	}
	for (size_t i = 0; i < n; i++) {
		char path[64];

		jpath(path, sizeof(path), "$.cpus[%zu]", i);
		ret = parse_cpu(c, path, json_object_array_get_idx(arr, i), (unsigned)i, given);
		CAPSIM_RETURN_IF(ret, ret);
	}
	for (unsigned i = 0; i < p->nr_cpus; i++) {
		any |= given[i];
		all &= given[i] || (c->overlay && p->capacity_source == PLATFORM_CAPACITY_GIVEN);
	}
	if (any && !all)
		return jfail(c, "$.cpus", "\"capacity\" given for some CPUs only (expected all or none)");
	if (any)
		p->capacity_source = PLATFORM_CAPACITY_GIVEN;
	return 0;
}

/* --- policies and OPPs --------------------------------------------------------------------- */

static int parse_opp(struct jctx *c, const char *path, json_object *o, struct platform_opp *opp,
		     bool patch)
{
	static const char *const keys[] = { "khz", "uv", "uv_min", "uv_max", "uw", "turbo",
					    "suspend", NULL };
	uint64_t khz;
	bool present, had_uv = opp->uv != 0;
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_uint(c, path, o, "khz", 1, INT32_MAX, &khz, &present);
	CAPSIM_RETURN_IF(ret, ret);
	if (!present)
		return jfail(c, path, "missing \"khz\" (expected the OPP frequency in kHz)");
	if (!patch) {
		memset(opp, 0, sizeof(*opp));
		opp->khz = (uint32_t)khz;
		opp->hz = khz * 1000;
	}
	ret = get_u32(c, path, o, "uv", 0, UINT32_MAX, &opp->uv);
	if (!ret && (!had_uv || !patch) && opp->uv)
		opp->uv_min = opp->uv_max = opp->uv;
	if (!ret)
		ret = get_u32(c, path, o, "uv_min", 0, UINT32_MAX, &opp->uv_min);
	if (!ret)
		ret = get_u32(c, path, o, "uv_max", 0, UINT32_MAX, &opp->uv_max);
	if (!ret)
		ret = get_u32(c, path, o, "uw", 0, UINT32_MAX, &opp->uw);
	if (!ret)
		ret = get_bool(c, path, o, "turbo", &opp->turbo);
	if (!ret)
		ret = get_bool(c, path, o, "suspend", &opp->suspend);
	return ret;
}

static int parse_opps(struct jctx *c, const char *path, json_object *arr,
		      struct platform_policy *pol)
{
	size_t n = json_object_array_length(arr);
	struct platform_opp *opps;

	if (n < 1 || n > 1024)
		return jfail(c, path, "%zu OPPs (expected 1..1024)", n);
	opps = calloc(n, sizeof(*opps));
	if (!opps)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < n; i++) {
		char sub[PLATFORM_PATH_MAX];
		int ret;

		jpath(sub, sizeof(sub), "%s[%zu]", path, i);
		ret = parse_opp(c, sub, json_object_array_get_idx(arr, i), &opps[i], false);
		for (size_t j = 0; !ret && j < i; j++)
			if (opps[j].khz == opps[i].khz)
				ret = jfail(c, sub, "%u kHz appears twice", opps[i].khz);
		if (ret) {
			free(opps);
			return ret;
		}
	}
	free(pol->opps);
	pol->opps = opps;
	pol->nr_opps = (unsigned)n;
	jpath(pol->opp_table_path, sizeof(pol->opp_table_path), "%s: %s", c->file, path);
	return 0;
}

/* "patch_opps": change the OPPs of matching frequency in place. */
static int patch_opps(struct jctx *c, const char *path, json_object *arr,
		      struct platform_policy *pol)
{
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *o = json_object_array_get_idx(arr, i), *k;
		char sub[PLATFORM_PATH_MAX];
		unsigned j;
		int ret;

		jpath(sub, sizeof(sub), "%s[%zu]", path, i);
		ret = expect_object(c, sub, o);
		CAPSIM_RETURN_IF(ret, ret);
		if (!json_object_object_get_ex(o, "khz", &k) || !json_object_is_type(k, json_type_int))
			return jfail(c, sub, "missing \"khz\" (expected the frequency of the OPP to change)");
		for (j = 0; j < pol->nr_opps && (int64_t)pol->opps[j].khz != json_object_get_int64(k); j++)
			;
		if (j == pol->nr_opps)
			return jfail(c, sub, "policy%u has no OPP at %s kHz", pol->cpu,
				     json_object_to_json_string(k));
		ret = parse_opp(c, sub, o, &pol->opps[j], true);
		CAPSIM_RETURN_IF(ret, ret);
	}
	return 0;
}

/* The policy whose CPUs are exactly @cpus, or a new one when none of them has a policy. */
static int select_policy(struct jctx *c, const char *path, const capsim_cpumask *cpus,
			 struct platform_policy **out)
{
	struct capsim_platform *p = c->p;
	int first = -1, pol = -2;

	for (unsigned cpu = 0; cpu < CAPSIM_MAX_CPUS; cpu++) {
		if (!capsim_cpumask_test(cpus, cpu))
			continue;
		if (cpu >= p->nr_cpus)
			return jfail(c, path, "CPU %u does not exist (expected 0..%u)", cpu, p->nr_cpus - 1);
		if (first < 0)
			first = (int)cpu;
		if (pol == -2)
			pol = p->cpus[cpu].policy;
		else if (pol != p->cpus[cpu].policy)
			return jfail(c, path, "these CPUs belong to different policies");
	}
	if (first < 0)
		return jfail(c, path, "no CPU (expected a CPU list such as \"0-3\")");
	if (pol >= 0) {
		if (memcmp(&p->policies[pol].related_cpus, cpus, sizeof(*cpus)))
			return jfail(c, path, "policy%u spans other CPUs too (expected all of its CPUs)",
				     p->policies[pol].cpu);
		*out = &p->policies[pol];
		return 0;
	}
	struct platform_policy *n = realloc(p->policies, (p->nr_policies + 1) * sizeof(*n));
	if (!n)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
	p->policies = n;
	*out = &n[p->nr_policies];
	memset(*out, 0, sizeof(**out));
	(*out)->cpu = (unsigned)first;
	(*out)->fast_switch = true; /* PLATFORM_DRV_UNKNOWN: capsim's assumption, docs/model.md */
	(*out)->related_cpus = *cpus;
	for (unsigned cpu = 0; cpu < p->nr_cpus; cpu++)
		if (capsim_cpumask_test(cpus, cpu))
			p->cpus[cpu].policy = (int)p->nr_policies;
	p->nr_policies++;
	return 0;
}

/*
 * "cpu_supply": the timing of the policy's regulator (regulator-ramp-delay and the settling
 * times of its DT node, src/input/dt_cpufreq.c); null removes it (no regulator).
 */
static int parse_supply(struct jctx *c, const char *path, json_object *o,
			struct platform_policy *pol)
{
	static const char *const keys[] = { "ramp_delay", "settling_time_us", "settling_time_up_us",
					    "settling_time_down_us", NULL };
	struct platform_supply *s = &pol->supply;
	char sub[PLATFORM_PATH_MAX];
	json_object *v;
	int ret;

	if (!json_object_object_get_ex(o, "cpu_supply", &v))
		return 0;
	if (!v) {
		*s = (struct platform_supply){ 0 };
		return 0;
	}
	jpath(sub, sizeof(sub), "%s.cpu_supply", path);
	ret = expect_object(c, sub, v);
	if (!ret)
		ret = check_keys(c, sub, v, keys);
	if (!ret)
		ret = get_u32(c, sub, v, "ramp_delay", 0, UINT32_MAX, &s->ramp_delay);
	if (!ret)
		ret = get_u32(c, sub, v, "settling_time_us", 0, UINT32_MAX, &s->settling_time_us);
	if (!ret)
		ret = get_u32(c, sub, v, "settling_time_up_us", 0, UINT32_MAX,
			      &s->settling_time_up_us);
	if (!ret)
		ret = get_u32(c, sub, v, "settling_time_down_us", 0, UINT32_MAX,
			      &s->settling_time_down_us);
	if (!ret)
		s->present = true;
	return ret;
}

/*
 * The cpufreq driver's ->init() results that schedutil reads (src/input/dt_cpufreq.c finds
 * them in a DT): naming a driver gives its defaults (docs/formats.md), the other keys
 * override them.
 */
static int parse_driver(struct jctx *c, const char *path, json_object *o,
			struct platform_policy *pol)
{
	unsigned drv = UINT32_MAX;
	json_object *v;
	int ret = get_enum(c, path, o, "cpufreq_driver", platform_cpufreq_driver_names,
			   PLATFORM_DRV_COUNT, &drv);

	CAPSIM_RETURN_IF(ret, ret);
	if (drv != UINT32_MAX) {
		pol->driver = (enum platform_cpufreq_driver)drv;
		pol->driver_given = true;
		pol->fast_switch = drv != PLATFORM_DRV_CPUFREQ_DT && drv != PLATFORM_DRV_SCPI;
		/* qcom-cpufreq-hw sets none; the others' DT-less default (their ->init()) */
		pol->transition_latency_ns = drv == PLATFORM_DRV_QCOM_HW || drv == PLATFORM_DRV_UNKNOWN
						     ? 0 : CPUFREQ_DEFAULT_TRANSITION_LATENCY_NS;
	}
	pol->driver_given |= json_object_object_get_ex(o, "transition_latency_ns", &v) ||
			     json_object_object_get_ex(o, "transition_delay_us", &v) ||
			     json_object_object_get_ex(o, "fast_switch", &v) ||
			     json_object_object_get_ex(o, "clock_latency_ns", &v) ||
			     json_object_object_get_ex(o, "clock_firmware", &v) ||
			     json_object_object_get_ex(o, "cpu_supply", &v);
	ret = get_u32(c, path, o, "transition_latency_ns", 0, UINT32_MAX,
		      &pol->transition_latency_ns);
	if (!ret)
		ret = get_u32(c, path, o, "transition_delay_us", 0, UINT32_MAX,
			      &pol->transition_delay_us);
	if (!ret)
		ret = get_bool(c, path, o, "fast_switch", &pol->fast_switch);
	if (!ret)
		ret = parse_supply(c, path, o, pol);
	if (!ret)
		ret = get_bool(c, path, o, "clock_firmware", &pol->clock_firmware);
	CAPSIM_RETURN_IF(ret, ret);
	/*
	 * The clock's part of the latency: given, else what a new latency or driver leaves once
	 * the cpu-supply's ramp over the table is taken out (the two add up, as for a DT).
	 */
	if (json_object_object_get_ex(o, "clock_latency_ns", &v))
		return get_u32(c, path, o, "clock_latency_ns", 0, UINT32_MAX, &pol->clock_latency_ns);
	if (drv != UINT32_MAX || json_object_object_get_ex(o, "transition_latency_ns", &v)) {
		uint64_t volt = (uint64_t)opp_max_volt_latency_us(pol) * NSEC_PER_USEC;

		pol->clock_latency_ns = pol->transition_latency_ns > volt
						? pol->transition_latency_ns - (uint32_t)volt : 0;
	}
	return 0;
}

static int parse_policy(struct jctx *c, const char *path, json_object *o)
{
	static const char *const keys[] = { "cpus", "dynamic_power_coefficient", "opps",
					    "patch_opps", "cpufreq_driver", "transition_latency_ns",
					    "transition_delay_us", "fast_switch", "clock_latency_ns",
					    "clock_firmware", "cpu_supply", NULL };
	struct platform_policy *pol = NULL;
	json_object *opps = NULL, *patch = NULL;
	capsim_cpumask cpus = { { 0 } };
	const char *list = NULL;
	char sub[PLATFORM_PATH_MAX];
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_string(c, path, o, "cpus", &list);
	CAPSIM_RETURN_IF(ret, ret);
	jpath(sub, sizeof(sub), "%s.cpus", path);
	if (!list || capsim_parse_cpulist(list, &cpus))
		return jfail(c, sub, "%s (expected a CPU list such as \"0-3\")",
			     list ? "not a CPU list" : "missing");
	ret = select_policy(c, sub, &cpus, &pol);
	if (!ret)
		ret = get_array(c, path, o, "opps", &opps);
	if (!ret)
		ret = get_array(c, path, o, "patch_opps", &patch);
	if (!ret && opps) {
		jpath(sub, sizeof(sub), "%s.opps", path);
		ret = parse_opps(c, sub, opps, pol);
	}
	if (!ret && !pol->nr_opps)
		ret = jfail(c, path, "missing \"opps\" (expected the OPP table of a new policy)");
	if (!ret && patch) {
		jpath(sub, sizeof(sub), "%s.patch_opps", path);
		ret = patch_opps(c, sub, patch, pol);
	}
	if (!ret)
		ret = get_u32(c, path, o, "dynamic_power_coefficient", 0, UINT32_MAX,
			      &pol->dynamic_power_coefficient);
	if (!ret)
		ret = parse_driver(c, path, o, pol);
	return ret;
}

static int for_each_item(struct jctx *c, json_object *root, const char *key,
			 int (*fn)(struct jctx *, const char *, json_object *))
{
	json_object *arr;
	int ret = get_array(c, "$", root, key, &arr);

	for (size_t i = 0; !ret && arr && i < json_object_array_length(arr); i++) {
		char path[64];

		jpath(path, sizeof(path), "$.%s[%zu]", key, i);
		ret = fn(c, path, json_object_array_get_idx(arr, i));
	}
	return ret;
}

/* --- thermal zones ------------------------------------------------------------------------- */

static const char *const trip_names[] = { "active", "passive", "hot", "critical" };

static int parse_trip(struct jctx *c, const char *path, json_object *o, struct platform_trip *t)
{
	static const char *const keys[] = { "name", "temperature_mc", "hysteresis_mc", "type", NULL };
	const char *name = NULL;
	unsigned type = PLATFORM_TRIP_PASSIVE;
	uint64_t v;
	bool present;
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_string(c, path, o, "name", &name);
	if (!ret)
		ret = get_enum(c, path, o, "type", trip_names, ARRAY_SIZE(trip_names), &type);
	if (!ret)
		ret = get_uint(c, path, o, "temperature_mc", 0, 1000000, &v, &present);
	CAPSIM_RETURN_IF(ret, ret);
	if (!present || !name)
		return jfail(c, path, "expected \"name\" and \"temperature_mc\"");
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->temperature_mc = (int32_t)v;
	t->type = (enum platform_trip_type)type;
	ret = get_uint(c, path, o, "hysteresis_mc", 0, 1000000, &v, &present);
	if (!ret && present)
		t->hysteresis_mc = (int32_t)v;
	return ret;
}

static int parse_map(struct jctx *c, const char *path, json_object *o,
		     struct platform_thermal_zone *z)
{
	static const char *const keys[] = { "trip", "policy", "lower", "upper", "contribution", NULL };
	struct platform_cooling_map m = { .lower = PLATFORM_THERMAL_NO_LIMIT,
					  .upper = PLATFORM_THERMAL_NO_LIMIT };
	const char *trip = NULL;
	uint64_t cpu;
	bool present;
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_string(c, path, o, "trip", &trip);
	if (!ret)
		ret = get_uint(c, path, o, "policy", 0, CAPSIM_MAX_CPUS - 1, &cpu, &present);
	CAPSIM_RETURN_IF(ret, ret);
	for (m.trip = 0; trip && m.trip < z->nr_trips && strcmp(z->trips[m.trip].name, trip); m.trip++)
		;
	if (!trip || m.trip == z->nr_trips)
		return jfail(c, path, "\"trip\" must name a trip of this zone");
	m.policy = present ? platform_find_policy(c->p, (unsigned)cpu) : -1;
	if (m.policy < 0)
		return jfail(c, path, "\"policy\" must be a policy's first CPU, as in sysfs policyN");
	snprintf(m.device_path, sizeof(m.device_path), "policy%u", (unsigned)cpu);
	ret = get_u32(c, path, o, "lower", 0, UINT32_MAX, &m.lower);
	if (!ret)
		ret = get_u32(c, path, o, "upper", 0, UINT32_MAX, &m.upper);
	if (!ret)
		ret = get_u32(c, path, o, "contribution", 0, UINT32_MAX, &m.contribution);
	CAPSIM_RETURN_IF(ret, ret);
	struct platform_cooling_map *n = realloc(z->maps, (z->nr_maps + 1) * sizeof(*n));
	if (!n)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
	z->maps = n;
	z->maps[z->nr_maps++] = m;
	return 0;
}

static int parse_zone_body(struct jctx *c, const char *path, json_object *o,
			   struct platform_thermal_zone *z)
{
	json_object *trips, *maps;
	int ret = get_u32(c, path, o, "polling_delay_ms", 0, UINT32_MAX, &z->polling_delay_ms);

	if (!ret)
		ret = get_u32(c, path, o, "polling_delay_passive_ms", 0, UINT32_MAX,
			      &z->polling_delay_passive_ms);
	if (!ret)
		ret = get_u32(c, path, o, "sustainable_power_mw", 0, UINT32_MAX,
			      &z->sustainable_power_mw);
	if (!ret)
		ret = get_array(c, path, o, "trips", &trips);
	if (!ret)
		ret = get_array(c, path, o, "cooling_maps", &maps);
	CAPSIM_RETURN_IF(ret, ret);
	if (trips && json_object_array_length(trips) > PLATFORM_MAX_TRIPS)
		return jfail(c, path, "more than %d trips", PLATFORM_MAX_TRIPS);
	for (size_t i = 0; !ret && trips && i < json_object_array_length(trips); i++) {
		char sub[PLATFORM_PATH_MAX];

		jpath(sub, sizeof(sub), "%s.trips[%zu]", path, i);
		ret = parse_trip(c, sub, json_object_array_get_idx(trips, i), &z->trips[z->nr_trips++]);
		/* cooling maps find their trip by name: two of one name would bind the first only */
		for (size_t k = 0; !ret && k + 1 < z->nr_trips; k++)
			if (!strcmp(z->trips[k].name, z->trips[z->nr_trips - 1].name))
				ret = jfail(c, sub, "trip name \"%s\" given twice (first at %s.trips[%zu]; "
					    "expected a unique name per zone)", z->trips[k].name, path, k);
	}
	for (size_t i = 0; !ret && maps && i < json_object_array_length(maps); i++) {
		char sub[PLATFORM_PATH_MAX];

		jpath(sub, sizeof(sub), "%s.cooling_maps[%zu]", path, i);
		ret = parse_map(c, sub, json_object_array_get_idx(maps, i), z);
	}
	return ret;
}

/* A zone replaces the zone of the same name, or is added. */
static int parse_zone(struct jctx *c, const char *path, json_object *o)
{
	static const char *const keys[] = { "name", "polling_delay_ms", "polling_delay_passive_ms",
					    "sustainable_power_mw", "trips", "cooling_maps", NULL };
	struct capsim_platform *p = c->p;
	struct platform_thermal_zone z = { 0 };
	const char *name = NULL;
	unsigned i;
	int ret = expect_object(c, path, o);

	if (!ret)
		ret = check_keys(c, path, o, keys);
	if (!ret)
		ret = get_string(c, path, o, "name", &name);
	CAPSIM_RETURN_IF(ret, ret);
	if (!name)
		return jfail(c, path, "missing \"name\"");
	snprintf(z.name, sizeof(z.name), "%s", name);
	z.trips = calloc(PLATFORM_MAX_TRIPS, sizeof(*z.trips));
	ret = z.trips ? parse_zone_body(c, path, o, &z)
		      : capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
	for (i = 0; !ret && i < p->nr_zones && strcmp(p->zones[i].name, z.name); i++)
		;
	if (!ret && i == p->nr_zones) {
		struct platform_thermal_zone *n = realloc(p->zones, (p->nr_zones + 1) * sizeof(*n));
		if (!n)
			ret = capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
		else
			p->zones = n, p->nr_zones++;
	} else if (!ret) {
		free(p->zones[i].trips);
		free(p->zones[i].maps);
	}
	if (ret) {
		free(z.trips);
		free(z.maps);
		return ret;
	}
	p->zones[i] = z;
	return 0;
}

/* --- entry points -------------------------------------------------------------------------- */

static int parse_text(struct jctx *c, const char *text, size_t len, json_object **root)
{
	json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	size_t end, line = 1, col = 1;
	int oom;

	if (!tok)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "out of memory");
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	*root = len > INT32_MAX ? NULL : json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (*root && jerr == json_tokener_success && end == len) {
		/* json-c keeps the last of two values: a platform means one of them */
		int ret = jsonpos_check_duplicates(text, len, c->file, c->err);

		if (ret) {
			json_object_put(*root);
			*root = NULL;
		}
		return ret;
	}
	oom = jsonpos_parse_oom(*root, jerr) && len <= INT32_MAX;
	json_object_put(*root);
	*root = NULL;
	if (oom)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory", c->file);
	for (size_t i = 0; i < end && i < len; i++) {
		col = text[i] == '\n' ? 1 : col + 1;
		line += text[i] == '\n';
	}
	return capsim_error_set(c->err, CAPSIM_ERR_PARSE, "%s:%zu:%zu: %s (expected a JSON object)",
				c->file, line, col,
				jerr == json_tokener_success ? "trailing characters after the JSON value"
				: jerr == json_tokener_continue ? "unexpected end of input"
				: json_tokener_error_desc(jerr));
}

static int parse_root(struct jctx *c, json_object *root)
{
	static const char *const keys[] = { "base", "name", "description", "arch",
					    "freq_ref_fallback", "freq_invariance", "cpus", "policies",
					    "thermal_zones", NULL };
	int ret = expect_object(c, "$", root);

	if (!ret)
		ret = check_keys(c, "$", root, keys);
	if (!ret && !c->overlay && json_object_object_get_ex(root, "base", NULL))
		ret = jfail(c, "$.base", "a base device tree is only read from a platform file");
	if (!ret)
		ret = parse_header(c, root);
	if (!ret)
		ret = parse_cpus(c, root);
	if (!ret)
		ret = for_each_item(c, root, "policies", parse_policy);
	if (!ret)
		ret = for_each_item(c, root, "thermal_zones", parse_zone);
	return ret;
}

int platform_load_json(const char *text, size_t len, const char *file,
		       struct capsim_platform *base, struct capsim_platform **out,
		       capsim_error *err)
{
	struct jctx c = { .file = file, .err = err, .p = base, .overlay = base != NULL };
	json_object *root;
	int ret = parse_text(&c, text, len, &root);

	if (out)
		*out = NULL;
	CAPSIM_RETURN_IF(ret, ret);
	if (!base) {
		c.p = calloc(1, sizeof(*c.p));
		if (!c.p) {
			json_object_put(root);
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		}
		const char *slash = strrchr(file, '/');
		snprintf(c.p->name, sizeof(c.p->name), "%.*s", (int)strcspn(slash ? slash + 1 : file, "."),
			 slash ? slash + 1 : file);
	}
	snprintf(c.p->source + strlen(c.p->source), sizeof(c.p->source) - strlen(c.p->source),
		 "%s%s", c.p->source[0] ? " + " : "", file);
	ret = parse_root(&c, root);
	json_object_put(root);
	if (!ret)
		ret = platform_finalize(c.p, err);
	if (ret && !strstr(err ? err->msg : "", file))
		capsim_error_prefix(err, "%s: ", file);
	if (!base && ret)
		platform_free(c.p);
	else if (!base)
		*out = c.p;
	return ret;
}

const char *platform_json_base(const char *text, size_t len)
{
	json_tokener *tok = json_tokener_new();
	json_object *root = NULL, *v;
	const char *base = NULL;

	if (!tok)
		return NULL;
	if (len <= INT32_MAX)
		root = json_tokener_parse_ex(tok, text, (int)len);
	json_tokener_free(tok);
	if (root && json_object_object_get_ex(root, "base", &v) &&
	    json_object_is_type(v, json_type_string))
		base = strdup(json_object_get_string(v));
	json_object_put(root);
	return base;
}
