// SPDX-License-Identifier: MIT
/*
 * analyze_place.c - the placement the model would have made at each wake-up of a trace
 * (docs/formats.md "Trace analysis", placements), beside the CPU the trace shows. At a fair
 * task's wake-up the question `capsim place` answers is built from what analyze.c rebuilds: each
 * CPU's replayed root cfs_rq util and the util_est of its queued tasks (analyze_pelt.c), its
 * believed capacity and pressures (model/belief.c), whether it is idle (who runs, from the
 * switches); the task's util synced to its previous CPU, its util_est, and that CPU. The
 * question is then run by input/place.c's place_run() (model/fair.c: select_idle_capacity(),
 * find_energy_efficient_cpu()) and explained by output/place_report.c, as `capsim place` does;
 * select_task_rq_fair()'s choice between them is made here. Its answer waits for the task's
 * next switch-in, the CPU the trace shows.
 *
 * Not in a trace and so not in the question: RT, deadline and IRQ util (0), the task's
 * affinity and clamps (every CPU, 0..1024), wake_affine()'s pull to the waker's CPU and
 * recent_used_cpu.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "api/analyze_place.h"
#include "input/place.h"
#include "internal.h"
#include "output/place_report.h"
#include "output/trace_jsonl.h"

#define MAX_SHOWN 20 /* disagreements kept for the HTML page */
#define COMM_SHOWN 64

static const char *const skip_names[AP_SKIP_COUNT] = {
	"not_fair", "prio_unknown", "repeat", "queued", "not_seen_running",
	"outside_platform", "cpu_state_unknown", "no_switch_in",
};

static const char *const path_names[AP_PATH_COUNT] = {
	"feec", "select_idle_capacity", "prev_cpu",
};

struct ap_shown {
	struct ap_pending p;
	int pid, trace_cpu;
	char comm[COMM_SHOWN];
};

struct ap_place {
	struct place_case pc; /* the question, on the borrowed platform: its signals rewritten */
	struct place_result res;
	bool eas;             /* perf domains, and CPUs of different capacities */
	FILE *csv;
	uint64_t wakeups, placed, agree, with_target, agree_target;
	uint64_t skipped[AP_SKIP_COUNT];
	uint64_t by_path[AP_PATH_COUNT];
	struct ap_shown shown[MAX_SHOWN];
	unsigned nr_shown;
};

int ap_create(const capsim_platform *plat, enum capsim_model model, FILE *csv,
	      struct ap_place **out, capsim_error *err)
{
	struct ap_place *ap = calloc(1, sizeof(*ap));
	int ret;

	*out = NULL;
	if (!ap)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	place_case_init(&ap->pc);
	if ((ret = place_case_on_platform(&ap->pc, plat, model, err))) {
		ap_free(ap);
		return ret;
	}
	/* sched_is_eas_possible(): an asymmetric system (its EM checked by pd_init()) */
	for (unsigned c = 1; c < ap->pc.rd.nr_cpus; c++)
		if (ap->pc.cpus[c].arch_cap != ap->pc.cpus[0].arch_cap)
			ap->eas = ap->pc.rd.nr_pds > 0;
	ap->csv = csv;
	if (csv)
		fputs("time_ns,pid,comm,prev_cpu,target_cpu,trace_cpu,model_cpu,agree,path,"
		      "overutilized,task_util,task_util_est,feec_cpu,select_idle_capacity_cpu,reason\n",
		      csv);
	*out = ap;
	return 0;
}

void ap_free(struct ap_place *ap)
{
	if (!ap)
		return;
	place_case_free(&ap->pc); /* its platform is borrowed: not the question's to free */
	free(ap);
}

/* Why @w cannot be placed, or AP_SKIP_COUNT when it can. */
static enum ap_skip skip_of(const struct ap_place *ap, const struct ap_task *at,
			    const struct ap_wakeup *w, const struct ap_cpu_state *cpus)
{
	if (w->prio == AP_PRIO_UNKNOWN)
		return AP_SKIP_PRIO_UNKNOWN;
	if (w->prio < 100) /* MAX_RT_PRIO: RT and deadline prios are below */
		return AP_SKIP_NOT_FAIR;
	if (at->has_pending)
		return AP_SKIP_REPEAT;
	if (w->queued)
		return AP_SKIP_QUEUED;
	if (w->prev_cpu < 0)
		return AP_SKIP_NOT_SEEN_RUNNING;
	if ((unsigned)w->prev_cpu >= ap->pc.rd.nr_cpus)
		return AP_SKIP_OUTSIDE_PLATFORM;
	for (unsigned c = 0; c < ap->pc.rd.nr_cpus; c++)
		if (!cpus[c].known)
			return AP_SKIP_CPU_STATE_UNKNOWN;
	return AP_SKIP_COUNT;
}

/* The question at @w: each CPU's signals, the waking task. */
static void fill_question(struct ap_place *ap, const struct pelt_replay *r,
			  const struct pelt_task *pt, const struct ap_wakeup *w,
			  const struct ap_cpu_state *cpus)
{
	struct place_case *pc = &ap->pc;
	struct capsim_sched_avg sa;

	for (unsigned c = 0; c < pc->rd.nr_cpus; c++) {
		struct fair_cpu *fc = &pc->cpus[c];
		const struct belief_view *v = &cpus[c].view;

		*fc = (struct fair_cpu){
			.arch_cap = v->arch_cap,
			.hw_load_avg = v->hw_load_avg,
			.cpufreq_pressure = v->cpufreq_pressure,
			.thermal_pressure = v->thermal_pressure,
			.thermal_load_avg = v->thermal_load_avg,
			.uclamp_max_rq = SCHED_CAPACITY_SCALE,
			.idle = cpus[c].idle,
		};
		pelt_cpu_at(r, c, w->ts, &fc->cfs_avg, &fc->util_est_cfs);
		pc->has_capacity_of[c] = false; /* place_case_finish(): scale_rt_capacity() */
	}
	pelt_task_at(r, pt, w->ts, &sa);
	pc->task = (struct fair_task){
		.util = sa.util_avg,
		.runnable = sa.runnable_avg,
		.util_est = pt->util_est,
		.util_est_ewma = pt->util_est_ewma,
		.uclamp_max = SCHED_CAPACITY_SCALE,
		.prev_cpu = w->prev_cpu,
	};
	for (unsigned c = 0; c < pc->rd.nr_cpus; c++)
		capsim_cpumask_set(&pc->task.allowed, c);
	pc->has_task = true;
	pc->has_uclamp_used = false;
}

/* is_rd_overutilized(), as the CPUs are now: some CPU's util does not fit it */
static bool overutilized_now(const struct ap_place *ap)
{
	for (unsigned c = 0; c < ap->pc.rd.nr_cpus; c++)
		if (cpu_overutilized(&ap->pc.rd, (int)c))
			return true;
	return false;
}

/*
 * mirrors select_task_rq_fair()'s wake-up choice as far as a trace shows it: feec's CPU while
 * EAS runs and the root domain is not overutilized, else select_idle_sibling(), which on an
 * asymmetric system is select_idle_capacity() from prev (else prev)
 */
static void decide(struct ap_place *ap, struct ap_pending *p)
{
	const struct place_result *res = &ap->res;

	p->overutilized = overutilized_now(ap);
	p->feec_cpu = res->feec;
	p->idle_cpu = res->select_idle_capacity;
	if (ap->eas && !p->overutilized && res->feec >= 0) {
		p->path = AP_PATH_FEEC;
		p->model_cpu = res->feec;
		place_reason_feec(p->reason, sizeof(p->reason), &ap->pc, res);
		return;
	}
	p->path = res->select_idle_capacity >= 0 ? AP_PATH_IDLE_CAPACITY : AP_PATH_PREV;
	p->model_cpu = res->select_idle_capacity >= 0 ? res->select_idle_capacity : p->prev_cpu;
	place_reason_idle(p->reason, sizeof(p->reason), &ap->pc, res);
}

void ap_on_wakeup(struct ap_place *ap, struct ap_task *at, const struct pelt_replay *r,
		  const struct pelt_task *pt, const struct ap_wakeup *w,
		  const struct ap_cpu_state *cpus)
{
	enum ap_skip why = skip_of(ap, at, w, cpus);
	struct ap_pending *p = &at->pending;
	capsim_error ignored = { 0 };

	ap->wakeups++;
	if (why != AP_SKIP_COUNT) {
		ap->skipped[why]++;
		return;
	}
	fill_question(ap, r, pt, w, cpus);
	/* the task and its CPUs are the platform's, checked above: it cannot fail */
	(void)place_case_finish(&ap->pc, &ignored);
	place_run(&ap->pc, &ap->res);
	*p = (struct ap_pending){
		.ts = w->ts,
		.prev_cpu = w->prev_cpu,
		.target_cpu = w->target_cpu,
		.util = ap->pc.task.util,
		.util_est = ap->res.task_util_est,
	};
	decide(ap, p);
	at->has_pending = true;
}

static void csv_row(FILE *fp, const struct ap_pending *p, int pid, const char *comm,
		    unsigned cpu)
{
	fprintf(fp, "%" PRIu64 ",%d,\"", p->ts, pid);
	for (const char *s = comm; *s; s++)
		fprintf(fp, *s == '"' ? "\"\"" : "%c", *s);
	fprintf(fp, "\",%d,%d,%u,%d,%d,%s,%d,%" PRIu64 ",%" PRIu64 ",%d,%d,\"", p->prev_cpu,
		p->target_cpu, cpu, p->model_cpu, p->model_cpu == (int)cpu, path_names[p->path],
		p->overutilized, p->util, p->util_est, p->feec_cpu, p->idle_cpu);
	for (const char *s = p->reason; *s; s++)
		fprintf(fp, *s == '"' ? "\"\"" : "%c", *s);
	fputs("\"\n", fp);
}

void ap_on_switch_in(struct ap_place *ap, struct ap_task *at, int pid, const char *comm,
		     unsigned cpu)
{
	const struct ap_pending *p = &at->pending;
	bool agree;

	if (!at->has_pending)
		return;
	at->has_pending = false;
	if (cpu >= ap->pc.rd.nr_cpus) {
		ap->skipped[AP_SKIP_OUTSIDE_PLATFORM]++;
		return;
	}
	agree = p->model_cpu == (int)cpu;
	ap->placed++;
	at->placed++;
	ap->by_path[p->path]++;
	ap->agree += agree;
	at->agree += agree;
	if (p->target_cpu >= 0) {
		ap->with_target++;
		ap->agree_target += p->model_cpu == p->target_cpu;
	}
	if (!agree && ap->nr_shown < MAX_SHOWN) {
		struct ap_shown *s = &ap->shown[ap->nr_shown++];

		s->p = *p;
		s->pid = pid;
		s->trace_cpu = (int)cpu;
		snprintf(s->comm, sizeof(s->comm), "%s", comm);
	}
	if (ap->csv)
		csv_row(ap->csv, p, pid, comm, cpu);
}

void ap_task_finish(struct ap_place *ap, struct ap_task *at)
{
	if (!at->has_pending)
		return;
	at->has_pending = false;
	ap->skipped[AP_SKIP_NO_SWITCH_IN]++;
}

static void json_pct(FILE *fp, uint64_t part, uint64_t whole)
{
	if (whole)
		fprintf(fp, "%.4f", 100.0 * (double)part / (double)whole);
	else
		fputs("null", fp);
}

void ap_write_json_start(const struct ap_place *ap, FILE *fp)
{
	fprintf(fp, ", \"placements\": {\"wakeups\": %" PRIu64 ", \"placed\": %" PRIu64
		", \"skipped\": {", ap->wakeups, ap->placed);
	for (int k = 0; k < AP_SKIP_COUNT; k++)
		fprintf(fp, "%s\"%s\": %" PRIu64, k ? ", " : "", skip_names[k], ap->skipped[k]);
	fprintf(fp, "}, \"eas\": %s, \"by_path\": {", ap->eas ? "true" : "false");
	for (int k = 0; k < AP_PATH_COUNT; k++)
		fprintf(fp, "%s\"%s\": %" PRIu64, k ? ", " : "", path_names[k], ap->by_path[k]);
	fprintf(fp, "}, \"agree\": %" PRIu64 ", \"agree_pct\": ", ap->agree);
	json_pct(fp, ap->agree, ap->placed);
	fprintf(fp, ", \"with_target_cpu\": %" PRIu64 ", \"agree_target_cpu\": %" PRIu64
		", \"agree_target_cpu_pct\": ", ap->with_target, ap->agree_target);
	json_pct(fp, ap->agree_target, ap->with_target);
	fputs(", \"tasks\": [", fp);
}

bool ap_write_task_json(const struct ap_task *at, int pid, const char *comm, bool first, FILE *fp)
{
	if (!at->placed)
		return false;
	fprintf(fp, "%s{\"pid\": %d, \"comm\": ", first ? "" : ", ", pid);
	trace_jsonl_string(fp, comm);
	fprintf(fp, ", \"placed\": %" PRIu64 ", \"agree\": %" PRIu64 ", \"agree_pct\": ",
		at->placed, at->agree);
	json_pct(fp, at->agree, at->placed);
	fputs("}", fp);
	return true;
}

void ap_write_json_end(FILE *fp)
{
	fputs("]}", fp);
}

void ap_write_text(const struct ap_place *ap, FILE *fp)
{
	fprintf(fp, "placements: %" PRIu64 " wake-ups, %" PRIu64 " placed by the model (%s), ",
		ap->wakeups, ap->placed, ap->eas ? "EAS" : "no EAS");
	if (ap->placed)
		fprintf(fp, "%" PRIu64 " on the CPU the trace shows (%.1f %%)\n", ap->agree,
			100.0 * (double)ap->agree / (double)ap->placed);
	else
		fputs("none to compare\n", fp);
}

void ap_write_page_json(const struct ap_place *ap, FILE *fp)
{
	fprintf(fp, "\"wakeups\":%" PRIu64 ",\"placed\":%" PRIu64 ",\"agree\":%" PRIu64
		",\"disagreements\":[", ap->wakeups, ap->placed, ap->agree);
	for (unsigned i = 0; i < ap->nr_shown; i++) {
		const struct ap_shown *s = &ap->shown[i];

		fprintf(fp, "%s{\"time_ns\":%" PRIu64 ",\"pid\":%d,\"comm\":", i ? "," : "", s->p.ts,
			s->pid);
		trace_jsonl_string(fp, s->comm);
		fprintf(fp, ",\"prev_cpu\":%d,\"trace_cpu\":%d,\"model_cpu\":%d,\"path\":\"%s\","
			"\"reason\":", s->p.prev_cpu, s->trace_cpu, s->p.model_cpu,
			path_names[s->p.path]);
		trace_jsonl_string(fp, s->p.reason);
		fputs("}", fp);
	}
	fputs("]", fp);
}
