// SPDX-License-Identifier: MIT
/*
 * error.c - the error contract: pinned codes, their fixed texts, and the message buffer that
 * parsers fill with "FILE:LINE:COL: what is wrong (expected ...)".
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "capsim/capsim.h"

const char *capsim_strerror(int code)
{
	switch (code) {
	case CAPSIM_OK: return "success";
	case CAPSIM_ERR_NOMEM: return "out of memory";
	case CAPSIM_ERR_IO: return "input/output error";
	case CAPSIM_ERR_PARSE: return "malformed input";
	case CAPSIM_ERR_RANGE: return "value out of range";
	case CAPSIM_ERR_INVALID: return "invalid request";
	case CAPSIM_ERR_UNSUPPORTED: return "not supported";
	case CAPSIM_ERR_NOT_FOUND: return "not found";
	case CAPSIM_ERR_INTERNAL: return "internal error";
	default: return "unknown error";
	}
}

int capsim_error_set(capsim_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return code;
}

int capsim_error_prefix(capsim_error *err, const char *fmt, ...)
{
	char prefix[512];
	size_t plen, mlen;
	va_list ap;

	if (!err)
		return CAPSIM_ERR_INTERNAL;
	va_start(ap, fmt);
	vsnprintf(prefix, sizeof(prefix), fmt, ap);
	va_end(ap);
	/* Keep the prefix whole; the old message is cut at the end if the two do not fit. */
	plen = strlen(prefix);
	mlen = strnlen(err->msg, sizeof(err->msg) - 1);
	if (plen + mlen > sizeof(err->msg) - 1)
		mlen = sizeof(err->msg) - 1 - plen;
	memmove(err->msg + plen, err->msg, mlen);
	memcpy(err->msg, prefix, plen);
	err->msg[plen + mlen] = '\0';
	return err->code;
}
