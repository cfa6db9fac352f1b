/* SPDX-License-Identifier: MIT */
/*
 * cli_record.h - what `capsim simulate` and `capsim compare` share for the outputs of a
 * recording (include/capsim/capsim_record.h): a directory of files written atomically (--csv,
 * --rtapp-log), the report's inputs (--report), and the progress line on stderr.
 */
#ifndef CAPSIM_CLI_RECORD_H
#define CAPSIM_CLI_RECORD_H

#include <stdint.h>

#include "cli.h"

/*
 * The files a recording opens in one directory: each written to a temporary, and renamed into
 * place only once all are whole; on a failure all are removed, and the directory too if this
 * run made it (and it is empty).
 */
struct cli_dir {
	const char *opt, *dir;
	struct cli_output *outs;
	unsigned n, cap;
	int made;                /* the directory did not exist before */
	capsim_claims *claims;   /* the run's: each file is claimed as it is opened (NULL: none) */
};

/**
 * cli_dir_init() - @dir (made if missing) for the files of option @opt. Return: 0, or
 * CLI_EXIT_INPUT (printed: "capsim: OPT DIR: ...").
 */
int cli_dir_init(struct cli_dir *d, const char *opt, const char *dir);
/** cli_dir_open() - a capsim_open_fn: DIR/NAME through cli_output_open() (NULL on failure). */
FILE *cli_dir_open(void *ctx, const char *name);
/**
 * cli_dir_finish() - finish every file (cli_output_finish()); on a write error remove them all
 * (cli_dir_abort()). Return: 0 or the exit code (printed).
 */
int cli_dir_finish(struct cli_dir *d);
/**
 * cli_dir_commit() - finish every file, then rename each into place (a write error: all
 * removed, cli_dir_abort()). Return: 0 or the first failure's exit code (printed).
 */
int cli_dir_commit(struct cli_dir *d);
/** cli_dir_abort() - remove every file not yet committed, and the directory if made; release @d. */
void cli_dir_abort(struct cli_dir *d);

/**
 * cli_claim_run_files() - *@claims (capsim_claims_free() it) with every file a run of @sc reads
 * and the @n outputs @outs ({ option, path } each; the first with a NULL path is standard
 * output, any other NULL is not written): an output naming an input or another output is
 * refused, before anything is written, as a usage error of @cmd. The files of --csv and
 * --rtapp-log are claimed as they are opened (struct cli_dir's claims). Return: 0 or the exit
 * code (printed).
 */
int cli_claim_run_files(const char *cmd, const capsim_scenario *sc, const char *const outs[][2],
			size_t n, capsim_claims **claims);

/*
 * Progress of @runs runs of @run_ns simulated each on stderr: on a terminal, a line rewritten
 * in place (simulated time, rate, time left); elsewhere one line at the start when the runs
 * look like taking more than about 10 s, and nothing else.
 */
struct cli_progress {
	const char *cmd, *what;
	uint64_t run_ns, done_ns; /* done_ns: the runs already finished */
	unsigned runs;
	unsigned waves;           /* runs that go one after the other (parallel compare), for the estimate */
	double t0;
	int tty, announced, shown;
};

/** cli_progress_start() - start timing @runs runs of @run_ns (0: unknown) described by @what. */
void cli_progress_start(struct cli_progress *p, const char *cmd, const char *what,
			uint64_t run_ns, unsigned runs);
/** cli_progress_fn() - the callback for capsim_sim_set_progress() (@ctx: the cli_progress). */
void cli_progress_fn(void *ctx, uint64_t now_ns, uint64_t end_ns);
/** cli_progress_run_done() - one run finished: the next one's time adds to it. */
void cli_progress_run_done(struct cli_progress *p);
/** cli_progress_end() - clear the terminal line. */
void cli_progress_end(struct cli_progress *p);

/**
 * cli_report_inputs() - fill @in for a report: @argv joined as the command, the scenario
 * @path (NULL: the default scenario) named with the parts @platform / @workload (--platform,
 * --workload; NULL: none) replaced, its text and @workload's, in buffers to free with
 * cli_report_inputs_free().
 */
void cli_report_inputs(struct capsim_report_inputs *in, int argc, char **argv, const char *path,
		       const char *platform, const char *workload);
/** cli_command_line() - "capsim" and @argv joined by spaces (free it), NULL when out of memory. */
char *cli_command_line(int argc, char **argv);
/** cli_report_inputs_free() - release what cli_report_inputs() allocated. */
void cli_report_inputs_free(struct capsim_report_inputs *in);

#endif /* CAPSIM_CLI_RECORD_H */
