/* SPDX-License-Identifier: MIT */
/*
 * readfile.h - the one reader every input file goes through (platforms, overlays, scenarios,
 * rt-app workloads, PELT CSVs, placement states and cases), so that every input has the same
 * size cap, the same messages for a directory or an unreadable file, and "-" for standard input.
 */
#ifndef CAPSIM_INPUT_READFILE_H
#define CAPSIM_INPUT_READFILE_H

#include <stddef.h>

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

#endif
