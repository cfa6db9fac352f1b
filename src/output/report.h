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

/*
 * What a wake-up latency figure holds (sched_waking to the task running): time queued behind
 * other tasks, and on an idle CPU the exit latency of its idle state (the platform's DT idle
 * states; WFI costs 0). The model charges no scheduling or context-switch cost.
 */
#define REPORT_LATENCY_INCLUDES "time queued behind other tasks and the exit latency of " \
	"the idle state the CPU woke from (WFI: 0); no scheduling or context-switch cost is modelled"

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

/** report_stop_reason() - "max_events" or "stopped" (the JSON's truncated_by). */
const char *report_stop_reason(enum capsim_stop_reason why);

#endif /* CAPSIM_REPORT_H */
