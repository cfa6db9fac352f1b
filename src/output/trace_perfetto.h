/* SPDX-License-Identifier: MIT */
/*
 * trace_perfetto.h - the simulator's trace as a Perfetto protobuf trace (a stream of
 * TracePackets, proto/perfetto_subset.proto): the scheduler's, cpufreq's and the thermal loop's
 * events as typed ftrace events in per-CPU FtraceEventBundles (generic ftrace events for those
 * Perfetto has no message for), and counter tracks for each CPU's capacities, frequency, HW
 * pressure and utilization and each zone's temperature. A consumer of the run's event sink; see
 * docs/formats.md.
 */
#ifndef CAPSIM_TRACE_PERFETTO_H
#define CAPSIM_TRACE_PERFETTO_H

#include "output/trace_format.h"

/*
 * trace_format_perfetto - a Perfetto trace, streamed: a CPU's bundle is written when it holds
 * PERFETTO_BUNDLE_EVENTS events, counters as they change; finish() writes the bundles still
 * filling. finish(): 0, or CAPSIM_ERR_IO if a write failed.
 */
extern const struct trace_format trace_format_perfetto;

#endif /* CAPSIM_TRACE_PERFETTO_H */
