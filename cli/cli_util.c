// SPDX-License-Identifier: MIT
/*
 * cli_util.c - what every subcommand shares: the error contract on stderr ("capsim: ..."),
 * exit codes and reading input files (options: cli_options.c; output files: cli_output.c).
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

int cli_read_file(const char *path, char **data, size_t *len)
{
	capsim_error err = { 0 };

	return capsim_read_input(path, data, len, &err) ? cli_fail(&err) : 0;
}
