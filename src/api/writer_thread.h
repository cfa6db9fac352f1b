/* SPDX-License-Identifier: MIT */
/*
 * writer_thread.h - the library's own writers of a run (its traces, its recording) on a thread
 * of their own, so that formatting, compressing and writing the outputs costs the run's thread
 * only a copy of each event: capsim_sim_run() hands the events through a bounded ring to one
 * writer thread, which calls the writers as the run's thread would have, in the same order, with
 * the same events. A caller's sink (capsim_sim_set_sink()) is never moved: it stays synchronous
 * on the run's thread, as documented.
 */
#ifndef CAPSIM_WRITER_THREAD_H
#define CAPSIM_WRITER_THREAD_H

struct capsim_sim;

/**
 * writer_thread_start() - move the library's writers of @s onto a writer thread for its run:
 * a no-op when the run has none, carries a caller's sink, was told not to
 * (capsim_sim_set_writer_thread()), writes rt-app logs (their files are opened through the
 * caller's capsim_open_fn, which is called in the run's thread), or has only a recording of
 * columns (capsim_recording_columns_only(): cheaper than the ring's copy of each event), and
 * when the thread cannot be made (the writers then stay on the run's thread, as before).
 */
void writer_thread_start(struct capsim_sim *s);

/**
 * writer_thread_stop() - after the run: every event handed over has been written, the thread
 * joined and the writers put back as the run's sink (a no-op without writer_thread_start()).
 */
void writer_thread_stop(struct capsim_sim *s);

#endif /* CAPSIM_WRITER_THREAD_H */
