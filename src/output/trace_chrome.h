/* SPDX-License-Identifier: MIT */
/*
 * trace_chrome.h - the simulator's trace as Chrome JSON trace events (the Trace Event Format of
 * chrome://tracing, which Perfetto's JSON importer also reads): a complete ("X") slice for each
 * stretch a task runs on a CPU, instant events for the scheduler's other events, a counter
 * ("C") per CPU per signal, and process and thread names. A consumer of the run's event sink;
 * see docs/formats.md.
 */
#ifndef CAPSIM_TRACE_CHROME_H
#define CAPSIM_TRACE_CHROME_H

#include <stdio.h>

struct capsim_sim;

/**
 * trace_chrome_open() - trace @s to @fp (the caller's; it stays open) as Chrome JSON, streamed
 * as the run goes: attaches the writer as the run's sink.
 * Return: 0, CAPSIM_ERR_NOMEM, CAPSIM_ERR_IO, or CAPSIM_ERR_INVALID if the run has started or
 * has a sink.
 */
int trace_chrome_open(struct capsim_sim *s, FILE *fp);

/**
 * trace_chrome_close() - end the slices still open and the JSON document, and detach the writer
 * (a no-op when the run's sink is not a Chrome writer).
 * Return: 0, or CAPSIM_ERR_IO if a write failed.
 */
int trace_chrome_close(struct capsim_sim *s);

#endif /* CAPSIM_TRACE_CHROME_H */
