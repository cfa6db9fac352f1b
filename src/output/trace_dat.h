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

#include "output/trace_format.h"

/*
 * trace_format_dat - the trace.dat writer: @fp (the caller's; it stays open) is written at
 * finish(), so it need not seek. The ring-buffer pages of each CPU are spooled to a temporary
 * file as they fill (memory stays at a page per CPU and a name per task). finish(): 0, or
 * CAPSIM_ERR_IO if a write failed, errno then saying why (a spool's or @fp's).
 */
extern const struct trace_format trace_format_dat;

#endif /* CAPSIM_TRACE_DAT_H */
