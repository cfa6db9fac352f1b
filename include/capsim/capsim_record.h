/* SPDX-License-Identifier: MIT */
/*
 * capsim_record.h - what a run looked like over time: a recording attached to a run (beside its
 * text trace, if any) gathers the series that `capsim simulate --report / --csv / --rtapp-log`
 * and `capsim compare --report` write: the HTML report (one self-contained page with
 * interactive plots, decimated per pixel with min/max kept), tidy CSV time series (one file per
 * signal family, one row per change, streamed as the run goes) and rt-app's per-thread logs.
 * File and column names are in docs/formats.md, "Time series".
 *
 * Files are opened through a caller's callback (capsim_open_fn), so the caller decides where
 * and how they are written (the capsim program writes each atomically); the library writes and
 * never closes them.
 */
#ifndef CAPSIM_RECORD_H
#define CAPSIM_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "capsim/capsim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct capsim_recording capsim_recording;

/*
 * capsim_open_fn - open the output file @name (a bare file name, e.g. "cpu_frequency.csv") for
 * writing: a FILE * the library writes to and the caller closes, or NULL (the library then
 * stops with CAPSIM_ERR_IO). Called in the run's thread.
 */
typedef FILE *(*capsim_open_fn)(void *ctx, const char *name);

/**
 * capsim_recording_attach() - record the run @s (before capsim_sim_run(); a text trace may be
 * open as well, a caller's sink may not). Free it with capsim_recording_free() after the run,
 * before or after capsim_sim_free(). Return: 0 and *@out, or CAPSIM_ERR_NOMEM /
 * CAPSIM_ERR_INVALID (the run started or has a caller's sink) with @err.
 */
CAPSIM_API int capsim_recording_attach(capsim_sim *s, capsim_recording **out, capsim_error *err);

/** capsim_recording_free() - detach (if its run lives) and release @r; NULL is a no-op. */
CAPSIM_API void capsim_recording_free(capsim_recording *r);

/**
 * capsim_recording_csv() - also stream the CSV time series (docs/formats.md, "Time series"):
 * every family's file is opened now through @open (with its header), rows follow as the run
 * goes. Call before the run. Return: 0, or CAPSIM_ERR_IO (@open failed) / CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_recording_csv(capsim_recording *r, capsim_open_fn open, void *ctx,
				    capsim_error *err);

/**
 * capsim_recording_rtapp_log() - also write rt-app's per-thread logs: "BASENAME-THREAD.log"
 * (rt-app's name; @basename NULL: "rt-app"), each opened through @open at its thread's first
 * row, one row per loop with rt-app's columns. Call before the run. Return: 0 or
 * CAPSIM_ERR_NOMEM; a failed @open shows in capsim_recording_status().
 */
CAPSIM_API int capsim_recording_rtapp_log(capsim_recording *r, const char *basename,
					  capsim_open_fn open, void *ctx, capsim_error *err);

/**
 * capsim_recording_finish() - after capsim_sim_run() and before capsim_sim_free(): the series
 * end where the run ended. Return: 0, or the first CAPSIM_ERR_IO / CAPSIM_ERR_NOMEM the
 * recording met (a file that could not be opened, memory for the series), with @err.
 */
CAPSIM_API int capsim_recording_finish(capsim_recording *r, capsim_error *err);

/**
 * capsim_summary_csv() - the summary tables as CSV: "summary_tasks.csv" and
 * "summary_cpus.csv", each opened through @open. Return: 0 or CAPSIM_ERR_IO with @err.
 */
CAPSIM_API int capsim_summary_csv(const capsim_summary *sum, capsim_open_fn open, void *ctx,
				  capsim_error *err);

/* What a report says it ran: shown in its header and embedded so the run can be repeated. */
struct capsim_report_inputs {
	const char *command;        /* the command line, as the user typed it (NULL: none) */
	const char *scenario_name;  /* e.g. the scenario file's path (NULL: none) */
	const char *scenario_text;  /* its JSON, embedded as is (NULL: none) */
	const char *workload_text;  /* the rt-app JSON (NULL: none) */
};

/**
 * capsim_report_html() - the HTML report of @n runs of one scenario (1: simulate; more: compare,
 * the models overlaid with a selector): recordings @recs and summaries @sums in the same
 * order, @in for the header. One page, scripts and styles inline, no network. Return: 0,
 * CAPSIM_ERR_INVALID (@n 0 or above CAPSIM_MODEL_COUNT, a NULL entry) or CAPSIM_ERR_IO.
 */
CAPSIM_API int capsim_report_html(const capsim_recording *const *recs,
				  const capsim_summary *const *sums, unsigned n,
				  const struct capsim_report_inputs *in, FILE *fp);

#ifdef __cplusplus
}
#endif

#endif /* CAPSIM_RECORD_H */
