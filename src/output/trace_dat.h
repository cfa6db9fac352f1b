/* SPDX-License-Identifier: MIT */
/*
 * trace_dat.h - the simulator's trace as a trace.dat (trace-cmd.dat.v6(5)): the file
 * `trace-cmd record` writes from a device, with each event's tracefs format description and the
 * per-CPU ring-buffer pages laid out as the kernel's (kernel/trace/ring_buffer.c), so that
 * `trace-cmd report`, KernelShark and LISA read a capsim run as they read a kernel's. A
 * consumer of the run's event sink (include/capsim/capsim_events.h); see docs/formats.md.
 */
#ifndef CAPSIM_TRACE_DAT_H
#define CAPSIM_TRACE_DAT_H

#include <stdio.h>

struct capsim_sim;

/**
 * trace_dat_open() - trace @s to @fp as a trace.dat: attaches the writer as the run's sink.
 * @s:  the run, not started, with no sink.
 * @fp: the caller's stream (it stays open); written at close, so it need not seek.
 *
 * The ring-buffer pages of each CPU are spooled to a temporary file as they fill (memory stays
 * at a page per CPU and a name per task); the file is assembled by trace_dat_close().
 * Return: 0, CAPSIM_ERR_NOMEM, CAPSIM_ERR_IO, or CAPSIM_ERR_INVALID if the run has started or
 * has a sink.
 */
int trace_dat_open(struct capsim_sim *s, FILE *fp);

/**
 * trace_dat_close() - write the trace.dat of @s to its stream and detach the writer (a no-op
 * when the run's sink is not a trace.dat writer).
 * Return: 0, or CAPSIM_ERR_IO if a write failed, errno then saying why (a spool's or @fp's).
 */
int trace_dat_close(struct capsim_sim *s);

#endif /* CAPSIM_TRACE_DAT_H */
