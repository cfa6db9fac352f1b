// SPDX-License-Identifier: MIT
/*
 * sink_list.c - the fan-out of sink_list.h: one writer is attached as the run's sink directly
 * (the common case costs nothing more); a second one replaces it with a list that forwards.
 */
#include <stdlib.h>

#include "output/sink_list.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

#define SINK_LIST_MAX 4 /* the library's writers that can share a run */

struct sink_list {
	unsigned n;
	struct sim_sink w[SINK_LIST_MAX];
};

static void list_event(void *ctx, const struct capsim_event *ev)
{
	const struct sink_list *l = ctx;

	for (unsigned i = 0; i < l->n; i++)
		l->w[i].fn(l->w[i].ctx, ev);
}

static void list_release(void *ctx)
{
	struct sink_list *l = ctx;

	for (unsigned i = 0; i < l->n; i++)
		l->w[i].release(l->w[i].ctx);
	free(l);
}

int sink_list_add(struct capsim_sim *s, capsim_event_fn fn, void *ctx, void (*release)(void *ctx))
{
	struct sink_list *l;

	if (s->started || (s->sink.fn && !s->sink.release))
		return CAPSIM_ERR_INVALID;
	if (!s->sink.fn)
		return sim_sink_attach(s, fn, ctx, release);
	if (s->sink.fn == list_event) {
		l = s->sink.ctx;
		if (l->n == SINK_LIST_MAX)
			return CAPSIM_ERR_INVALID;
	} else {
		l = calloc(1, sizeof(*l));
		if (!l)
			return CAPSIM_ERR_NOMEM;
		l->w[l->n++] = s->sink;
		sim_sink_attach(s, list_event, l, list_release);
	}
	l->w[l->n++] = (struct sim_sink){ fn, ctx, release };
	return 0;
}

int sink_list_has(const struct capsim_sim *s, capsim_event_fn fn)
{
	const struct sink_list *l = s->sink.ctx;

	if (s->sink.fn == fn)
		return 1;
	for (unsigned i = 0; s->sink.fn == list_event && i < l->n; i++)
		if (l->w[i].fn == fn)
			return 1;
	return 0;
}

void *sink_list_remove(struct capsim_sim *s, capsim_event_fn fn)
{
	struct sink_list *l;
	void *ctx = sim_sink_take(s, fn);

	if (ctx || s->sink.fn != list_event)
		return ctx;
	l = s->sink.ctx;
	for (unsigned i = 0; i < l->n; i++) {
		if (l->w[i].fn != fn)
			continue;
		ctx = l->w[i].ctx;
		for (unsigned j = i + 1; j < l->n; j++)
			l->w[j - 1] = l->w[j];
		l->n--;
		break;
	}
	if (!l->n) {
		sim_sink_detach(s);
		free(l);
	}
	return ctx;
}
