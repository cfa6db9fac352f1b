// SPDX-License-Identifier: MIT
/*
 * cmd_simulate.c - `capsim simulate`: run an rt-app workload on a platform with the 6.10
 * kernel's load tracking, schedutil, EAS, misfit and load balance (src/sim.c), and report per
 * task and per CPU what happened, for people or as JSON, optionally with a kernel text trace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_run.h"
#include "input/scenario.h"
#include "input/scenario_events.h"
#include "input/scenario_timeline.h"
#include "sim/sim.h"
#include "output/sim_trace.h"

static const char usage[] =
	"usage: capsim simulate [SCENARIO.json] [--platform P] [--workload RTAPP.json]\n"
	"                       [--duration S] [--seed N] [--model M] [--governor G] [--hz N]\n"
	"                       [--max-freq POLICY=KHZ[@T]]... [--hw-cap CPULIST=KHZ@T+D]...\n"
	"                       [--no-eas] [--max-events N] [--json] [--trace FILE] [-o FILE]\n"
	"\n"
	"Runs an rt-app workload on a platform as the Linux 6.10+ scheduler would: PELT on the\n"
	"runqueue clocks, util_est, uclamp, schedutil, EAS wake-up placement, misfit migration and\n"
	"load balance. Without a scenario it runs the built-in default (scenarios/default.json:\n"
	"Pixel 6, big cluster capped to 2 GHz, display pipeline + audio + background + UI burst).\n"
	"\n"
	"  SCENARIO.json    scenario file (docs/formats.md, \"Scenario\")\n"
	"  --platform P     platform short name (capsim platform list) or DTB/DTS/JSON path\n"
	"  --workload F     rt-app JSON file; replaces the scenario's workload\n"
	"  --duration S     simulated time: seconds or with a unit (10s, 500ms, 2h)\n"
	"  --seed N         seed for the inputs that ask for randomness (default: the scenario's)\n"
	"  --model M        v6.10 (default), v6.9, latest, capped, none\n"
	"  --governor G     schedutil (default), performance, powersave\n"
	"  --hz N           scheduler tick rate (default 250)\n"
	"  --max-freq P=KHZ[@T]  cap policy P (policyN or N) with scaling_max_freq from T\n"
	"                   (default 0); KHZ 'none' removes the cap; repeatable\n"
	"  --hw-cap C=KHZ@T+D    HW-throttle CPUs C to KHZ from T for D; repeatable\n"
	"  --no-eas         disable Energy Aware Scheduling (sched_energy_aware=0)\n"
	"  --max-events N   stop a runaway run after N events (default 200000000)\n"
	"  --json           the report as JSON\n"
	"  --trace FILE     write a kernel text trace (ftrace nop format; Perfetto reads it)\n"
	"  -o, --output F   write the report to F (atomically) instead of standard output\n"
	"\n"
	"Examples:\n"
	"  capsim simulate\n"
	"  capsim simulate --platform rk3399 --workload tests/data/rtapp/mp3-short.json --json\n"
	"  capsim simulate scenarios/default.json --duration 2s --trace default.trace\n";

struct sim_opts {
	const char *scenario, *platform, *workload, *trace, *output;
	const char *duration, *seed, *model, *governor, *hz, *max_events;
	int json, no_eas;
	scn_events *timeline;     /* --max-freq and --hw-cap */
};

/* --max-freq / --hw-cap: 1 taken, 0 not these, -1 no value, 2 a bad value (reported) */
static int take_timeline(int argc, char **argv, int *i, struct sim_opts *o)
{
	capsim_error err = { 0 };
	const char *val;
	int r;

	if ((r = cli_opt_take(argc, argv, i, "--max-freq", &val)) > 0) {
		if (scn_events_add_max_freq(o->timeline, val, &err))
			return cli_usage_error("simulate", "%s", err.msg), 2;
	} else if (!r && (r = cli_opt_take(argc, argv, i, "--hw-cap", &val)) > 0) {
		if (scn_events_add_hw_cap(o->timeline, val, &err))
			return cli_usage_error("simulate", "%s", err.msg), 2;
	}
	return r;
}

static int parse_args(int argc, char **argv, struct sim_opts *o)
{
	const struct cli_opt opts[] = {
		{ "--platform", &o->platform }, { "--workload", &o->workload },
		{ "--duration", &o->duration }, { "--seed", &o->seed },
		{ "--model", &o->model }, { "--governor", &o->governor },
		{ "--hz", &o->hz }, { "--trace", &o->trace }, { "--max-events", &o->max_events },
		{ "--output", &o->output }, { "-o", &o->output },
	};

	scn_events *timeline = o->timeline;

	memset(o, 0, sizeof(*o));
	o->timeline = timeline;
	for (int i = 1; i < argc; i++) {
		int r = 0;

		if (!strcmp(argv[i], "--json")) {
			o->json = 1;
			continue;
		}
		if (!strcmp(argv[i], "--no-eas")) {
			o->no_eas = 1;
			continue;
		}
		r = take_timeline(argc, argv, &i, o);
		if (r > 1)
			return CLI_EXIT_USAGE;
		if (!r)
			r = cli_opt_take_any(argc, argv, &i, opts, sizeof(opts) / sizeof(opts[0]));
		if (r < 0)
			return cli_usage_error("simulate", "option '%s' needs a value", argv[i]);
		if (!r && cli_operand("simulate", "scenario", argv[i], &o->scenario))
			return CLI_EXIT_USAGE;
	}
	return 0;
}

/* Command-line values override the scenario's. */
static int apply_overrides(const struct sim_opts *o, struct sim_options *opt)
{
	uint64_t x;

	if (cli_run_overrides("simulate", o->duration, o->seed, opt))
		return CLI_EXIT_USAGE;
	if (o->model && capsim_model_from_name(o->model, &opt->model))
		return cli_usage_error("simulate", "--model '%s': expected v6.10, v6.9, latest, "
				       "capped or none", o->model);
	if (o->governor) {
		if (!strcmp(o->governor, "schedutil"))
			opt->governor = SIM_GOV_SCHEDUTIL;
		else if (!strcmp(o->governor, "performance"))
			opt->governor = SIM_GOV_PERFORMANCE;
		else if (!strcmp(o->governor, "powersave"))
			opt->governor = SIM_GOV_POWERSAVE;
		else
			return cli_usage_error("simulate", "--governor '%s': expected schedutil, "
					       "performance or powersave", o->governor);
	}
	if (o->hz) {
		if (capsim_parse_u64(o->hz, &x) || !x || x > 10000)
			return cli_usage_error("simulate", "--hz '%s': expected 1..10000", o->hz);
		opt->hz = (unsigned)x;
	}
	if (o->max_events) {
		if (capsim_parse_u64(o->max_events, &x) || !x)
			return cli_usage_error("simulate", "--max-events '%s': expected a positive integer",
					       o->max_events);
		opt->max_events = x;
	}
	if (o->no_eas)
		opt->eas = 0;
	return 0;
}

static const char *governor_name(enum sim_governor g)
{
	return g == SIM_GOV_PERFORMANCE ? "performance" : g == SIM_GOV_POWERSAVE ? "powersave" :
	       "schedutil";
}

static void print_text(FILE *f, const struct capsim_sim *s, const struct sim_result *r)
{
	fprintf(f, "capsim simulate: platform %s, workload %s, %.3f s simulated, HZ %u, %s, "
		"EAS %s, uclamp %s, model %s, seed %llu\n", s->plat->name,
		s->wl->source ? s->wl->source : "-", r->duration_s, s->opt.hz,
		governor_name(s->opt.governor), s->eas ? "on" : "off", s->opt.uclamp ? "on" : "off",
		capsim_model_name(s->opt.model), (unsigned long long)s->opt.seed);
	for (unsigned i = 0; i < s->nr_sc; i++)
		if (s->sc[i].kind == SIM_SC_QOS_SET && !s->sc[i].time_ns)
			fprintf(f, "cap: policy%u %s %u kHz from the start\n",
				s->plat->policies[s->sc[i].policy].cpu,
				s->sc[i].qos == FREQ_QOS_MAX ? "max" : "min", s->sc[i].khz);
	fprintf(f, "\n%-18s %7s %6s %11s %11s %10s %9s %9s %5s %5s  %s\n", "task", "activ", "misses",
		"slack_avg", "slack_min", "runtime_s", "lat_p50", "lat_p99", "migr", "util",
		"time per CPU (s)");
	fprintf(f, "%-18s %7s %6s %11s %11s %10s %9s %9s %5s %5s\n", "", "", "", "(us)", "(us)", "",
		"(us)", "(us)", "", "end");
	for (unsigned i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *t = &r->tasks[i];
		char slack_avg[24] = "-", slack_min[24] = "-";

		if (t->timer_events) {
			snprintf(slack_avg, sizeof(slack_avg), "%.1f", t->slack_mean_us);
			snprintf(slack_min, sizeof(slack_min), "%.1f", t->slack_min_us);
		}
		fprintf(f, "%-18.18s %7llu %6llu %11s %11s %10.3f %9.1f %9.1f %5llu %5llu ", t->name,
			(unsigned long long)t->activations, (unsigned long long)t->deadline_misses,
			slack_avg, slack_min, t->runtime_s, t->lat_p50_us, t->lat_p99_us,
			(unsigned long long)t->migrations, (unsigned long long)t->util_avg_end);
		for (unsigned c = 0; c < s->nr_cpus; c++)
			for (unsigned k = 0; k < t->nr_by_cpu; k++)
				if (t->by_cpu[k].cpu == c)
					fprintf(f, " cpu%u=%.3f", c, (double)cpu_time_ns(&t->by_cpu[k]) * 1e-9);
		fputc('\n', f);
	}
	fprintf(f, "\n%-5s %7s %14s %13s %10s\n", "cpu", "busy%", "mean_freq_kHz", "mean_act_cap",
		"energy_J");
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		const struct sim_cpu_result *cr = &r->cpus[c];

		fprintf(f, "%-5u %7.2f %14.0f %13.1f %10.4f\n", cr->cpu, cr->busy_pct,
			cr->mean_freq_khz, cr->mean_actual_capacity, cr->energy_j);
	}
	if (!platform_has_em(s->plat))
		fprintf(f, "\n(no energy model on this platform: energy is counted only where one exists)\n");
	fprintf(f, "\ntotal: energy %.4f J, migrations %llu (misfit %llu), overutilized %.2f%% of "
		"the time, %llu events\n", r->energy_j, (unsigned long long)r->migrations,
		(unsigned long long)r->misfit_migrations, r->overutilized_pct,
		(unsigned long long)r->events);
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", (unsigned char)*s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void print_json(FILE *f, const struct capsim_sim *s, const struct sim_result *r)
{
	fprintf(f, "{\"platform\": ");
	json_str(f, s->plat->name);
	fprintf(f, ", \"seed\": %llu", (unsigned long long)s->opt.seed);
	fprintf(f, ", \"model\": \"%s\", \"governor\": \"%s\", \"hz\": %u, \"eas\": %s, "
		"\"duration_s\": %.6f, \"energy_j\": %.6f, \"migrations\": %llu, "
		"\"misfit_migrations\": %llu, \"overutilized_pct\": %.4f, \"events\": %llu,\n",
		capsim_model_name(s->opt.model), governor_name(s->opt.governor), s->opt.hz,
		s->eas ? "true" : "false", r->duration_s, r->energy_j,
		(unsigned long long)r->migrations, (unsigned long long)r->misfit_migrations,
		r->overutilized_pct, (unsigned long long)r->events);
	fprintf(f, " \"tasks\": [");
	for (unsigned i = 0; i < r->nr_tasks; i++) {
		const struct sim_task_result *t = &r->tasks[i];
		unsigned first = 1;

		fprintf(f, "%s\n  {\"name\": ", i ? "," : "");
		json_str(f, t->name);
		fprintf(f, ", \"activations\": %llu, \"deadline_misses\": %llu, \"timer_events\": %llu, "
			"\"slack_us\": {\"mean\": %.3f, \"min\": %.3f}, \"runtime_s\": %.6f, "
			"\"runtime_by_cpu_s\": {", (unsigned long long)t->activations,
			(unsigned long long)t->deadline_misses, (unsigned long long)t->timer_events,
			t->slack_mean_us, t->timer_events ? t->slack_min_us : 0.0, t->runtime_s);
		for (unsigned c = 0; c < s->nr_cpus; c++)
			for (unsigned k = 0; k < t->nr_by_cpu; k++)
				if (t->by_cpu[k].cpu == c) {
					fprintf(f, "%s\"%u\": %.6f", first ? "" : ", ", c,
						(double)cpu_time_ns(&t->by_cpu[k]) * 1e-9);
					first = 0;
				}
		fprintf(f, "}, \"wakeup_latency_us\": {\"p50\": %.3f, \"p99\": %.3f}, \"migrations\": %llu, "
			"\"util_avg_end\": %llu}", t->lat_p50_us, t->lat_p99_us,
			(unsigned long long)t->migrations, (unsigned long long)t->util_avg_end);
	}
	fprintf(f, "],\n \"cpus\": [");
	for (unsigned c = 0; c < r->nr_cpus; c++) {
		const struct sim_cpu_result *cr = &r->cpus[c];

		fprintf(f, "%s\n  {\"cpu\": %u, \"busy_pct\": %.4f, \"mean_freq_khz\": %.1f, "
			"\"mean_actual_capacity\": %.3f, \"energy_j\": %.6f}", c ? "," : "", cr->cpu,
			cr->busy_pct, cr->mean_freq_khz, cr->mean_actual_capacity, cr->energy_j);
	}
	fprintf(f, "]}\n");
}

static void show_progress(void *ctx, uint64_t now, uint64_t end)
{
	(void)ctx;
	if (end)
		fprintf(stderr, "\rcapsim simulate: %.1f of %.1f s", (double)now * 1e-9,
			(double)end * 1e-9);
}

/* Run @s, writing the trace to @trace_path if given; then the report to @o->output. */
static int run_and_report(struct capsim_sim *s, const struct sim_opts *o)
{
	struct cli_output trace = { 0 }, out;
	struct sim_result r;
	capsim_error err = { 0 };
	int ret;

	if (o->trace) {
		ret = cli_output_open(&trace, o->trace);
		if (ret)
			return ret;
		ret = sim_trace_open(s, trace.fp);
		if (ret) {
			cli_output_abort(&trace);
			return cli_failf(cli_exit_code(ret), "%s: cannot write the trace", o->trace);
		}
	}
	if (isatty(STDERR_FILENO)) {
		s->progress = show_progress;
	}
	ret = sim_run(s, &err);
	if (s->progress)
		fputs("\r\033[K", stderr);
	if (o->trace) {
		int tret = sim_trace_close(s);

		if (ret || tret) {
			cli_output_abort(&trace);
			return ret ? cli_fail(&err) : cli_failf(CLI_EXIT_INPUT, "%s: write error", o->trace);
		}
		ret = cli_output_commit(&trace);
		if (ret)
			return ret;
	}
	if (ret)
		return cli_fail(&err);
	if (sim_result_build(s, &r))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	ret = cli_output_open(&out, o->output);
	if (!ret) {
		if (o->json)
			print_json(out.fp, s, &r);
		else
			print_text(out.fp, s, &r);
		ret = cli_output_commit(&out);
	}
	sim_result_free(&r);
	return ret;
}

int cmd_simulate(int argc, char **argv)
{
	struct capsim_scenario *sc = NULL;
	struct capsim_sim *s = NULL;
	struct sim_opts o = { 0 };
	capsim_error err = { 0 };
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	o.timeline = scn_events_new();
	if (!o.timeline)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	ret = parse_args(argc, argv, &o);
	if (!ret && scenario_load(o.scenario ? o.scenario : scenario_default_path(), &sc, &err))
		ret = cli_fail(&err);
	if (!ret && !o.scenario && o.platform)
		sc->nr_events = 0; /* the default scenario's caps name the default platform's policies */
	if (!ret && !o.scenario && o.workload)
		sc->opt.duration_ns = 0; /* the given workload's own global.duration, unless --duration */
	if (!ret)
		ret = apply_overrides(&o, &sc->opt);
	if (!ret && scenario_finish_timeline(sc, o.timeline, &err))
		ret = cli_fail(&err);
	if (!ret) {
		ret = scenario_build(sc, o.platform, o.workload, &s, &err);
		ret = ret ? cli_fail(&err) : run_and_report(s, &o);
	}
	sim_free(s);
	scenario_free(sc);
	scn_events_free(o.timeline);
	return ret;
}

void cli_simulate_json(FILE *f, const struct capsim_sim *s, const struct sim_result *r)
{
	print_json(f, s, r);
}
