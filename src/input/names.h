/* SPDX-License-Identifier: MIT */
/*
 * names.h - the one rule for names that inputs give (tasks, resources, scenarios, platforms,
 * thermal zones, trips): printable UTF-8. Names are written into traces (one event per line,
 * fields split at blanks), CSV and JSON reports, and the kernel's comm is a C string, so a
 * control character or invalid UTF-8 is refused where it is read rather than escaped in some
 * writers and not others (docs/formats.md, "Names").
 */
#ifndef CAPSIM_INPUT_NAMES_H
#define CAPSIM_INPUT_NAMES_H

#include <stddef.h>

/**
 * input_name_bad() - why @name is no printable UTF-8, or NULL when it is.
 * @name: the name, NUL-terminated.
 * @shown: filled with @name for a message, its control, quote, backslash and non-ASCII bytes
 *         as \xNN (cut to fit).
 * @size: the size of @shown.
 *
 * Return: "is not valid UTF-8", "has a control character", or NULL (then @shown is untouched).
 */
const char *input_name_bad(const char *name, char *shown, size_t size);

#endif /* CAPSIM_INPUT_NAMES_H */
