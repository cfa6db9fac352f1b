// SPDX-License-Identifier: MIT
/*
 * place.c - one placement question through the public API (include/capsim/capsim_platform.h):
 * a state or golden case read by the placement reader (input/place.c), the kernel's wake-up
 * placement functions run on it (model/fair.c: util_fits_cpu, select_idle_capacity,
 * find_energy_efficient_cpu), and the answers written by the placement report
 * (output/place_report.c). It spans those three layers, so it lives here.
 */
#include <stdlib.h>
#include <string.h>

#include "abi.h"
#include "input/place.h"
#include "output/place_report.h"

/* The handle: the question and, once run, its answers. */
struct capsim_place {
	struct place_case pc;
	struct place_result res;
};

int capsim_place_create(capsim_place **out, capsim_error *err)
{
	capsim_place *q = malloc(sizeof(*q));

	*out = q;
	if (!q)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	place_case_init(&q->pc);
	memset(&q->res, 0, sizeof(q->res));
	return 0;
}

void capsim_place_free(capsim_place *q)
{
	if (!q)
		return;
	place_case_free(&q->pc);
	free(q);
}

int capsim_place_use_platform(capsim_place *q, const char *name, capsim_error *err)
{
	return place_case_use_platform(&q->pc, name, NULL, 0, err);
}

int capsim_place_use_platform_overlays(capsim_place *q, const char *name,
				       const char *const *overlays, unsigned nr_overlays,
				       capsim_error *err)
{
	return place_case_use_platform(&q->pc, name, overlays, nr_overlays, err);
}

int capsim_place_parse(capsim_place *q, const char *text, size_t len, enum capsim_place_form form,
		       enum capsim_model model, capsim_error *err)
{
	return place_case_parse(&q->pc, text, len,
				form == CAPSIM_PLACE_STATE ? PLACE_STATE : PLACE_CASE, model, err);
}

int capsim_place_set_task(capsim_place *q, const char *spec, capsim_error *err)
{
	return place_task_parse(&q->pc, spec, err);
}

void capsim_place_set_allowed(capsim_place *q, const capsim_cpumask *allowed)
{
	q->pc.task.allowed = *allowed;
}

int capsim_place_finish(capsim_place *q, capsim_error *err)
{
	return place_case_finish(&q->pc, err);
}

void capsim_place_run(capsim_place *q)
{
	place_run(&q->pc, &q->res);
}

int capsim_place_select_idle_capacity(const capsim_place *q)
{
	return select_idle_capacity(&q->pc.rd, &q->pc.task, q->pc.task.prev_cpu, SIS_NO_SHARED);
}

int capsim_place_find_energy_efficient_cpu(const capsim_place *q)
{
	return find_energy_efficient_cpu(&q->pc.rd, &q->pc.task, NULL);
}

int capsim_place_get_decision(const capsim_place *q, struct capsim_place_decision *out)
{
	struct capsim_place_decision full = {
		.nr_cpus = q->pc.rd.nr_cpus,
		.task_util_est = q->res.task_util_est,
		.select_idle_capacity = q->res.select_idle_capacity,
		.feec = q->res.feec,
		.feec_exit = place_exit_name(q->res.trace.exit),
	};

	place_reason_idle(full.select_idle_capacity_reason, sizeof(full.select_idle_capacity_reason),
			  &q->pc, &q->res);
	place_reason_feec(full.feec_reason, sizeof(full.feec_reason), &q->pc, &q->res);
	return abi_fill(out, &full, sizeof(full), ABI_V1_PLACE_DECISION);
}

int capsim_place_get_cpu(const capsim_place *q, unsigned cpu, struct capsim_place_cpu *out)
{
	struct capsim_place_cpu full;

	if (cpu >= q->pc.rd.nr_cpus)
		return CAPSIM_ERR_RANGE;
	full = (struct capsim_place_cpu){
		.pd = q->pc.cpu_pd[cpu],
		.actual_cap = q->res.actual_cap[cpu],
		.util_fits_cpu = q->res.util_fits_cpu[cpu],
	};
	memcpy(full.cpu_util, q->res.cpu_util[cpu], sizeof(full.cpu_util));
	memcpy(full.effective, q->res.effective[cpu], sizeof(full.effective));
	return abi_fill(out, &full, sizeof(full), ABI_V1_PLACE_CPU);
}

int capsim_place_write_json(const capsim_place *q, FILE *fp, int with_reasons)
{
	place_write_json(fp, &q->pc, &q->res, with_reasons);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

int capsim_place_write_table(const capsim_place *q, FILE *fp)
{
	place_write_table(fp, &q->pc, &q->res);
	return ferror(fp) ? CAPSIM_ERR_IO : 0;
}

/* "LINE: msg", with a "1:COL: " syntax position of the line's own text folded in as LINE:COL. */
static int fail_at_line(capsim_error *err, unsigned line, const capsim_error *e)
{
	unsigned l, col;
	int skip = 0;

	if (sscanf(e->msg, "%u:%u: %n", &l, &col, &skip) == 2 && skip)
		return capsim_error_set(err, e->code, "%u:%u: %s", line, col, e->msg + skip);
	return capsim_error_set(err, e->code, "%u: %s", line, e->msg);
}

int capsim_place_replay_cases(const char *text, size_t len, enum capsim_model model, FILE *out,
			      capsim_error *err)
{
	char *buf = malloc(len + 1);
	capsim_place *q = NULL;
	unsigned line = 0;
	int rc = buf ? capsim_place_create(&q, err)
		     : capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");

	if (rc) {
		free(buf);
		return rc;
	}
	/* a copy that ends with a NUL: the lines end at the first one, as in a C string */
	memcpy(buf, text, len);
	buf[len] = '\0';
	for (char *s = buf; *s && !rc; line++) {
		char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		capsim_error e = { 0 };

		place_case_free(&q->pc);
		if (n == strspn(s, " \t\r"))
			rc = fail_at_line(err, line + 1, &(capsim_error){
				CAPSIM_ERR_PARSE, "empty line (expected one JSON object per line)" });
		else if (place_case_parse(&q->pc, s, n, PLACE_CASE, model, &e) ||
			 place_case_finish(&q->pc, &e))
			rc = fail_at_line(err, line + 1, &e);
		else {
			capsim_place_run(q);
			place_write_json(out, &q->pc, &q->res, 0);
		}
		s = nl ? nl + 1 : s + n;
	}
	capsim_place_free(q);
	free(buf);
	if (!rc && ferror(out))
		rc = capsim_error_set(err, CAPSIM_ERR_IO, "cannot write the results");
	return rc ? rc : (int)line;
}
