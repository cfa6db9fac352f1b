/* SPDX-License-Identifier: MIT */
/*
 * scenario_timeline.h - the expanded timeline events (src/input/scenario_events.h) appended to a
 * scenario's simulator events (src/input/scenario.h).
 */
#ifndef CAPSIM_SCENARIO_TIMELINE_H
#define CAPSIM_SCENARIO_TIMELINE_H

#include "input/scenario.h"
#include "input/scenario_events.h"

/**
 * scenario_add_timeline() - append @ev (finished) to @sc's events; policies stay named by their
 * first CPU until scenario_build() resolves them. Return: 0, CAPSIM_ERR_NOMEM, or
 * CAPSIM_ERR_UNSUPPORTED / CAPSIM_ERR_RANGE with @err naming the event.
 */
int scenario_add_timeline(struct capsim_scenario *sc, const scn_events *ev, capsim_error *err);

/**
 * scenario_finish_timeline() - once the command line has had its say (duration): expand the
 * scenario's own timeline events and then @cli's (may be NULL) and append both to @sc's events.
 * Return: as scenario_add_timeline(), or a scn_events_finish() error.
 */
int scenario_finish_timeline(struct capsim_scenario *sc, scn_events *cli, capsim_error *err);

#endif /* CAPSIM_SCENARIO_TIMELINE_H */
