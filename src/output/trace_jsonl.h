/* SPDX-License-Identifier: MIT */
#ifndef CAPSIM_OUTPUT_TRACE_JSONL_H
#define CAPSIM_OUTPUT_TRACE_JSONL_H

#include <stdio.h>

/**
 * trace_jsonl_string() - @s as a JSON string on @fp: '"' and '\\' escaped, control bytes and
 * bytes of 0x7f and above as \u00XX, so that any bytes a trace holds stay valid JSON.
 */
void trace_jsonl_string(FILE *fp, const char *s);

#endif
