// SPDX-License-Identifier: MIT
/*
 * recording_api.c - the calls of include/capsim/capsim_record.h that reach into a run: a
 * recording (src/output/recording.c, which reads only the events) attached to a run as one of
 * the library's sinks, told the platform's facts and the engine's get_actual_cpu_capacity(),
 * and detached, ended or given the rt-app log names from the run.
 */
#include <stdlib.h>

#include "internal.h"
#include "api/sink_list.h"
#include "model/platform.h"
#include "output/recording.h"
#include "sim/sim.h"
#include "sim/sim_pressure.h"

/* the run is being freed: its end closes the open intervals, the recording lives on */
static void record_release(void *ctx)
{
	struct capsim_recording *r = ctx;

	r->run = NULL;
}

static uint64_t run_actual_capacity(const void *run, int cpu)
{
	return sim_actual_capacity(run, cpu);
}

int capsim_recording_attach(capsim_sim *s, capsim_recording **out, capsim_error *err)
{
	struct capsim_recording *r;
	int ret;

	*out = NULL;
	if (!s || s->started || (s->sink.fn && !s->sink.release))
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "a recording needs a run that has "
					"not started and carries no sink of the caller's");
	r = recording_new(s->nr_cpus, s->end);
	if (!r)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	r->run = s;
	r->actual_capacity = run_actual_capacity;
	r->capacity_ctx = s;
	for (unsigned c = 0; c < s->nr_cpus; c++) {
		r->cpus[c].orig = s->plat->cpus[c].capacity_orig;
		r->cpus[c].freq_ref = s->plat->cpus[c].freq_ref_khz;
	}
	ret = sink_list_add(s, recording_event, r, record_release, recording_types);
	if (ret) {
		recording_free(r);
		return capsim_error_set(err, ret, "the run cannot be recorded");
	}
	*out = r;
	return 0;
}

void capsim_recording_free(capsim_recording *r)
{
	if (!r)
		return;
	if (r->run)
		sink_list_remove(r->run, recording_event);
	recording_free(r);
}

int capsim_recording_rtapp_log(capsim_recording *r, const char *basename, capsim_open_fn open,
			       void *ctx, capsim_error *err)
{
	struct capsim_sim *s = r->run;
	int ret;

	if (r->columns_only)
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "the recording keeps its columns "
					"only (capsim_recording_columns_only())");
	if (!basename && s)
		basename = s->wl->log_basename;
	ret = recording_set_log(r, basename, open, ctx, err);
	if (!ret && s)
		sink_list_set_types(s, recording_event, recording_types | recording_log_types);
	return ret;
}

int capsim_recording_columns_only(capsim_recording *r, capsim_error *err)
{
	struct capsim_sim *s = r->run;

	if (r->log_open || r->csv[0])
		return capsim_error_set(err, CAPSIM_ERR_INVALID, "the recording streams CSV or "
					"rt-app logs already: it cannot keep its columns only");
	r->columns_only = true;
	if (s) /* the run builds only the events the columns read */
		sink_list_set_types(s, recording_event, recording_column_types);
	return 0;
}

const char *capsim_sim_rtapp_logdir(const capsim_sim *s)
{
	return s ? s->wl->logdir : NULL;
}

int capsim_recording_finish(capsim_recording *r, capsim_error *err)
{
	const struct capsim_sim *s = r->run;

	if (s)
		recording_end(r, s->now);
	return recording_error(r, err);
}
