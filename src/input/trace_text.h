/* SPDX-License-Identifier: MIT */
/*
 * trace_text.h - what the trace reader (trace_text.c, public API in capsim/capsim_trace.h)
 * shares with the analysis of its events: how a piece of a trace is shown in a message.
 */
#ifndef CAPSIM_INPUT_TRACE_TEXT_H
#define CAPSIM_INPUT_TRACE_TEXT_H

#include <stddef.h>

/* the bytes of a trace a message shows, at most (docs/errors.md: values cut at 40 bytes) */
#define TRACE_SHOW_MAX 40
/* a buffer that holds any shown text: each byte at most 4 characters, "..." and the NUL */
#define TRACE_SHOW_SIZE (4 * TRACE_SHOW_MAX + 4)

/**
 * trace_show() - @s for a message into @buf (TRACE_SHOW_SIZE bytes): printable ASCII kept,
 * other bytes as \xHH, cut after TRACE_SHOW_MAX bytes with "...". Return: @buf.
 */
const char *trace_show(char *buf, const char *s);

#endif /* CAPSIM_INPUT_TRACE_TEXT_H */
