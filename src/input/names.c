// SPDX-License-Identifier: MIT
/*
 * names.c - names given by inputs must be printable UTF-8 (src/input/names.h): the check and
 * the escaped form a message quotes.
 */
#include <stdio.h>

#include "input/names.h"

/* The byte offset of the first invalid UTF-8 sequence of @s, or -1 if it is valid UTF-8. */
static long utf8_invalid_at(const unsigned char *s)
{
	for (const unsigned char *c = s; *c;) {
		unsigned n = *c < 0x80 ? 0 : (*c & 0xe0) == 0xc0 ? 1 : (*c & 0xf0) == 0xe0 ? 2 :
			     (*c & 0xf8) == 0xf0 ? 3 : 4;

		if (n == 4 || (n == 1 && *c < 0xc2) || (n == 3 && *c > 0xf4))
			return (long)(c - s);
		for (unsigned k = 1; k <= n; k++)
			if ((c[k] & 0xc0) != 0x80)
				return (long)(c - s);
		c += n + 1;
	}
	return -1;
}

const char *input_name_bad(const char *name, char *shown, size_t size)
{
	const char *why = utf8_invalid_at((const unsigned char *)name) >= 0 ? "is not valid UTF-8"
									       : NULL;
	size_t n = 0;

	for (const unsigned char *c = (const unsigned char *)name; *c && !why; c++)
		if (*c < 0x20 || *c == 0x7f)
			why = "has a control character";
	if (!why)
		return NULL;
	for (const unsigned char *c = (const unsigned char *)name; *c && n + 5 < size; c++)
		if (*c < 0x20 || *c == 0x7f || *c == '"' || *c == '\\' || *c >= 0x80)
			n += (size_t)snprintf(shown + n, size - n, "\\x%02x", *c);
		else
			shown[n++] = (char)*c;
	shown[n] = '\0';
	return why;
}
