// SPDX-License-Identifier: MIT
/*
 * place_report.c - writes one placement decision for `capsim place`: as a JSON line in the
 * golden expected.jsonl schema (same key order, compact separators, ASCII-only strings as
 * Python's json.dumps writes them, so a kernel result and ours compare byte for byte), or as a
 * table per CPU followed by the two decisions, each with its reason in one sentence.
 */
#include <inttypes.h>
#include <string.h>

#include "model/model.h"
#include "output/place_report.h"

/* A JSON string as json.dumps(ensure_ascii=True) writes it: \uXXXX for non-ASCII (UTF-16). */
static void write_json_string(FILE *fp, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	fputc('"', fp);
	while (*u) {
		uint32_t cp = *u++;
		int extra = cp >= 0xf0 ? 3 : cp >= 0xe0 ? 2 : cp >= 0xc0 ? 1 : 0;

		if (cp >= 0x80) {
			cp &= 0x3f >> extra;
			for (; extra && (*u & 0xc0) == 0x80; extra--)
				cp = (cp << 6) | (*u++ & 0x3f);
		}
		if (cp == '"' || cp == '\\')
			fprintf(fp, "\\%c", (int)cp);
		else if (cp == '\n')
			fputs("\\n", fp);
		else if (cp == '\r')
			fputs("\\r", fp);
		else if (cp == '\t')
			fputs("\\t", fp);
		else if (cp == '\b')
			fputs("\\b", fp);
		else if (cp == '\f')
			fputs("\\f", fp);
		else if (cp < 0x20 || (cp >= 0x7f && cp < 0x10000))
			fprintf(fp, "\\u%04x", (unsigned)cp);
		else if (cp >= 0x10000)
			fprintf(fp, "\\u%04x\\u%04x", (unsigned)(0xd800 + ((cp - 0x10000) >> 10)),
				(unsigned)(0xdc00 + ((cp - 0x10000) & 0x3ff)));
		else
			fputc((int)cp, fp);
	}
	fputc('"', fp);
}

const char *place_exit_name(enum feec_exit e)
{
	switch (e) {
	case FEEC_EXIT_NO_TASK_UTIL: return "no_task_util";
	case FEEC_EXIT_UTIL_CHANGED: return "util_changed";
	case FEEC_EXIT_NO_DOMAIN: return "no_domain";
	case FEEC_EXIT_COMPLETE: break;
	}
	return "complete";
}

/* The base energy (dst_cpu -1) of @pd in the trace; 0 if it was not computed. */
static uint64_t base_energy(const struct feec_trace *t, unsigned pd)
{
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].pd == pd && t->calls[i].dst_cpu < 0)
			return t->calls[i].energy;
	return 0;
}

/* energy - base as a signed number (negative only for the util_changed exit) */
static void write_delta(FILE *fp, uint64_t energy, uint64_t base)
{
	if (energy >= base)
		fprintf(fp, "%" PRIu64, energy - base);
	else
		fprintf(fp, "-%" PRIu64, base - energy);
}

static void write_cpu_u64(FILE *fp, const char *key, const struct place_case *pc,
			  const uint64_t *v)
{
	fprintf(fp, ",\"%s\":{", key);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		fprintf(fp, "%s\"%u\":%" PRIu64, c ? "," : "", c, v[c]);
	fputc('}', fp);
}

static void write_energies(FILE *fp, const struct feec_trace *t)
{
	int first = 1;

	fputs(",\"feec_energy\":{", fp);
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu >= 0) {
			fprintf(fp, "%s\"%d\":%" PRIu64, first ? "" : ",", t->calls[i].dst_cpu,
				t->calls[i].energy);
			first = 0;
		}
	fputs("},\"feec_base_energy\":{", fp);
	first = 1;
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu < 0) {
			fprintf(fp, "%s\"%u\":%" PRIu64, first ? "" : ",", t->calls[i].pd,
				t->calls[i].energy);
			first = 0;
		}
	fputs("},\"feec_delta\":{", fp);
	first = 1;
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu >= 0) {
			fprintf(fp, "%s\"%d\":", first ? "" : ",", t->calls[i].dst_cpu);
			write_delta(fp, t->calls[i].energy, base_energy(t, t->calls[i].pd));
			first = 0;
		}
	fputc('}', fp);
}

static void write_trace(FILE *fp, const struct feec_trace *t)
{
	fputs(",\"feec_calls\":[", fp);
	for (unsigned i = 0; i < t->nr_calls; i++) {
		const struct feec_energy_call *c = &t->calls[i];

		fprintf(fp,
			"%s{\"pd\":%u,\"dst_cpu\":%d,\"energy\":%" PRIu64 ",\"max_util\":%" PRIu64
			",\"busy_time\":%" PRIu64 "}",
			i ? "," : "", c->pd, c->dst_cpu, c->energy, c->max_util, c->busy_time);
	}
	fputs("],\"feec_fits\":[", fp);
	for (unsigned i = 0; i < t->nr_fits; i++) {
		const struct feec_fits_call *f = &t->fits[i];

		fprintf(fp,
			"%s{\"cpu\":%d,\"util\":%" PRIu64 ",\"uclamp_min\":%" PRIu64
			",\"uclamp_max\":%" PRIu64 ",\"fits\":%d}",
			i ? "," : "", f->cpu, f->util, f->uclamp_min, f->uclamp_max, f->fits);
	}
	fputc(']', fp);
}

static void write_util_arrays(FILE *fp, const struct place_case *pc, const struct place_result *res)
{
	fputs(",\"cpu_util\":{", fp);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		fprintf(fp, "%s\"%u\":[%" PRIu64 ",%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]",
			c ? "," : "", c, res->cpu_util[c][0], res->cpu_util[c][1],
			res->cpu_util[c][2], res->cpu_util[c][3]);
	fputs("},\"effective_cpu_util\":{", fp);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		fprintf(fp, "%s\"%u\":[%" PRIu64 ",%" PRIu64 ",%" PRIu64 "]", c ? "," : "", c,
			res->effective[c][0], res->effective[c][1], res->effective[c][2]);
	fputc('}', fp);
}

/* A CPU set as a JSON list, or null when @present is false. */
static void write_cpu_list(FILE *fp, const capsim_cpumask *m, unsigned nr, bool present)
{
	bool first = true;

	if (!present) {
		fputs("null", fp);
		return;
	}
	fputc('[', fp);
	for (unsigned c = 0; c < nr; c++)
		if (capsim_cpumask_test(m, c)) {
			fprintf(fp, "%s%u", first ? "" : ",", c);
			first = false;
		}
	fputc(']', fp);
}

/* An RT case's answers: the decision fields of placement-golden/rt's expected.jsonl, in its order. */
static void place_write_rt_json(FILE *fp, const struct place_case *pc,
				const struct place_result *res)
{
	const struct rt_place_result *r = &res->rt;
	const struct rt_rd *rd = &pc->rt_rd;
	bool called = r->search != RT_SEARCH_NOT_CALLED;
	const char *pick = rt_pick_name(r->pick);

	fputs("{\"id\":", fp);
	write_json_string(fp, pc->id);
	fprintf(fp, ",\"select_task_rq_rt\":%d,\"find_lowest_rq\":", r->select_task_rq_rt);
	if (called)
		fprintf(fp, "%d", r->find_lowest_rq);
	else
		fputs("null", fp);
	fprintf(fp, ",\"cpupri_search\":\"%s\",\"cpupri_idx\":%d,\"lowest_mask\":",
		rt_search_name(r->search), r->cpupri_idx);
	write_cpu_list(fp, &r->lowest_mask, rd->nr_cpus, r->cpupri_idx >= 0);
	fputs(",\"flr_pick\":", fp);
	if (pick)
		fprintf(fp, "\"%s\"", pick);
	else
		fputs("null", fp);
	fprintf(fp, ",\"distribute_prev_after\":%d,\"cpu_to_pri\":[", res->distribute_prev_after);
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		fprintf(fp, "%s%d", c ? "," : "", rd->cpus[c].cpupri);
	fputs("],\"rt_task_fits_capacity\":[", fp);
	for (unsigned c = 0; c < rd->nr_cpus; c++)
		fprintf(fp, "%s%d", c ? "," : "", rt_task_fits_capacity(rd, &pc->rt_task, (int)c));
	fprintf(fp, "],\"select_task_rq\":%d,\"select_task_rq_class_called\":%d,"
		    "\"select_task_rq_rt_allowed\":%d",
		r->select_task_rq, r->class_called,
		capsim_cpumask_test(&pc->rt_task.allowed, (unsigned)r->select_task_rq_rt));
	if (pc->note) {
		fputs(",\"note\":", fp);
		write_json_string(fp, pc->note);
	}
	fputs("}\n", fp);
}

void place_write_json(FILE *fp, const struct place_case *pc, const struct place_result *res,
		      int with_reasons)
{
	char reason[512];

	if (pc->is_rt) {
		place_write_rt_json(fp, pc, res);
		return;
	}

	fputs("{\"id\":", fp);
	write_json_string(fp, pc->id ? pc->id : "state");
	fprintf(fp, ",\"task_util_est\":%" PRIu64, res->task_util_est);
	write_cpu_u64(fp, "actual_cap", pc, res->actual_cap);
	fputs(",\"util_fits_cpu\":{", fp);
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		fprintf(fp, "%s\"%u\":%d", c ? "," : "", c, res->util_fits_cpu[c]);
	fprintf(fp, "},\"select_idle_capacity\":%d,\"feec\":%d,\"feec_exit\":\"%s\"",
		res->select_idle_capacity, res->feec, place_exit_name(res->trace.exit));
	write_energies(fp, &res->trace);
	write_trace(fp, &res->trace);
	write_util_arrays(fp, pc, res);
	if (with_reasons) {
		fprintf(fp, ",\"model\":\"%s\",\"select_idle_capacity_reason\":",
			capsim_model_name(pc->rd.model));
		place_reason_idle(reason, sizeof(reason), pc, res);
		write_json_string(fp, reason);
		fputs(",\"feec_reason\":", fp);
		place_reason_feec(reason, sizeof(reason), pc, res);
		write_json_string(fp, reason);
	}
	if (pc->note) {
		fputs(",\"note\":", fp);
		write_json_string(fp, pc->note);
	}
	fputs("}\n", fp);
}

/* --- explanations -------------------------------------------------------------------------- */

static int allowed(const struct place_case *pc, int cpu)
{
	return capsim_cpumask_test(&pc->task.allowed, (unsigned)cpu);
}

void place_reason_idle(char *buf, size_t size, const struct place_case *pc,
		       const struct place_result *res)
{
	int cpu = res->select_idle_capacity, prev = pc->task.prev_cpu;
	int fits = cpu >= 0 ? res->util_fits_cpu[cpu] : 0;

	if (cpu < 0)
		snprintf(buf, size,
			 "no allowed CPU is idle, so it returns -1 (select_idle_sibling() then keeps the target CPU%d).",
			 prev);
	else if (fits > 0)
		snprintf(buf, size,
			 "CPU%d is the first idle allowed CPU, scanning from prev CPU%d and wrapping, where the task fits fully.",
			 cpu, prev);
	else if (fits < 0)
		snprintf(buf, size,
			 "no idle CPU can deliver uclamp_min %" PRIu64
			 " (util_fits_cpu -1); CPU%d has the highest actual capacity among them (%" PRIu64
			 ").",
			 pc->task.uclamp_min < pc->task.uclamp_max ? pc->task.uclamp_min
								   : pc->task.uclamp_max,
			 cpu, model_capacity(pc->rd.model, &pc->cpus[cpu], MODEL_SITE_IDLE));
	else
		snprintf(buf, size,
			 "the task (util %" PRIu64 ") fits no idle CPU; CPU%d is the idle CPU with the highest capacity_of (%" PRIu64 ").",
			 res->task_util_est, cpu, pc->cpus[cpu].capacity_of);
}

/* The evaluated candidate other than prev with the lowest energy delta (-1: none). */
static int best_other(const struct place_result *res, int prev, uint64_t *delta)
{
	const struct feec_trace *t = &res->trace;
	int best = -1;

	for (unsigned i = 0; i < t->nr_calls; i++) {
		const struct feec_energy_call *c = &t->calls[i];
		uint64_t d = c->energy - base_energy(t, c->pd);

		if (c->dst_cpu < 0 || c->dst_cpu == prev)
			continue;
		if (best < 0 || d < *delta) {
			best = c->dst_cpu;
			*delta = d;
		}
	}
	return best;
}

/* feec's fits value for @cpu, or 2 if it was not evaluated (not allowed) */
static int feec_fits_of(const struct place_result *res, int cpu)
{
	for (unsigned i = 0; i < res->trace.nr_fits; i++)
		if (res->trace.fits[i].cpu == cpu)
			return res->trace.fits[i].fits;
	return 2;
}

/* energy - base of @cpu's evaluation in the trace (0 if it was not evaluated) */
static uint64_t delta_of(const struct feec_trace *t, int cpu)
{
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu == cpu)
			return t->calls[i].energy - base_energy(t, t->calls[i].pd);
	return 0;
}

static void reason_moved(char *buf, size_t size, const struct place_case *pc,
			 const struct place_result *res)
{
	const struct feec_decision *d = &res->trace.decision;
	int prev = pc->task.prev_cpu, cpu = res->feec, pf = feec_fits_of(res, prev);
	uint64_t delta = delta_of(&res->trace, cpu);

	if (d->best_fits > d->prev_fits)
		snprintf(buf, size,
			 "CPU%d fits better (util_fits_cpu %d) than prev CPU%d (%s), at +%" PRIu64
			 " energy.",
			 cpu, d->best_fits, prev,
			 pf == 2 ? "not allowed" : pf == 0 ? "does not fit" : "fits only as -1",
			 delta);
	else if (d->best_fits > 0)
		snprintf(buf, size,
			 "CPU%d fits and costs the least energy: +%" PRIu64 ", against +%" PRIu64
			 " on prev CPU%d.",
			 cpu, delta, d->prev_delta, prev);
	else
		snprintf(buf, size,
			 "no CPU fits uclamp_min %" PRIu64 "; CPU%d has the highest actual capacity (%" PRIu64
			 ", prev CPU%d: %" PRIu64 ").",
			 pc->task.uclamp_min, cpu, d->best_actual_cap, prev, d->prev_actual_cap);
}

static void reason_kept(char *buf, size_t size, const struct place_case *pc,
			const struct place_result *res)
{
	const struct feec_decision *d = &res->trace.decision;
	int prev = pc->task.prev_cpu, pf = feec_fits_of(res, prev);
	const char *na = allowed(pc, prev) ? "" : ", although it is not allowed";
	uint64_t od = 0;
	int other = best_other(res, prev, &od);

	if (!res->trace.nr_calls)
		snprintf(buf, size,
			 "the task fits no allowed CPU (util_fits_cpu 0 on each), so feec returns prev CPU%d%s.",
			 prev, na);
	else if (other < 0)
		snprintf(buf, size,
			 "no other CPU is a better candidate, so feec keeps prev CPU%d%s (fits %s).",
			 prev, na, pf == 2 ? "-" : pf > 0 ? "1" : pf < 0 ? "-1" : "0");
	else if (d->prev_fits > d->best_fits && pf != 2)
		snprintf(buf, size, "prev CPU%d fits better (%d) than CPU%d, the best other candidate.",
			 prev, d->prev_fits, other);
	else if (d->prev_fits > 0 && d->best_fits > 0 && d->prev_delta < od)
		snprintf(buf, size,
			 "prev CPU%d costs less energy (+%" PRIu64 ") than the best other candidate CPU%d (+%" PRIu64
			 ").",
			 prev, d->prev_delta, other, od);
	else if (d->prev_fits > 0 && d->best_fits > 0)
		snprintf(buf, size,
			 "prev CPU%d costs the same energy (+%" PRIu64 ") as the best other candidate CPU%d; ties keep prev.",
			 prev, d->prev_delta, other);
	else
		snprintf(buf, size,
			 "no CPU fits uclamp_min %" PRIu64 "; CPU%d's actual capacity (%" PRIu64
			 ") is not above prev CPU%d's (%" PRIu64 "), so feec keeps prev%s.",
			 pc->task.uclamp_min, d->best_energy_cpu >= 0 ? d->best_energy_cpu : other,
			 d->best_actual_cap, prev, d->prev_actual_cap, na);
}

void place_reason_feec(char *buf, size_t size, const struct place_case *pc,
		       const struct place_result *res)
{
	const struct feec_trace *t = &res->trace;
	int prev = pc->task.prev_cpu;

	switch (t->exit) {
	case FEEC_EXIT_NO_DOMAIN:
		snprintf(buf, size, "there are no perf domains, so EAS does not decide (-1).");
		return;
	case FEEC_EXIT_NO_TASK_UTIL:
		snprintf(buf, size,
			 "the task has no utilization (task_util_est 0, uclamp_min 0), so feec keeps prev CPU%d without estimating energy.",
			 prev);
		return;
	case FEEC_EXIT_UTIL_CHANGED: {
		const struct feec_energy_call *c = &t->calls[t->nr_calls - 1];

		snprintf(buf, size,
			 "with the task on CPU%d pd%u would use less energy (%" PRIu64 ") than without it (%" PRIu64
			 "), which feec reads as \"utilization changed\" and keeps prev CPU%d.",
			 c->dst_cpu, c->pd, c->energy, base_energy(t, c->pd), prev);
		return;
	}
	case FEEC_EXIT_COMPLETE:
		break;
	}
	if (res->feec != prev)
		reason_moved(buf, size, pc, res);
	else
		reason_kept(buf, size, pc, res);
}

/* --- the table ----------------------------------------------------------------------------- */

static const char *fits_str(int f)
{
	return f > 0 ? "1" : f < 0 ? "-1" : "0";
}

static void write_cpu_row(FILE *fp, const struct place_case *pc, const struct place_result *res,
			  unsigned c)
{
	const struct fair_cpu *cpu = &pc->cpus[c];
	const struct feec_trace *t = &res->trace;
	int ff = feec_fits_of(res, (int)c);
	char energy[32] = "-", delta[32] = "-";

	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu == (int)c) {
			uint64_t b = base_energy(t, t->calls[i].pd);

			snprintf(energy, sizeof(energy), "%" PRIu64, t->calls[i].energy);
			if (t->calls[i].energy >= b)
				snprintf(delta, sizeof(delta), "+%" PRIu64, t->calls[i].energy - b);
			else
				snprintf(delta, sizeof(delta), "-%" PRIu64, b - t->calls[i].energy);
		}
	fprintf(fp,
		"%3u %3u %5" PRIu64 " %6" PRIu64 " %6" PRIu64 " %5" PRIu64 " %6" PRIu64
		" %-10s %4s %4s %12s %12s",
		c, pc->cpu_pd[c], cpu->arch_cap, res->actual_cap[c], cpu->capacity_of,
		res->cpu_util[c][0], res->cpu_util[c][1],
		cpu->idle ? "idle" : cpu->sched_idle ? "sched_idle" : "busy",
		fits_str(res->util_fits_cpu[c]), ff == 2 ? "-" : fits_str(ff), energy, delta);
	if ((int)c == pc->task.prev_cpu)
		fputs(" prev", fp);
	if (!allowed(pc, (int)c))
		fputs(" not-allowed", fp);
	fputc('\n', fp);
}

void place_write_table(FILE *fp, const struct place_case *pc, const struct place_result *res)
{
	const struct fair_task *p = &pc->task;
	const struct feec_trace *t = &res->trace;
	char allowed_list[1024], reason[512];

	capsim_format_cpulist(&p->allowed, allowed_list, sizeof(allowed_list));
	fprintf(fp, "platform %s, model %s, uclamp %s\n",
		pc->platform_name ? pc->platform_name : "(inline)", capsim_model_name(pc->rd.model),
		pc->rd.uclamp_used ? "in use" : "not in use");
	fprintf(fp,
		"task: util %" PRIu64 ", util_est %" PRIu64 " (task_util_est %" PRIu64
		"), uclamp %" PRIu64 "..%" PRIu64 ", prev CPU%d, allowed %s\n\n",
		p->util, (uint64_t)(p->util_est & ~UTIL_AVG_UNCHANGED), res->task_util_est,
		p->uclamp_min, p->uclamp_max, p->prev_cpu, allowed_list);
	fprintf(fp, "CPU  pd  orig actual cap_of  util +task state      fits  eas       energy        delta\n");
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		write_cpu_row(fp, pc, res, c);
	fputs("\norig: arch capacity; actual: what the model believes uclamp_min can get; cap_of:\n"
	      "capacity_of (CFS share); util/+task: cpu_util without / with the task; fits:\n"
	      "util_fits_cpu(task_util_est, task clamps); eas: the same inside feec (util with the\n"
	      "task, rq clamps; - if not allowed); energy: compute_energy with the task there; delta:\n"
	      "energy minus its pd's base energy.\n\n", fp);
	for (unsigned i = 0; i < t->nr_calls; i++)
		if (t->calls[i].dst_cpu < 0)
			fprintf(fp,
				"pd%u base energy (without the task): %" PRIu64 " (max_util %" PRIu64
				", busy_time %" PRIu64 ")\n",
				t->calls[i].pd, t->calls[i].energy, t->calls[i].max_util,
				t->calls[i].busy_time);
	place_reason_idle(reason, sizeof(reason), pc, res);
	fprintf(fp, "select_idle_capacity: %s%d: %s\n", res->select_idle_capacity < 0 ? "" : "CPU",
		res->select_idle_capacity, reason);
	place_reason_feec(reason, sizeof(reason), pc, res);
	fprintf(fp, "find_energy_efficient_cpu: %s%d: %s\n", res->feec < 0 ? "" : "CPU", res->feec,
		reason);
}
