/* SPDX-License-Identifier: MIT */
/*
 * trace_format.h - a trace writer as the layer above attaches it to a run: the writer reads only
 * the run's sink header and its events (include/capsim/capsim_events.h), never the engine; the
 * glue that attaches it to a run (src/api/sim_api.c) lives above.
 */
#ifndef CAPSIM_TRACE_FORMAT_H
#define CAPSIM_TRACE_FORMAT_H

#include <stdio.h>

#include "capsim/capsim.h"

/*
 * @open:    make the writer's state for a run described by @h, writing to @fp (the caller's; it
 *           stays open); Return: 0 and *@ctx, CAPSIM_ERR_NOMEM or CAPSIM_ERR_IO.
 * @event:   the sink that takes every event, @ctx as its context.
 * @release: frees @ctx when the run is freed with the writer attached (the trace is abandoned).
 * @finish:  completes the trace on @fp and frees @ctx; Return: 0 or CAPSIM_ERR_IO.
 */
struct trace_format {
	int (*open)(const struct capsim_sink_header *h, FILE *fp, void **ctx);
	capsim_event_fn event;
	void (*release)(void *ctx);
	int (*finish)(void *ctx);
};

#endif /* CAPSIM_TRACE_FORMAT_H */
