// SPDX-License-Identifier: MIT
/*
 * cmd_sweep.c - `capsim sweep SWEEP.json`: a grid and lists of scenario fields (platform,
 * workload, caps, HW-cap episodes, uclamp of named tasks, governor, HZ, model, seed, duration;
 * docs/formats.md, "Sweep") expanded deterministically into runs, each a scenario JSON made
 * from the base scenario, with an id that is a hash of the run's whole resolved input: its
 * scenario text and the contents of the files it reads (capsim_scenario_input_digest()), so
 * adding a value to the grid renumbers nothing and editing a file re-runs exactly the runs that
 * read it. Runs are independent: the local engine simulates them in a pool of threads (several
 * capsim_sim may run at once, capsim_sim.h); each result is the `capsim simulate --json` text of
 * that run, kept as RUNS/ID.json, and a run whose RUNS/ID.json is a whole report is skipped
 * (resumable; anything else there is re-run, with a note). A failed run leaves RUNS/ID.error
 * with its message and costs no other result. RUNS/.lock (flock) keeps a second sweep out of the
 * runs directory. Then one tidy table: a row per run, its parameters and summary figures.
 * `--engine dask` hands the runs to the Python package (capsim.engine on a Dask cluster);
 * `--emit list` prints the expanded runs, `--emit slurm` writes a Slurm job-array script.
 * Only the public API (<capsim/capsim.h>) and json-c.
 */
/* realpath(), asprintf(), qsort_r() */
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli.h"
#include "cli_run.h"

static const char head[] =
	"usage: capsim sweep SWEEP.json [--jobs N] [--engine local|dask] [--scheduler ADDR]\n"
	"                    [-o results.csv|results.json] [--runs-dir DIR] [--emit list|slurm]\n"
	"                    [--max-runs N] [--kernel-config F] [--cpuidle-governor G]\n"
	"\n"
	"Expands a sweep (docs/formats.md, \"Sweep\": a base scenario, fixed values, a grid and\n"
	"lists over platform, workload, caps, hw_caps, uclamp, governor, hz, model, seed and\n"
	"duration) into runs with stable ids (a hash of each run's scenario and of the contents of\n"
	"the platform and workload files it reads), simulates those without a result, and writes\n"
	"one table: a row per run, its parameters and figures. Each run's `capsim simulate --json`\n"
	"report is kept as DIR/ID.json; a run whose DIR/ID.json is a whole report is skipped, so an\n"
	"interrupted sweep resumes, and an edited input re-runs the runs that read it. A failed run\n"
	"is reported with its id and message (DIR/ID.error) and the others still run; the exit\n"
	"status is then 1. Two sweeps cannot share DIR at once (DIR/.lock).\n"
	"\n";

static const char tail[] =
	"\n"
	"Examples:\n"
	"  capsim sweep examples/python/rk3399-cap-sweep.json -o results.csv\n"
	"  capsim sweep examples/python/rk3399-cap-sweep.json --engine dask --jobs 2 -o results.json\n"
	"  capsim sweep examples/python/rk3399-cap-sweep.json --emit slurm && sbatch rk3399-cap-sweep.runs/sweep.sbatch\n";

struct sweep_opts {
	struct cli_value path, jobs, engine, scheduler, output, runs_dir, emit, max_runs;
	struct cli_value kernel_config, cpuidle_governor;
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
		  "Dask distributed cluster: $CAPSIM_PYTHON, default the Python the build\n"
		  "found with dask)" },
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
	/* a sweep larger than this is a typo in the grid, not a plan */
	{ "--max-runs", 0, "N", CLI_U64, .min = 1, .def = "1000000", .offset = SWEEP(max_runs),
	  .expect = "a count of runs >= 1",
	  .help = "refuse a sweep that expands to more than N runs (default 1000000)" },
	{ "--kernel-config", 0, "F", CLI_FILE, .offset = SWEEP(kernel_config),
	  .help = "every run reads the kernel's .config or defconfig F (as simulate\n"
		  "--kernel-config: the run's kernel block and the grid's hz, model and\n"
		  "governor win over it); its contents are part of each run's id" },
	{ "--cpuidle-governor", 0, "G", CLI_CHOICE, .values = CLI_RUN_CPUIDLE_GOVERNORS,
	  .offset = SWEEP(cpuidle_governor),
	  .help = "every run's cpuidle governor, menu or teo (as simulate\n"
		  "--cpuidle-governor: its kernel block's cpuidle_governor, part of its id)" },
};

const struct cli_command cli_sweep = {
	CLI_OPTIONS("sweep", options), .head = head, .tail = tail, .column = 19,
};

/* The fields a run may set, in the order of the parameter columns and of the grid's nesting. */
static const char *const fields[] = { "platform", "workload", "caps", "hw_caps", "uclamp",
				       "governor", "hz", "model", "seed", "duration" };
#define NR_FIELDS (sizeof(fields) / sizeof(fields[0]))

/* The figures of a row, from the run's report: totals and the tasks' sums. */
static const char *const figures[] = { "duration_s", "energy_j", "migrations", "misfit_migrations",
				       "overutilized_pct", "events" };
#define NR_FIGURES (sizeof(figures) / sizeof(figures[0]))

/* The largest report or error file read back (a report of many tasks is a few MB). */
#define MAX_RESULT_BYTES (256u << 20)

struct run {
	char id[17];
	json_object *params;   /* the fields it sets, in fields[] order */
	char *scenario;        /* the scenario JSON text */
	char *inputs;          /* its platform and workload values: runs that read the same files */
	uint64_t digest;       /* of the files it reads (capsim_scenario_input_digest()) */
	int done, failed;
	char *error;
};

struct sweep {
	const char *path;
	char dir[PATH_MAX];       /* of SWEEP.json: its paths are relative to it */
	char base_dir[PATH_MAX];  /* of the base scenario */
	json_object *doc, *base;
	struct run *runs;
	size_t nr_runs, max_runs;
	int used[NR_FIELDS];      /* a column per field some run sets */
	const char *runs_dir;
	const char *kernel_config; /* --kernel-config: every run reads it (absolute), or NULL */
	/* the local engine's pool */
	size_t *todo;             /* indices of the runs without a report */
	pthread_mutex_t lock;
	size_t finished, nr_todo, nr_failed;
	size_t nr_failed_rows;    /* the table's rows without a report: the exit status is 1 */
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

/* FNV-1a 64 of the string @s, continuing from @h */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

/*
 * FNV-1a 64 of the capsim version that runs it, the run's scenario text, then the digest of the
 * files it reads, as 16 hex digits: its whole resolved input, so no edited file, no other
 * sweep's run and no report of another capsim version (whose model may differ) shares its id.
 */
static void run_id(const char *text, uint64_t digest, char id[17])
{
	uint64_t h = fnv1a(fnv1a(0xcbf29ce484222325ULL, capsim_version()), "\n");

	h = fnv1a(h, text);
	for (int i = 0; i < 8; i++)
		h = (h ^ ((digest >> (8 * i)) & 0xff)) * 0x100000001b3ULL;
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
	/* a seed is 0..2^64-1 (capsim_json_check() refused the wider ones) */
	if (f == 8 && (!json_object_is_type(v, json_type_int) ||
		       json_object_to_json_string(v)[0] == '-'))
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

/* The platform and workload values of scenario @sc: runs with equal ones read the same files. */
static char *inputs_of(json_object *sc)
{
	json_object *p = NULL, *w = NULL;
	char *out = NULL;

	json_object_object_get_ex(sc, "platform", &p);
	json_object_object_get_ex(sc, "workload", &w);
	if (asprintf(&out, "%s\n%s", json_object_to_json_string_ext(p, JSON_C_TO_STRING_PLAIN),
		     json_object_to_json_string_ext(w, JSON_C_TO_STRING_PLAIN)) < 0)
		return NULL;
	return out;
}

/* One run from the parameter object @params (owned by the run); its id comes later. */
static int add_run(struct sweep *sw, json_object *params, const char *const where[NR_FIELDS])
{
	json_object *sc = NULL;
	struct run *r;

	json_object_deep_copy(sw->base, &sc, NULL);
	json_object_object_foreach(params, key, val) {
		int f = field_index(key);

		sw->used[f] = 1;
		if (apply_field(sw, sc, f, val, where[f])) {
			json_object_put(sc);
			json_object_put(params);
			return -1;
		}
	}
	r = &sw->runs[sw->nr_runs++];
	memset(r, 0, sizeof(*r));
	r->params = params;
	r->scenario = strdup(json_object_to_json_string_ext(sc, JSON_C_TO_STRING_PLAIN |
							    JSON_C_TO_STRING_NOSLASHESCAPE));
	r->inputs = inputs_of(sc);
	json_object_put(sc);
	return r->scenario && r->inputs ? 0 : (cli_failf(CLI_EXIT_INTERNAL, "out of memory"), -1);
}

static int cmp_inputs(const void *a, const void *b, void *ctx)
{
	const struct run *runs = ctx;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(runs[i].inputs, runs[j].inputs);

	return c ? c : (i > j) - (i < j);
}

static int cmp_ids(const void *a, const void *b, void *ctx)
{
	const struct run *runs = ctx;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(runs[i].id, runs[j].id);

	return c ? c : (i > j) - (i < j);
}

/*
 * The digest of the files each run reads, once per distinct platform and workload (they name
 * the files; the runs sorted by them), then the runs' ids, and a run whose id an earlier run
 * has dropped (the same resolved input twice: one run), keeping expansion order. O(n log n).
 */
static int number_runs(struct sweep *sw)
{
	size_t *order = malloc((sw->nr_runs ? sw->nr_runs : 1) * sizeof(*order)), k = 0;
	uint64_t digest = 0;
	char *drop;

	drop = calloc(sw->nr_runs ? sw->nr_runs : 1, 1);
	if (!order || !drop) {
		free(order);
		free(drop);
		return cli_failf(CLI_EXIT_INTERNAL, "out of memory"), -1;
	}
	for (size_t i = 0; i < sw->nr_runs; i++)
		order[i] = i;
	qsort_r(order, sw->nr_runs, sizeof(*order), cmp_inputs, sw->runs);
	for (size_t i = 0; i < sw->nr_runs; i++) {
		struct run *r = &sw->runs[order[i]];

		if (!i || strcmp(r->inputs, sw->runs[order[i - 1]].inputs)) {
			capsim_scenario *sc = NULL;

			/* a run whose inputs cannot be read fails when simulated, saying why */
			digest = 0;
			if (!capsim_scenario_parse(r->scenario, strlen(r->scenario), "sweep run",
						   sw->base_dir, &sc, NULL) &&
			    (!sw->kernel_config ||
			     !capsim_scenario_set_kernel_config(sc, sw->kernel_config, NULL)))
				capsim_scenario_input_digest(sc, &digest, NULL);
			capsim_scenario_free(sc);
		}
		r->digest = digest;
		run_id(r->scenario, digest, r->id);
	}
	qsort_r(order, sw->nr_runs, sizeof(*order), cmp_ids, sw->runs);
	for (size_t i = 1; i < sw->nr_runs; i++)
		drop[order[i]] = !strcmp(sw->runs[order[i]].id, sw->runs[order[i - 1]].id);
	for (size_t i = 0; i < sw->nr_runs; i++) {
		if (drop[i]) {
			json_object_put(sw->runs[i].params);
			free(sw->runs[i].scenario);
			free(sw->runs[i].inputs);
			continue;
		}
		sw->runs[k++] = sw->runs[i];
	}
	sw->nr_runs = k;
	free(order);
	free(drop);
	return 0;
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

/*
 * How many runs the sweep expands to (before duplicates are dropped): refused beyond
 * --max-runs before anything is allocated; else room for them.
 */
static int count_runs(struct sweep *sw, size_t nr_list, json_object *const lists[NR_FIELDS])
{
	unsigned long long n = nr_list;
	int wide = 0;
	char count[32];

	for (size_t f = 0; f < NR_FIELDS; f++)
		if (lists[f])
			wide |= __builtin_mul_overflow(n, (unsigned long long)
						       json_object_array_length(lists[f]), &n);
	if (wide || n > sw->max_runs) {
		snprintf(count, sizeof(count), wide ? "more than 2^64" : "%llu", n);
		return cli_failf(CLI_EXIT_INPUT, "%s: %s runs (the runs times the grid's lists), more "
				 "than --max-runs %llu (expected a smaller grid, or a larger --max-runs)",
				 sw->path, count, (unsigned long long)sw->max_runs), -1;
	}
	sw->runs = calloc(n ? n : 1, sizeof(*sw->runs));
	return sw->runs ? 0 : (cli_failf(CLI_EXIT_INTERNAL, "out of memory"), -1);
}

/* The runs: each of "runs" (default one empty run) crossed with the grid's product. */
static int expand(struct sweep *sw)
{
	json_object *fixed = NULL, *grid = NULL, *list = NULL, *lists[NR_FIELDS] = { 0 };
	size_t nr_list, idx[NR_FIELDS] = { 0 };
	const char *src[NR_FIELDS] = { 0 }; /* where each field's value of a run comes from */
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
	if (count_runs(sw, nr_list, lists))
		return -1;
	for (size_t k = 0; k < nr_list; k++) {
		json_object *one = list ? json_object_array_get_idx(list, k) : NULL;

		snprintf(where, sizeof(where), "runs[%zu]", k);
		if (list && check_fields(sw, one, where))
			return -1;
		memset(idx, 0, sizeof(idx));
		for (;;) {
			json_object *params = json_object_new_object();
			size_t f;

			/* later sources win: fixed, then the run, then the grid point */
			for (f = 0; f < NR_FIELDS; f++) {
				json_object *v = NULL;
				int set = 1;

				if (lists[f])
					v = json_object_array_get_idx(lists[f], idx[f]), src[f] = "grid";
				else if (one && json_object_object_get_ex(one, fields[f], &v))
					src[f] = where;
				else if (!fixed || !json_object_object_get_ex(fixed, fields[f], &v))
					set = 0;
				else
					src[f] = "fixed";
				if (set && !v) { /* a JSON null: no value of any field */
					json_object_put(params);
					return cli_failf(CLI_EXIT_INPUT, "%s: %s.%s: null is not a valid %s "
							 "(docs/formats.md, \"Sweep\")", sw->path, src[f],
							 fields[f], fields[f]), -1;
				}
				if (v)
					json_object_object_add(params, fields[f], json_object_get(v));
			}
			if (add_run(sw, params, src))
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

/*
 * The JSON object in file @path, through the checks every capsim JSON input gets
 * (capsim_json_check(): a key given twice, an integer beyond 64 bits). Return: 0 or an exit code.
 */
static int read_json_object(const char *path, const char *what, json_object **out)
{
	enum json_tokener_error jerr;
	capsim_error err = { 0 };
	char *text;
	size_t len;
	int ret = cli_read_file(path, &text, &len);

	if (ret)
		return ret;
	if (capsim_json_check(text, len, path, &err)) {
		free(text);
		return cli_fail(&err);
	}
	*out = json_tokener_parse_verbose(text, &jerr);
	free(text);
	if (!*out || !json_object_is_type(*out, json_type_object))
		return cli_failf(CLI_EXIT_INPUT, "%s: not %s (a JSON object: %s)", path, what,
				 *out ? "another JSON value" : json_tokener_error_desc(jerr));
	return 0;
}

/* SWEEP.json and its base scenario, with the base's relative paths made absolute. */
static int load_sweep(struct sweep *sw)
{
	json_object *scen, *v;
	int ret = read_json_object(sw->path, "a sweep", &sw->doc);

	if (ret)
		return ret;
	json_object_object_foreach(sw->doc, key, val) {
		if (strcmp(key, "scenario") && strcmp(key, "fixed") && strcmp(key, "grid") &&
		    strcmp(key, "runs") && strcmp(key, "name") && strcmp(key, "description"))
			return cli_failf(CLI_EXIT_INPUT, "%s: %s: unknown key (expected scenario, fixed, "
					 "grid, runs, name, description)", sw->path, key);
		if ((!strcmp(key, "name") || !strcmp(key, "description")) &&
		    !json_object_is_type(val, json_type_string))
			return cli_failf(CLI_EXIT_INPUT, "%s: %s: %s (expected a string)", sw->path, key,
					 json_object_to_json_string_ext(val, JSON_C_TO_STRING_PLAIN));
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
		ret = read_json_object(p, "a scenario", &sw->base);
		if (ret)
			return ret;
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
	if (!ret && sw->kernel_config)
		ret = capsim_scenario_set_kernel_config(sc, sw->kernel_config, &err);
	if (!ret)
		ret = capsim_sim_create(sc, &s, &err);
	if (!ret) {
		pthread_mutex_lock(&sw->lock);
		cli_workload_notes(capsim_sim_workload(s), &sw->told);
		pthread_mutex_unlock(&sw->lock);
	}
	if (!ret) {
		char prefix[32];

		ret = capsim_sim_run(s, &err);
		/* a deadlock within the duration: said as simulate says it, naming the run */
		snprintf(prefix, sizeof(prefix), "run %s: ", r->id);
		pthread_mutex_lock(&sw->lock);
		cli_run_warning(s, prefix);
		pthread_mutex_unlock(&sw->lock);
	}
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

/*
 * Read the regular file @path whole (at most MAX_RESULT_BYTES) into *@text: never blocking on
 * a FIFO or following a link that is put there (O_NONBLOCK, O_NOFOLLOW, then fstat()).
 * Return: 0; else -1 with *@why saying what is there instead ("" when nothing is).
 */
static int read_result(const char *path, char **text, size_t *len, const char **why)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
	struct stat st;
	ssize_t got = 0;
	size_t n = 0;
	char *b;

	*text = NULL;
	*why = errno == ENOENT ? "" : "it cannot be opened";
	if (fd < 0)
		return -1;
	*why = "not a regular file";
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (unsigned long long)st.st_size > MAX_RESULT_BYTES ||
	    !(b = malloc((size_t)st.st_size + 1))) {
		close(fd);
		return -1;
	}
	while (n < (size_t)st.st_size && (got = read(fd, b + n, (size_t)st.st_size - n)) > 0)
		n += (size_t)got;
	close(fd);
	b[n] = '\0';
	*text = b;
	*len = n;
	return 0;
}

/*
 * The run's stored report, when RUNS/ID.json holds a whole one: all of it one JSON object with
 * the figures the table reads, its seed, model and HZ those its scenario asks for. NULL with
 * *@why otherwise ("": no file).
 */
static json_object *load_report(const struct sweep *sw, const struct run *r, const char **why)
{
	char path[PATH_MAX], *text;
	json_object *rep = NULL, *sc, *k, *v, *want;
	struct json_tokener *tok;
	size_t len;

	result_path(sw, r, "json", path, sizeof(path));
	if (read_result(path, &text, &len, why))
		return NULL;
	*why = "not a whole capsim report";
	tok = json_tokener_new();
	if (tok)
		rep = json_tokener_parse_ex(tok, text, (int)(len < INT_MAX ? len : INT_MAX));
	/* the report and nothing after it (a newline) */
	if (rep && (len >= INT_MAX || strspn(text + json_tokener_get_parse_end(tok), " \n") !=
		    len - json_tokener_get_parse_end(tok))) {
		json_object_put(rep);
		rep = NULL;
	}
	json_tokener_free(tok);
	free(text);
	for (size_t f = 0; rep && f < NR_FIGURES; f++)
		if (!json_object_object_get_ex(rep, figures[f], NULL))
			goto refuse;
	if (!rep || !json_object_object_get_ex(rep, "tasks", &v) ||
	    !json_object_is_type(v, json_type_array))
		goto refuse;
	*why = "the report of another run";
	sc = json_tokener_parse(r->scenario);
	k = sc && json_object_object_get_ex(sc, "kernel", &k) ? k : NULL;
	if ((json_object_object_get_ex(sc, "seed", &want) &&
	     (!json_object_object_get_ex(rep, "seed", &v) ||
	      json_object_get_uint64(v) != json_object_get_uint64(want))) ||
	    (json_object_object_get_ex(k, "hz", &want) &&
	     (!json_object_object_get_ex(rep, "hz", &v) ||
	      json_object_get_int64(v) != json_object_get_int64(want)))) {
		json_object_put(sc);
		goto refuse;
	}
	if (json_object_object_get_ex(k, "model", &want)) {
		enum capsim_model m;

		if (!json_object_object_get_ex(rep, "model", &v) ||
		    capsim_model_from_name(json_object_get_string(want), &m) ||
		    strcmp(capsim_model_name(m), json_object_get_string(v))) {
			json_object_put(sc);
			goto refuse;
		}
	}
	json_object_put(sc);
	return rep;
refuse:
	json_object_put(rep);
	return NULL;
}

/*
 * Mark the runs with a whole report. Anything else at RUNS/ID.json is re-run, with a note: a
 * report cut short or of another run, a FIFO (removed: the run's report replaces it), a
 * directory (the run then fails to write its report, saying so).
 */
static void scan_results(struct sweep *sw)
{
	sw->nr_todo = 0;
	for (size_t i = 0; i < sw->nr_runs; i++) {
		struct run *r = &sw->runs[i];
		char path[PATH_MAX];
		const char *why;
		json_object *rep = load_report(sw, r, &why);
		struct stat st;

		r->done = rep != NULL;
		json_object_put(rep);
		sw->nr_todo += !r->done;
		if (r->done || !why[0])
			continue;
		result_path(sw, r, "json", path, sizeof(path));
		fprintf(stderr, "capsim: note: %s: %s, so run %s runs again\n", path, why, r->id);
		if (!lstat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
			unlink(path);
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
	const char *why;
	size_t len;

	if (r->error)
		return;
	result_path(sw, r, "error", path, sizeof(path));
	if (read_result(path, &text, &len, &why))
		return;
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
		const char *why;
		json_object *rep = load_report(sw, r, &why), *row, *v;
		const char *status = rep ? "ok" : "failed";
		char num[32];

		if (!rep) {
			error_of(sw, r);
			sw->nr_failed_rows++;
		}
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

/*
 * A name pasted into sweep.sbatch: single-quoted for the shell (a ' as '\''), so that no name
 * runs as a command. A control character (a line break ends a comment or an #SBATCH line, which
 * no quoting spans) cannot be pasted, nor a '"' into the #SBATCH line's double quotes: refused.
 */
static int unquotable(const char *what, const char *name, const char *also)
{
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (also && strchr(also, *p)))
			return cli_failf(CLI_EXIT_INPUT, "--emit slurm: %s has a %s, which a job script "
					 "cannot quote (expected a name without control characters%s)",
					 what, *p == '\n' ? "line break" : *p == '"' ? "'\"'"
					 : "control character", also ? " or '\"'" : "");
	return 0;
}

static void shell_quote(FILE *fp, const char *s)
{
	fputc('\'', fp);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", fp);
		else
			fputc(*s, fp);
	fputc('\'', fp);
}

/* The runs directory in #SBATCH --output="...": a '%' doubled (Slurm's file-name patterns). */
static void slurm_path(FILE *fp, const char *s)
{
	for (; *s; s++) {
		if (*s == '%')
			fputc('%', fp);
		fputc(*s, fp);
	}
}

/* sweep.sbatch's text for @k array tasks into @script, finished (not yet in place) */
static int write_sbatch(const struct sweep *sw, const char *self, const char *path, size_t k,
			struct cli_output *script)
{
	FILE *fp = script->fp;

	fprintf(fp, "#!/bin/sh\n# capsim sweep ");
	shell_quote(fp, sw->path);
	fprintf(fp, ": %zu runs without a report, one array task each.\n# Submit with: sbatch ", k);
	shell_quote(fp, path);
	fprintf(fp, "; then `capsim sweep ");
	shell_quote(fp, sw->path);
	fprintf(fp, "` again writes the table.\n"
		"#SBATCH --job-name=capsim-sweep\n#SBATCH --array=0-%zu\n#SBATCH --ntasks=1\n"
		"#SBATCH --output=\"", k - 1);
	slurm_path(fp, sw->runs_dir);
	fprintf(fp, "/slurm-%%A_%%a.out\"\nset -e\ncd ");
	shell_quote(fp, sw->runs_dir);
	fprintf(fp, "\nid=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" runs.txt)\n");
	shell_quote(fp, self);
	fprintf(fp, " simulate \"scenarios/$id.json\" --json -o \"$id.json\"");
	if (sw->kernel_config) {
		fprintf(fp, " --kernel-config ");
		shell_quote(fp, sw->kernel_config);
	}
	fprintf(fp, " 2> \"$id.error\" && rm -f \"$id.error\"\n");
	return cli_output_finish(script);
}

/* A Slurm job array: task k runs the k-th line of runs.txt with `capsim simulate --json`. */
static int emit_slurm(struct sweep *sw, const char *self)
{
	char path[PATH_MAX * 2], list[PATH_MAX * 2];
	struct cli_output out, script = { 0 };
	size_t k = 0;
	int ret;

	snprintf(path, sizeof(path), "%s/sweep.sbatch", sw->runs_dir);
	if (unquotable("the sweep file's name", sw->path, NULL) ||
	    unquotable("--runs-dir", sw->runs_dir, "\"") || unquotable("the capsim program's path", self, NULL))
		return CLI_EXIT_INPUT;
	if (!sw->nr_todo) {
		/* an array of no task is no job: a stale script of an earlier emit would run again */
		if (!unlink(path))
			fprintf(stderr, "capsim sweep: removed %s, an earlier script\n", path);
		fprintf(stderr, "capsim sweep: every run has a report in %s: nothing to submit (no "
			"sweep.sbatch written); `capsim sweep %s` writes the table\n", sw->runs_dir,
			sw->path);
		return 0;
	}
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
	snprintf(path, sizeof(path), "%s/sweep.sbatch", sw->runs_dir);
	ret = cli_output_finish(&out);
	if (!ret)
		ret = cli_output_open(&script, path);
	if (!ret)
		ret = write_sbatch(sw, self, path, k, &script);
	/* runs.txt and the script whole before either is put in place: both or neither */
	if (!ret)
		ret = cli_output_commit(&out);
	if (!ret)
		ret = cli_output_commit(&script);
	cli_output_abort(&out);
	cli_output_abort(&script);
	if (!ret)
		fprintf(stderr, "capsim sweep: wrote %s (%zu array tasks)\n", path, k);
	return ret;
}

/*
 * Hold RUNS/.lock (flock) until the sweep ends: two sweeps writing one runs directory at once
 * would simulate the same runs twice and read each other's reports half-written.
 */
static int lock_runs_dir(const char *runs_dir, int *fd)
{
	char path[PATH_MAX * 2];

	snprintf(path, sizeof(path), "%s/.lock", runs_dir);
	*fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666);
	if (*fd < 0)
		return cli_failf(CLI_EXIT_INPUT, "%s: cannot create: %s", path, strerror(errno));
	if (!flock(*fd, LOCK_EX | LOCK_NB))
		return 0;
	close(*fd);
	*fd = -1;
	return cli_failf(CLI_EXIT_INPUT, "%s: another capsim sweep is using %s (it holds %s): wait "
			 "for it to end, or give this one another --runs-dir", runs_dir, runs_dir,
			 path);
}

/*
 * What is left to run. When nothing is (a resumed sweep, or the table after the Dask engine ran
 * every run), say so without a count of 0 runs to run right after they ran.
 */
static void print_todo(const struct sweep *sw, const char *runs_dir)
{
	if (sw->nr_todo)
		fprintf(stderr, "capsim sweep: %zu runs, %zu with a report in %s, %zu to run\n",
			sw->nr_runs, sw->nr_runs - sw->nr_todo, runs_dir, sw->nr_todo);
	else
		fprintf(stderr, "capsim sweep: %zu runs, all with a report in %s: writing the table\n",
			sw->nr_runs, runs_dir);
}

/*
 * The Python that runs the Dask engine: $CAPSIM_PYTHON, else the one the build found (with
 * numpy, pandas and dask.distributed: CMakeLists.txt), not whatever python3 comes first on PATH.
 */
static const char *dask_python(void)
{
	const char *py = getenv("CAPSIM_PYTHON");

	if (py && *py)
		return py;
#ifdef CAPSIM_BUILD_PYTHON
	return CAPSIM_BUILD_PYTHON;
#else
	return "python3";
#endif
}

/*
 * Run by that Python: a module it lacks (numpy, pandas, dask.distributed, the capsim package)
 * is one line saying what to install, not a traceback; exit 3 as the program's internal errors.
 */
static const char dask_boot[] =
	"import sys\n"
	"try:\n"
	"    import dask.distributed\n"
	"    from capsim.engine import main\n"
	"except ImportError as e:\n"
	"    if e.name and e.name.split('.')[0] != 'capsim':\n"
	"        e = ('cannot import %s (install numpy, pandas and dask.distributed for it, e.g. pip '\n"
	"             'install \"dask[distributed]\" pandas, or set CAPSIM_PYTHON to a Python that '\n"
	"             'has them)' % e.name)\n"
	"    print('capsim sweep --engine dask: %s: %s' % (sys.executable, e), file=sys.stderr)\n"
	"    sys.exit(3)\n"
	"sys.exit(main())\n";

/* --engine dask: the Python package runs the sweep (python/capsim/engine.py). */
static int hand_off_dask(int argc, char **argv, const char *self)
{
	const char *py = dask_python();
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
			/* and the library this program runs, beside it in its build directory (any
			 * BUILD=, not only build/, which the package looks for) */
			snprintf(buf, sizeof(buf), "%.*s/libcapsim.so.0",
				 (int)(strrchr(self, '/') ? strrchr(self, '/') - self : 0), self);
			if (strrchr(self, '/') && !stat(buf, &st))
				setenv("CAPSIM_LIB", buf, 0);
		}
	}
#endif
	args[n++] = (char *)py;
	args[n++] = "-c";
	args[n++] = (char *)dask_boot;
	args[n++] = "--capsim";
	args[n++] = (char *)self;
	for (int i = 1; i < argc; i++)
		args[n++] = argv[i];
	fflush(NULL);
	execvp(args[0], args);
	free(args);
	return cli_failf(CLI_EXIT_INTERNAL, "--engine dask: cannot run %s: %s (set CAPSIM_PYTHON to "
			 "a Python with the capsim package and python3-distributed)", py,
			 strerror(errno));
}

/* --kernel-config @path: checked by reading it into a scratch scenario, its absolute path in @abs */
static int sweep_kernel_config(const char *path, char abs[PATH_MAX])
{
	capsim_scenario *sc = NULL;
	capsim_error err = { 0 };
	int ret = capsim_scenario_create(&sc, &err) ||
		  capsim_scenario_set_kernel_config(sc, path, &err);

	capsim_scenario_free(sc);
	if (ret)
		return cli_fail(&err);
	if (!realpath(path, abs))
		return cli_failf(CLI_EXIT_INPUT, "%s: %s", path, strerror(errno));
	return 0;
}

int cmd_sweep(int argc, char **argv)
{
	struct sweep_opts opts = { 0 };
	const char *path, *output, *runs_dir;
	struct sweep sw = { 0 };
	char self[PATH_MAX], dirbuf[PATH_MAX * 2], kcbuf[PATH_MAX];
	unsigned jobs;
	struct cli_output out;
	int ret, emit, lock_fd = -1;

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
	/* the table bounds it at 1; the runs' array bounds it here */
	sw.max_runs = opts.max_runs.u;
	if (sw.max_runs > SIZE_MAX / sizeof(struct run))
		return cli_usage_error("sweep", "--max-runs '%s': expected a count of runs >= 1",
				       opts.max_runs.arg);
	if (opts.scheduler.arg && opts.engine.u != ENGINE_DASK)
		return cli_usage_error("sweep", "--scheduler needs --engine dask");
	if (opts.kernel_config.arg && opts.engine.u == ENGINE_DASK && emit < 0)
		return cli_usage_error("sweep", "--kernel-config is not passed to --engine dask's "
				       "runs (use the local engine or --emit slurm)");
	if (opts.cpuidle_governor.arg && opts.engine.u == ENGINE_DASK && emit < 0)
		return cli_usage_error("sweep", "--cpuidle-governor is not passed to --engine dask's "
				       "runs (use the local engine or --emit slurm)");
	if (opts.kernel_config.arg) {
		/* read once here, so a bad file fails the sweep, not each run; absolute for the
		 * job script, which runs in DIR */
		ret = sweep_kernel_config(opts.kernel_config.arg, kcbuf);
		if (ret)
			return ret;
		sw.kernel_config = kcbuf;
	}
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
	/* in the base scenario's kernel block, so each run's scenario (and id) carries it */
	if (!ret && opts.cpuidle_governor.arg)
		json_object_object_add(kernel_of(sw.base), "cpuidle_governor",
				       json_object_new_string(opts.cpuidle_governor.arg));
	if (!ret && (expand(&sw) || number_runs(&sw)))
		ret = CLI_EXIT_INPUT;
	if (!ret && !sw.nr_runs)
		ret = cli_failf(CLI_EXIT_INPUT, "%s: no runs", path);
	if (!ret && mkdir(runs_dir, 0777) && errno != EEXIST)
		ret = cli_failf(CLI_EXIT_INPUT, "%s: cannot create: %s", runs_dir, strerror(errno));
	if (!ret)
		ret = lock_runs_dir(runs_dir, &lock_fd);
	if (!ret)
		scan_results(&sw);
	if (!ret && emit >= 0)
		ret = emit == EMIT_LIST ? emit_list(&sw) : emit_slurm(&sw, self);
	else if (!ret) {
		print_todo(&sw, runs_dir);
		ret = run_local(&sw, jobs);
		if (!ret)
			ret = cli_output_open(&out, output);
		if (!ret) {
			size_t ol = output ? strlen(output) : 0;

			write_table(&sw, out.fp, ol > 5 && !strcmp(output + ol - 5, ".json"));
			ret = cli_output_commit(&out);
		}
		if (!ret && sw.nr_failed_rows)
			ret = cli_failf(CLI_EXIT_INPUT, "sweep: %zu of %zu runs failed (their ids and "
					"messages are %sin the table)", sw.nr_failed_rows, sw.nr_runs,
					sw.nr_failed ? "above and " : "");
	}
	if (lock_fd >= 0)
		close(lock_fd);
	for (size_t i = 0; i < sw.nr_runs; i++) {
		json_object_put(sw.runs[i].params);
		free(sw.runs[i].scenario);
		free(sw.runs[i].inputs);
		free(sw.runs[i].error);
	}
	free(sw.runs);
	json_object_put(sw.doc);
	json_object_put(sw.base);
	return ret;
}
