/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the capsim program: the subcommand table's entry points and the helpers every
 * subcommand shares (exit codes, error reporting, atomic output files, option values).
 * To add a subcommand: write cli/cmd_<name>.c with `int cmd_<name>(int argc, char **argv)`,
 * declare it here, add it to commands[] in cli/capsim.c, add tests/cli/ cases and docs.
 */
#ifndef CAPSIM_CLI_H
#define CAPSIM_CLI_H

#include <stdio.h>

#include "capsim/capsim.h"

/* Exit codes of the program: part of its interface. */
enum cli_exit {
	CLI_EXIT_OK = 0,
	CLI_EXIT_INPUT = 1,    /* bad input: a file or value capsim was given */
	CLI_EXIT_USAGE = 2,    /* bad usage: unknown option, missing argument */
	CLI_EXIT_INTERNAL = 3, /* a capsim bug or resource failure */
	CLI_EXIT_TRUNCATED = 4, /* the run stopped early (--max-events, --timeout): report written */
};

int cmd_pelt(int argc, char **argv);
int cmd_platform(int argc, char **argv);
int cmd_capacity(int argc, char **argv);
int cmd_place(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_sweep(int argc, char **argv);
int cmd_analyze(int argc, char **argv);

/** cli_fail() - print "capsim: MSG" for @err on stderr; return the exit code for its code. */
int cli_fail(const capsim_error *err);

/** cli_failf() - print "capsim: " + a message; return @exit_code. */
int cli_failf(int exit_code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/** cli_usage_error() - "capsim CMD: MSG" + a hint to --help on stderr; return CLI_EXIT_USAGE. */
int cli_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The workloads whose notes were told, by their first note (it names the file). */
struct cli_told {
	char **first;
	unsigned n;
};

/**
 * cli_workload_notes() - print @wl's notes on stderr, "capsim: warning: NOTE" each (a key given
 * twice in an rt-app file: docs/errors.md), once per file. @wl: the workload of a run.
 * @told: the files told already, for a command that runs several workloads (NULL: none).
 */
void cli_workload_notes(const capsim_workload *wl, struct cli_told *told);

/**
 * cli_run_warning() - print the warning of the finished run @s, if it gave one (a deadlock
 * within the duration), on stderr as "capsim: warning: PREFIXWARNING".
 */
void cli_run_warning(const capsim_sim *s, const char *prefix);

/** cli_told_free() - release what cli_workload_notes() kept in @told. */
void cli_told_free(struct cli_told *told);

/** cli_exit_code() - the exit code for an enum capsim_err. */
int cli_exit_code(int capsim_err);

/**
 * cli_opt_value() - the value of option @name at argv[*i] ("--name V" or "--name=V"), advancing
 * *i past a separate value; NULL if argv[*i] is another option. When @name is the last argument
 * with no value it sets *missing to 1 (and never clears it: start from 0), so a chain of calls
 * can be checked once.
 */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name, int *missing);

/** cli_opt_take() - cli_opt_value() as 1 (*@out set), 0 (not @name) or -1 (no value). */
int cli_opt_take(int argc, char **argv, int *i, const char *name, const char **out);

/* An option that takes a value, and where the value goes. */
struct cli_opt {
	const char *name;
	const char **dst;
};

/**
 * cli_opt_take_any() - cli_opt_take() with each of the @n options of @opts: 1 (the one at
 * argv[*i] stored its value), 0 (none of them) or -1 (it has no value).
 */
int cli_opt_take_any(int argc, char **argv, int *i, const struct cli_opt *opts, size_t n);

/**
 * cli_operand() - @arg is the command's one operand, called @what in messages: stored in *@slot,
 * unless it is an unknown option (cli_unknown_option() with @help) or a second operand.
 * Return: 0, or CLI_EXIT_USAGE (printed).
 */
int cli_operand(const char *cmd, const char *help, const char *what, const char *arg,
		const char **slot);

/* The longest option name cli_unknown_option() compares, with its NUL. */
#define CLI_OPT_NAME_MAX 32

/* The size of a cli_hint() buffer. */
#define CLI_HINT_MAX 96

/**
 * cli_hint() - " (did you mean 'NEAR'?)" in @buf, or "" when @near (a capsim_suggest() answer)
 * is NULL: what a message about an unknown name adds right after the name.
 */
const char *cli_hint(char buf[CLI_HINT_MAX], const char *near);

/**
 * cli_unknown_option() - "capsim CMD: unknown option 'ARG'" with, when one of the options that
 * the command's --help text @help names is near (capsim_suggest()), "(did you mean '--x'?)".
 * Return: CLI_EXIT_USAGE.
 */
int cli_unknown_option(const char *cmd, const char *help, const char *arg);

/** cli_wants_help() - true if argv holds -h or --help (before any "--"). */
int cli_wants_help(int argc, char **argv);

/**
 * cli_read_file() - read all of @path ("-": standard input) through capsim_read_input() into a
 * NUL-terminated malloc'ed buffer (*@data, *@len bytes; free() it). Return: 0, or a CLI exit
 * code (message printed: "capsim: PATH: cannot open: ...", "is a directory", over the cap).
 */
int cli_read_file(const char *path, char **data, size_t *len);

/*
 * struct cli_output - an output file through the library's writer (capsim_output.h): a regular
 * file whole or absent, a FIFO, a character device or "-"/NULL (stdout) written directly,
 * .gz/.zst/.xz names compressed. cli_output_open() also puts the handlers in place that remove
 * the temporaries on a fatal signal (cli_output_fatal_signal()).
 */
struct cli_output {
	FILE *fp;             /* the content goes here; NULL once finished */
	const char *path;     /* as given, for messages */
	int codec;            /* 1: compressed */
	capsim_output *o;
};

/**
 * cli_output_open() - open @path (or stdout) for writing: refused (message printed) when it is a
 * directory, a block device or a socket, or cannot be written. Return: 0 or a CLI exit code.
 */
int cli_output_open(struct cli_output *out, const char *path);
/**
 * cli_output_finish() - flush and close the content (capsim_output_finish()): only the rename
 * is left. Return: 0 or the exit code (printed: "capsim: PATH: cannot write: REASON").
 */
int cli_output_finish(struct cli_output *out);
/** cli_output_commit() - finish and rename into place. Return: 0 or the exit code (printed). */
int cli_output_commit(struct cli_output *out);
/** cli_output_abort() - close and remove the temporary file; safe to call twice. */
void cli_output_abort(struct cli_output *out);

/** cli_default_jobs() - the CPUs this process may use: its affinity, capped by its cgroup's quota. */
unsigned cli_default_jobs(void);

/**
 * cli_parallel_for() - fn(@ctx, i) for every i in 0..@n-1 on up to @jobs threads (the caller's
 * among them), each taking the next i; returns when all are done. @fn must be thread-safe for
 * distinct i.
 */
void cli_parallel_for(unsigned n, unsigned jobs, void (*fn)(void *ctx, unsigned i), void *ctx);

/**
 * cli_output_fatal_signal() - remove the temporary files of every open output, then end the
 * process by @sig: what a signal that cannot wait for a report does (cli_output.c).
 */
void cli_output_fatal_signal(int sig);

/**
 * cli_stop_begin() - until cli_stop_end(), SIGINT/SIGTERM (the first one) and, when
 * @timeout_ns is not 0, that much wall-clock time stop the @n runs @sims at their next event.
 */
void cli_stop_begin(capsim_sim *const *sims, unsigned n, uint64_t timeout_ns);

/**
 * cli_stop_end() - the timer off. Return: 0 (nothing stopped the runs), CLI_EXIT_TRUNCATED
 * (the timeout did), or 128 + the signal that did (the shell's convention); the signal
 * handlers stay for the report's writing (a second signal still ends at once).
 */
int cli_stop_end(void);

#endif /* CAPSIM_CLI_H */
