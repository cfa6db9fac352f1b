// SPDX-License-Identifier: MIT
/*
 * cmd_sweep.c - `capsim sweep SWEEP.json`: a grid and lists of scenario fields (platform,
 * workload, caps, HW-cap episodes, uclamp of named tasks, governor, HZ, model, seed, duration;
 * docs/formats.md, "Sweep") expanded deterministically into runs, each a scenario JSON made
 * from the base scenario, with an id that is a hash of the run's parameters (so adding a value
 * to the grid renumbers nothing). Runs are independent: the local engine simulates them in a
 * pool of threads (several capsim_sim may run at once, capsim_sim.h); each result is the
 * `capsim simulate --json` text of that run, kept as RUNS/ID.json, and a run whose result
 * exists is skipped (resumable). A failed run leaves RUNS/ID.error with its message and costs
 * no other result. Then one tidy table: a row per run, its parameters and summary figures.
 * `--engine dask` hands the runs to the Python package (capsim.engine on a Dask cluster);
 * `--emit list` prints the expanded runs, `--emit slurm` writes a Slurm job-array script.
 * Only the public API (<capsim/capsim.h>) and json-c.
 */
/* realpath() */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli.h"

static const char head[] =
	"usage: capsim sweep SWEEP.json [--jobs N] [--engine local|dask] [--scheduler ADDR]\n"
	"                    [-o results.csv|results.json] [--runs-dir DIR] [--emit list|slurm]\n"
	"\n"
	"Expands a sweep (docs/formats.md, \"Sweep\": a base scenario, fixed values, a grid and\n"
	"lists over platform, workload, caps, hw_caps, uclamp, governor, hz, model, seed and\n"
	"duration) into runs with stable ids (a hash of each run's parameters), simulates those\n"
	"without a result, and writes one table: a row per run, its parameters and figures.\n"
	"Each run's `capsim simulate --json` report is kept as DIR/ID.json; a run whose report\n"
	"exists is skipped, so an interrupted sweep resumes. A failed run is reported with its id\n"
	"and message (DIR/ID.error) and the others still run; the exit status is then 1.\n"
	"\n";

static const char tail[] =
	"\n"
	"Examples:\n"
	"  capsim sweep examples/python/rk3399-cap-sweep.json -o results.csv\n"
	"  capsim sweep sweep.json --engine dask --jobs 2 -o results.json\n"
	"  capsim sweep sweep.json --emit slurm && sbatch sweep.runs/sweep.sbatch\n";

struct sweep_opts {
	struct cli_value path, jobs, engine, scheduler, output, runs_dir, emit;
};

/* --engine's and --emit's names */
enum { ENGINE_LOCAL, ENGINE_DASK };
enum { EMIT_LIST, EMIT_SLURM };

#define SWEEP(field) offsetof(struct sweep_opts, field)
static const struct cli_option options[] = {
	{ "SWEEP.json", 0, "sweep file", CLI_FILE, .offset = SWEEP(path) },
	{ "--jobs", 0, "N", CLI_U64, .min = 1, .max = 256, .offset = SWEEP(jobs),
	  .expect = "1..256",
	  .help = "runs at once (default: the CPUs this process may use; Dask: the\n"
		  "workers of a LocalCluster, default 2)" },
	{ "--engine", 0, "E", CLI_CHOICE, .values = "local dask", .def = "local",
	  .offset = SWEEP(engine),
	  .help = "local (threads, default) or dask (the Python package capsim.engine on a\n"
		  "Dask distributed cluster: $CAPSIM_PYTHON, default python3)" },
	{ "--scheduler", 0, "A", CLI_TEXT, .offset = SWEEP(scheduler),
	  .help = "the Dask scheduler address (default: a LocalCluster of --jobs workers)" },
	{ "--output", 'o', "F", CLI_FILE, .offset = SWEEP(output),
	  .help = "the table: .json for JSON, else CSV (default: CSV on standard output)" },
	{ "--runs-dir", 0, "DIR", CLI_FILE, .offset = SWEEP(runs_dir),
	  .help = "where the runs' reports go (default: SWEEP.runs, beside the table or\n"
		  "in the current directory)" },
	{ "--emit", 0, "list", CLI_CHOICE, .values = "list slurm", .offset = SWEEP(emit),
	  .help = "print the runs (one JSON line each: id, params, scenario, result) and\n"
		  "run nothing" },
	/* --emit slurm: the second line of --emit's help, as the help has always shown it */
	{ "--emit", 0, "slurm", CLI_CHOICE, .values = "list slurm", .offset = SWEEP(emit),
	  .help = "write DIR/sweep.sbatch (a job array, one task per run without a\n"
		  "report), DIR/runs.txt and DIR/scenarios/ID.json; run nothing" },
};

const struct cli_command cli_sweep = {
	CLI_OPTIONS("sweep", options), .head = head, .tail = tail, .column = 19,
};

/* The fields a run may set, in the order of the parameter columns and of the grid's nesting. */
static const char *const fields[] = { "platform", "workload", "caps", "hw_caps", "uclamp",
				       "governor", "hz", "model", "seed", "duration" };
#define NR_FIELDS (sizeof(fields) / sizeof(fields[0]))

struct run {
	char id[17];
	json_object *params;   /* the fields it sets, in fields[] order */
	char *scenario;        /* the scenario JSON text */
	int done, failed;
	char *error;
};

struct sweep {
	const char *path;
	char dir[PATH_MAX];       /* of SWEEP.json: its paths are relative to it */
	char base_dir[PATH_MAX];  /* of the base scenario */
	json_object *doc, *base;
	struct run *runs;
	size_t nr_runs;
	int used[NR_FIELDS];      /* a column per field some run sets */
	const char *runs_dir;
	/* the local engine's pool */
	size_t *todo;             /* indices of the runs without a report */
	pthread_mutex_t lock;
	size_t finished, nr_todo, nr_failed;
	int progress;
	struct cli_told told;     /* workloads whose notes were told: once per file, not per run */
};

static int field_index(const char *key)
{
	for (size_t i = 0; i < NR_FIELDS; i++)
		if (!strcmp(fields[i], key))
			return (int)i;
	return -1;
}

/* FNV-1a 64: a stable hash of the canonical parameter text, as 16 hex digits. */
static void run_id(const char *text, char id[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (const unsigned char *p = (const unsigned char *)text; *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	snprintf(id, 17, "%016llx", (unsigned long long)h);
}

/* A path of the sweep or base scenario made absolute, so a run's scenario stands alone. */
static json_object *abs_path(const char *dir, const char *p)
{
	char buf[PATH_MAX * 2], real[PATH_MAX];

	if (p[0] == '/')
		return json_object_new_string(p);
	snprintf(buf, sizeof(buf), "%s/%s", dir, p);
	return json_object_new_string(realpath(buf, real) ? real : buf);
}

/* A platform value is a path when it names a file (else a shipped short name). */
static int is_path(const char *dir, const char *p)
{
	char buf[PATH_MAX * 2];
	struct stat st;

	if (strchr(p, '/'))
		return 1;
	snprintf(buf, sizeof(buf), "%s/%s", dir, p);
	return !stat(buf, &st) && S_ISREG(st.st_mode);
}

static json_object *kernel_of(json_object *sc)
{
	json_object *k;

	if (!json_object_object_get_ex(sc, "kernel", &k) || !json_object_is_type(k, json_type_object)) {
		k = json_object_new_object();
		json_object_object_add(sc, "kernel", k);
	}
	return k;
}

static json_object *events_of(json_object *sc)
{
	json_object *e;

	if (!json_object_object_get_ex(sc, "events", &e) || !json_object_is_type(e, json_type_array)) {
		e = json_object_new_array();
		json_object_object_add(sc, "events", e);
	}
	return e;
}

/* Apply field @f = @v to scenario @sc. Return: 0, or -1 with a message naming @where. */
static int apply_field(struct sweep *sw, json_object *sc, int f, json_object *v, const char *where)
{
	const char *name = fields[f];
	json_object *copy = NULL;

	if ((f <= 1 || f == 5 || f == 7) && !json_object_is_type(v, json_type_string))
		goto bad_type;
	switch (f) {
	case 0: /* platform */
		copy = is_path(sw->dir, json_object_get_string(v))
			       ? abs_path(sw->dir, json_object_get_string(v))
			       : json_object_new_string(json_object_get_string(v));
		json_object_object_add(sc, "platform", copy);
		return 0;
	case 1: /* workload */
		json_object_object_add(sc, "workload", abs_path(sw->dir, json_object_get_string(v)));
		return 0;
	case 2: /* caps: {"policyN": FREQ}, replacing the base's */
		if (!json_object_is_type(v, json_type_object))
			goto bad_type;
		json_object_deep_copy(v, &copy, NULL);
		json_object_object_add(sc, "caps", copy);
		return 0;
	case 3: /* hw_caps: [{"cpus", "khz", "at", "duration"}] appended as hw_cap events */
		if (!json_object_is_type(v, json_type_array))
			goto bad_type;
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			json_object *ep = json_object_array_get_idx(v, i), *ev, *cap = NULL, *at;

			if (!json_object_is_type(ep, json_type_object))
				goto bad_type;
			ev = json_object_new_object();
			json_object_deep_copy(ep, &cap, NULL);
			at = json_object_object_get_ex(cap, "at", &at) ? json_object_get(at)
								       : json_object_new_int(0);
			json_object_object_del(cap, "at");
			json_object_object_add(ev, "at", at);
			json_object_object_add(ev, "hw_cap", cap);
			json_object_array_add(events_of(sc), ev);
		}
		return 0;
	case 4: /* uclamp: {"task": {"min", "max"}} as uclamp events at 0 */
		if (!json_object_is_type(v, json_type_object))
			goto bad_type;
		json_object_object_foreach(v, task, clamp) {
			json_object *ev = json_object_new_object(), *u = NULL;

			if (!json_object_is_type(clamp, json_type_object))
				goto bad_type;
			json_object_deep_copy(clamp, &u, NULL);
			json_object_object_add(u, "task", json_object_new_string(task));
			json_object_object_add(ev, "at", json_object_new_int(0));
			json_object_object_add(ev, "uclamp", u);
			json_object_array_add(events_of(sc), ev);
		}
		return 0;
	case 5: case 6: case 7: /* kernel.governor, kernel.hz, kernel.model */
		json_object_deep_copy(v, &copy, NULL);
		json_object_object_add(kernel_of(sc), name, copy);
		return 0;
	default: /* seed, duration */
		json_object_deep_copy(v, &copy, NULL);
		json_object_object_add(sc, name, copy);
		return 0;
	}
bad_type:
	cli_failf(CLI_EXIT_INPUT, "%s: %s.%s: %s is not a valid %s (docs/formats.md, \"Sweep\")",
		  sw->path, where, name, json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN),
		  name);
	return -1;
}

/* One run from the parameter object @params (owned by the run). */
static int add_run(struct sweep *sw, json_object *params, const char *where)
{
	json_object *sc = NULL;
	const char *text = json_object_to_json_string_ext(params, JSON_C_TO_STRING_PLAIN);
	struct run *r;
	char id[17];

	run_id(text, id);
	for (size_t i = 0; i < sw->nr_runs; i++)
		if (!strcmp(sw->runs[i].id, id)) {
			json_object_put(params); /* the same parameters twice: one run */
			return 0;
		}
	json_object_deep_copy(sw->base, &sc, NULL);
	json_object_object_foreach(params, key, val) {
		int f = field_index(key);

		sw->used[f] = 1;
		if (apply_field(sw, sc, f, val, where)) {
			json_object_put(sc);
			json_object_put(params);
			return -1;
		}
	}
	r = realloc(sw->runs, (sw->nr_runs + 1) * sizeof(*r));
	if (!r)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory"), -1;
	sw->runs = r;
	r = &sw->runs[sw->nr_runs++];
	memset(r, 0, sizeof(*r));
	memcpy(r->id, id, sizeof(id));
	r->params = params;
	r->scenario = strdup(json_object_to_json_string_ext(sc, JSON_C_TO_STRING_PLAIN |
							    JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(sc);
	return r->scenario ? 0 : (cli_failf(CLI_EXIT_INTERNAL, "out of memory"), -1);
}

/* Check that @obj only has field keys; @where names it in messages. */
static int check_fields(struct sweep *sw, json_object *obj, const char *where)
{
	if (!json_object_is_type(obj, json_type_object))
		return cli_failf(CLI_EXIT_INPUT, "%s: %s: expected an object of fields", sw->path, where),
		       -1;
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (field_index(key) < 0)
			return cli_failf(CLI_EXIT_INPUT, "%s: %s.%s: unknown field (expected platform, "
					 "workload, caps, hw_caps, uclamp, governor, hz, model, seed "
					 "or duration)", sw->path, where, key), -1;
	}
	return 0;
}

/* The runs: each of "runs" (default one empty run) crossed with the grid's product. */
static int expand(struct sweep *sw)
{
	json_object *fixed = NULL, *grid = NULL, *list = NULL, *lists[NR_FIELDS] = { 0 };
	size_t nr_list, idx[NR_FIELDS] = { 0 };
	char where[64];

	json_object_object_get_ex(sw->doc, "fixed", &fixed);
	json_object_object_get_ex(sw->doc, "grid", &grid);
	json_object_object_get_ex(sw->doc, "runs", &list);
	if ((fixed && check_fields(sw, fixed, "fixed")) || (grid && check_fields(sw, grid, "grid")))
		return -1;
	if (list && !json_object_is_type(list, json_type_array))
		return cli_failf(CLI_EXIT_INPUT, "%s: runs: expected an array of objects", sw->path), -1;
	for (size_t f = 0; grid && f < NR_FIELDS; f++) {
		if (!json_object_object_get_ex(grid, fields[f], &lists[f]))
			continue;
		if (!json_object_is_type(lists[f], json_type_array) ||
		    !json_object_array_length(lists[f]))
			return cli_failf(CLI_EXIT_INPUT, "%s: grid.%s: expected a non-empty array of "
					 "values", sw->path, fields[f]), -1;
	}
	nr_list = list ? json_object_array_length(list) : 1;
	for (size_t k = 0; k < nr_list; k++) {
		json_object *one = list ? json_object_array_get_idx(list, k) : NULL;

		snprintf(where, sizeof(where), "runs[%zu]", k);
		if (one && check_fields(sw, one, where))
			return -1;
		memset(idx, 0, sizeof(idx));
		for (;;) {
			json_object *params = json_object_new_object();
			size_t f;

			/* later sources win: fixed, then the run, then the grid point */
			for (f = 0; f < NR_FIELDS; f++) {
				json_object *v = NULL;

				if (lists[f])
					v = json_object_array_get_idx(lists[f], idx[f]);
				else if (one && json_object_object_get_ex(one, fields[f], &v))
					;
				else if (fixed)
					json_object_object_get_ex(fixed, fields[f], &v);
				if (v)
					json_object_object_add(params, fields[f], json_object_get(v));
			}
			if (add_run(sw, params, list ? where : "grid"))
				return -1;
			/* the next grid point: the last field varies fastest */
			for (f = NR_FIELDS; f-- > 0;) {
				if (!lists[f])
					continue;
				if (++idx[f] < json_object_array_length(lists[f]))
					break;
				idx[f] = 0;
			}
			if (f == (size_t)-1)
				break;
		}
	}
	return 0;
}

static void dir_of(const char *path, char *out)
{
	char buf[PATH_MAX], *slash;

	snprintf(buf, sizeof(buf), "%s", path);
	slash = strrchr(buf, '/');
	if (slash)
		*slash = '\0';
	if (!slash || !realpath(slash == buf ? "/" : buf, out))
		snprintf(out, PATH_MAX, "%s", slash ? buf : ".");
	if (!slash && !realpath(".", out))
		snprintf(out, PATH_MAX, ".");
}

/* SWEEP.json and its base scenario, with the base's relative paths made absolute. */
static int load_sweep(struct sweep *sw)
{
	enum json_tokener_error jerr;
	json_object *scen, *v;
	char *text;
	size_t len;
	int ret = cli_read_file(sw->path, &text, &len);

	if (ret)
		return ret;
	sw->doc = json_tokener_parse_verbose(text, &jerr);
	free(text);
	if (!sw->doc || !json_object_is_type(sw->doc, json_type_object))
		return cli_failf(CLI_EXIT_INPUT, "%s: not a JSON object (%s)", sw->path,
				 sw->doc ? "another JSON value" : json_tokener_error_desc(jerr));
	json_object_object_foreach(sw->doc, key, val) {
		(void)val;
		if (strcmp(key, "scenario") && strcmp(key, "fixed") && strcmp(key, "grid") &&
		    strcmp(key, "runs") && strcmp(key, "name") && strcmp(key, "description"))
			return cli_failf(CLI_EXIT_INPUT, "%s: %s: unknown key (expected scenario, fixed, "
					 "grid, runs, name, description)", sw->path, key);
	}
	dir_of(sw->path, sw->dir);
	snprintf(sw->base_dir, sizeof(sw->base_dir), "%s", sw->dir);
	if (!json_object_object_get_ex(sw->doc, "scenario", &scen)) {
		sw->base = json_object_new_object();
		return 0;
	}
	if (!json_object_is_type(scen, json_type_string))
		return cli_failf(CLI_EXIT_INPUT, "%s: scenario: expected the path of a scenario file",
				 sw->path);
	{
		char p[PATH_MAX * 2];
		const char *s = json_object_get_string(scen);

		snprintf(p, sizeof(p), "%s%s%s", s[0] == '/' ? "" : sw->dir, s[0] == '/' ? "" : "/", s);
		ret = cli_read_file(p, &text, &len);
		if (ret)
			return ret;
		sw->base = json_tokener_parse_verbose(text, &jerr);
		free(text);
		if (!sw->base || !json_object_is_type(sw->base, json_type_object))
			return cli_failf(CLI_EXIT_INPUT, "%s: not a scenario (JSON object)", p);
		dir_of(p, sw->base_dir);
	}
	if (json_object_object_get_ex(sw->base, "workload", &v) && json_object_is_type(v, json_type_string))
		json_object_object_add(sw->base, "workload", abs_path(sw->base_dir, json_object_get_string(v)));
	if (json_object_object_get_ex(sw->base, "platform", &v) && json_object_is_type(v, json_type_string) &&
	    is_path(sw->base_dir, json_object_get_string(v)))
		json_object_object_add(sw->base, "platform", abs_path(sw->base_dir, json_object_get_string(v)));
	return 0;
}

static void result_path(const struct sweep *sw, const struct run *r, const char *ext, char *buf,
			size_t size)
{
	snprintf(buf, size, "%s/%s.%s", sw->runs_dir, r->id, ext);
}

/* Simulate run @r into a JSON report in memory. Return: 0, or the error in *@msg. */
static int simulate_run(struct sweep *sw, const struct run *r, char **json, size_t *len,
			char **msg)
{
	capsim_scenario *sc = NULL;
	capsim_summary *sum = NULL;
	capsim_error err = { 0 };
	capsim_sim *s = NULL;
	FILE *fp;
	int ret;

	ret = capsim_scenario_parse(r->scenario, strlen(r->scenario), r->id, sw->base_dir, &sc, &err);
	if (!ret)
		ret = capsim_sim_create(sc, &s, &err);
	if (!ret) {
		pthread_mutex_lock(&sw->lock);
		cli_workload_notes(capsim_sim_workload(s), &sw->told);
		pthread_mutex_unlock(&sw->lock);
	}
	if (!ret)
		ret = capsim_sim_run(s, &err);
	if (!ret)
		ret = capsim_sim_summary_take(s, &sum, &err);
	if (!ret) {
		fp = open_memstream(json, len);
		ret = !fp || capsim_summary_write(sum, CAPSIM_REPORT_JSON, fp) ? CAPSIM_ERR_IO : 0;
		if (fp && fclose(fp))
			ret = CAPSIM_ERR_IO;
		if (ret)
			capsim_error_set(&err, ret, "cannot format the report");
	}
	capsim_summary_free(sum);
	capsim_sim_free(s);
	capsim_scenario_free(sc);
	if (ret)
		*msg = strdup(err.msg[0] ? err.msg : capsim_strerror(ret));
	return ret;
}

/* Write @n bytes to @path atomically (cli_output); the caller holds the lock. */
static int write_file(const char *path, const char *data, size_t n)
{
	struct cli_output out;
	int ret = cli_output_open(&out, path);

	if (ret)
		return ret;
	if (fwrite(data, 1, n, out.fp) != n) {
		cli_output_abort(&out);
		return CLI_EXIT_INPUT;
	}
	return cli_output_commit(&out);
}

/* One run of the pool (cli_parallel_for): the @i-th run without a report. */
static void run_one(void *ctx, unsigned i)
{
	struct sweep *sw = ctx;
	struct run *r = &sw->runs[sw->todo[i]];
	char path[PATH_MAX], *json = NULL, *msg = NULL;
	size_t len = 0;
	int ret = simulate_run(sw, r, &json, &len, &msg);

	/* cli_output keeps a process-wide list of temporary files: one writer at a time */
	pthread_mutex_lock(&sw->lock);
	if (!ret) {
		result_path(sw, r, "json", path, sizeof(path));
		ret = write_file(path, json, len);
		if (ret)
			msg = strdup("cannot write its report");
		result_path(sw, r, "error", path, sizeof(path));
		if (!ret)
			unlink(path);
	}
	if (ret) {
		r->failed = 1;
		r->error = msg;
		sw->nr_failed++;
		result_path(sw, r, "error", path, sizeof(path));
		if (msg)
			write_file(path, msg, strlen(msg));
		fprintf(stderr, "%scapsim sweep: run %s failed: %s\n", sw->progress ? "\n" : "",
			r->id, msg ? msg : "out of memory");
	}
	sw->finished++;
	if (sw->progress)
		fprintf(stderr, "\rcapsim sweep: %zu of %zu runs done, %zu failed", sw->finished,
			sw->nr_todo, sw->nr_failed);
	pthread_mutex_unlock(&sw->lock);
	free(json);
}

/* Mark the runs whose report exists (and read the .error of those that failed). */
static void scan_results(struct sweep *sw)
{
	sw->nr_todo = 0;
	for (size_t i = 0; i < sw->nr_runs; i++) {
		char path[PATH_MAX];

		result_path(sw, &sw->runs[i], "json", path, sizeof(path));
		sw->runs[i].done = !access(path, F_OK);
		sw->nr_todo += !sw->runs[i].done;
	}
}

static int run_local(struct sweep *sw, unsigned jobs)
{
	size_t k = 0;

	sw->todo = malloc((sw->nr_todo ? sw->nr_todo : 1) * sizeof(*sw->todo));
	if (!sw->todo)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
	for (size_t i = 0; i < sw->nr_runs; i++)
		if (!sw->runs[i].done)
			sw->todo[k++] = i;
	pthread_mutex_init(&sw->lock, NULL);
	sw->progress = isatty(STDERR_FILENO);
	cli_parallel_for((unsigned)sw->nr_todo, jobs, run_one, sw);
	if (sw->progress && sw->nr_todo)
		fputc('\n', stderr);
	pthread_mutex_destroy(&sw->lock);
	cli_told_free(&sw->told);
	free(sw->todo);
	return 0;
}

/* A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
static void csv_field(FILE *fp, const char *s, int first)
{
	if (!first)
		fputc(',', fp);
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

/* The figures of a row, from the run's report: totals and the tasks' sums. */
static const char *const figures[] = { "duration_s", "energy_j", "migrations", "misfit_migrations",
				       "overutilized_pct", "events" };
#define NR_FIGURES (sizeof(figures) / sizeof(figures[0]))

static json_object *read_report(const struct sweep *sw, const struct run *r)
{
	char path[PATH_MAX];

	result_path(sw, r, "json", path, sizeof(path));
	return json_object_from_file(path);
}

static uint64_t task_sum(json_object *rep, const char *key)
{
	json_object *tasks, *v;
	uint64_t n = 0;

	if (!json_object_object_get_ex(rep, "tasks", &tasks))
		return 0;
	for (size_t i = 0; i < json_object_array_length(tasks); i++)
		if (json_object_object_get_ex(json_object_array_get_idx(tasks, i), key, &v))
			n += (uint64_t)json_object_get_int64(v);
	return n;
}

static const char *param_text(json_object *params, const char *f)
{
	json_object *v;

	if (!json_object_object_get_ex(params, f, &v))
		return "";
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v)
		: json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
}

static void error_of(const struct sweep *sw, struct run *r)
{
	char path[PATH_MAX], *text;
	size_t len;
	FILE *fp;

	if (r->error)
		return;
	result_path(sw, r, "error", path, sizeof(path));
	fp = fopen(path, "r");
	if (!fp)
		return;
	text = calloc(1, 4096);
	len = text ? fread(text, 1, 4095, fp) : 0;
	fclose(fp);
	(void)len;
	r->error = text;
	r->failed = 1;
}

static void write_table(struct sweep *sw, FILE *fp, int json)
{
	json_object *rows = json ? json_object_new_array() : NULL;
	int first = 1;

	if (!json) {
		csv_field(fp, "id", 1);
		csv_field(fp, "status", 0);
		for (size_t f = 0; f < NR_FIELDS; f++)
			if (sw->used[f])
				csv_field(fp, fields[f], 0);
		for (size_t k = 0; k < NR_FIGURES; k++)
			csv_field(fp, figures[k], 0);
		csv_field(fp, "activations", 0);
		csv_field(fp, "deadline_misses", 0);
		csv_field(fp, "error", 0);
		fputc('\n', fp);
	}
	for (size_t i = 0; i < sw->nr_runs; i++) {
		struct run *r = &sw->runs[i];
		json_object *rep = read_report(sw, r), *row, *v;
		const char *status = rep ? "ok" : "failed";
		char num[32];

		if (!rep)
			error_of(sw, r);
		if (json) {
			row = json_object_new_object();
			json_object_object_add(row, "id", json_object_new_string(r->id));
			json_object_object_add(row, "status", json_object_new_string(status));
			json_object_object_add(row, "params", json_object_get(r->params));
			for (size_t k = 0; rep && k < NR_FIGURES; k++)
				if (json_object_object_get_ex(rep, figures[k], &v))
					json_object_object_add(row, figures[k], json_object_get(v));
			if (rep) {
				json_object_object_add(row, "activations",
						       json_object_new_int64((int64_t)task_sum(rep, "activations")));
				json_object_object_add(row, "deadline_misses",
						       json_object_new_int64((int64_t)task_sum(rep, "deadline_misses")));
			} else {
				json_object_object_add(row, "error", json_object_new_string(
					r->error ? r->error : "no result"));
			}
			json_object_array_add(rows, row);
			json_object_put(rep);
			continue;
		}
		csv_field(fp, r->id, 1);
		csv_field(fp, status, 0);
		for (size_t f = 0; f < NR_FIELDS; f++)
			if (sw->used[f])
				csv_field(fp, param_text(r->params, fields[f]), 0);
		for (size_t k = 0; k < NR_FIGURES; k++)
			csv_field(fp, rep && json_object_object_get_ex(rep, figures[k], &v)
				      ? json_object_get_string(v) : "", 0);
		snprintf(num, sizeof(num), "%llu", (unsigned long long)task_sum(rep, "activations"));
		csv_field(fp, rep ? num : "", 0);
		snprintf(num, sizeof(num), "%llu", (unsigned long long)task_sum(rep, "deadline_misses"));
		csv_field(fp, rep ? num : "", 0);
		csv_field(fp, rep ? "" : r->error ? r->error : "no result", 0);
		fputc('\n', fp);
		json_object_put(rep);
		first = 0;
	}
	(void)first;
	if (json) {
		fputs(json_object_to_json_string_ext(rows, JSON_C_TO_STRING_PRETTY |
						     JSON_C_TO_STRING_NOSLASHESCAPE), fp);
		fputc('\n', fp);
		json_object_put(rows);
	}
}

static int emit_list(struct sweep *sw)
{
	for (size_t i = 0; i < sw->nr_runs; i++) {
		json_object *o = json_object_new_object(), *sc;
		char path[PATH_MAX];

		result_path(sw, &sw->runs[i], "json", path, sizeof(path));
		sc = json_tokener_parse(sw->runs[i].scenario);
		json_object_object_add(o, "id", json_object_new_string(sw->runs[i].id));
		json_object_object_add(o, "params", json_object_get(sw->runs[i].params));
		json_object_object_add(o, "scenario", sc);
		json_object_object_add(o, "dir", json_object_new_string(sw->base_dir));
		json_object_object_add(o, "result", json_object_new_string(path));
		json_object_object_add(o, "done", json_object_new_boolean(sw->runs[i].done));
		puts(json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN |
						    JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(o);
	}
	return fflush(stdout) ? CLI_EXIT_INPUT : 0;
}

/* A Slurm job array: task k runs the k-th line of runs.txt with `capsim simulate --json`. */
static int emit_slurm(struct sweep *sw, const char *self)
{
	char path[PATH_MAX * 2], list[PATH_MAX * 2];
	struct cli_output out;
	size_t k = 0;
	int ret;

	snprintf(path, sizeof(path), "%s/scenarios", sw->runs_dir);
	if (mkdir(path, 0777) && errno != EEXIST)
		return cli_failf(CLI_EXIT_INPUT, "%s: cannot create: %s", path, strerror(errno));
	snprintf(list, sizeof(list), "%s/runs.txt", sw->runs_dir);
	ret = cli_output_open(&out, list);
	if (ret)
		return ret;
	for (size_t i = 0; i < sw->nr_runs; i++) {
		if (sw->runs[i].done)
			continue;
		fprintf(out.fp, "%s\n", sw->runs[i].id);
		snprintf(path, sizeof(path), "%s/scenarios/%s.json", sw->runs_dir, sw->runs[i].id);
		if (write_file(path, sw->runs[i].scenario, strlen(sw->runs[i].scenario))) {
			cli_output_abort(&out);
			return CLI_EXIT_INPUT;
		}
		k++;
	}
	ret = cli_output_commit(&out);
	if (ret)
		return ret;
	snprintf(path, sizeof(path), "%s/sweep.sbatch", sw->runs_dir);
	ret = cli_output_open(&out, path);
	if (ret)
		return ret;
	fprintf(out.fp, "#!/bin/sh\n"
		"# capsim sweep %s: %zu runs without a report, one array task each.\n"
		"# Submit with: sbatch %s; then `capsim sweep %s` again writes the table.\n"
		"#SBATCH --job-name=capsim-sweep\n#SBATCH --array=0-%zu\n#SBATCH --ntasks=1\n"
		"#SBATCH --output=%s/slurm-%%A_%%a.out\n"
		"set -e\ncd '%s'\nid=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" runs.txt)\n"
		"'%s' simulate \"scenarios/$id.json\" --json -o \"$id.json\" 2> \"$id.error\" "
		"&& rm -f \"$id.error\"\n",
		sw->path, k, path, sw->path, k ? k - 1 : 0, sw->runs_dir, sw->runs_dir, self);
	ret = cli_output_commit(&out);
	if (!ret)
		fprintf(stderr, "capsim sweep: wrote %s (%zu array tasks)\n", path, k);
	return ret;
}

/* --engine dask: the Python package runs the sweep (python/capsim/engine.py). */
static int hand_off_dask(int argc, char **argv, const char *self)
{
	const char *py = getenv("CAPSIM_PYTHON");
	char **args = calloc((size_t)argc + 8, sizeof(*args));
	int n = 0;

	if (!args)
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory");
#ifdef CAPSIM_PYTHON_DIR
	{
		/* a build-tree program runs the source tree's package unless told otherwise */
		const char *pp = getenv("PYTHONPATH");
		char buf[PATH_MAX * 2];
		struct stat st;

		if (!stat(CAPSIM_PYTHON_DIR "/capsim/engine.py", &st)) {
			snprintf(buf, sizeof(buf), "%s%s%s", CAPSIM_PYTHON_DIR, pp && *pp ? ":" : "",
				 pp ? pp : "");
			setenv("PYTHONPATH", buf, 1);
		}
	}
#endif
	args[n++] = (char *)(py && *py ? py : "python3");
	args[n++] = "-m";
	args[n++] = "capsim.engine";
	args[n++] = "--capsim";
	args[n++] = (char *)self;
	for (int i = 1; i < argc; i++)
		args[n++] = argv[i];
	fflush(NULL);
	execvp(args[0], args);
	free(args);
	return cli_failf(CLI_EXIT_INTERNAL, "--engine dask: cannot run %s: %s (set CAPSIM_PYTHON to "
			 "a Python with the capsim package and python3-distributed)",
			 py && *py ? py : "python3", strerror(errno));
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep_opts opts = { 0 };
	const char *path, *output, *runs_dir;
	struct sweep sw = { 0 };
	char self[PATH_MAX], dirbuf[PATH_MAX * 2];
	unsigned jobs;
	struct cli_output out;
	int ret, emit;

	ret = cli_parse(&cli_sweep, argc, argv, &opts);
	if (ret)
		return ret == CLI_HELP_SHOWN ? CLI_EXIT_OK : ret;
	path = opts.path.arg;
	output = opts.output.arg;
	runs_dir = opts.runs_dir.arg;
	emit = opts.emit.arg ? (int)opts.emit.u : -1;
	jobs = opts.jobs.arg ? (unsigned)opts.jobs.u : cli_default_jobs();
	if (!path)
		return cli_usage_error("sweep", "expected a SWEEP.json");
	if (opts.scheduler.arg && opts.engine.u != ENGINE_DASK)
		return cli_usage_error("sweep", "--scheduler needs --engine dask");
	{
		ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

		self[n > 0 ? n : 0] = '\0';
	}
	if (opts.engine.u == ENGINE_DASK && emit < 0)
		return hand_off_dask(argc, argv, self);
	sw.path = path;
	if (!runs_dir) {
		/* SWEEP.runs beside the table, else in the current directory */
		const char *b = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
		const char *o = output && strcmp(output, "-") ? output : NULL;
		int dlen = o && strrchr(o, '/') ? (int)(strrchr(o, '/') - o + 1) : 0;
		size_t blen = strlen(b) > 5 && !strcmp(b + strlen(b) - 5, ".json") ? strlen(b) - 5
										    : strlen(b);

		snprintf(dirbuf, sizeof(dirbuf), "%.*s%.*s.runs", dlen, o ? o : "", (int)blen, b);
		runs_dir = dirbuf;
	}
	sw.runs_dir = runs_dir;
	ret = load_sweep(&sw);
	if (!ret && expand(&sw))
		ret = CLI_EXIT_INPUT;
	if (!ret && !sw.nr_runs)
		ret = cli_failf(CLI_EXIT_INPUT, "%s: no runs", path);
	if (!ret && mkdir(runs_dir, 0777) && errno != EEXIST)
		ret = cli_failf(CLI_EXIT_INPUT, "%s: cannot create: %s", runs_dir, strerror(errno));
	if (!ret)
		scan_results(&sw);
	if (!ret && emit >= 0)
		ret = emit == EMIT_LIST ? emit_list(&sw) : emit_slurm(&sw, self);
	else if (!ret) {
		fprintf(stderr, "capsim sweep: %zu runs, %zu with a report in %s, %zu to run\n",
			sw.nr_runs, sw.nr_runs - sw.nr_todo, runs_dir, sw.nr_todo);
		ret = run_local(&sw, jobs);
		if (!ret)
			ret = cli_output_open(&out, output);
		if (!ret) {
			size_t ol = output ? strlen(output) : 0;

			write_table(&sw, out.fp, ol > 5 && !strcmp(output + ol - 5, ".json"));
			ret = cli_output_commit(&out);
		}
		if (!ret && sw.nr_failed)
			ret = cli_failf(CLI_EXIT_INPUT, "sweep: %zu of %zu runs failed (their ids and "
					"messages are above and in the table)", sw.nr_failed, sw.nr_runs);
	}
	for (size_t i = 0; i < sw.nr_runs; i++) {
		json_object_put(sw.runs[i].params);
		free(sw.runs[i].scenario);
		free(sw.runs[i].error);
	}
	free(sw.runs);
	json_object_put(sw.doc);
	json_object_put(sw.base);
	return ret;
}
