// SPDX-License-Identifier: MIT
/*
 * cli_stop.c - ending runs early and still reporting: SIGINT or SIGTERM (the first one; a
 * second ends the process at once, its temporary files removed) and a wall-clock --timeout
 * stop the runs at their next event through capsim_sim_stop(), which is async-signal-safe, so
 * the command writes the report of what was simulated, marked truncated.
 */
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include "cli.h"

#define MAX_RUNS 16

static capsim_sim *volatile runs[MAX_RUNS];
static volatile sig_atomic_t nr_runs, stop_signal, timed_out;
static struct sigaction old_int, old_term, old_alrm;

static void stop_all(void)
{
	for (sig_atomic_t i = 0; i < nr_runs; i++)
		capsim_sim_stop(runs[i]);
}

static void on_signal(int sig)
{
	if (stop_signal)
		cli_output_fatal_signal(sig); /* a second one: no waiting for the report */
	stop_signal = sig;
	stop_all();
}

static void on_alarm(int sig)
{
	(void)sig;
	timed_out = 1;
	stop_all();
}

/* @sig goes to @fn unless it was ignored from the start (nohup, a background job). */
static void catch(int sig, void (*fn)(int), struct sigaction *old)
{
	struct sigaction sa = { .sa_handler = fn };

	sigemptyset(&sa.sa_mask);
	if (!sigaction(sig, NULL, old) && old->sa_handler != SIG_IGN)
		sigaction(sig, &sa, NULL);
}

void cli_stop_begin(capsim_sim *const *sims, unsigned n, uint64_t timeout_ns)
{
	nr_runs = 0;
	for (unsigned i = 0; i < n && i < MAX_RUNS; i++)
		runs[nr_runs++] = sims[i];
	catch(SIGINT, on_signal, &old_int);
	catch(SIGTERM, on_signal, &old_term);
	if (timeout_ns) {
		struct itimerval t = { .it_value = {
			.tv_sec = (time_t)(timeout_ns / CAPSIM_NSEC_PER_SEC),
			.tv_usec = (suseconds_t)(timeout_ns % CAPSIM_NSEC_PER_SEC / 1000 + 1) } };

		catch(SIGALRM, on_alarm, &old_alrm);
		setitimer(ITIMER_REAL, &t, NULL);
	}
}

int cli_stop_end(void)
{
	struct itimerval off = { 0 };

	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old_alrm, NULL);
	nr_runs = 0;
	if (stop_signal)
		return 128 + stop_signal;
	return timed_out ? CLI_EXIT_TRUNCATED : 0;
}
