/* SPDX-License-Identifier: MIT */
/*
 * readfile.h - the one reader every input file goes through (platforms, overlays, scenarios,
 * rt-app workloads, PELT CSVs, placement states and cases), so that every input has the same
 * size cap, the same messages for a directory or an unreadable file, and "-" for standard input.
 */
#ifndef CAPSIM_INPUT_READFILE_H
#define CAPSIM_INPUT_READFILE_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

/* No capsim input is near this; a larger one is a mistake (a log, /dev/zero), not a model. */
#define INPUT_MAX_BYTES (64u << 20)

/**
 * input_read_file() - read a whole input file into a NUL-terminated malloc'ed buffer.
 * @path: the file; "-" reads standard input.
 * @buf: set to the text (free() it) on success, NULL on failure.
 * @len: set to the byte count, without the added NUL.
 * @err: filled on failure, naming @path.
 *
 * Return: 0; CAPSIM_ERR_IO when it cannot be opened or read, or is a directory;
 * CAPSIM_ERR_RANGE when it is larger than INPUT_MAX_BYTES; CAPSIM_ERR_NOMEM.
 */
int input_read_file(const char *path, char **buf, size_t *len, capsim_error *err);

/**
 * input_check_size() - refuse an in-memory input larger than INPUT_MAX_BYTES.
 * @name: the input's name in the message.
 * @len: its size in bytes.
 * @err: filled on failure.
 *
 * Return: 0, or CAPSIM_ERR_RANGE.
 */
int input_check_size(const char *name, size_t len, capsim_error *err);

/**
 * input_dir_names() - the names of the files in @dir that end in one of @exts (a NULL-ended
 * list such as ".json"), each up to its first '.', sorted and each once, for the shipped-data
 * listings (platforms, scenarios).
 * @names: set to a NULL-ended malloc'ed array of malloc'ed names (NULL when there is none).
 *
 * Return: the count, or a negative capsim_err (CAPSIM_ERR_IO naming @dir, CAPSIM_ERR_NOMEM).
 */
int input_dir_names(const char *dir, const char *const *exts, char ***names, capsim_error *err);

/*
 * The digest of what a run reads (a sweep's run id, capsim_scenario_input_digest()): while a
 * thread has one begun, every file that thread reads through input_read_file(), and every
 * device tree compiled for it, is folded in (its length, then its bytes: FNV-1a 64).
 */
struct input_digest {
	uint64_t hash;
};

/** input_digest_begin() - fold this thread's reads into @d until input_digest_end(). */
void input_digest_begin(struct input_digest *d);

/** input_digest_end() - stop folding this thread's reads. */
void input_digest_end(void);

/** input_digest_feed() - fold @len bytes of @data into this thread's digest, if one is begun. */
void input_digest_feed(const void *data, size_t len);

#endif
