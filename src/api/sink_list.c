// SPDX-License-Identifier: MIT
/*
 * sink_list.c - the fan-out of sink_list.h: one writer is attached as the run's sink directly
 * (the common case costs nothing more); a second one replaces it with a list that forwards.
 * The run builds the events any of them wants (the union of their types).
 */
#include <stdlib.h>

#include "api/sink_list.h"
#include "sim/sim.h"
#include "sim/sim_events.h"

#define SINK_LIST_MAX 5 /* the library's writers that can share a run: four traces, the recording */

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

/* the run builds what any writer of the list wants */
static void list_types(struct capsim_sim *s)
{
	const struct sink_list *l = s->sink.ctx;

	s->sink.types = 0;
	for (unsigned i = 0; i < l->n; i++)
		s->sink.types |= l->w[i].types;
}

/* the writer @fn of @s, attached directly or in the list: its slot, or NULL */
static const struct sim_sink *sink_list_find(const struct capsim_sim *s, capsim_event_fn fn)
{
	const struct sink_list *l = s->sink.ctx;

	if (s->sink.fn == fn)
		return &s->sink;
	for (unsigned i = 0; s->sink.fn == list_event && i < l->n; i++)
		if (l->w[i].fn == fn)
			return &l->w[i];
	return NULL;
}

void *sink_list_ctx(const struct capsim_sim *s, capsim_event_fn fn)
{
	const struct sim_sink *w = sink_list_find(s, fn);

	return w ? w->ctx : NULL;
}

int sink_list_can_add(const struct capsim_sim *s, capsim_event_fn fn)
{
	/* one of each writer: its close finds it by @fn */
	return !s->started && (!s->sink.fn || s->sink.release) && !sink_list_find(s, fn);
}

int sink_list_add(struct capsim_sim *s, capsim_event_fn fn, void *ctx, void (*release)(void *ctx),
		  uint64_t types)
{
	struct sink_list *l;
	int ret;

	if (!sink_list_can_add(s, fn))
		return CAPSIM_ERR_INVALID;
	if (!s->sink.fn) {
		ret = sim_sink_attach(s, fn, ctx, release);
		if (!ret)
			s->sink.types = types;
		return ret;
	}
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
	l->w[l->n++] = (struct sim_sink){ fn, ctx, release, types };
	list_types(s);
	return 0;
}


void sink_list_set_types(struct capsim_sim *s, capsim_event_fn fn, uint64_t types)
{
	struct sink_list *l = s->sink.ctx;

	if (s->started)
		return;
	if (s->sink.fn == fn) {
		s->sink.types = types;
		return;
	}
	if (s->sink.fn != list_event)
		return;
	for (unsigned i = 0; i < l->n; i++)
		if (l->w[i].fn == fn)
			l->w[i].types = types;
	list_types(s);
}

void *sink_list_remove(struct capsim_sim *s, capsim_event_fn fn)
{
	struct sink_list *l = s->sink.ctx;
	void *ctx = NULL;

	if (s->sink.fn == fn) { /* the one writer, attached directly */
		sim_sink_detach(s);
		return l;
	}
	if (s->sink.fn != list_event)
		return NULL;
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
	} else {
		list_types(s);
	}
	return ctx;
}
