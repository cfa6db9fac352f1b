/* SPDX-License-Identifier: MIT */
/*
 * report.h - the reports of a run's summary (struct capsim_summary, include/capsim/
 * capsim_sim.h): `capsim simulate`'s table and JSON (report_text.c, report_json.c) and
 * `capsim compare`'s side by side; report.c checks the arguments of the public calls and picks
 * the writer. Every byte is a promise (docs/formats.md, docs/cli.md).
 */
#ifndef CAPSIM_REPORT_H
#define CAPSIM_REPORT_H

#include <stdio.h>

#include "capsim/capsim.h"
#include "input/run_options.h"

/*
 * What a wake-up latency figure holds (sched_waking to the task running): time queued behind
 * other tasks, and on an idle CPU the exit latency of its idle state (the platform's DT idle
 * states; WFI costs 0). The model charges no scheduling or context-switch cost.
 */
#define REPORT_LATENCY_INCLUDES "time queued behind other tasks and the exit latency of " \
	"the idle state the CPU woke from (WFI: 0); no scheduling or context-switch cost is modelled"

/*
 * The kernel options a run used beyond those of the report's header (docs/formats.md,
 * "kernel_config"): the kernel config file it read and the options that file and the
 * scenario's "kernel" block set. A summary is always the library's (capsim_sim_summary()), and
 * it carries them after its public part, struct report_summary, so that the public struct
 * keeps its layout.
 */
struct report_kernel {
	int shown;               /* a kernel config file was read, the bucket count is not the
				  * default, or the scenario has cgroups: other runs report as before */
	char file[SIM_KERNEL_CONFIG_NAME_MAX]; /* "" without one */
	unsigned hz;
	int uclamp, eas, cpuidle_off; /* CONFIG_UCLAMP_TASK, sched_energy_aware, cpuidle.off */
	const char *cpuidle_governor; /* "menu" or "teo" */
	uint32_t uclamp_buckets;      /* CONFIG_UCLAMP_BUCKETS_COUNT */
	struct uclamp_sysctl uclamp_sysctl;
	int uclamp_task_group;        /* CONFIG_UCLAMP_TASK_GROUP */
	unsigned nr_cgroups;          /* the scenario's cpu cgroups: requested, effective clamps */
	struct {
		char path[SIM_CGROUP_PATH_MAX];
		uint32_t req[UCLAMP_IDS], eff[UCLAMP_IDS];
	} cgroups[SIM_CGROUPS_MAX];
};

/* what capsim_sim_summary() allocates: the public summary first */
struct report_summary {
	capsim_summary pub;
	struct report_kernel kernel;
};

/** report_kernel_of() - the kernel options of @sum (a summary the library made). */
static inline const struct report_kernel *report_kernel_of(const capsim_summary *sum)
{
	return &((const struct report_summary *)(const void *)sum)->kernel;
}

/** report_summary_text() - what `capsim simulate` prints. */
void report_summary_text(FILE *f, const capsim_summary *sum);
/** report_summary_json() - what `capsim simulate --json` prints. */
void report_summary_json(FILE *f, const capsim_summary *sum);
/**
 * report_run_json() - one run's object as compare --json writes it for a model: simulate's,
 * with "pressure" if the run measured it (the HTML report's summaries, so that the page's
 * verdict shows the same figures as compare --json).
 */
void report_run_json(FILE *f, const capsim_summary *sum);
/** report_compare_text() - `capsim compare`'s table of @n matching runs (report.c checks). */
void report_compare_text(FILE *f, const capsim_summary *const *runs, unsigned n);
/** report_compare_json() - `capsim compare --json`: simulate's objects with "pressure" added. */
void report_compare_json(FILE *f, const capsim_summary *const *runs, unsigned n);

/**
 * report_html_write() - capsim_report_html() with @extra_json, when not NULL, written into the
 * data block as its "analyze" object (`capsim analyze --report`: the trace's own facts).
 */
int report_html_write(const capsim_recording *const *recs, const capsim_summary *const *sums,
		      unsigned n, const struct capsim_report_inputs *given, const char *extra_json,
		      FILE *fp);
/** report_stop_reason() - "max_events" or "stopped" (the JSON's truncated_by). */
const char *report_stop_reason(enum capsim_stop_reason why);

#endif /* CAPSIM_REPORT_H */
