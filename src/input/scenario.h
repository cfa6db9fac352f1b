/* SPDX-License-Identifier: MIT */
/*
 * scenario.h - what `capsim simulate` runs: a platform, kernel options, an rt-app workload
 * (a path or inline), a duration and seed, static frequency caps per policy and timed events
 * (freq_qos requests, HW throttling). Read from scenario JSON (docs/formats.md "Scenario"),
 * then turned into a simulator by scenario_build(). The kernel has no counterpart: this is the
 * experiment around it.
 */
#ifndef CAPSIM_SCENARIO_H
#define CAPSIM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "input/run_options.h"
#include "input/workload.h"

/* A static or timed change of a policy's freq_qos, or a HW cap; CPUs and policies are named by
 * CPU number (a policy by its first CPU, as sysfs's policyN) and resolved on the platform. */
struct scenario_event {
	struct sim_sc_event ev;   /* ev.policy holds the policy's CPU until resolved */
	unsigned line, col;       /* where it was written, for messages */
	char origin[80];          /* "" from the file; else where it came from ("--max-freq ...") */
	bool by_cpu;              /* the policy was named "cpuN": the policy of CPU N */
};

struct capsim_scenario {
	char *source;             /* the file name, for messages */
	char *dir;                /* its directory: relative paths are taken from there */
	char *description;        /* "description": what it is for, in a line (NULL: none) */
	char *question;           /* "question": what it asks, for people (NULL: none) */
	char *platform;           /* short name or path */
	char *workload_path;      /* NULL if inline */
	char *workload_text;      /* inline rt-app JSON, serialized; NULL if a path */
	struct sim_options opt;
	/* KCONFIG_BIT()s of the options the "kernel" block or a setter gave: a kernel config
	 * file (capsim_scenario_set_kernel_config()) leaves them alone */
	unsigned kernel_set;
	unsigned thermal_line, thermal_col; /* where the file's "thermal" object is (0: not there) */
	struct scenario_event *events;
	unsigned nr_events;
	struct scn_events *timeline; /* bursts, cooling states, task and uclamp events (issue 7) */

	/* set through the API (include/capsim/capsim_sim.h) after loading */
	char *platform_arg;       /* replaces @platform; a path is taken from the caller's directory */
	char *workload_arg;       /* replaces the workload, the same way */
	char **overlays;          /* platform JSON overlays applied in order at load (--overlay) */
	unsigned nr_overlays;
	struct capsim_workload *workload; /* a shared workload handle: replaces both */
	struct scn_events *added; /* the --max-freq / --min-freq / --hw-cap forms, in given order */
	bool finished;            /* the timelines are in @events: duration and caps are fixed */
	int finish_err;           /* what finishing them returned */
};

/** scenario_load() - read a scenario JSON file. Return: 0 or a negative enum capsim_err with
 * @err as "FILE:LINE:COL: key.path: what is wrong (expected ...)". */
int scenario_load(const char *path, struct capsim_scenario **out, capsim_error *err);
/** scenario_parse() - the same from memory; @name for messages, @dir for relative paths. */
int scenario_parse(const char *text, size_t len, const char *name, const char *dir,
		   struct capsim_scenario **out, capsim_error *err);
/** scenario_free() - release @sc; NULL is a no-op. */
void scenario_free(struct capsim_scenario *sc);

/**
 * scenario_default_path() - the built-in default scenario's path into @buf (@size bytes,
 * truncated): scenarios/default.json of platform_data_dir() ($CAPSIM_DATA_DIR or the install's
 * share/capsim) if it exists, else the one in the source tree's scenarios/. Return: the path's
 * length, as snprintf() counts it.
 */
int scenario_default_path(char *buf, size_t size);

/**
 * scenario_list() - the shipped scenarios: each NAME.json in the default scenario's directory
 * (scenario_default_path()), by name, into a NULL-terminated array *@names (free each and it).
 * Return: how many, or a negative enum capsim_err.
 */
int scenario_list(char ***names, capsim_error *err);

/** scenario_shipped_path() - shipped scenario @name's file into @buf. Return: 0 or an error. */
int scenario_shipped_path(const char *name, char *buf, size_t size, capsim_error *err);

/** scenario_load_default() - scenario_load() of scenario_default_path(). */
int scenario_load_default(struct capsim_scenario **out, capsim_error *err);

/**
 * scenario_new() - a scenario with no platform or workload yet and sim_options_default(), as a
 * scenario file without those keys would be. Return: 0 or CAPSIM_ERR_NOMEM.
 */
int scenario_new(struct capsim_scenario **out, capsim_error *err);

/*
 * scenario_inputs() - @fn(@ctx, WHAT, PATH) for each file a run of @sc reads: the scenario
 * file, its platform when given as a path, the overlays, the workload file, the kernel config
 * file (WHAT: "the scenario", "the platform", "the overlay", "the workload", "the kernel
 * config"); paths as the run resolves them.
 * Return: 0, or the first non-zero @fn returned (CAPSIM_ERR_NOMEM of its own).
 */
int scenario_inputs(const struct capsim_scenario *sc,
		    int (*fn)(void *ctx, const char *what, const char *path), void *ctx);

/*
 * scenario_prepare() - load the platform and workload of @sc (a non-NULL @platform / @workload
 * overrides them) and resolve its caps and events on that platform: what sim_create() takes.
 * Return: 0 with *@plat, *@wl and *@ev (sc->nr_events entries, NULL if none), all the caller's,
 * or a negative enum capsim_err with @err (and nothing to free).
 */
int scenario_prepare(const struct capsim_scenario *sc, const char *platform, const char *workload,
		     struct capsim_platform **plat, struct capsim_workload **wl,
		     struct sim_sc_event **ev, capsim_error *err);

#endif /* CAPSIM_SCENARIO_H */
