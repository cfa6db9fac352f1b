/* SPDX-License-Identifier: MIT */
/*
 * sink_list.h - several of the library's own writers on one run (the text trace and the
 * recording of --report/--csv/--rtapp-log): a run has one sink (capsim_sim_set_sink()), so a
 * second library writer turns it into a list that forwards each event to every writer in the
 * order they were attached. A caller's own sink (capsim_sim_set_sink()) is never wrapped.
 */
#ifndef CAPSIM_SINK_LIST_H
#define CAPSIM_SINK_LIST_H

#include <stdint.h>

#include "capsim/capsim.h"

struct capsim_sim;

/**
 * sink_list_add() - attach @fn(@ctx) to @s beside the library's writers already attached;
 * sim_free() calls @release(@ctx) for each still attached. Every library writer attaches
 * through here and finds its state again through sink_list_remove(), however many share the
 * run. @types: the events @fn reads, bit 1 << enum capsim_event_type (SIM_SINK_ALL_TYPES: all);
 * the run builds the union of its writers' types, so @fn may still be given others. Return: 0, CAPSIM_ERR_NOMEM, or
 * CAPSIM_ERR_INVALID when the run has started, carries a caller's sink or has @fn already.
 */
int sink_list_add(struct capsim_sim *s, capsim_event_fn fn, void *ctx, void (*release)(void *ctx),
		  uint64_t types);

/**
 * sink_list_can_add() - true if sink_list_add(@s, @fn, ...) would take @fn: the run has not
 * started, carries no caller's sink and has no writer @fn yet (a writer checks before it
 * allocates its state).
 */
int sink_list_can_add(const struct capsim_sim *s, capsim_event_fn fn);

/** sink_list_set_types() - the writer @fn of @s now reads @types (before the run; else no-op). */
void sink_list_set_types(struct capsim_sim *s, capsim_event_fn fn, uint64_t types);

/** sink_list_ctx() - the ctx of the writer @fn attached to @s, or NULL if it is not attached. */
void *sink_list_ctx(const struct capsim_sim *s, capsim_event_fn fn);

/**
 * sink_list_remove() - detach the writer @fn from @s without releasing it. Return: its ctx, or
 * NULL if it is not attached.
 */
void *sink_list_remove(struct capsim_sim *s, capsim_event_fn fn);

#endif /* CAPSIM_SINK_LIST_H */
