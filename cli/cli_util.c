// SPDX-License-Identifier: MIT
/*
 * cli_util.c - what every subcommand shares: the error contract on stderr ("capsim: ..."),
 * exit codes, option values and reading input files (output files: cli_output.c).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cli_exit_code(int capsim_err)
{
	switch (capsim_err) {
	case CAPSIM_OK: return CLI_EXIT_OK;
	case CAPSIM_ERR_NOMEM:
	case CAPSIM_ERR_INTERNAL: return CLI_EXIT_INTERNAL;
	default: return CLI_EXIT_INPUT;
	}
}

int cli_fail(const capsim_error *err)
{
	fprintf(stderr, "capsim: %s\n", err->msg[0] ? err->msg : capsim_strerror(err->code));
	return cli_exit_code(err->code);
}

void cli_workload_notes(const capsim_workload *wl, struct cli_told *told)
{
	unsigned n = capsim_workload_nr_notes(wl);
	const char *first = capsim_workload_note(wl, 0);
	char **more;

	if (!n)
		return;
	if (told) {
		for (unsigned i = 0; i < told->n; i++)
			if (!strcmp(told->first[i], first))
				return;
		/* out of memory: the notes may be told again, which is better than not at all */
		more = realloc(told->first, (told->n + 1) * sizeof(*more));
		if (more) {
			told->first = more;
			told->first[told->n] = strdup(first);
			told->n += told->first[told->n] != NULL;
		}
	}
	for (unsigned i = 0; i < n; i++)
		fprintf(stderr, "capsim: warning: %s\n", capsim_workload_note(wl, i));
}

void cli_run_warning(const capsim_sim *s, const char *prefix)
{
	const char *w = capsim_sim_warning(s);

	if (w)
		fprintf(stderr, "capsim: warning: %s%s\n", prefix, w);
}

void cli_told_free(struct cli_told *told)
{
	for (unsigned i = 0; i < told->n; i++)
		free(told->first[i]);
	free(told->first);
	*told = (struct cli_told){ 0 };
}

int cli_failf(int exit_code, const char *fmt, ...)
{
	va_list ap;

	fputs("capsim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return exit_code;
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "capsim %s: ", cmd);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'capsim %s --help'.\n", cmd);
	return CLI_EXIT_USAGE;
}

const char *cli_opt_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n])
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

int cli_opt_take(int argc, char **argv, int *i, const char *name, const char **out)
{
	int missing = 0;
	const char *v = cli_opt_value(argc, argv, i, name, &missing);

	if (missing)
		return -1;
	if (!v)
		return 0;
	*out = v;
	return 1;
}

int cli_opt_take_any(int argc, char **argv, int *i, const struct cli_opt *opts, size_t n)
{
	int r = 0;

	for (size_t k = 0; k < n && !r; k++)
		r = cli_opt_take(argc, argv, i, opts[k].name, opts[k].dst);
	return r;
}

/* The options a command's --help names ("--duration", "-o"): the one list of what it accepts. */
static size_t help_options(const char *help, char names[][CLI_OPT_NAME_MAX], size_t max)
{
	size_t n = 0;

	for (const char *p = help; *p && n < max;) {
		size_t len = strspn(p, "-abcdefghijklmnopqrstuvwxyz0123456789"), k;

		/* an option starts a word: "  --json", "[--hz N]", "-o, --output" */
		if (!len || *p != '-' || (p > help && !strchr(" [|,\n", p[-1])) || len < 2 ||
		    len >= CLI_OPT_NAME_MAX || (p[1] == '-' && len < 3)) {
			p += len ? len : 1;
			continue;
		}
		memcpy(names[n], p, len);
		names[n][len] = '\0';
		for (k = 0; k < n && strcmp(names[k], names[n]); k++)
			;
		n += k == n;
		p += len;
	}
	return n;
}

const char *cli_hint(char buf[CLI_HINT_MAX], const char *near)
{
	if (!near)
		return "";
	snprintf(buf, CLI_HINT_MAX, " (did you mean '%s'?)", near);
	return buf;
}

int cli_unknown_option(const char *cmd, const char *help, const char *arg)
{
	char names[128][CLI_OPT_NAME_MAX], word[CLI_OPT_NAME_MAX], hint[CLI_HINT_MAX];
	const char *ptrs[128], *near;
	size_t n = help_options(help, names, 128);

	for (size_t k = 0; k < n; k++)
		ptrs[k] = names[k];
	/* "--duraton=5s": the option is the part before '=' */
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg, "="), arg);
	near = capsim_suggest(word, ptrs, n);
	return cli_usage_error(cmd, "unknown option '%s'%s", arg, cli_hint(hint, near));
}

int cli_operand(const char *cmd, const char *help, const char *what, const char *arg,
		const char **slot)
{
	if (arg[0] == '-' && arg[1])
		return cli_unknown_option(cmd, help, arg);
	if (*slot)
		return cli_usage_error(cmd, "more than one %s ('%s', '%s')", what, *slot, arg);
	*slot = arg;
	return 0;
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--"))
			return 0;
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return 1;
	}
	return 0;
}

int cli_read_file(const char *path, char **data, size_t *len)
{
	capsim_error err = { 0 };

	return capsim_read_input(path, data, len, &err) ? cli_fail(&err) : 0;
}
