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

#include <stdio.h>

struct capsim_sim;

/**
 * trace_perfetto_open() - trace @s to @fp (the caller's; it stays open) as a Perfetto trace,
 * streamed: a CPU's bundle is written when it holds PERFETTO_BUNDLE_EVENTS events, counters as
 * they change. Attaches the writer as the run's sink.
 * Return: 0, CAPSIM_ERR_NOMEM, or CAPSIM_ERR_INVALID if the run has started or has a sink.
 */
int trace_perfetto_open(struct capsim_sim *s, FILE *fp);

/**
 * trace_perfetto_close() - write the bundles still filling and detach the writer (a no-op when
 * the run's sink is not a Perfetto writer).
 * Return: 0, or CAPSIM_ERR_IO if a write failed.
 */
int trace_perfetto_close(struct capsim_sim *s);

#endif /* CAPSIM_TRACE_PERFETTO_H */
