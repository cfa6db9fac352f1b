// SPDX-License-Identifier: MIT
/*
 * report.c - capsim_summary_write() and capsim_compare_write(): the checks a caller's summaries
 * must pass (a comparison needs runs of one scenario, each with pressure metrics) and the
 * choice of writer (report_text.c, report_json.c).
 */
#include <string.h>

#include "output/report.h"

int capsim_summary_write(const capsim_summary *sum, enum capsim_report_format format, FILE *fp)
{
	if (!sum || !fp)
		return CAPSIM_ERR_INVALID;
	if (format == CAPSIM_REPORT_TEXT)
		report_summary_text(fp, sum);
	else if (format == CAPSIM_REPORT_JSON)
		report_summary_json(fp, sum);
	else
		return CAPSIM_ERR_INVALID;
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

/* the table reads every run's rows by the first run's tasks, CPUs and policies */
static int runs_match(const capsim_summary *const *runs, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		const capsim_summary *a = runs[0], *b = runs[k];

		if (!b || !b->has_pressure_metrics || b->nr_tasks != a->nr_tasks ||
		    b->nr_cpus != a->nr_cpus || b->nr_policies != a->nr_policies)
			return 0;
		for (unsigned p = 0; p < a->nr_policies; p++)
			if (a->policies[p].cpu != b->policies[p].cpu ||
			    memcmp(&a->policies[p].cpus, &b->policies[p].cpus, sizeof(capsim_cpumask)))
				return 0;
	}
	return 1;
}

int capsim_compare_write(const capsim_summary *const *runs, unsigned n,
			 enum capsim_report_format format, FILE *fp)
{
	if (!runs || !fp || !n || n > CAPSIM_MODEL_COUNT || !runs_match(runs, n))
		return CAPSIM_ERR_INVALID;
	if (format == CAPSIM_REPORT_TEXT)
		report_compare_text(fp, runs, n);
	else if (format == CAPSIM_REPORT_JSON)
		report_compare_json(fp, runs, n);
	else
		return CAPSIM_ERR_INVALID;
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

const char *report_stop_reason(enum capsim_stop_reason why)
{
	return why == CAPSIM_STOP_MAX_EVENTS ? "max_events" : "stopped";
}
