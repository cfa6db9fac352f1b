// SPDX-License-Identifier: MIT
/*
 * cmd_pelt.c - `capsim pelt`: replay a PELT signal from a CSV bit-exactly (the contract used to
 * check capsim against the kernel's kernel/sched/pelt.c), or settle a periodic task and report
 * its util_avg band. The PELT code itself lives in src/pelt.c; this file reads, validates and
 * prints.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"


static const char usage[] =
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
	"options:\n"
	"  -o, --output OUT   write to OUT (atomically: whole or not at all) instead of stdout\n"
	"  --periodic RUN/PERIOD  simulate a periodic task, e.g. 4ms/16ms, 250us/1ms\n"
	"  --duration D       simulated time (default: 2s or 16 periods, whichever is longer;\n"
	"                     8 to 10000000 periods)\n"
	"  --weight W         the task's load weight, 1..262144 (default 1024, nice 0)\n"
	"  --tick T           also update every tick while running, e.g. 4ms for HZ=250\n"
	"  --tolerance U      util_avg units counted as settled (default 10, about 1%)\n"
	"  --start T          clock value of the first wake-up, e.g. 1000123456ns (default 0)\n"
	"  --samples          print every update in the replay output format instead\n"
	"  -h, --help         this help\n"
	"Durations take a unit: ns, us, ms, s, min, h, d (a bare number is refused).\n"
	"\n"
	"examples:\n"
	"  capsim pelt tests/data/pelt-golden/periodic_25pct.in.csv\n"
	"  capsim pelt --periodic 4ms/16ms\n"
	"  capsim pelt --periodic 4ms/16ms --tick 4ms --samples -o task.csv\n"
	"\n"
	"Exit status: 0 success, 1 bad input file, 2 bad usage, 3 internal error.\n";

#define DEFAULT_DURATION_NS (2 * CAPSIM_NSEC_PER_SEC)
#define DEFAULT_PERIODS 16
#define DEFAULT_TOLERANCE 10
#define PLOT_ROWS 8
#define PLOT_COLS 60

struct pelt_opts {
	const char *input;
	const char *output;
	const char *periodic;
	int samples;
	int has_duration;
	struct capsim_pelt_periodic_cfg cfg;
};

/* ---- replay ------------------------------------------------------------------------------ */

static int replay(const struct pelt_opts *o)
{
	struct capsim_sched_avg sa = { 0 };
	struct capsim_pelt_csv csv;
	struct cli_output out;
	capsim_error err = { 0 };
	char line[CAPSIM_PELT_CSV_LINE_MAX];
	char *data = NULL;
	size_t len = 0;
	int ret;

	ret = cli_read_file(o->input, &data, &len);
	if (ret)
		return ret;
	ret = capsim_pelt_csv_parse(data, len, o->input, &csv, &err);
	free(data);
	if (ret)
		return cli_fail(&err);
	ret = cli_output_open(&out, o->output);
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
	struct capsim_pelt_periodic_result res;
	struct cli_output out;
	capsim_error err = { 0 };
	int ret;

	if (!o->has_duration) {
		cfg->duration_ns = DEFAULT_PERIODS * cfg->period_ns;
		if (cfg->duration_ns < DEFAULT_DURATION_NS)
			cfg->duration_ns = DEFAULT_DURATION_NS;
	}
	if (capsim_pelt_periodic_check(cfg, &err))
		return cli_usage_error("pelt", "%s", err.msg);
	ret = cli_output_open(&out, o->output);
	if (ret)
		return ret;
	if (o->samples)
		fputs(CAPSIM_PELT_CSV_OUT_HEADER "\n", out.fp);
	ret = capsim_pelt_periodic_run(cfg, &res, o->samples ? print_sample : NULL, out.fp, &err);
	if (ret) {
		cli_output_abort(&out);
		return cli_fail(&err);
	}
	if (!o->samples)
		print_summary(out.fp, cfg, &res);
	capsim_pelt_periodic_free(&res);
	return cli_output_commit(&out);
}

/* ---- command line ------------------------------------------------------------------------ */

/*
 * A duration with its unit: bare numbers once meant µs here and mean seconds everywhere
 * else, so one is refused rather than silently read either way.
 */
static int parse_duration_opt(const char *opt, const char *s, uint64_t *out)
{
	if (capsim_parse_duration_ns(s, 0, out))
		return cli_usage_error("pelt", "%s '%s': expected a duration with a unit, e.g. 4ms, "
				       "250us, 2s%s", opt, s, capsim_is_bare_number(s) ?
				       " (a bare number is refused: it meant us here once)" : "");
	return 0;
}

static int parse_run_period(const char *s, struct capsim_pelt_periodic_cfg *cfg)
{
	const char *slash = strchr(s, '/');
	char run[64];

	if (!slash || (size_t)(slash - s) >= sizeof(run))
		return cli_usage_error("pelt", "--periodic '%s': expected RUN/PERIOD, e.g. 4ms/16ms", s);
	memcpy(run, s, (size_t)(slash - s));
	run[slash - s] = '\0';
	if (capsim_parse_duration_ns(run, 0, &cfg->run_ns) ||
	    capsim_parse_duration_ns(slash + 1, 0, &cfg->period_ns))
		return cli_usage_error("pelt", "--periodic '%s': expected RUN/PERIOD durations with "
				       "units, e.g. 4ms/16ms%s", s, capsim_is_bare_number(run) ||
				       capsim_is_bare_number(slash + 1) ? " (a bare number is "
				       "refused: it meant us here once)" : "");
	return 0;
}

static int parse_u64_opt(const char *opt, const char *s, uint64_t max, uint64_t *out)
{
	if (capsim_parse_u64(s, out) || *out > max)
		return cli_usage_error("pelt", "%s '%s': expected an integer in 0..%llu", opt, s,
				       (unsigned long long)max);
	return 0;
}

static int parse_args(int argc, char **argv, struct pelt_opts *o)
{
	int ret = 0, i, missing = 0, only_files = 0, periodic_only = 0;
	uint64_t v;
	const char *val;

	for (i = 1; i < argc && !ret; i++) {
		const char *a = argv[i];

		if (only_files || a[0] != '-' || !strcmp(a, "-")) {
			if (o->input)
				return cli_usage_error("pelt", "more than one input ('%s' and '%s')", o->input, a);
			o->input = a;
		} else if (!strcmp(a, "--")) {
			only_files = 1;
		} else if (!strcmp(a, "--samples")) {
			o->samples = periodic_only = 1;
		} else if ((val = cli_opt_value(argc, argv, &i, "--output", &missing)) ||
			   (val = cli_opt_value(argc, argv, &i, "-o", &missing))) {
			o->output = val;
		} else if ((val = cli_opt_value(argc, argv, &i, "--periodic", &missing))) {
			o->periodic = val;
			ret = parse_run_period(val, &o->cfg);
		} else if ((val = cli_opt_value(argc, argv, &i, "--duration", &missing))) {
			o->has_duration = periodic_only = 1;
			ret = parse_duration_opt("--duration", val, &o->cfg.duration_ns);
		} else if ((val = cli_opt_value(argc, argv, &i, "--tick", &missing))) {
			periodic_only = 1;
			ret = parse_duration_opt("--tick", val, &o->cfg.tick_ns);
			if (!ret && !o->cfg.tick_ns)
				ret = cli_usage_error("pelt", "--tick '%s': expected a tick longer than 0", val);
		} else if ((val = cli_opt_value(argc, argv, &i, "--weight", &missing))) {
			periodic_only = 1;
			ret = parse_u64_opt("--weight", val, UINT64_MAX, &o->cfg.weight);
		} else if ((val = cli_opt_value(argc, argv, &i, "--tolerance", &missing))) {
			periodic_only = 1;
			ret = parse_u64_opt("--tolerance", val, 1024, &v);
			o->cfg.tolerance = (uint32_t)v;
		} else if ((val = cli_opt_value(argc, argv, &i, "--start", &missing))) {
			periodic_only = 1;
			ret = parse_duration_opt("--start", val, &o->cfg.start_ns);
		} else if (missing) {
			return cli_usage_error("pelt", "option '%s' needs a value", a);
		} else {
			return cli_unknown_option("pelt", usage, a);
		}
		if (missing)
			return cli_usage_error("pelt", "option '%s' needs a value", a);
	}
	if (ret)
		return ret;
	if (o->periodic && o->input)
		return cli_usage_error("pelt", "--periodic takes no input file ('%s')", o->input);
	if (!o->periodic && periodic_only)
		return cli_usage_error("pelt", "--duration, --tick, --weight, --tolerance, --start and "
				       "--samples go with --periodic");
	return 0;
}

int cmd_pelt(int argc, char **argv)
{
	struct pelt_opts o = { .cfg = { .weight = 1024, .tolerance = DEFAULT_TOLERANCE } };
	int ret;

	if (cli_wants_help(argc, argv)) {
		fputs(usage, stdout);
		return CLI_EXIT_OK;
	}
	ret = parse_args(argc, argv, &o);
	if (ret)
		return ret;
	if (o.periodic)
		return periodic(&o);
	if (!o.input) {
		if (isatty(STDIN_FILENO))
			return cli_usage_error("pelt", "no input (expected FILE, or - for standard input)");
		o.input = "-";
	}
	return replay(&o);
}
