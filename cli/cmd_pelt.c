// SPDX-License-Identifier: MIT
/*
 * cmd_pelt.c - `capsim pelt`: replay a PELT signal from a CSV bit-exactly (the contract used to
 * check capsim against the kernel's kernel/sched/pelt.c), or settle a periodic task and report
 * its util_avg band. The PELT code itself lives in src/model/pelt.c; this file reads, validates and
 * prints.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"


static const char head[] =
	"usage: capsim pelt [-o OUT] [FILE|-]\n"
	"       capsim pelt --periodic RUN/PERIOD [--duration D] [--weight W] [--tick T]\n"
	"                   [--tolerance U] [--start T] [--samples] [-o OUT]\n"
	"\n"
	"Replay a PELT signal with the kernel's integer arithmetic (kernel/sched/pelt.c, v6.10+),\n"
	"or find the util_avg a periodic task settles at.\n"
	"\n"
	"Replay: FILE (or - / standard input) is a CSV with the header\n"
	"  now_ns,load,runnable,running,weight\n"
	"one row per update: the state during (previous row, now_ns], all decimal unsigned 64-bit\n"
	"(running is the kernel's int, 0..2147483647, normally 0 or 1). From an all-zero\n"
	"sched_avg, each row calls ___update_load_sum(now_ns, load, runnable, running) and, when\n"
	"that crosses a period boundary (1024 x 1024 ns), ___update_load_avg(weight). After every\n"
	"row one line is printed:\n"
	"  now_ns,updated,load_sum,runnable_sum,util_sum,period_contrib,load_avg,runnable_avg,\n"
	"  util_avg,last_update_time\n"
	"The whole input is checked before anything is printed.\n"
	"\n"
	"Periodic: a task runs RUN every PERIOD (e.g. 4ms/16ms), starting from an all-zero\n"
	"sched_avg; its signal is updated at each wake-up (enqueue) and sleep (dequeue), as the\n"
	"kernel does, and at each tick while it runs if --tick is given. The last quarter of the\n"
	"run is the settled window: its lowest trough and highest peak of util_avg are the settled\n"
	"min and max; mean is the signal's time average over it (sampled every 1024 us as well,\n"
	"not held stale while the task sleeps). The task has settled from the\n"
	"first activation after which every activation's trough and peak stay within the\n"
	"tolerance of the settled min and max; the time to settle is when that activation wakes.\n"
	"\n"
	"options:\n";

static const char tail[] =
	"Durations take a unit: ns, us, ms, s, min, h, d; a bare number is seconds.\n"
	"\n"
	"examples:\n"
	"  capsim pelt tests/data/pelt-golden/periodic_25pct.in.csv\n"
	"  capsim pelt --periodic 4ms/16ms\n"
	"  capsim pelt --periodic 4ms/16ms --tick 4ms --samples -o task.csv\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define DEFAULT_DURATION_NS (2 * CAPSIM_NSEC_PER_SEC)
#define DEFAULT_PERIODS 16
#define PLOT_ROWS 8
#define PLOT_COLS 60

struct pelt_opts {
	struct cli_value input, output, periodic, samples, duration, weight, tick, tolerance;
	struct cli_value start, help;
	struct capsim_pelt_periodic_cfg cfg;
};

#define PELT(field) offsetof(struct pelt_opts, field)
static const struct cli_option options[] = {
	{ "FILE", 0, "input", CLI_FILE, .offset = PELT(input) },
	{ "--output", 'o', "OUT", CLI_FILE, .offset = PELT(output),
	  .help = "write to OUT (atomically: whole or not at all) instead of stdout" },
	{ "--periodic", 0, "RUN/PERIOD", CLI_RUN_PERIOD, .offset = PELT(periodic),
	  .expect = "RUN/PERIOD, e.g. 4ms/16ms",
	  .help = "simulate a periodic task, e.g. 4ms/16ms, 250us/1ms" },
	{ "--duration", 0, "D", CLI_DURATION, .offset = PELT(duration),
	  .help = "simulated time (default: 2s or 16 periods, whichever is longer;\n"
		  "8 to 10000000 periods)" },
	{ "--weight", 0, "W", CLI_U64, .def = "1024", .offset = PELT(weight),
	  .help = "the task's load weight, 1..262144 (default 1024, nice 0)" },
	{ "--tick", 0, "T", CLI_DURATION, .min = 1, .offset = PELT(tick),
	  .expect = "a tick longer than 0",
	  .help = "also update every tick while running, e.g. 4ms for HZ=250" },
	{ "--tolerance", 0, "U", CLI_U64, .max = 1024, .def = "10", .offset = PELT(tolerance),
	  .expect = "an integer in 0..1024",
	  .help = "util_avg units counted as settled (default 10, about 1%)" },
	{ "--start", 0, "T", CLI_DURATION, .offset = PELT(start),
	  .help = "clock value of the first wake-up, e.g. 1000123456ns (default 0)" },
	{ "--samples", 0, NULL, CLI_FLAG, .offset = PELT(samples),
	  .help = "print every update in the replay output format instead" },
	{ "--help", 'h', NULL, CLI_FLAG, .offset = PELT(help), .help = "this help" },
};

const struct cli_command cli_pelt = {
	CLI_OPTIONS("pelt", options), .head = head, .tail = tail, .column = 21,
};

/* ---- replay ------------------------------------------------------------------------------ */

static int replay(const struct pelt_opts *o)
{
	struct capsim_sched_avg sa = { 0 };
	struct capsim_pelt_csv csv = CAPSIM_SIZED(struct capsim_pelt_csv);
	struct cli_output out;
	capsim_error err = { 0 };
	char line[CAPSIM_PELT_CSV_LINE_MAX];
	char *data = NULL;
	size_t len = 0;
	int ret;

	ret = cli_read_file(o->input.arg, &data, &len);
	if (ret)
		return ret;
	ret = capsim_pelt_csv_parse(data, len, o->input.arg, &csv, &err);
	free(data);
	if (ret)
		return cli_fail(&err);
	ret = cli_output_open(&out, o->output.arg);
	if (ret) {
		capsim_pelt_csv_free(&csv);
		return ret;
	}
	fputs(CAPSIM_PELT_CSV_OUT_HEADER "\n", out.fp);
	for (size_t i = 0; i < csv.nrows; i++)
		fwrite(line, 1, capsim_pelt_csv_replay_row(&sa, &csv.rows[i], line), out.fp);
	capsim_pelt_csv_free(&csv);
	return cli_output_commit(&out);
}

/* ---- periodic ---------------------------------------------------------------------------- */

/*
 * @ns in the largest unit that keeps it >= 1, exact to the ns: "4 ms", "1.5 s", "250 us";
 * days, hours and minutes only when they are whole ("30 d", not "0.8333 h").
 */
static void fmt_duration(char *buf, size_t size, uint64_t ns)
{
	static const struct { const char *name; uint64_t scale; } units[] = {
		{ "d", 86400 * CAPSIM_NSEC_PER_SEC }, { "h", 3600 * CAPSIM_NSEC_PER_SEC },
		{ "min", 60 * CAPSIM_NSEC_PER_SEC }, { "s", CAPSIM_NSEC_PER_SEC },
		{ "ms", CAPSIM_NSEC_PER_MSEC }, { "us", CAPSIM_NSEC_PER_USEC }, { "ns", 1 },
	};
	size_t u = 0, n = 0;
	char frac[16];

	while (ns && u + 1 < sizeof(units) / sizeof(units[0]) &&
	       (ns < units[u].scale || (units[u].scale > CAPSIM_NSEC_PER_SEC && ns % units[u].scale)))
		u++;
	if (!ns)
		u = 3; /* "0 s" */
	/* The fraction's digits, most significant first, trailing zeros dropped. */
	for (uint64_t rest = ns % units[u].scale, s = units[u].scale / 10; rest && s; s /= 10) {
		frac[n++] = (char)('0' + rest / s);
		rest %= s;
	}
	frac[n] = '\0';
	snprintf(buf, size, "%llu%s%s %s", (unsigned long long)(ns / units[u].scale), n ? "." : "",
		 frac, units[u].name);
}

static void print_sample(const struct capsim_pelt_periodic_sample *s, void *ctx)
{
	char line[CAPSIM_PELT_CSV_LINE_MAX];

	fwrite(line, 1, capsim_pelt_csv_format_line(s->now_ns, s->updated, &s->sa, line), (FILE *)ctx);
}

/*
 * A column per group of whole activations; '#' over the rows (each (lo, hi]) that its troughs
 * to peaks reach, so the rise and the settled band show. The y axis ends at the peaks rounded
 * up to a multiple of 128.
 */
static void plot(FILE *fp, const struct capsim_pelt_periodic_result *r, uint64_t period_ns)
{
	uint64_t k = r->activations, per = (k + PLOT_COLS - 1) / PLOT_COLS, cols = (k + per - 1) / per;
	uint64_t top = 128, settle_col = r->settle_activation / per;
	uint16_t lo[PLOT_COLS], hi[PLOT_COLS];
	char t[32];

	for (uint64_t c = 0; c < cols; c++) {
		lo[c] = UINT16_MAX;
		hi[c] = 0;
		for (uint64_t a = c * per; a < (c + 1) * per && a < k; a++) {
			lo[c] = r->act_min[a] < lo[c] ? r->act_min[a] : lo[c];
			hi[c] = r->act_max[a] > hi[c] ? r->act_max[a] : hi[c];
		}
		while (top < hi[c] && top < 1024)
			top += 128;
	}
	fmt_duration(t, sizeof(t), per * period_ns);
	fprintf(fp, "\nutil_avg over the run (a column is %s; '#' spans its troughs to peaks):\n", t);
	for (uint64_t row = PLOT_ROWS; row-- > 0;) {
		uint64_t band_lo = top * row / PLOT_ROWS, band_hi = top * (row + 1) / PLOT_ROWS;
		uint64_t end = 0;
		fprintf(fp, "%5llu |", (unsigned long long)band_hi);
		for (uint64_t c = 0; c < cols; c++)
			if (lo[c] <= band_hi && hi[c] > band_lo)
				end = c + 1;
		for (uint64_t c = 0; c < end; c++)
			fputc(lo[c] <= band_hi && hi[c] > band_lo ? '#' : ' ', fp);
		fputc('\n', fp);
	}
	fprintf(fp, "    0 +");
	for (uint64_t c = 0; c < cols; c++)
		fputc('-', fp);
	fmt_duration(t, sizeof(t), k * period_ns);
	fprintf(fp, "\n       0%*s\n", (int)cols - 1, t);
	if (r->settled) {
		fmt_duration(t, sizeof(t), r->settle_ns);
		fprintf(fp, "       %*s^ settled (%s)\n", (int)settle_col, "", t);
	}
}

static void print_summary(FILE *fp, const struct capsim_pelt_periodic_cfg *cfg,
			  const struct capsim_pelt_periodic_result *r)
{
	char run[32], period[32], dur[32], settle[32], win[32], tick[32];
	uint64_t window_len = r->activations - r->window_first;
	/* The duty-cycle estimate a float model converges to: 1024 * RUN / PERIOD. */
	double duty = (double)cfg->run_ns / (double)cfg->period_ns;

	fmt_duration(run, sizeof(run), cfg->run_ns);
	fmt_duration(period, sizeof(period), cfg->period_ns);
	fmt_duration(dur, sizeof(dur), r->activations * cfg->period_ns);
	fmt_duration(settle, sizeof(settle), r->settle_ns);
	fmt_duration(win, sizeof(win), window_len * cfg->period_ns);
	if (cfg->tick_ns)
		fmt_duration(tick, sizeof(tick), cfg->tick_ns);
	fprintf(fp, "periodic task: runs %s every %s (duty cycle %.1f%%), weight %llu\n", run,
		period, 100.0 * duty, (unsigned long long)cfg->weight);
	fprintf(fp, "PELT: kernel v6.10+ integer arithmetic, half-life 32 periods (33.5 ms), updated at\n"
		    "enqueue/dequeue%s%s%s\n",
		cfg->tick_ns ? " and every " : "", cfg->tick_ns ? tick : "", cfg->tick_ns ? " tick" : "");
	fprintf(fp, "simulated: %s = %llu activations from an all-zero sched_avg\n\n", dur,
		(unsigned long long)r->activations);
	fprintf(fp, "settled (last %s, %llu activations):\n", win, (unsigned long long)window_len);
	fprintf(fp, "              min       max      mean\n");
	fprintf(fp, "  util_avg %7llu   %7llu   %7.1f\n", (unsigned long long)r->util_min,
		(unsigned long long)r->util_max, r->util_mean);
	fprintf(fp, "  load_avg %7llu   %7llu   %7.1f\n", (unsigned long long)r->load_min,
		(unsigned long long)r->load_max, r->load_mean);
	fprintf(fp, "  (a float model's duty-cycle estimate: 1024 x %s / %s = %.1f)\n\n", run,
		period, 1024.0 * duty);
	if (r->settled)
		fprintf(fp, "time to settle: %s (activation %llu): from then on every trough and peak is\n"
			    "within %u of the settled min and max\n", settle,
			(unsigned long long)r->settle_activation, cfg->tolerance);
	else
		fprintf(fp, "time to settle: not settled within %s (troughs or peaks still move by more\n"
			    "than %u in the settled window); try a longer --duration\n", dur, cfg->tolerance);
	plot(fp, r, cfg->period_ns);
}

static int periodic(struct pelt_opts *o)
{
	struct capsim_pelt_periodic_cfg *cfg = &o->cfg;
	struct capsim_pelt_periodic_result res = CAPSIM_SIZED(struct capsim_pelt_periodic_result);
	struct cli_output out;
	capsim_error err = { 0 };
	int ret;

	if (!o->duration.arg) {
		cfg->duration_ns = DEFAULT_PERIODS * cfg->period_ns;
		if (cfg->duration_ns < DEFAULT_DURATION_NS)
			cfg->duration_ns = DEFAULT_DURATION_NS;
	}
	if (capsim_pelt_periodic_check(cfg, &err))
		return cli_usage_error("pelt", "%s", err.msg);
	ret = cli_output_open(&out, o->output.arg);
	if (ret)
		return ret;
	if (o->samples.arg)
		fputs(CAPSIM_PELT_CSV_OUT_HEADER "\n", out.fp);
	ret = capsim_pelt_periodic_run(cfg, &res, o->samples.arg ? print_sample : NULL, out.fp, &err);
	if (ret) {
		cli_output_abort(&out);
		return cli_fail(&err);
	}
	if (!o->samples.arg)
		print_summary(out.fp, cfg, &res);
	capsim_pelt_periodic_free(&res);
	return cli_output_commit(&out);
}

/* ---- command line ------------------------------------------------------------------------ */

/* The periodic task's configuration from the options; the options that need --periodic. */
static int periodic_cfg(struct pelt_opts *o)
{
	const struct cli_value *only[] = { &o->duration, &o->tick, &o->weight, &o->tolerance,
					   &o->start, &o->samples };

	if (o->periodic.arg && o->input.arg)
		return cli_usage_error("pelt", "--periodic takes no input file ('%s')", o->input.arg);
	for (size_t k = 0; !o->periodic.arg && k < sizeof(only) / sizeof(only[0]); k++)
		if (only[k]->arg)
			return cli_usage_error("pelt", "--duration, --tick, --weight, --tolerance, "
					       "--start and --samples go with --periodic");
	o->cfg = (struct capsim_pelt_periodic_cfg){
		.size = sizeof(o->cfg),
		.run_ns = o->periodic.u, .period_ns = o->periodic.u2, .duration_ns = o->duration.u,
		.tick_ns = o->tick.u, .weight = o->weight.u, .tolerance = (uint32_t)o->tolerance.u,
		.start_ns = o->start.u,
	};
	return 0;
}

int cmd_pelt(int argc, char **argv)
{
	struct pelt_opts o = { 0 };
	int ret;

	ret = cli_parse(&cli_pelt, argc, argv, &o);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	ret = periodic_cfg(&o);
	if (ret)
		return ret;
	if (o.periodic.arg)
		return periodic(&o);
	if (!o.input.arg) {
		if (isatty(STDIN_FILENO))
			return cli_usage_error("pelt", "no input (expected FILE, or - for standard input)");
		o.input.arg = "-";
	}
	return replay(&o);
}
