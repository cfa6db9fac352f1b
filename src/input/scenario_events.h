/* SPDX-License-Identifier: MIT */
/*
 * scenario_events.h - things that happen at given times during a simulated run: freq_qos
 * requests set and cleared on a policy (a user's scaling_max_freq, a power limit), firmware
 * throttling episodes and seeded LMh-like burst patterns, cooling-device states written by
 * hand, tasks started and stopped, uclamp changes. The scenario's "events" array hands this
 * module its timeline kinds (hw_bursts, cooling_state, task_start, task_stop, uclamp; the
 * scenario reader src/input/scenario.c keeps max_freq, min_freq and hw_cap); the CLI forms
 * --max-freq POLICY=KHZ[@T] and --hw-cap CPULIST=KHZ@T+DURATION come here too (docs/formats.md).
 * They are expanded into one sorted list the simulator applies.
 *
 * Expansion: HW throttling is merged per CPU into the effective cap (the lowest active
 * episode), emitted only when it changes, grouped by value; so overlapping episodes and bursts
 * compose, and a SCN_EV_HW_CAP with khz 0 means "no longer throttled". The list is sorted by
 * time, then by the order the events were given (an episode's end before a later start at the
 * same instant): the same inputs always give the same list.
 */
#ifndef CAPSIM_SCENARIO_EVENTS_H
#define CAPSIM_SCENARIO_EVENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"

struct json_object;

#define SCN_NAME_MAX 48
#define SCN_WHERE_MAX 64
/* Expanded events one run may hold: beyond this a pattern is absurd (e.g. 1 ms bursts for
 * years), and is rejected rather than exhausting memory. */
#define SCN_MAX_EVENTS 200000
#define SCN_UCLAMP_UNCHANGED (-1)

enum scn_event_type {
	SCN_EV_QOS_SET,     /* policy, qos, name, khz */
	SCN_EV_QOS_CLEAR,   /* policy, qos, name */
	SCN_EV_HW_CAP,      /* cpus, khz (0: throttling lifted) */
	SCN_EV_CDEV_STATE,  /* name (the cooling device), state */
	SCN_EV_TASK_START,  /* name (the task) */
	SCN_EV_TASK_STOP,   /* name */
	SCN_EV_UCLAMP,      /* name, uclamp_min / uclamp_max (SCN_UCLAMP_UNCHANGED) */
};

enum scn_qos_type {
	SCN_QOS_MIN,
	SCN_QOS_MAX,
};

/*
 * struct scn_event - one expanded event.
 * @policy: the policy, named by its first CPU (sysfs "policyN")
 * @name:   the request, cooling device or task name (owned by the list), or NULL
 * @where:  where it was given ("FILE: events[3]", "--max-freq ARG"), for messages
 */
struct scn_event {
	uint64_t t_ns;
	enum scn_event_type type;
	unsigned policy;
	enum scn_qos_type qos;
	const char *name;
	uint32_t khz;
	capsim_cpumask cpus;
	unsigned long state;
	int uclamp_min, uclamp_max;
	const char *where;
	uint64_t order; /* sort key after t_ns: given order, then position in an expansion */
	bool by_cpu;    /* @policy was written "cpuN": the policy CPU N belongs to */
	bool bare_khz;  /* @khz was written without a unit: checked against the OPPs once known */
};

typedef struct scn_events scn_events;

/*
 * A frequency written without a unit (kHz): checked against the platform's OPPs once it is
 * known (scenario_prepare()), since 1500 meant as MHz would silently be a 1.5 MHz cap.
 * @of_policy: it caps policy @policy (a first CPU, or with @by_cpu the policy of that CPU);
 * else the CPUs @cpus (a HW cap). @where names the argument for the message.
 */
struct scn_khz_claim {
	uint32_t khz;
	capsim_cpumask cpus;
	unsigned policy;
	bool of_policy, by_cpu;
	const char *where;
};

/** scn_events_claim_khz() - note @c (its @where copied). Return: 0 or CAPSIM_ERR_NOMEM. */
int scn_events_claim_khz(scn_events *ev, const struct scn_khz_claim *c, capsim_error *err);
/** scn_events_nr_claims() / scn_events_get_claim() - the bare frequencies noted so far. */
unsigned scn_events_nr_claims(const scn_events *ev);
const struct scn_khz_claim *scn_events_get_claim(const scn_events *ev, unsigned i);

/** scn_events_new() - an empty list. Return: NULL when out of memory. */
scn_events *scn_events_new(void);

/** scn_events_free() - NULL is a no-op. */
void scn_events_free(scn_events *ev);

/**
 * scn_events_add_json() - add a scenario's "events" array @arr. @file and @path ("events")
 * prefix messages: "FILE: events[2].freq: expected ...".
 * Return: 0, or CAPSIM_ERR_PARSE / CAPSIM_ERR_RANGE / CAPSIM_ERR_NOMEM with @err filled.
 */
int scn_events_add_json(scn_events *ev, struct json_object *arr, const char *file,
			const char *path, capsim_error *err);

/**
 * scn_events_add_json_event() - add one event object {"at": T, KIND: {...}} of the kinds this
 * module reads (hw_bursts, cooling_state, task_start, task_stop, uclamp); @where prefixes
 * messages ("FILE:LINE:COL: events[3]"). src/input/scenario.c hands it those kinds.
 */
int scn_events_add_json_event(scn_events *ev, struct json_object *o, const char *where,
			      capsim_error *err);

/** scn_events_kind_of() - @key if it names a kind this module reads, else NULL. */
const char *scn_events_kind_of(const char *key);

/**
 * scn_json_time() - a time or duration of a scenario: a number of seconds, or a string with a
 * unit ("2s", "150ms"), exact to the ns. Return: 0, CAPSIM_ERR_PARSE (no duration: exponents
 * too) or CAPSIM_ERR_RANGE (negative, finer than 1 ns, over CAPSIM_MAX_DURATION_NS).
 */
int scn_json_time(struct json_object *o, uint64_t *out);

/**
 * scn_events_parse_json() - scn_events_add_json() on @len bytes of JSON text holding either an
 * events array or an object with one; syntax errors give "NAME:LINE:COL: ...".
 */
int scn_events_parse_json(scn_events *ev, const char *text, size_t len, const char *name,
			  capsim_error *err);

/** scn_events_add_max_freq() - "--max-freq POLICY=KHZ[@T]"; POLICY "policyN" or "N". */
int scn_events_add_max_freq(scn_events *ev, const char *arg, capsim_error *err);

/** scn_events_add_min_freq() - the same form for scaling_min_freq ("--min-freq ..." in messages). */
int scn_events_add_min_freq(scn_events *ev, const char *arg, capsim_error *err);

/* A --hw-cap value: "CPULIST=KHZ", or "CPULIST=KHZ@TIME+DURATION" (an episode of a run). */
struct scn_hw_cap_arg {
	capsim_cpumask cpus;
	uint32_t khz;
	bool bare_khz;  /* KHZ without a unit: checked against the OPPs where they are known */
	bool timed;     /* @TIME+DURATION given */
	uint64_t at_ns, duration_ns;
};

/**
 * scn_parse_hw_cap() - the one --hw-cap grammar (a run's episodes here, `capsim capacity`'s
 * caps in capsim_platform_parse_cap()). Return: 0 and *@out, or CAPSIM_ERR_PARSE with
 * "--hw-cap 'ARG': ..." in @err.
 */
int scn_parse_hw_cap(const char *arg, struct scn_hw_cap_arg *out, capsim_error *err);

/** scn_events_add_hw_cap() - "--hw-cap CPULIST=KHZ@T+DURATION". */
int scn_events_add_hw_cap(scn_events *ev, const char *arg, capsim_error *err);

/**
 * scn_events_finish() - expand patterns up to @horizon_ns (the run's duration), merge HW caps,
 * sort. Call once, after every add. Return: 0 or an error (a pattern without an end and no
 * horizon, more than SCN_MAX_EVENTS events).
 */
int scn_events_finish(scn_events *ev, uint64_t horizon_ns, capsim_error *err);

/** scn_events_count() / scn_events_get() - the expanded list (valid after finish). */
unsigned scn_events_count(const scn_events *ev);
const struct scn_event *scn_events_get(const scn_events *ev, unsigned i);

/**
 * scn_events_check() - every name and index an event uses exists: @policies lists the first
 * CPUs of the platform's policies, @cdevs the cooling-device names, @tasks the task names.
 * Return: 0 or CAPSIM_ERR_NOT_FOUND with "WHERE: ... (expected one of ...)".
 */
int scn_events_check(const scn_events *ev, unsigned nr_cpus, const unsigned *policies,
		     unsigned nr_policies, const char *const *cdevs, unsigned nr_cdevs,
		     const char *const *tasks, unsigned nr_tasks, capsim_error *err);

/** scn_event_type_name() - "qos_set", "hw_cap", ... (the JSON "event" values). */
const char *scn_event_type_name(enum scn_event_type type);

#endif /* CAPSIM_SCENARIO_EVENTS_H */
