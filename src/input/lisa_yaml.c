// SPDX-License-Identifier: MIT
/*
 * lisa_yaml.c - LISA's platform description (lisa.platforms.platinfo.PlatformInfo, the
 * `*.plat_info.yml` files LISA saves beside its traces) read as a capsim platform. Its
 * `platform-info: conf:` mapping gives `cpu-capacities: orig:` (CPU: capacity), `freq-domains`
 * (lists of CPUs: the cpufreq policies), `freqs` (CPU: its frequencies in kHz), `name`, `abi`,
 * and `nrg-model`, a lisa.energy_model.EnergyModel saved as a pickled Python object graph
 * (`!!python/object:` tags, anchors and aliases). libyaml's document loader reads the text; tags
 * are only strings to it, no object is ever constructed, so any file is safe to read. Of the
 * energy model only the CPU nodes' active states are read (frequency -> power, the legacy EAS
 * busy-cost, taken as mW): they become the OPPs' opp-microwatt. Idle states and the power of
 * cluster-level nodes have no counterpart in the kernel's energy model and are skipped (a note
 * says so). The result is handed to the platform JSON reader as the equivalent capsim platform
 * JSON, so it is derived exactly as any other platform (platform_finalize()). What LISA has no
 * key for and `platform show --format lisa` writes under the top-level `capsim:` key (topology,
 * idle states, the drivers' timings, the OPPs as given, thermal zones, model, description) is
 * then put back field by field (apply_capsim()) and the platform derived again, so the YAML
 * reloads as the platform it was written from.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <yaml.h>

#include "internal.h"
#include "model/platform.h"
#include "input/platform_load.h"

/* Why a policy has no energy model, in the words of the file (a note replaces the generic one). */
#define LISA_WHY_MAX 160 /* with "policyN: no energy model: ", within PLATFORM_NOTE_MAX */

struct lctx {
	yaml_document_t doc;
	const char *file;
	capsim_error *err;
	int skipped_em_parts; /* idle states / cluster nodes were present */
	struct lisa_why *why; /* for each policy without an energy model, and each lone CPU */
	unsigned nr_why;
	long long v; /* KINT()'s value on its way to a field of another width */
};

struct lisa_why {
	long long cpu;    /* the policy's first CPU; -1: a note of its own (a CPU in no domain) */
	char text[LISA_WHY_MAX];
};

static void lwhy(struct lctx *c, long long cpu, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void lwhy(struct lctx *c, long long cpu, const char *fmt, ...)
{
	struct lisa_why *w = realloc(c->why, (c->nr_why + 1) * sizeof(*w));
	va_list ap;

	if (!w)
		return; /* a note lost to memory: the generic one stays */
	c->why = w;
	w += c->nr_why++;
	w->cpu = cpu;
	va_start(ap, fmt);
	vsnprintf(w->text, sizeof(w->text), fmt, ap);
	va_end(ap);
}

static int lfail(struct lctx *c, const yaml_node_t *n, const char *path, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* "FILE:LINE:COL: PATH: what", LINE:COL of @n (1-based, as editors count) */
static int lfail(struct lctx *c, const yaml_node_t *n, const char *path, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (n)
		return capsim_error_set(c->err, CAPSIM_ERR_PARSE, "%s:%zu:%zu: %s: %s", c->file,
					n->start_mark.line + 1, n->start_mark.column + 1, path, what);
	return capsim_error_set(c->err, CAPSIM_ERR_PARSE, "%s: %s: %s", c->file, path, what);
}

static yaml_node_t *node(struct lctx *c, int i)
{
	return yaml_document_get_node(&c->doc, i);
}

/* The value of key @key in mapping @map, or NULL. */
static yaml_node_t *lookup(struct lctx *c, const yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top;
	     pr++) {
		yaml_node_t *k = node(c, pr->key);

		if (k && k->type == YAML_SCALAR_NODE && k->data.scalar.length == strlen(key) &&
		    !memcmp(k->data.scalar.value, key, k->data.scalar.length))
			return node(c, pr->value);
	}
	return NULL;
}

/* A scalar as a NUL-terminated string in @buf; 0, or -1 when @n is not a short scalar. */
static int scalar(const yaml_node_t *n, char *buf, size_t size)
{
	if (!n || n->type != YAML_SCALAR_NODE || n->data.scalar.length >= size)
		return -1;
	memcpy(buf, n->data.scalar.value, n->data.scalar.length);
	buf[n->data.scalar.length] = '\0';
	return 0;
}

/* A scalar integer in [lo, hi]. */
static int get_int(struct lctx *c, const yaml_node_t *n, const char *path, long long lo,
		   long long hi, long long *out)
{
	char buf[32], *end;

	if (scalar(n, buf, sizeof(buf)))
		return lfail(c, n, path, "expected an integer");
	*out = strtoll(buf, &end, 10);
	if (end == buf || *end)
		return lfail(c, n, path, "'%s' is not an integer", buf);
	if (*out < lo || *out > hi)
		return lfail(c, n, path, "%lld out of range (expected %lld..%lld)", *out, lo, hi);
	return 0;
}

/* A scalar number (LISA writes floats for capacities and powers); finite and >= 0. */
static int get_number(struct lctx *c, const yaml_node_t *n, const char *path, double *out)
{
	char buf[64], *end;

	if (scalar(n, buf, sizeof(buf)))
		return lfail(c, n, path, "expected a number");
	*out = strtod(buf, &end);
	if (end == buf || *end || !isfinite(*out) || *out < 0)
		return lfail(c, n, path, "'%s' is not a number >= 0", buf);
	return 0;
}

/* Mapping of CPU -> capacity: "cpu-capacities: orig:". */
static int read_capacities(struct lctx *c, const yaml_node_t *orig, long long *cap, long long nr)
{
	char path[96];

	if (!orig || orig->type != YAML_MAPPING_NODE)
		return lfail(c, orig, "platform-info.conf.cpu-capacities.orig",
			     "expected a mapping of CPU to capacity");
	for (long long i = 0; i < nr; i++)
		cap[i] = 0;
	for (yaml_node_pair_t *pr = orig->data.mapping.pairs.start;
	     pr < orig->data.mapping.pairs.top; pr++) {
		long long cpu;

		if (get_int(c, node(c, pr->key), "platform-info.conf.cpu-capacities.orig", 0, nr - 1,
			    &cpu))
			return c->err ? c->err->code : CAPSIM_ERR_PARSE;
		snprintf(path, sizeof(path), "platform-info.conf.cpu-capacities.orig.%lld", cpu);
		if (get_int(c, node(c, pr->value), path, 1, SCHED_CAPACITY_SCALE, &cap[cpu]))
			return CAPSIM_ERR_PARSE;
	}
	for (long long i = 0; i < nr; i++)
		if (!cap[i])
			return lfail(c, orig, "platform-info.conf.cpu-capacities.orig",
				     "CPU %lld has no capacity (expected one for each of the %lld CPUs)",
				     i, nr);
	return 0;
}

/* The energy-model node of CPU @cpu (its active_states: frequency (kHz) -> power), or NULL. */
static yaml_node_t *em_cpu_node(struct lctx *c, const yaml_node_t *em, long long cpu)
{
	yaml_node_t *nodes = lookup(c, em, "cpu_nodes");

	if (!nodes || nodes->type != YAML_SEQUENCE_NODE)
		return NULL;
	for (yaml_node_item_t *it = nodes->data.sequence.items.start;
	     it < nodes->data.sequence.items.top; it++) {
		yaml_node_t *n = node(c, *it), *id = lookup(c, n, "cpu"), *idle;
		char buf[32];

		idle = lookup(c, n, "idle_states");
		if (idle && idle->type != YAML_SCALAR_NODE)
			c->skipped_em_parts = 1;
		if (!scalar(id, buf, sizeof(buf)) && strtoll(buf, NULL, 10) == cpu)
			return n;
	}
	return NULL;
}

/*
 * The power of @khz in @states (an !!omap: a sequence of one-pair mappings, each frequency ->
 * ActiveState(capacity, power), pickled as a two-item sequence). Return: 0 and *@mw, 1 when
 * absent, or an error.
 */
static int em_power(struct lctx *c, const yaml_node_t *states, long long khz, double *mw)
{
	if (!states || states->type != YAML_SEQUENCE_NODE)
		return 1;
	for (yaml_node_item_t *it = states->data.sequence.items.start;
	     it < states->data.sequence.items.top; it++) {
		yaml_node_t *pair = node(c, *it), *k, *v;
		char buf[32];

		if (!pair || pair->type != YAML_MAPPING_NODE ||
		    pair->data.mapping.pairs.top - pair->data.mapping.pairs.start != 1)
			return lfail(c, pair, "platform-info.conf.nrg-model.cpu_nodes.active_states",
				     "expected an omap entry FREQ: [capacity, power]");
		k = node(c, pair->data.mapping.pairs.start->key);
		v = node(c, pair->data.mapping.pairs.start->value);
		if (scalar(k, buf, sizeof(buf)) || strtoll(buf, NULL, 10) != khz)
			continue;
		if (!v || v->type != YAML_SEQUENCE_NODE ||
		    v->data.sequence.items.top - v->data.sequence.items.start != 2)
			return lfail(c, v, "platform-info.conf.nrg-model.cpu_nodes.active_states",
				     "expected ActiveState(capacity, power) as a two-item sequence");
		return get_number(c, node(c, v->data.sequence.items.start[1]),
				  "platform-info.conf.nrg-model.cpu_nodes.active_states", mw);
	}
	return 1;
}

/* Whether @khz is one of the frequencies @fl lists. */
static int in_freqs(struct lctx *c, const yaml_node_t *fl, long long khz)
{
	char buf[32];

	for (yaml_node_item_t *it = fl->data.sequence.items.start; it < fl->data.sequence.items.top;
	     it++)
		if (!scalar(node(c, *it), buf, sizeof(buf)) && strtoll(buf, NULL, 10) == khz)
			return 1;
	return 0;
}

/*
 * One active state of CPU @cpu: FREQ: [capacity, power]; the kHz once, > 0 and one of the CPU's
 * @fl (NULL: its freqs are not listed); the power (mW) > 0 and within opp-microwatt's u32.
 */
static int check_em_state(struct lctx *c, const yaml_node_t *pair, long long cpu,
			  const yaml_node_t *fl, const yaml_node_t *states, const yaml_node_t *at)
{
	char path[96], kpath[128], buf[32];
	yaml_node_t *k, *v;
	long long khz;
	double mw;

	snprintf(path, sizeof(path), "platform-info.conf.nrg-model.cpu_nodes[cpu %lld].active_states",
		 cpu);
	if (!pair || pair->type != YAML_MAPPING_NODE ||
	    pair->data.mapping.pairs.top - pair->data.mapping.pairs.start != 1)
		return lfail(c, pair, path, "expected an omap entry FREQ: [capacity, power]");
	k = node(c, pair->data.mapping.pairs.start->key);
	v = node(c, pair->data.mapping.pairs.start->value);
	snprintf(kpath, sizeof(kpath), "%s: the frequency (kHz)", path);
	if (get_int(c, k, kpath, 1, INT32_MAX, &khz))
		return CAPSIM_ERR_PARSE;
	for (yaml_node_item_t *it = states->data.sequence.items.start; node(c, *it) != at; it++) {
		yaml_node_t *o = node(c, *it);

		if (o && o->type == YAML_MAPPING_NODE && o->data.mapping.pairs.top > o->data.mapping.pairs.start &&
		    !scalar(node(c, o->data.mapping.pairs.start->key), buf, sizeof(buf)) &&
		    strtoll(buf, NULL, 10) == khz)
			return lfail(c, k, path, "%lld kHz given twice (first at line %zu)", khz,
				     o->start_mark.line + 1);
	}
	if (fl && !in_freqs(c, fl, khz))
		return lfail(c, k, path, "%lld kHz is not one of CPU %lld's frequencies "
			     "(expected one of platform-info.conf.freqs.%lld)", khz, cpu, cpu);
	if (!v || v->type != YAML_SEQUENCE_NODE ||
	    v->data.sequence.items.top - v->data.sequence.items.start != 2)
		return lfail(c, v, path, "expected ActiveState(capacity, power) as a two-item sequence");
	if (get_number(c, node(c, v->data.sequence.items.start[1]), path, &mw))
		return CAPSIM_ERR_PARSE;
	/* opp-microwatt: 0 would mean "none", and it is a u32 of uW */
	if (mw * 1000.0 < 0.5 || mw * 1000.0 > (double)UINT32_MAX)
		return lfail(c, node(c, v->data.sequence.items.start[1]), path, "power %g mW at %lld "
			     "kHz (expected more than 0 and at most %.3f mW: opp-microwatt)", mw, khz,
			     (double)UINT32_MAX / 1000.0);
	return 0;
}

/* Every CPU node of the energy model @em, entry by entry (the CPUs are 0..@nr-1). */
static int check_em(struct lctx *c, const yaml_node_t *em, const yaml_node_t *freqs, long long nr)
{
	const char *path = "platform-info.conf.nrg-model.cpu_nodes";
	yaml_node_t *nodes = lookup(c, em, "cpu_nodes");
	char *seen = calloc((size_t)nr, 1);
	int ret = 0;

	if (!seen)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory", c->file);
	if (!nodes || nodes->type != YAML_SEQUENCE_NODE)
		ret = lfail(c, nodes ? nodes : em, path, "expected a list of CPU nodes");
	for (yaml_node_item_t *it = nodes ? nodes->data.sequence.items.start : NULL;
	     !ret && it < nodes->data.sequence.items.top; it++) {
		yaml_node_t *n = node(c, *it), *states, *id = lookup(c, n, "cpu");
		char key[24];
		long long cpu;

		if (!n || n->type != YAML_MAPPING_NODE || !id) {
			ret = lfail(c, n, path, "expected a CPU node with a cpu and active_states");
			break;
		}
		if (get_int(c, id, "platform-info.conf.nrg-model.cpu_nodes[].cpu", 0, nr - 1, &cpu)) {
			ret = CAPSIM_ERR_PARSE;
			break;
		}
		if (seen[cpu]++) {
			ret = lfail(c, id, path, "CPU %lld has two nodes", cpu);
			break;
		}
		states = lookup(c, n, "active_states");
		if (!states)
			continue;
		if (states->type != YAML_SEQUENCE_NODE) {
			ret = lfail(c, states, path, "CPU %lld: active_states: expected an omap of "
				    "FREQ: [capacity, power]", cpu);
			break;
		}
		snprintf(key, sizeof(key), "%lld", cpu);
		for (yaml_node_item_t *st = states->data.sequence.items.start;
		     !ret && st < states->data.sequence.items.top; st++)
			ret = check_em_state(c, node(c, *st), cpu, lookup(c, freqs, key), states,
					     node(c, *st));
	}
	free(seen);
	return ret;
}

/* One freq domain as a policy: its CPUs, the first CPU's frequencies, their EM powers. */
static int read_policy(struct lctx *c, const yaml_node_t *dom, unsigned d, const yaml_node_t *freqs,
		       const yaml_node_t *em, long long nr, int *owner, json_object *pols)
{
	char path[96], key[24], cpus[PLATFORM_NAME_MAX * 4] = "";
	json_object *pol, *opps;
	yaml_node_t *fl, *states;
	long long first = -1, prev = 0;
	size_t used = 0;
	int em_ok = 1;

	snprintf(path, sizeof(path), "platform-info.conf.freq-domains[%u]", d);
	if (!dom || dom->type != YAML_SEQUENCE_NODE ||
	    dom->data.sequence.items.top == dom->data.sequence.items.start)
		return lfail(c, dom, path, "expected a non-empty list of CPUs");
	for (yaml_node_item_t *it = dom->data.sequence.items.start;
	     it < dom->data.sequence.items.top; it++) {
		long long cpu;

		if (get_int(c, node(c, *it), path, 0, nr - 1, &cpu))
			return CAPSIM_ERR_PARSE;
		if (owner[cpu] >= 0)
			return lfail(c, node(c, *it), path, "CPU %lld is already in freq-domains[%d]",
				     cpu, owner[cpu]);
		owner[cpu] = (int)d;
		if (first < 0 || cpu < first)
			first = cpu;
		used += (size_t)snprintf(cpus + used, sizeof(cpus) - used, "%s%lld", used ? "," : "",
					 cpu);
		if (used >= sizeof(cpus))
			return lfail(c, dom, path, "too many CPUs");
	}
	snprintf(key, sizeof(key), "%lld", first);
	fl = lookup(c, freqs, key);
	snprintf(path, sizeof(path), "platform-info.conf.freqs.%lld", first);
	if (!fl || fl->type != YAML_SEQUENCE_NODE ||
	    fl->data.sequence.items.top == fl->data.sequence.items.start)
		return lfail(c, fl ? fl : freqs, path, "expected the list of CPU %lld's frequencies (kHz)",
			     first);
	states = lookup(c, em_cpu_node(c, em, first), "active_states");
	pol = json_object_new_object();
	opps = json_object_new_array();
	json_object_object_add(pol, "cpus", json_object_new_string(cpus));
	json_object_object_add(pol, "opps", opps);
	json_object_array_add(pols, pol);
	for (yaml_node_item_t *it = fl->data.sequence.items.start; it < fl->data.sequence.items.top;
	     it++) {
		json_object *o;
		long long khz;
		double mw = 0;
		int r;

		if (get_int(c, node(c, *it), path, 1, INT32_MAX, &khz))
			return CAPSIM_ERR_PARSE;
		if (khz <= prev)
			return lfail(c, node(c, *it), path, "frequencies must ascend (%lld after %lld)",
				     khz, prev);
		prev = khz;
		o = json_object_new_object(); /* owned by @opps at once: an error below frees it */
		json_object_array_add(opps, o);
		json_object_object_add(o, "khz", json_object_new_int64(khz));
		r = em_power(c, states, khz, &mw);
		if (r < 0)
			return r;
		/* check_em() refused a power that is 0 or too big for opp-microwatt */
		if (r && em_ok && states)
			lwhy(c, first, "LISA nrg-model: CPU %lld's active_states have no entry for %lld kHz (freqs.%lld)",
			     first, khz, first);
		if (r)
			em_ok = 0;
		else
			json_object_object_add(o, "uw", json_object_new_int64(llround(mw * 1000.0)));
	}
	if (!em)
		lwhy(c, first, "the LISA file has no nrg-model");
	else if (!states)
		lwhy(c, first, "LISA nrg-model: cpu_nodes has no active_states for CPU %lld (the first CPU of "
		     "freq-domains[%u])", first, d);
	/* an EM for some OPPs only is no EM (em_dev_register_perf_domain needs every state) */
	if (!em_ok)
		for (size_t i = 0; i < json_object_array_length(opps); i++)
			json_object_object_del(json_object_array_get_idx(opps, i), "uw");
	return 0;
}

/* The whole conf mapping into the platform JSON object @root. */
static int read_conf(struct lctx *c, const yaml_node_t *conf, json_object *root)
{
	yaml_node_t *caps = lookup(c, lookup(c, conf, "cpu-capacities"), "orig");
	yaml_node_t *doms = lookup(c, conf, "freq-domains"), *freqs = lookup(c, conf, "freqs");
	yaml_node_t *count = lookup(c, conf, "cpus-count"), *em = lookup(c, conf, "nrg-model");
	json_object *cpus, *pols;
	long long nr, *cap;
	char buf[PLATFORM_NAME_MAX];
	int *owner, ret = 0;
	unsigned d = 0;

	if (!caps)
		return lfail(c, conf, "platform-info.conf", "no cpu-capacities.orig (expected each "
			     "CPU's original capacity)");
	if (count) {
		if (get_int(c, count, "platform-info.conf.cpus-count", 1, CAPSIM_MAX_CPUS, &nr))
			return CAPSIM_ERR_PARSE;
	} else if (caps->type == YAML_MAPPING_NODE) {
		nr = caps->data.mapping.pairs.top - caps->data.mapping.pairs.start;
		if (nr < 1 || nr > CAPSIM_MAX_CPUS)
			return lfail(c, caps, "platform-info.conf.cpu-capacities.orig",
				     "%lld CPUs (expected 1..%d)", nr, CAPSIM_MAX_CPUS);
	} else {
		return lfail(c, caps, "platform-info.conf.cpu-capacities.orig",
			     "expected a mapping of CPU to capacity");
	}
	if (!doms || doms->type != YAML_SEQUENCE_NODE)
		return lfail(c, doms ? doms : conf, "platform-info.conf.freq-domains",
			     "expected a list of lists of CPUs");
	if (!freqs || freqs->type != YAML_MAPPING_NODE)
		return lfail(c, freqs ? freqs : conf, "platform-info.conf.freqs",
			     "expected a mapping of CPU to its frequencies");
	cap = calloc((size_t)nr, sizeof(*cap));
	owner = malloc((size_t)nr * sizeof(*owner));
	if (!cap || !owner) {
		free(cap);
		free(owner);
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory", c->file);
	}
	for (long long i = 0; i < nr; i++)
		owner[i] = -1;
	ret = read_capacities(c, caps, cap, nr);
	cpus = json_object_new_array();
	pols = json_object_new_array();
	json_object_object_add(root, "cpus", cpus);
	json_object_object_add(root, "policies", pols);
	for (long long i = 0; !ret && i < nr; i++) {
		json_object *o = json_object_new_object();

		json_object_object_add(o, "cpu", json_object_new_int64(i));
		json_object_object_add(o, "capacity", json_object_new_int64(cap[i]));
		json_object_array_add(cpus, o);
	}
	if (!ret && em)
		ret = check_em(c, em, freqs, nr);
	for (yaml_node_item_t *it = doms->data.sequence.items.start;
	     !ret && it < doms->data.sequence.items.top; it++, d++)
		ret = read_policy(c, node(c, *it), d, freqs, em, nr, owner, pols);
	for (long long i = 0; !ret && i < nr; i++)
		if (owner[i] < 0)
			lwhy(c, -1, "LISA freq-domains: CPU %lld is in none, so it has no cpufreq policy "
			     "(and no energy model: EAS cannot run)", i);
	free(cap);
	free(owner);
	if (ret)
		return ret;
	if (!scalar(lookup(c, conf, "name"), buf, sizeof(buf)) && buf[0])
		json_object_object_add(root, "name", json_object_new_string(buf));
	if (!scalar(lookup(c, conf, "abi"), buf, sizeof(buf))) {
		/* devlib's ABI names: arm64, armeabi, x86_64 ... */
		const char *arch = !strcmp(buf, "arm64") ? "arm64"
				   : !strncmp(buf, "arm", 3) ? "arm"
				   : !strncmp(buf, "x86", 3) ? "x86" : NULL;

		if (!arch)
			return lfail(c, lookup(c, conf, "abi"), "platform-info.conf.abi",
				     "'%s' (expected arm64, armeabi or x86_64)", buf);
		json_object_object_add(root, "arch", json_object_new_string(arch));
	}
	return 0;
}

/* A scalar key of a mapping, for sorting a mapping's keys (refuse_duplicate_keys()). */
struct lkey {
	const yaml_node_t *n;
};

static int same_key(const yaml_node_t *x, const yaml_node_t *y)
{
	return x->data.scalar.length == y->data.scalar.length &&
	       !memcmp(x->data.scalar.value, y->data.scalar.value, x->data.scalar.length);
}

static int cmp_lkey(const void *a, const void *b)
{
	const yaml_node_t *x = ((const struct lkey *)a)->n, *y = ((const struct lkey *)b)->n;
	size_t n = x->data.scalar.length < y->data.scalar.length ? x->data.scalar.length
								  : y->data.scalar.length;
	int r = memcmp(x->data.scalar.value, y->data.scalar.value, n);

	if (r)
		return r;
	if (x->data.scalar.length != y->data.scalar.length)
		return x->data.scalar.length < y->data.scalar.length ? -1 : 1;
	return x->start_mark.index < y->start_mark.index ? -1 : x->start_mark.index > y->start_mark.index;
}

/*
 * Refuse a key given twice in one mapping, as every JSON input's (jsonpos_refuse_duplicate()):
 * libyaml keeps both, and which one a reader takes is its own choice (LISA's keeps the last).
 * Each mapping's scalar keys sorted, so a large mapping costs n log n. The message names the
 * repeat that comes first in the text, and its first occurrence.
 */
static int refuse_duplicate_keys(struct lctx *c)
{
	const yaml_node_t *first = NULL, *again = NULL;
	struct lkey *keys = NULL;
	size_t cap = 0;

	for (yaml_node_t *m = c->doc.nodes.start; m < c->doc.nodes.top; m++) {
		size_t n = 0;

		if (m->type != YAML_MAPPING_NODE)
			continue;
		for (yaml_node_pair_t *pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top;
		     pr++) {
			yaml_node_t *k = node(c, pr->key);

			if (!k || k->type != YAML_SCALAR_NODE)
				continue;
			if (n == cap) {
				struct lkey *nk = realloc(keys, (cap = cap ? 2 * cap : 64) * sizeof(*nk));

				if (!nk) {
					free(keys);
					return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory",
								c->file);
				}
				keys = nk;
			}
			keys[n++].n = k;
		}
		if (n < 2) /* an empty mapping's @keys may still be NULL, which qsort() must not get */
			continue;
		qsort(keys, n, sizeof(*keys), cmp_lkey);
		/* equal keys sit together, in text order: the first of a run is the first given */
		for (size_t i = 1, f = 0; i < n; i++) {
			if (!same_key(keys[f].n, keys[i].n)) {
				f = i;
				continue;
			}
			if (!again || keys[i].n->start_mark.index < again->start_mark.index) {
				first = keys[f].n;
				again = keys[i].n;
			}
		}
	}
	free(keys);
	if (!again)
		return 0;
	return capsim_error_set(c->err, CAPSIM_ERR_PARSE, "%s:%zu:%zu: key \"%.*s\" given twice in "
				"one mapping (first at %s:%zu:%zu; readers differ in which one they "
				"keep: expected each key once)", c->file, again->start_mark.line + 1,
				again->start_mark.column + 1,
				(int)(again->data.scalar.length > 64 ? 64 : again->data.scalar.length),
				again->data.scalar.value, c->file, first->start_mark.line + 1,
				first->start_mark.column + 1);
}

static int to_json(struct lctx *c, const char *text, size_t len, char **json);

int lisa_yaml_to_json(const char *text, size_t len, const char *file, char **json,
		      int *skipped_em_parts, capsim_error *err)
{
	struct lctx c = { .file = file, .err = err };
	int ret = to_json(&c, text, len, json);

	*skipped_em_parts = c.skipped_em_parts;
	free(c.why);
	return ret;
}

/* The conversion of lisa_yaml_to_json(), leaving what it found in @c. */
static int to_json(struct lctx *c_, const char *text, size_t len, char **json)
{
	struct lctx c = *c_;
	const char *file = c.file;
	capsim_error *err = c.err;
	yaml_parser_t parser;
	yaml_node_t *root, *conf;
	json_object *out;
	int ret;

	*json = NULL;
	if (!yaml_parser_initialize(&parser))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", file);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &c.doc)) {
		ret = capsim_error_set(err, parser.error == YAML_MEMORY_ERROR ? CAPSIM_ERR_NOMEM
					   : CAPSIM_ERR_PARSE, "%s:%zu:%zu: %s%s%s", file,
				       parser.problem_mark.line + 1, parser.problem_mark.column + 1,
				       parser.problem ? parser.problem : "malformed YAML",
				       parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		return ret;
	}
	yaml_parser_delete(&parser);
	root = yaml_document_get_root_node(&c.doc);
	conf = lookup(&c, lookup(&c, root, "platform-info"), "conf");
	ret = refuse_duplicate_keys(&c);
	if (ret) {
		/* said */
	} else if (!conf || conf->type != YAML_MAPPING_NODE) {
		ret = lfail(&c, root, "platform-info.conf", "not found (expected a LISA PlatformInfo "
			    "file: platform-info: conf: cpu-capacities, freq-domains, freqs)");
	} else {
		out = json_object_new_object();
		ret = read_conf(&c, conf, out);
		if (!ret) {
			*json = strdup(json_object_to_json_string_ext(out, JSON_C_TO_STRING_PLAIN));
			if (!*json)
				ret = capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", file);
		}
		json_object_put(out);
	}
	yaml_document_delete(&c.doc);
	*c_ = c;
	return ret;
}

/*
 * The platform JSON reader's note for a policy without an energy model names what a device tree
 * lacks; for a LISA file, say instead what in the file is missing (which CPU, which entry).
 */
static void retell_em_notes(struct capsim_platform *p, const struct lctx *c)
{
	for (unsigned n = 0; n < p->nr_notes; n++) {
		unsigned cpu;
		int at = 0;

		if (sscanf(p->notes[n], "policy%u: no energy model: %n", &cpu, &at) != 1 || !at)
			continue;
		for (unsigned w = 0; w < c->nr_why; w++)
			if (c->why[w].cpu == (long long)cpu &&
			    strstr(p->notes[n] + at, "dynamic-power-coefficient"))
				snprintf(p->notes[n], sizeof(p->notes[n]), "policy%u: no energy model: "
					 "%s", cpu, c->why[w].text);
	}
	for (unsigned w = 0; w < c->nr_why; w++)
		if (c->why[w].cpu < 0)
			platform_note(p, "%s", c->why[w].text);
}

/* --- the top-level `capsim:` key (src/output/platform_lisa.c writes it) ---------------------- */

/* @key of mapping @map, which must be there; @path names the mapping in messages. */
static yaml_node_t *need(struct lctx *c, const yaml_node_t *map, const char *path, const char *key)
{
	yaml_node_t *v = lookup(c, map, key);

	if (!map || map->type != YAML_MAPPING_NODE)
		return lfail(c, map, path, "expected a mapping"), NULL;
	if (!v)
		lfail(c, map, path, "no %s (expected it: the keys `platform show --format lisa` writes)",
		      key);
	return v;
}

static int kint(struct lctx *c, const yaml_node_t *map, const char *path, const char *key,
		long long lo, long long hi, long long *out)
{
	yaml_node_t *v = need(c, map, path, key);
	char full[160];

	if (!v)
		return CAPSIM_ERR_PARSE;
	snprintf(full, sizeof(full), "%s.%s", path, key);
	return get_int(c, v, full, lo, hi, out) ? CAPSIM_ERR_PARSE : 0;
}

/* An integer field of any width, each checked against its own range (through c->v). */
#define KINT(c, map, path, key, lo, hi, dst) \
	(kint(c, map, path, key, lo, hi, &(c)->v) ? CAPSIM_ERR_PARSE : ((dst) = (c)->v, 0))

static int kbool(struct lctx *c, const yaml_node_t *map, const char *path, const char *key,
		 bool *out)
{
	yaml_node_t *v = need(c, map, path, key);
	char buf[8];

	if (!v)
		return CAPSIM_ERR_PARSE;
	if (!scalar(v, buf, sizeof(buf)) && (!strcmp(buf, "true") || !strcmp(buf, "false"))) {
		*out = buf[0] == 't';
		return 0;
	}
	return lfail(c, v, path, "%s: expected true or false", key);
}

static int kstr(struct lctx *c, const yaml_node_t *map, const char *path, const char *key,
		char *buf, size_t size)
{
	yaml_node_t *v = need(c, map, path, key);

	if (!v)
		return CAPSIM_ERR_PARSE;
	if (scalar(v, buf, size))
		return lfail(c, v, path, "%s: expected a string of at most %zu bytes", key, size - 1);
	return 0;
}

/* A sequence under @key with at most @max items (its count in *@n). */
static yaml_node_t *kseq(struct lctx *c, const yaml_node_t *map, const char *path, const char *key,
			 size_t max, size_t *n)
{
	yaml_node_t *v = need(c, map, path, key);

	if (!v)
		return NULL;
	if (v->type != YAML_SEQUENCE_NODE)
		return lfail(c, v, path, "%s: expected a list", key), NULL;
	*n = (size_t)(v->data.sequence.items.top - v->data.sequence.items.start);
	if (*n > max)
		return lfail(c, v, path, "%s: %zu entries (expected at most %zu)", key, *n, max), NULL;
	return v;
}

static yaml_node_t *item(struct lctx *c, const yaml_node_t *seq, size_t i)
{
	return node(c, seq->data.sequence.items.start[i]);
}

/* Refuse keys outside @allowed (NULL-terminated) in @map: a typo must not pass silently. */
static int only_keys(struct lctx *c, const yaml_node_t *map, const char *path,
		     const char *const *allowed)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return lfail(c, map, path, "expected a mapping");
	for (yaml_node_pair_t *pr = map->data.mapping.pairs.start; pr < map->data.mapping.pairs.top;
	     pr++) {
		yaml_node_t *k = node(c, pr->key);
		char buf[PLATFORM_NAME_MAX];
		const char *const *a = allowed;

		if (scalar(k, buf, sizeof(buf)))
			return lfail(c, k, path, "expected a short key");
		while (*a && strcmp(*a, buf))
			a++;
		if (!*a) {
			const char *near = capsim_suggest(buf, allowed, strv_len(allowed));

			return lfail(c, k, path, "unknown key \"%s\"%s%s%s", buf,
				     near ? " (did you mean \"" : "", near ? near : "", near ? "\"?)" : "");
		}
	}
	return 0;
}

static int capsim_idle_state(struct lctx *c, const yaml_node_t *n, const char *path,
			     struct platform_idle_state *s)
{
	static const char *const keys[] = { "name", "node", "entry_us", "exit_us", "residency_us",
					    "wakeup_us",
					    "timer_stop", "cluster", "domain", NULL };
	int r = only_keys(c, n, path, keys);

	r = r ? r : kstr(c, n, path, "name", s->name, sizeof(s->name));
	r = r ? r : kstr(c, n, path, "node", s->node_path, sizeof(s->node_path));
	r = r ? r : KINT(c, n, path, "entry_us", 0, UINT32_MAX, s->entry_us);
	r = r ? r : KINT(c, n, path, "exit_us", 0, UINT32_MAX, s->exit_us);
	r = r ? r : KINT(c, n, path, "residency_us", 0, UINT32_MAX, s->residency_us);
	r = r ? r : KINT(c, n, path, "wakeup_us", 0, UINT32_MAX, s->wakeup_us);
	r = r ? r : kbool(c, n, path, "timer_stop", &s->timer_stop);
	r = r ? r : kbool(c, n, path, "cluster", &s->cluster);
	return r ? r : kbool(c, n, path, "domain", &s->domain);
}

static int capsim_cpu(struct lctx *c, const yaml_node_t *n, const char *path, unsigned cpu,
		      struct platform_cpu *pc)
{
	static const char *const keys[] = { "cpu", "node", "cluster", "core", "thread", "package_id",
					    "cluster_id", "llc", "capacity_dmips_mhz", "compatible", "amu",
					    "idle_domain", "idle_states", "idle_power_uw", NULL };
	yaml_node_t *seq, *pw;
	long long id;
	size_t nr = 0;
	int r = only_keys(c, n, path, keys);

	r = r ? r : kint(c, n, path, "cpu", cpu, cpu, &id);
	r = r ? r : kstr(c, n, path, "node", pc->node_path, sizeof(pc->node_path));
	r = r ? r : KINT(c, n, path, "cluster", -1, INT32_MAX, pc->cluster);
	r = r ? r : KINT(c, n, path, "core", -1, INT32_MAX, pc->core);
	r = r ? r : KINT(c, n, path, "thread", -1, INT32_MAX, pc->thread);
	r = r ? r : KINT(c, n, path, "package_id", -1, INT32_MAX, pc->package_id);
	r = r ? r : KINT(c, n, path, "cluster_id", -1, INT32_MAX, pc->cluster_id);
	r = r ? r : KINT(c, n, path, "llc", -1, INT32_MAX, pc->llc);
	r = r ? r : KINT(c, n, path, "capacity_dmips_mhz", 0, PLATFORM_MAX_DMIPS,
			 pc->capacity_dmips_mhz);
	r = r ? r : kstr(c, n, path, "compatible", pc->compatible, sizeof(pc->compatible));
	r = r ? r : kbool(c, n, path, "amu", &pc->amu_fie);
	r = r ? r : KINT(c, n, path, "idle_domain", -1, INT32_MAX, pc->idle_domain);
	if (r)
		return r;
	seq = kseq(c, n, path, "idle_states", ARRAY_SIZE(pc->idle), &nr);
	if (!seq)
		return CAPSIM_ERR_PARSE;
	pc->nr_idle = (unsigned)nr;
	for (size_t i = 0; !r && i < nr; i++) {
		char sub[128];

		snprintf(sub, sizeof(sub), "%s.idle_states[%zu]", path, i);
		r = capsim_idle_state(c, item(c, seq, i), sub, &pc->idle[i]);
	}
	pw = lookup(c, n, "idle_power_uw");
	pc->has_idle_power = pw != NULL;
	if (r || !pw)
		return r;
	if (pw->type != YAML_SEQUENCE_NODE ||
	    (size_t)(pw->data.sequence.items.top - pw->data.sequence.items.start) != nr + 1)
		return lfail(c, pw, path, "idle_power_uw: expected a list of %zu powers (WFI, then "
			     "each idle state)", nr + 1);
	for (size_t i = 0; !r && i <= nr; i++) {
		long long v;

		r = get_int(c, item(c, pw, i), "capsim.cpus[].idle_power_uw", 0, UINT32_MAX, &v)
			? CAPSIM_ERR_PARSE : 0;
		pc->idle_power_uw[i] = (uint32_t)v;
	}
	return r;
}

static int capsim_driver(struct lctx *c, const yaml_node_t *n, const char *path,
			 enum platform_cpufreq_driver *out)
{
	char name[PLATFORM_NAME_MAX];
	int r = kstr(c, n, path, "cpufreq_driver", name, sizeof(name));

	for (int d = 0; !r && d < PLATFORM_DRV_COUNT; d++)
		if (!strcmp(name, platform_cpufreq_driver_name((enum platform_cpufreq_driver)d))) {
			*out = (enum platform_cpufreq_driver)d;
			return 0;
		}
	return r ? r : lfail(c, lookup(c, n, "cpufreq_driver"), path, "cpufreq_driver: unknown "
			     "driver '%s'", name);
}

/* One OPP as given; its frequency must be the one `freqs` gave at that place. */
static int capsim_opp(struct lctx *c, const yaml_node_t *n, const char *path,
		      struct platform_opp *o)
{
	static const char *const keys[] = { "hz", "uv", "uv_min", "uv_max", "uw", "turbo",
					    "suspend", NULL };
	long long hz = 0;
	int r = only_keys(c, n, path, keys);

	r = r ? r : kint(c, n, path, "hz", 1, INT64_MAX, &hz);

	if (!r && (uint64_t)hz / 1000 != o->khz)
		return lfail(c, lookup(c, n, "hz"), path, "hz: %lld is not %u kHz (expected the "
			     "OPP of platform-info.conf.freqs at this place)", hz, o->khz);
	o->hz = (uint64_t)hz;
	r = r ? r : KINT(c, n, path, "uv", 0, UINT32_MAX, o->uv);
	r = r ? r : KINT(c, n, path, "uv_min", 0, UINT32_MAX, o->uv_min);
	r = r ? r : KINT(c, n, path, "uv_max", 0, UINT32_MAX, o->uv_max);
	r = r ? r : KINT(c, n, path, "uw", 0, UINT32_MAX, o->uw);
	r = r ? r : kbool(c, n, path, "turbo", &o->turbo);
	return r ? r : kbool(c, n, path, "suspend", &o->suspend);
}

static int capsim_policy(struct lctx *c, const yaml_node_t *n, const char *path,
			 struct platform_policy *pol)
{
	static const char *const keys[] = { "cpu", "opp_table", "boost_enabled",
					    "dynamic_power_coefficient",
					    "cpufreq_driver", "cpufreq_driver_given", "transition_latency_ns",
					    "clock_latency_ns", "clock_firmware", "transition_delay_us",
					    "fast_switch", "cpu_supply", "opps", NULL };
	yaml_node_t *sup, *seq;
	size_t nr = 0;
	long long cpu;
	static const char *const supply_keys[] = { "present", "ramp_delay", "settling_time_us",
						    "settling_time_up_us", "settling_time_down_us",
						    NULL };
	int r = only_keys(c, n, path, keys);

	r = r ? r : kint(c, n, path, "cpu", pol->cpu, pol->cpu, &cpu);
	r = r ? r : kstr(c, n, path, "opp_table", pol->opp_table_path, sizeof(pol->opp_table_path));
	r = r ? r : kbool(c, n, path, "boost_enabled", &pol->boost_enabled);
	r = r ? r : KINT(c, n, path, "dynamic_power_coefficient", 0, UINT32_MAX,
			 pol->dynamic_power_coefficient);
	r = r ? r : capsim_driver(c, n, path, &pol->driver);
	r = r ? r : kbool(c, n, path, "cpufreq_driver_given", &pol->driver_given);
	r = r ? r : KINT(c, n, path, "transition_latency_ns", 0, UINT32_MAX,
			 pol->transition_latency_ns);
	r = r ? r : KINT(c, n, path, "clock_latency_ns", 0, UINT32_MAX, pol->clock_latency_ns);
	r = r ? r : kbool(c, n, path, "clock_firmware", &pol->clock_firmware);
	r = r ? r : KINT(c, n, path, "transition_delay_us", 0, UINT32_MAX, pol->transition_delay_us);
	r = r ? r : kbool(c, n, path, "fast_switch", &pol->fast_switch);
	if (r || !(sup = need(c, n, path, "cpu_supply")))
		return r ? r : CAPSIM_ERR_PARSE;
	r = only_keys(c, sup, "capsim.policies[].cpu_supply", supply_keys);
	r = r ? r : kbool(c, sup, "capsim.policies[].cpu_supply", "present", &pol->supply.present);
	r = r ? r : KINT(c, sup, "capsim.policies[].cpu_supply", "ramp_delay", 0, UINT32_MAX,
			 pol->supply.ramp_delay);
	r = r ? r : KINT(c, sup, "capsim.policies[].cpu_supply", "settling_time_us", 0, UINT32_MAX,
			 pol->supply.settling_time_us);
	r = r ? r : KINT(c, sup, "capsim.policies[].cpu_supply", "settling_time_up_us", 0,
			 UINT32_MAX, pol->supply.settling_time_up_us);
	r = r ? r : KINT(c, sup, "capsim.policies[].cpu_supply", "settling_time_down_us", 0,
			 UINT32_MAX, pol->supply.settling_time_down_us);
	if (r || !(seq = kseq(c, n, path, "opps", pol->nr_opps, &nr)))
		return r ? r : CAPSIM_ERR_PARSE;
	if (nr != pol->nr_opps)
		return lfail(c, seq, path, "opps: %zu entries (expected %u: one per kHz of "
			     "platform-info.conf.freqs.%u)", nr, pol->nr_opps, pol->cpu);
	for (size_t i = 0; !r && i < nr; i++) {
		char sub[128];

		snprintf(sub, sizeof(sub), "%s.opps[%zu]", path, i);
		r = capsim_opp(c, item(c, seq, i), sub, &pol->opps[i]);
	}
	return r;
}

static int capsim_trip(struct lctx *c, const yaml_node_t *n, const char *path,
		       struct platform_trip *t)
{
	static const char *const keys[] = { "name", "type", "temperature_mc", "hysteresis_mc", NULL };
	char type[16];
	int r = only_keys(c, n, path, keys);

	r = r ? r : kstr(c, n, path, "name", t->name, sizeof(t->name));
	r = r ? r : kstr(c, n, path, "type", type, sizeof(type));
	r = r ? r : KINT(c, n, path, "temperature_mc", INT32_MIN, INT32_MAX, t->temperature_mc);
	r = r ? r : KINT(c, n, path, "hysteresis_mc", INT32_MIN, INT32_MAX, t->hysteresis_mc);
	for (int k = PLATFORM_TRIP_ACTIVE; !r && k <= PLATFORM_TRIP_CRITICAL; k++)
		if (!strcmp(type, platform_trip_type_name((enum platform_trip_type)k))) {
			t->type = (enum platform_trip_type)k;
			return 0;
		}
	return r ? r : lfail(c, lookup(c, n, "type"), path, "type: '%s' (expected active, "
			     "passive, hot or critical)", type);
}

static int capsim_map(struct lctx *c, const yaml_node_t *n, const char *path, unsigned nr_trips,
		      int nr_cpus, struct platform_cooling_map *m)
{
	static const char *const keys[] = { "trip", "policy", "device", "lower", "upper",
					    "contribution", NULL };
	int r = only_keys(c, n, path, keys);

	r = r ? r : KINT(c, n, path, "trip", 0, (long long)nr_trips - 1, m->trip);
	r = r ? r : KINT(c, n, path, "policy", -1, nr_cpus - 1, m->policy);
	r = r ? r : kstr(c, n, path, "device", m->device_path, sizeof(m->device_path));
	r = r ? r : KINT(c, n, path, "lower", 0, UINT32_MAX, m->lower);
	r = r ? r : KINT(c, n, path, "upper", 0, UINT32_MAX, m->upper);
	return r ? r : KINT(c, n, path, "contribution", 0, UINT32_MAX, m->contribution);
}

static int capsim_zone(struct lctx *c, const yaml_node_t *n, const char *path, int nr_cpus,
		       struct platform_thermal_zone *z)
{
	static const char *const keys[] = { "name", "polling_delay_ms", "polling_delay_passive_ms",
					    "sustainable_power_mw", "trips", "cooling_maps", NULL };
	yaml_node_t *trips, *maps;
	size_t nt = 0, nm = 0;
	int r = only_keys(c, n, path, keys);

	r = r ? r : kstr(c, n, path, "name", z->name, sizeof(z->name));
	r = r ? r : KINT(c, n, path, "polling_delay_ms", 0, UINT32_MAX, z->polling_delay_ms);
	r = r ? r : KINT(c, n, path, "polling_delay_passive_ms", 0, UINT32_MAX,
			 z->polling_delay_passive_ms);
	r = r ? r : KINT(c, n, path, "sustainable_power_mw", 0, UINT32_MAX, z->sustainable_power_mw);
	if (r || !(trips = kseq(c, n, path, "trips", PLATFORM_MAX_TRIPS, &nt)) ||
	    !(maps = kseq(c, n, path, "cooling_maps", 1024, &nm)))
		return r ? r : CAPSIM_ERR_PARSE;
	z->trips = calloc(nt ? nt : 1, sizeof(*z->trips));
	z->maps = calloc(nm ? nm : 1, sizeof(*z->maps));
	if (!z->trips || !z->maps)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory", c->file);
	for (size_t i = 0; !r && i < nt; i++, z->nr_trips++) {
		char sub[128];

		snprintf(sub, sizeof(sub), "%s.trips[%zu]", path, i);
		r = capsim_trip(c, item(c, trips, i), sub, &z->trips[i]);
	}
	for (size_t i = 0; !r && i < nm; i++, z->nr_maps++) {
		char sub[128];

		snprintf(sub, sizeof(sub), "%s.cooling_maps[%zu]", path, i);
		r = capsim_map(c, item(c, maps, i), sub, z->nr_trips, nr_cpus, &z->maps[i]);
	}
	return r;
}

static int capsim_lists(struct lctx *c, const yaml_node_t *k, struct capsim_platform *p)
{
	yaml_node_t *cpus, *pols, *zones;
	size_t nc = 0, np = 0, nz = 0;
	int r = 0;

	if (!(cpus = kseq(c, k, "capsim", "cpus", p->nr_cpus, &nc)) ||
	    !(pols = kseq(c, k, "capsim", "policies", p->nr_policies, &np)) ||
	    !(zones = kseq(c, k, "capsim", "thermal_zones", 1024, &nz)))
		return CAPSIM_ERR_PARSE;
	if (nc != p->nr_cpus || np != p->nr_policies)
		return lfail(c, nc != p->nr_cpus ? cpus : pols, "capsim", "%s: %zu entries (expected "
			     "one for each of the %u in platform-info.conf)", nc != p->nr_cpus ?
			     "cpus" : "policies", nc != p->nr_cpus ? nc : np, nc != p->nr_cpus ?
			     p->nr_cpus : p->nr_policies);
	for (size_t i = 0; !r && i < nc; i++) {
		char sub[64];

		snprintf(sub, sizeof(sub), "capsim.cpus[%zu]", i);
		r = capsim_cpu(c, item(c, cpus, i), sub, (unsigned)i, &p->cpus[i]);
	}
	for (size_t i = 0; !r && i < np; i++) {
		char sub[64];

		snprintf(sub, sizeof(sub), "capsim.policies[%zu]", i);
		r = capsim_policy(c, item(c, pols, i), sub, &p->policies[i]);
	}
	if (r || !nz)
		return r;
	p->zones = calloc(nz, sizeof(*p->zones));
	if (!p->zones)
		return capsim_error_set(c->err, CAPSIM_ERR_NOMEM, "%s: out of memory", c->file);
	for (size_t i = 0; !r && i < nz; i++, p->nr_zones++) {
		char sub[64];

		snprintf(sub, sizeof(sub), "capsim.thermal_zones[%zu]", i);
		r = capsim_zone(c, item(c, zones, i), sub, (int)p->nr_cpus, &p->zones[i]);
	}
	return r;
}

/* The `capsim:` mapping @k onto @p, loaded from the same file's platform-info. */
static int capsim_apply(struct lctx *c, const yaml_node_t *k, struct capsim_platform *p)
{
	static const char *const keys[] = { "model", "description", "freq_ref_fallback", "capacity_source",
					    "dmips_unused", "freq_invariance", "freq_invariance_given", "cpus",
					    "policies", "thermal_zones", NULL };
	bool given = false;
	int r = only_keys(c, k, "capsim", keys);

	r = r ? r : kstr(c, k, "capsim", "model", p->model, sizeof(p->model));
	r = r ? r : kstr(c, k, "capsim", "description", p->description, sizeof(p->description));
	r = r ? r : KINT(c, k, "capsim", "freq_ref_fallback", PLATFORM_FALLBACK_NONE,
			 PLATFORM_FALLBACK_CPUINFO_MAX, p->fallback);
	r = r ? r : KINT(c, k, "capsim", "capacity_source", PLATFORM_CAPACITY_NORMALIZED,
			 PLATFORM_CAPACITY_GIVEN, p->capacity_source);
	r = r ? r : kbool(c, k, "capsim", "dmips_unused", &p->dmips_unused);
	r = r ? r : KINT(c, k, "capsim", "freq_invariance", PLATFORM_FIE_CPUFREQ, PLATFORM_FIE_AMU,
			 p->fie);
	r = r ? r : kbool(c, k, "capsim", "freq_invariance_given", &given);
	p->fie_origin = given ? PLATFORM_FIE_FROM_JSON : PLATFORM_FIE_FROM_CPUS;
	return r ? r : capsim_lists(c, k, p);
}

/* Read @text again for its `capsim:` key, if any, and derive @p once more with it. */
/* The EM power of every OPP, as the platform has it now: 0 where it has no EM state. */
static uint64_t *em_powers(const struct capsim_platform *p, size_t *nr)
{
	uint64_t *pw;
	size_t n = 0;

	for (unsigned k = 0; k < p->nr_policies; k++)
		n += p->policies[k].nr_opps;
	pw = calloc(n ? n : 1, sizeof(*pw));
	n = 0;
	for (unsigned k = 0; pw && k < p->nr_policies; k++)
		for (unsigned i = 0; i < p->policies[k].nr_opps; i++, n++) {
			struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);

			capsim_platform_get_opp(p, k, i, &o);
			pw[n] = o.has_em ? o.em_power_uw : 0;
		}
	*nr = n;
	return pw;
}

/*
 * The capsim: key rebuilds the energy model from the OPPs' power and the coefficient; an
 * nrg-model edited without it would be ignored, so the two must agree (@before: the nrg-model's).
 */
static int check_em_agrees(struct lctx *c, const struct capsim_platform *p,
			   const uint64_t *before)
{
	yaml_node_t *root = yaml_document_get_root_node(&c->doc);
	yaml_node_t *info = lookup(c, root, "platform-info");
	yaml_node_t *conf = info ? lookup(c, info, "conf") : NULL;
	yaml_node_t *em = conf ? lookup(c, conf, "nrg-model") : NULL;
	size_t n = 0;

	for (unsigned k = 0; k < p->nr_policies; k++)
		for (unsigned i = 0; i < p->policies[k].nr_opps; i++, n++) {
			struct capsim_opp_info o = CAPSIM_SIZED(struct capsim_opp_info);
			uint64_t now;

			capsim_platform_get_opp(p, k, i, &o);
			now = o.has_em ? o.em_power_uw : 0;
			if (now == before[n])
				continue;
			return lfail(c, em ? em : root, "platform-info.conf.nrg-model",
				     "CPU %u's power at %u kHz is %" PRIu64 " uW here but %" PRIu64
				     " uW from the capsim: key's OPPs (expected the two to agree: edit "
				     "both, or remove the capsim: key)", p->policies[k].cpu, o.khz,
				     before[n], now);
		}
	return 0;
}

static int apply_capsim(const char *text, size_t len, const char *file, struct capsim_platform *p,
			capsim_error *err)
{
	struct lctx c = { .file = file, .err = err };
	yaml_parser_t parser;
	yaml_node_t *k;
	int ret = 0;

	if (!yaml_parser_initialize(&parser))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", file);
	yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
	if (!yaml_parser_load(&parser, &c.doc)) { /* it loaded a moment ago */
		yaml_parser_delete(&parser);
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", file);
	}
	yaml_parser_delete(&parser);
	k = lookup(&c, yaml_document_get_root_node(&c.doc), "capsim");
	if (k && k->type != YAML_MAPPING_NODE)
		ret = lfail(&c, k, "capsim", "expected a mapping (what `platform show --format lisa` "
			    "writes)");
	else if (k) {
		size_t nr;
		uint64_t *before = em_powers(p, &nr);

		ret = before ? capsim_apply(&c, k, p) :
			       capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", file);
		if (!ret)
			ret = platform_finalize(p, err);
		if (!ret)
			ret = check_em_agrees(&c, p, before);
		free(before);
	}
	yaml_document_delete(&c.doc);
	return ret;
}

int platform_load_lisa(const char *text, size_t len, const char *file,
		       struct capsim_platform **out, capsim_error *err)
{
	struct lctx c = { .file = file, .err = err };
	char *json;
	int ret = to_json(&c, text, len, &json);

	*out = NULL;
	if (!ret)
		ret = platform_load_json(json, strlen(json), file, NULL, out, err);
	free(json);
	if (!ret)
		ret = apply_capsim(text, len, file, *out, err);
	if (ret && *out) {
		platform_free(*out);
		*out = NULL;
	}
	if (!ret)
		retell_em_notes(*out, &c);
	if (!ret && c.skipped_em_parts)
		platform_note(*out, "LISA nrg-model: idle states and cluster-level power are not "
			      "read (the kernel's energy model has active power per CPU only)");
	free(c.why);
	return ret;
}
