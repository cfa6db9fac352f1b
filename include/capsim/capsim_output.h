/* SPDX-License-Identifier: MIT */
/*
 * capsim_output.h - the one way every output of a run is written (docs/formats.md, "Output
 * files"): whole or not at all, never over one of the run's inputs or another of its outputs.
 *
 * A regular file (or a new one) is written under a hidden temporary name in its directory and
 * renamed into place only once whole (capsim_output_commit()), with the old file's mode; an
 * error, capsim_output_abort() or capsim_output_remove_temporaries() (from a signal handler)
 * removes the temporary, so the old file, if any, is untouched. A file with several hard links
 * is copied into in place at the commit, so every link sees the result. A FIFO, a character
 * device (/dev/null, a terminal) and "-" or NULL (standard output) cannot be replaced: they are
 * written directly, and a failure there may leave part of the output written. A symlink is
 * followed to its target, then treated as above; a directory, a block device or a socket is
 * refused. A name ending in .gz, .zst or .xz is compressed (zlib, libzstd, liblzma). A write
 * error names its cause (strerror() of the failed write's errno: "No space left on device").
 *
 * struct capsim_claims is how a run refuses outputs that alias: every input file the run
 * reads and every output it writes is claimed once; an output naming an input, or two outputs
 * naming one file, is refused before anything is written. Files that exist are compared by
 * device and inode (through symlinks and hard links; /dev/stdout is the file standard output
 * is), names not yet created by their absolute path with symlinks and "." / ".." resolved.
 */
#ifndef CAPSIM_OUTPUT_H
#define CAPSIM_OUTPUT_H

#include <stdio.h>

#include "capsim/capsim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct capsim_output capsim_output;

/**
 * capsim_output_open() - start writing @path (NULL or "-": standard output). Return: 0 and
 * *@out, or CAPSIM_ERR_IO ("PATH: is a directory (expected a file name)", "PATH: cannot
 * write: REASON", ...) / CAPSIM_ERR_NOMEM with @err. Thread-safe.
 */
CAPSIM_API int capsim_output_open(const char *path, capsim_output **out, capsim_error *err);

/** capsim_output_fp() - the stream to write @out's content to (owned by @out). */
CAPSIM_API FILE *capsim_output_fp(const capsim_output *out);

/** capsim_output_path() - @out's name as given to capsim_output_open() ("-": stdout). */
CAPSIM_API const char *capsim_output_path(const capsim_output *out);

/** capsim_output_compressed() - true if @out is compressed (.gz, .zst, .xz). */
CAPSIM_API int capsim_output_compressed(const capsim_output *out);

/**
 * capsim_output_finish() - flush and close @out's content: after 0 it is whole in its
 * temporary (compressed if asked), and only capsim_output_commit()'s rename is left, so a
 * caller with several outputs finishes them all before committing any (all or none).
 * Return: 0, or CAPSIM_ERR_IO ("PATH: cannot write: REASON") / CAPSIM_ERR_NOMEM with @err; the
 * temporary is then removed (capsim_output_abort() still releases @out).
 */
CAPSIM_API int capsim_output_finish(capsim_output *out, capsim_error *err);

/**
 * capsim_output_commit() - capsim_output_finish() if not done, then put the file in place
 * (rename, or copy into a hard-linked one), and release @out. Return: 0 or CAPSIM_ERR_IO /
 * CAPSIM_ERR_NOMEM with @err; the temporary is then removed and @out released all the same.
 */
CAPSIM_API int capsim_output_commit(capsim_output *out, capsim_error *err);

/** capsim_output_abort() - close @out, remove its temporary and release it; NULL: no-op. */
CAPSIM_API void capsim_output_abort(capsim_output *out);

/**
 * capsim_output_remove_temporaries() - unlink the temporary of every output not yet committed
 * or aborted, in every thread: async-signal-safe, for a signal handler that ends the process
 * (the library installs none).
 */
CAPSIM_API void capsim_output_remove_temporaries(void);

typedef struct capsim_claims capsim_claims;

/** capsim_claims_create() - an empty set of claims. Return: 0 or CAPSIM_ERR_NOMEM. */
CAPSIM_API int capsim_claims_create(capsim_claims **out);

/**
 * capsim_claims_input() - @path is read by the run, as @what (e.g. "the workload"): an output
 * may not name it. Not a regular file (a FIFO, "-"), or missing: nothing to protect, 0.
 * Return: 0 or CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_claims_input(capsim_claims *c, const char *path, const char *what);

/**
 * capsim_claims_output() - @path (NULL or "-": standard output) is written by the run, as
 * @what (e.g. "--report"). Refused when it names a file claimed before: an input ("-o s.json
 * names the scenario s.json: an output never replaces an input") or another output ("--report
 * r.html and -o r.html name one file: give each output its own"); character devices
 * (/dev/null) may be shared, standard output may not. Return: 0, or CAPSIM_ERR_INVALID /
 * CAPSIM_ERR_NOMEM with @err.
 */
CAPSIM_API int capsim_claims_output(capsim_claims *c, const char *path, const char *what,
				    capsim_error *err);

/** capsim_claims_free() - release @c; NULL: no-op. */
CAPSIM_API void capsim_claims_free(capsim_claims *c);

#ifdef __cplusplus
}
#endif

#endif /* CAPSIM_OUTPUT_H */
