/* SPDX-License-Identifier: MIT */
/*
 * place.h - one placement question ("where does this waking task go?") and its answer, as
 * `capsim place` reads and reports it: a snapshot of the root domain (platform, perf domains
 * with their EM tables, per-CPU signals), a waking task, and the results of the kernel functions
 * in src/model/fair.h. Read from JSON in the golden-vector schema of
 * data/placement-golden (docs/formats.md, "Placement cases and states") with json-c.
 */
#ifndef CAPSIM_PLACE_H
#define CAPSIM_PLACE_H

#include <stdbool.h>
#include <stdint.h>

#include "capsim/capsim.h"
#include "model/energy_model.h"
#include "model/fair.h"
#include "model/rt_placement.h"

/*
 * How strictly a JSON object is read.
 * PLACE_CASE:  a golden case line: every field present (thermal_* only where the model reads
 *              them), task included.
 * PLACE_STATE: a state for people: per-CPU fields may be left out (documented defaults),
 *              platform and task may come from the command line instead.
 */
enum place_mode { PLACE_CASE, PLACE_STATE };

/* struct place_case - one question; rd points into the arrays below. */
struct place_case {
	char *id;            /* "id", or NULL (states) */
	char *note;          /* "note", or NULL */
	char *platform_name; /* platform "name", or NULL */
	enum place_mode mode;
	struct capsim_platform *platform; /* from --platform (owned), or NULL: inline */
	bool has_task, has_uclamp_used, has_capacity_of[CAPSIM_MAX_CPUS];
	unsigned cpu_pd[CAPSIM_MAX_CPUS];  /* pd id of each CPU */
	struct fair_rd rd;
	struct fair_task task;
	struct fair_cpu cpus[CAPSIM_MAX_CPUS];
	struct em_perf_domain pds[CAPSIM_MAX_CPUS];
	unsigned pd_order[CAPSIM_MAX_CPUS];
	struct em_perf_state *states; /* every pd's table, one allocation */
	/* an RT wake-up case (schema of placement-golden/rt/README.md), told by "task"."prio" */
	bool is_rt;
	struct rt_rd rt_rd;
	struct rt_task rt_task;
	int this_cpu;        /* smp_processor_id() of the waker */
	int distribute_prev; /* its distribute_cpu_mask_prev before the call */
};

/*
 * struct place_result - what the kernel functions say, in the golden expected.jsonl terms.
 * cpu_util[c] = { cpu_util(c,p,-1,0), cpu_util(c,p,c,0), cpu_util(c,p,-1,1), cpu_util(c,p,c,1) };
 * effective[c] = { effective_cpu_util(c, cpu_util(c,p,-1,0), &min, &max), min, max }.
 */
struct place_result {
	uint64_t task_util_est;
	uint64_t actual_cap[CAPSIM_MAX_CPUS];
	int util_fits_cpu[CAPSIM_MAX_CPUS];
	int select_idle_capacity;
	int feec;
	struct feec_trace trace;
	uint64_t cpu_util[CAPSIM_MAX_CPUS][4];
	uint64_t effective[CAPSIM_MAX_CPUS][3];
	struct rt_place_result rt; /* an RT case's answers */
	int distribute_prev_after; /* the waker's cursor after select_task_rq_rt() */
};

/** place_case_init() - an empty case (safe to place_case_free()). */
void place_case_init(struct place_case *pc);
/** place_case_free() - frees what parsing allocated; @pc may be NULL. */
void place_case_free(struct place_case *pc);

/**
 * place_case_parse() - read one JSON text @text (@len bytes: a jsonl line or a whole state file)
 * into @pc (initialised), for @model. On error @err holds "[LINE:COL: ]PATH: what (expected ...)"
 * with a jq-style path (".cpus[2].util_cfs"); the caller prefixes the file (and line).
 * Return: 0, CAPSIM_ERR_PARSE, CAPSIM_ERR_RANGE or CAPSIM_ERR_NOMEM.
 */
int place_case_parse(struct place_case *pc, const char *text, size_t len, enum place_mode mode,
		     enum capsim_model model, capsim_error *err);

/**
 * place_case_use_platform() - take CPUs, capacities and perf domains from the platform model
 * loaded from @name (short name or path; src/model/platform.h) with @nr_overlays platform JSON
 * @overlays applied in order, for a state that then must not carry its own "platform"; the pd
 * list as build_perf_domains() (src/model/perf_domain.h) makes it.
 * Return: 0; the loader's error; CAPSIM_ERR_UNSUPPORTED when a CPU has no energy model.
 */
int place_case_use_platform(struct place_case *pc, const char *name, const char *const *overlays,
			    unsigned nr_overlays, capsim_error *err);

/**
 * place_case_on_platform() - a state on the loaded @plat, borrowed (it must outlive @pc), for
 * @model: CPUs, capacities and perf domains as place_case_use_platform() takes them, but no pd
 * list (so no EAS) when a CPU has no energy model; the caller fills the signals and the task
 * (what `capsim analyze` does at each wake-up). Return: 0, CAPSIM_ERR_RANGE or CAPSIM_ERR_NOMEM.
 */
int place_case_on_platform(struct place_case *pc, const struct capsim_platform *plat,
			   enum capsim_model model, capsim_error *err);

/**
 * place_task_parse() - the command-line task "util=..,util_est=..,runnable=..,uclamp_min=..,
 * uclamp_max=..,prev=.." (util and prev required) into pc->task; all CPUs allowed.
 * Return: 0, CAPSIM_ERR_PARSE or CAPSIM_ERR_RANGE (message in @err).
 */
int place_task_parse(struct place_case *pc, const char *spec, capsim_error *err);

/**
 * place_case_finish() - checks that the task is there and refers to real CPUs (a state's task
 * must be allowed somewhere; a golden case may have an empty mask, which the kernel functions
 * handle: no idle CPU, no candidate), and fills the documented defaults of a state: capacity_of = scale_rt_capacity() of the model, uclamp_used =
 * whether any clamp differs from (0, 1024). Return: 0 or CAPSIM_ERR_INVALID.
 */
int place_case_finish(struct place_case *pc, capsim_error *err);

/** place_run() - run every placement function on @pc into @res. Never fails. */
void place_run(const struct place_case *pc, struct place_result *res);

#endif /* CAPSIM_PLACE_H */
