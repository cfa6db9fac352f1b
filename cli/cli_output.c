// SPDX-License-Identifier: MIT
/*
 * cli_output.c - the program's output files, through the library's one writer mechanism
 * (include/capsim/capsim_output.h: a regular file whole or absent, a FIFO, a device or stdout
 * written directly, .gz/.zst/.xz compressed, aliases refused), plus what only a program may do:
 * the signal handlers. Temporary files still open when SIGINT, SIGTERM, SIGHUP or SIGPIPE
 * arrives are removed before the signal takes its course: a reader closing the pipe early
 * (| head) ends capsim by SIGPIPE, as it ends cat or grep (status 141, no message from the
 * shell), with nothing left behind.
 */
#include <signal.h>
#include <string.h>

#include "cli.h"

void cli_output_fatal_signal(int sig)
{
	capsim_output_remove_temporaries();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The cleanup handlers, in place before the first temporary file exists. */
static void install_cleanup(void)
{
	static int handlers;

	if (!handlers) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
		struct sigaction sa = { .sa_handler = cli_output_fatal_signal }, old;

		sigemptyset(&sa.sa_mask);
		for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			/* a signal ignored from the start (nohup, a background job) stays ignored */
			if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
				sigaction(sigs[i], &sa, NULL);
		handlers = 1;
	}
}

int cli_output_open(struct cli_output *out, const char *path)
{
	capsim_error err = { 0 };

	memset(out, 0, sizeof(*out));
	install_cleanup();
	if (capsim_output_open(path, &out->o, &err))
		return cli_fail(&err);
	out->fp = capsim_output_fp(out->o);
	out->path = capsim_output_path(out->o);
	out->codec = capsim_output_compressed(out->o);
	return 0;
}

int cli_output_finish(struct cli_output *out)
{
	capsim_error err = { 0 };

	if (out->o && capsim_output_finish(out->o, &err))
		return cli_fail(&err);
	out->fp = NULL;
	return 0;
}

int cli_output_commit(struct cli_output *out)
{
	capsim_error err = { 0 };
	int ret = out->o && capsim_output_commit(out->o, &err) ? cli_fail(&err) : 0;

	memset(out, 0, sizeof(*out));
	return ret;
}

void cli_output_abort(struct cli_output *out)
{
	capsim_output_abort(out->o);
	memset(out, 0, sizeof(*out));
}
