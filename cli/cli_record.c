// SPDX-License-Identifier: MIT
/*
 * cli_record.c - the outputs of a recording for `capsim simulate` and `capsim compare`
 * (cli_record.h): directories of atomically written files, the report's inputs and the
 * progress line.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli_record.h"

int cli_dir_init(struct cli_dir *d, const char *opt, const char *dir)
{
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->opt = opt;
	d->dir = dir;
	d->made = !mkdir(dir, 0777);
	if (!d->made && errno != EEXIST)
		return cli_failf(CLI_EXIT_INPUT, "%s %s: cannot make the directory: %s", opt, dir,
				 strerror(errno));
	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return cli_failf(CLI_EXIT_INPUT, "%s %s: not a directory", opt, dir);
	return 0;
}

FILE *cli_dir_open(void *ctx, const char *name)
{
	struct cli_dir *d = ctx;
	size_t len = strlen(d->dir) + strlen(name) + 2;
	char *path = malloc(len);
	capsim_error err = { 0 };
	FILE *fp = NULL;

	if (d->n == d->cap) {
		unsigned cap = d->cap ? d->cap * 2 : 16;
		struct cli_output *n = realloc(d->outs, cap * sizeof(*n));

		if (!n) {
			free(path);
			return NULL;
		}
		d->outs = n;
		d->cap = cap;
	}
	if (!path)
		return NULL;
	snprintf(path, len, "%s/%s", d->dir, name);
	if (d->claims && capsim_claims_output(d->claims, path, d->opt, &err))
		cli_fail(&err);
	else if (!cli_output_open(&d->outs[d->n], path))
		fp = d->outs[d->n++].fp;
	free(path);
	return fp;
}

int cli_dir_finish(struct cli_dir *d)
{
	int ret = 0;

	for (unsigned i = 0; !ret && i < d->n; i++)
		ret = cli_output_finish(&d->outs[i]);
	if (ret)
		cli_dir_abort(d);
	return ret;
}

int cli_dir_commit(struct cli_dir *d)
{
	/* every file whole before any is renamed into place: the directory has all or none */
	int ret = cli_dir_finish(d);

	if (ret)
		return ret;
	for (unsigned i = 0; i < d->n; i++) {
		int r = cli_output_commit(&d->outs[i]);

		ret = ret ? ret : r;
	}
	free(d->outs);
	memset(d, 0, sizeof(*d));
	return ret;
}

void cli_dir_abort(struct cli_dir *d)
{
	for (unsigned i = 0; i < d->n; i++)
		cli_output_abort(&d->outs[i]);
	if (d->made)
		rmdir(d->dir); /* made for this run: gone again, unless something else is in it */
	free(d->outs);
	memset(d, 0, sizeof(*d));
}

static int claim_input(void *ctx, const char *what, const char *path)
{
	return capsim_claims_input(ctx, path, what);
}

int cli_claim_run_files(const char *cmd, const capsim_scenario *sc, const char *const outs[][2],
			size_t n, capsim_claims **claims)
{
	capsim_error err = { 0 };

	if (capsim_claims_create(claims) || capsim_scenario_inputs(sc, claim_input, *claims))
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (i && !outs[i][1])
			continue; /* the first absent is standard output, the others are not written */
		if (capsim_claims_output(*claims, outs[i][1], outs[i][0], &err))
			return err.code == CAPSIM_ERR_NOMEM ? cli_fail(&err)
							    : cli_usage_error(cmd, "%s", err.msg);
	}
	return 0;
}

/* ---- progress -------------------------------------------------------------------------------- */

static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_progress_start(struct cli_progress *p, const char *cmd, const char *what,
			uint64_t run_ns, unsigned runs)
{
	*p = (struct cli_progress){ .cmd = cmd, .what = what, .run_ns = run_ns, .runs = runs,
				    .waves = 1, .t0 = wall_now(),
				    .tty = isatty(STDERR_FILENO) };
}

void cli_progress_fn(void *ctx, uint64_t now_ns, uint64_t end_ns)
{
	struct cli_progress *p = ctx;
	double wall = wall_now() - p->t0, sim, total, rate, left;

	if (!end_ns || wall <= 0)
		return;
	p->run_ns = end_ns;
	sim = (double)(p->done_ns + now_ns) * 1e-9;
	total = (double)p->run_ns * p->runs * 1e-9;
	rate = sim / wall;
	left = rate > 0 ? (total - sim) / rate : 0;
	if (p->tty) {
		fprintf(stderr, "\r\033[Kcapsim %s: %.1f of %.1f s simulated, %.0fx real time, "
			"%.0f s left", p->cmd, sim, total, rate, left);
		p->shown = 1;
	} else if (!p->announced && wall >= 0.5) {
		/* one line, only for a run that will keep a pipeline waiting */
		p->announced = 1;
		if ((wall + left) * p->waves > 10)
			fprintf(stderr, "capsim %s: simulating %s, %.0f s%s: about %.0f s\n", p->cmd,
				p->what, total, strcmp(p->cmd, "compare") ? "" : " per model",
				(wall + left) * p->waves);
	}
}

void cli_progress_run_done(struct cli_progress *p)
{
	p->done_ns += p->run_ns;
}

void cli_progress_end(struct cli_progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = 0;
}

/* ---- the report's inputs ------------------------------------------------------------------- */

/* the text of the file @path, NUL-terminated (NULL: unreadable, or stdin) */
static char *file_text(const char *path)
{
	char *text = NULL, *z;
	size_t n;

	if (!strcmp(path, "-") || cli_read_file(path, &text, &n))
		return NULL;
	z = realloc(text, n + 1);
	if (!z) {
		free(text);
		return NULL;
	}
	z[n] = 0;
	return z;
}

char *cli_command_line(int argc, char **argv)
{
	size_t len = 16;
	char *cmd;

	for (int i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	cmd = malloc(len);
	if (cmd) {
		strcpy(cmd, "capsim");
		for (int i = 0; i < argc; i++) {
			strcat(cmd, " ");
			strcat(cmd, argv[i]);
		}
	}
	return cmd;
}

void cli_report_inputs(struct capsim_report_inputs *in, int argc, char **argv, const char *path,
		       const char *platform, const char *workload)
{
	char def[4096], name[8192];
	int w;

	*in = (struct capsim_report_inputs)CAPSIM_SIZED(struct capsim_report_inputs);
	in->command = cli_command_line(argc, argv);
	if (!path) {
		capsim_scenario_default_path(def, sizeof(def));
		path = def;
	}
	/* the parts an option replaced are not the scenario file's: the header says which */
	w = snprintf(name, sizeof(name), "%s", path);
	if (platform && w >= 0 && (size_t)w < sizeof(name))
		w += snprintf(name + w, sizeof(name) - (size_t)w, ", its platform replaced by "
			      "--platform %s%s", platform, path == def ? " (and its events dropped)" : "");
	if (workload && w >= 0 && (size_t)w < sizeof(name))
		snprintf(name + w, sizeof(name) - (size_t)w, ", its workload replaced by --workload %s",
			 workload);
	in->scenario_name = strdup(name);
	/* the scenario's own text, as given, and the workload that replaced its own: a report
	 * embeds what can be run again */
	in->scenario_text = file_text(path);
	if (workload)
		in->workload_text = file_text(workload);
}

void cli_report_inputs_free(struct capsim_report_inputs *in)
{
	free((void *)in->command);
	free((void *)in->scenario_name);
	free((void *)in->scenario_text);
	free((void *)in->workload_text);
	*in = (struct capsim_report_inputs)CAPSIM_SIZED(struct capsim_report_inputs);
}
