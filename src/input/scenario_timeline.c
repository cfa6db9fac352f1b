// SPDX-License-Identifier: MIT
/*
 * scenario_timeline.c - hands the expanded timeline of src/input/scenario_events.c (the --max-freq and
 * --hw-cap CLI forms, bursts, merged HW throttling) to a loaded scenario as its simulator events
 * (struct scenario_event), so `simulate` and `compare` apply them like the scenario's own.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "input/scenario.h"
#include "input/scenario_events.h"
#include "input/scenario_timeline.h"

/* one expanded event as the simulator's; 0, or CAPSIM_ERR_UNSUPPORTED for kinds it lacks */
static int to_sim(const struct scn_event *e, struct sim_sc_event *out, capsim_error *err)
{
	memset(out, 0, sizeof(*out));
	out->time_ns = e->t_ns;
	switch (e->type) {
	case SCN_EV_QOS_SET:
	case SCN_EV_QOS_CLEAR:
		out->kind = e->type == SCN_EV_QOS_SET ? SIM_SC_QOS_SET : SIM_SC_QOS_CLEAR;
		out->policy = (int)e->policy;
		out->qos = e->qos == SCN_QOS_MAX ? FREQ_QOS_MAX : FREQ_QOS_MIN;
		out->khz = e->khz;
		if (strlen(e->name) >= sizeof(out->name))
			return capsim_error_set(err, CAPSIM_ERR_RANGE,
				"%s: request name \"%s\" longer than %zu characters", e->where, e->name,
				sizeof(out->name) - 1);
		strcpy(out->name, e->name);
		return 0;
	case SCN_EV_HW_CAP:
		out->kind = SIM_SC_HW_CAP;
		out->cpus = e->cpus;
		out->khz = e->khz;
		return 0;
	case SCN_EV_CDEV_STATE:
		out->kind = SIM_SC_COOLING_STATE;
		out->state = e->state;
		break;
	case SCN_EV_TASK_START:
		out->kind = SIM_SC_TASK_START;
		break;
	case SCN_EV_TASK_STOP:
		out->kind = SIM_SC_TASK_STOP;
		break;
	case SCN_EV_UCLAMP:
		out->kind = SIM_SC_UCLAMP;
		out->uclamp_min = e->uclamp_min == SCN_UCLAMP_UNCHANGED ? WL_UNSET : e->uclamp_min;
		out->uclamp_max = e->uclamp_max == SCN_UCLAMP_UNCHANGED ? WL_UNSET : e->uclamp_max;
		break;
	}
	if (strlen(e->name) >= sizeof(out->name))
		return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: name \"%s\" longer than %zu characters",
					e->where, e->name, sizeof(out->name) - 1);
	strcpy(out->name, e->name);
	return 0;
}

int scenario_add_timeline(struct capsim_scenario *sc, const scn_events *ev, capsim_error *err)
{
	unsigned n = scn_events_count(ev);
	struct scenario_event *grown;

	if (!n)
		return 0;
	grown = realloc(sc->events, (sc->nr_events + n) * sizeof(*grown));
	if (!grown)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	sc->events = grown;
	for (unsigned i = 0; i < n; i++) {
		struct scenario_event *se = &sc->events[sc->nr_events];
		int ret = to_sim(scn_events_get(ev, i), &se->ev, err);

		if (ret)
			return ret;
		se->line = 0;
		se->col = 0;
		se->by_cpu = scn_events_get(ev, i)->by_cpu;
		snprintf(se->origin, sizeof(se->origin), "%s", scn_events_get(ev, i)->where);
		sc->nr_events++;
	}
	return 0;
}

int scenario_finish_timeline(struct capsim_scenario *sc, scn_events *cli, capsim_error *err)
{
	int ret = scn_events_finish(sc->timeline, sc->opt.duration_ns, err);

	if (!ret)
		ret = scenario_add_timeline(sc, sc->timeline, err);
	if (!ret && cli)
		ret = scn_events_finish(cli, sc->opt.duration_ns, err);
	if (!ret && cli)
		ret = scenario_add_timeline(sc, cli, err);
	/* the command line's bare frequencies are checked with the file's */
	for (unsigned i = 0; !ret && cli && i < scn_events_nr_claims(cli); i++)
		ret = scn_events_claim_khz(sc->timeline, scn_events_get_claim(cli, i), err);
	return ret;
}
