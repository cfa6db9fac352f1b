/* SPDX-License-Identifier: MIT */
/*
 * cli.h - the capsim program: the subcommand table's entry points and the helpers every
 * subcommand shares (exit codes, error reporting, atomic output files, option values).
 * To add a subcommand: write cli/cmd_<name>.c with `int cmd_<name>(int argc, char **argv)` and
 * its option table `const struct cli_command cli_<name>` (below: "The options of a command"),
 * declare both here, add them to commands[] in cli/capsim.c and the name to CAPSIM_COMMANDS in
 * CMakeLists.txt (its man page), add tests/cli/ cases and its section "## capsim <name>" in
 * docs/cli.md (tests/cli/options_table.sh checks every option of the table is in it).
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

/* The commands' option tables (cmd_<name>.c). */
extern const struct cli_command cli_pelt, cli_platform, cli_capacity, cli_place, cli_scenario,
	cli_simulate, cli_compare, cli_sweep, cli_analyze;

int cmd_pelt(int argc, char **argv);
int cmd_platform(int argc, char **argv);
int cmd_scenario(int argc, char **argv);
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

/*
 * The options of a command, declared once (as git's parse-options): cli_parse() reads the command
 * line from the table, cli_help() prints --help from it (and so the man pages, made from --help
 * by tools/help2roff.sh), `capsim __complete` lists it for the bash completion
 * (dist/capsim.bash-completion), and tests/cli/options_table.sh checks that every option is
 * parsed, documented (--help, man page, docs/cli.md) and completed.
 *
 * To give a command its options (a new cmd_<name>.c):
 *   1. a struct of its values, one struct cli_value per option (a flag, a value, an operand),
 *      a struct cli_list for a repeatable option (options may share one list: their order);
 *   2. a static const struct cli_option table, one line per option: its name (or an operand's
 *      name in capitals), short name, value name, grammar, bounds, default, help text,
 *      completion values, and offsetof() its value in the struct (CLI_OPT*() below);
 *   3. a const struct cli_command with the help's text before and after the option list, and the
 *      table; list it in commands[] in cli/capsim.c, and document each option in docs/cli.md;
 *   4. in cmd_<name>(): ret = cli_parse(&cmd, argc, argv, &opts), then use the values: a value's
 *      .arg is NULL when not given, .u its number (a U64, a duration in ns, a choice's index, a
 *      model) as the grammar's library parser read it, or the default's when not given.
 * Every grammar is the library's parser (include/capsim/capsim_units.h, capsim_model_from_name(),
 * capsim_scenario_add_*(), capsim_platform_parse_cap()): the CLI holds no grammar of its own.
 */
enum cli_grammar {
	CLI_FLAG,      /* no value: .u = 1 when given */
	CLI_TEXT,      /* a name, path or list that the library reads when it gets it */
	CLI_FILE,      /* a path (completes as one) */
	CLI_PLATFORM,  /* a shipped platform's name or a platform file (completes both) */
	CLI_U64,       /* capsim_parse_u64(), within [min, max] */
	CLI_DURATION,  /* capsim_parse_duration_ns() in ns, a bare number in seconds, in [min, max] */
	CLI_RUN_PERIOD, /* two durations RUN/PERIOD: .u RUN, .u2 PERIOD */
	CLI_CPULIST,   /* capsim_parse_cpulist(), not empty: .cpus */
	CLI_CHOICE,    /* one of .values (space-separated): .u = its index */
	CLI_MODEL,     /* capsim_model_from_name(): .u = the enum capsim_model */
	CLI_MODELS,    /* a comma-separated list of models, each capsim_model_from_name(), none
			  twice: .u holds them in order, 4 bits each, enum capsim_model + 1 (0: end) */
	CLI_MAX_FREQ,  /* a run's scaling_max_freq request: capsim_scenario_add_max_freq() */
	CLI_HW_CAP_EPISODE, /* a run's HW-cap episode: capsim_scenario_add_hw_cap() */
	CLI_PLATFORM_CAP, /* a cap on a loaded platform: capsim_platform_parse_cap(), once loaded */
};

/* A value of the command line: arg NULL when not given; u its number (enum cli_grammar). */
struct cli_value {
	const char *arg;
	uint64_t u, u2;
	capsim_cpumask cpus; /* CLI_CPULIST */
};

#define CLI_LIST_MAX 64

/* The values of repeatable options, in the order given. */
struct cli_list {
	struct cli_item {
		const struct cli_option *opt;
		const char *arg;
	} item[CLI_LIST_MAX];
	unsigned n;
};

/* One option (or operand) of a command. */
struct cli_option {
	const char *name;      /* "--duration"; an operand: its name in help ("SCENARIO.json") */
	char short_name;       /* 'o' for -o, or 0 */
	const char *metavar;   /* the value's name in help ("DURATION"); an operand: the word
				  its messages use ("scenario") */
	enum cli_grammar grammar;
	uint64_t min, max;     /* CLI_U64, CLI_DURATION bounds (max 0: none); a list: max values */
	const char *def;       /* the default, in the grammar (help says it), or NULL */
	const char *help;      /* its lines in --help ("\n" between lines); NULL: not listed */
	const char *values;    /* CLI_CHOICE's choices / what completes, space-separated */
	const char *expect;    /* a bad value's message: "expected ..." (NULL: the grammar's) */
	size_t offset;         /* its struct cli_value (or struct cli_list) in the command's */
	int repeat;            /* repeatable: the values go to the struct cli_list at offset */
	int tag;               /* the command's own name for it (capacity: its enum capsim_cap_kind) */
};

/* A command: its help is head, the options (those with help text), tail. */
struct cli_command {
	const char *name;
	const char *head, *tail;
	const struct cli_option *options;
	size_t nr_options;
	int column;            /* where the options' descriptions start in --help */
};

#define CLI_OPTIONS(cmd, table) .name = cmd, .options = table, \
	.nr_options = sizeof(table) / sizeof((table)[0])

/* cli_parse()'s answer when it printed --help: the command returns CLI_EXIT_OK. */
#define CLI_HELP_SHOWN (-1)

/**
 * cli_parse() - read @argv into @opts (the command's struct of values, zeroed by the caller) by
 * @cmd's table: "--name V", "--name=V", "-x V", flags, operands in order, "--" ending options,
 * -h/--help (printed: returns CLI_HELP_SHOWN). Each value is checked by its grammar's library
 * parser as it is read; options not given take their default.
 * Return: 0, CLI_HELP_SHOWN, or CLI_EXIT_USAGE (printed, naming the option and the value).
 */
int cli_parse(const struct cli_command *cmd, int argc, char **argv, void *opts);

/** cli_wants_help() - true if argv holds -h or --help (before any "--"). */
int cli_wants_help(int argc, char **argv);

/** cli_help() - @cmd's --help: the head, the option list from its table, the tail. */
void cli_help(const struct cli_command *cmd, FILE *fp);

/**
 * cli_complete() - what the bash completion asks (`capsim __complete CMD [OPTION]`): without
 * @option, @cmd's options one a line; with it, what its value completes to: its values, or
 * "@file" / "@platform". Return: 0, or CLI_EXIT_USAGE for an unknown option.
 */
int cli_complete(const struct cli_command *cmd, const char *option, FILE *fp);

/**
 * cli_describe() - @cmd's table one option a line, tab-separated: name, short name, value name,
 * grammar, default, completion values (`capsim __options CMD`, for tests/cli/options_table.sh).
 */
void cli_describe(const struct cli_command *cmd, FILE *fp);

/** cli_list_args() - the values of @list's options called @name, in order, into @out. */
unsigned cli_list_args(const struct cli_list *list, const char *name, const char **out,
		       unsigned max);

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
