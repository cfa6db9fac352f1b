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

#include "output/trace_format.h"

/*
 * trace_format_chrome - Chrome JSON, streamed as the run goes; finish() ends the slices still
 * open and the JSON document. finish(): 0, or CAPSIM_ERR_IO if a write failed.
 */
extern const struct trace_format trace_format_chrome;

#endif /* CAPSIM_TRACE_CHROME_H */
