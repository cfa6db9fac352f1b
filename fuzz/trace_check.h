/* SPDX-License-Identifier: MIT */
/*
 * trace_check.h - what the trace readers' fuzz targets (fuzz_trace_text.c, fuzz_trace_dat.c,
 * fuzz_trace_perfetto.c) check of an input, whichever reader its first bytes call:
 * - a rejected input has a message "fuzz.trace:LINE: ..." (or "fuzz.trace: byte N ..." for a
 *   compressed stream or a binary trace, "fuzz.trace:LINE: EVENT: ..." for a field) and a parse
 *   or range code;
 * - events come in time order except those counted as late; every event's fields have names;
 * - an accepted input analyses twice to the same JSON bytes, and its busy percentages lie in
 *   0..100;
 * - with a platform (the shipped juno-r2), in each PELT form, it analyses the same twice and
 *   every replayed util_avg lies in 0..1024.
 */
#ifndef CAPSIM_FUZZ_TRACE_CHECK_H
#define CAPSIM_FUZZ_TRACE_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capsim/capsim.h"

#define CHECK(cond)                                                                        \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "fuzz trace: property failed: %s\n", #cond);   \
			abort();                                                           \
		}                                                                          \
	} while (0)

/* Reads every event; checks the order and the fields. Return: the reader's result. */
static int read_all(const uint8_t *data, size_t size)
{
	const struct capsim_trace_event *ev;
	capsim_error err = { 0 };
	capsim_trace *t;
	uint64_t last = 0, late = 0;
	int ret = capsim_trace_open_mem(data, size, "fuzz.trace", &t, &err);

	if (ret) { /* a binary trace's headers */
		CHECK(ret == CAPSIM_ERR_PARSE && !strncmp(err.msg, "fuzz.trace: ", 12));
		return ret;
	}
	while ((ret = capsim_trace_next(t, &ev, &err)) == 1) {
		if (ev->ts_ns < last)
			late++;
		else
			last = ev->ts_ns;
		CHECK(ev->name && ev->comm && ev->body);
		for (unsigned i = 0; i < ev->nr_fields; i++)
			CHECK(ev->fields[i].name[0] && ev->fields[i].value);
	}
	if (ret) {
		CHECK(ret == CAPSIM_ERR_PARSE || ret == CAPSIM_ERR_RANGE);
		CHECK(!strncmp(err.msg, "fuzz.trace:", 11) || !strncmp(err.msg, "fuzz.trace: byte ", 17));
	} else {
		CHECK(late == capsim_trace_skipped(t, CAPSIM_TRACE_SKIP_LATE));
	}
	capsim_trace_free(t);
	return ret;
}

/* The analysis's JSON in a malloc'ed buffer, or NULL if it failed. */
static char *analyse_with(const uint8_t *data, size_t size, size_t *len, FILE *events,
			  const capsim_platform *plat, enum capsim_pelt_form form)
{
	struct capsim_analyze_opts o = { .size = sizeof(o), .platform = plat,
					 .model = CAPSIM_MODEL_V6_10, .events = events };
	capsim_error err = { 0 };
	capsim_analysis *a = NULL;
	capsim_trace *t;
	char *buf = NULL;
	FILE *fp;
	int ret;

	if (capsim_trace_open_mem(data, size, "fuzz.trace", &t, &err))
		return NULL;
	ret = capsim_analyze_pelt(t, &o, form, &a, &err);
	capsim_trace_free(t);
	if (ret) {
		CHECK(ret == CAPSIM_ERR_PARSE || ret == CAPSIM_ERR_RANGE);
		CHECK(!strncmp(err.msg, "fuzz.trace", 10));
		return NULL;
	}
	fp = open_memstream(&buf, len);
	CHECK(fp);
	CHECK(!capsim_analysis_write_json(a, fp));
	CHECK(!capsim_analysis_write_text(a, fp));
	fclose(fp);
	capsim_analysis_free(a);
	return buf;
}

static char *analyse(const uint8_t *data, size_t size, size_t *len, FILE *events)
{
	return analyse_with(data, size, len, events, NULL, CAPSIM_PELT_FORM_AUTO);
}

/* Every replayed "util_avg": V lies in 0..1024. */
static void check_util(const char *json)
{
	static const char key[] = "\"pelt_replay\": {\"util_avg\": ";

	for (const char *p = strstr(json, key); p; p = strstr(p + 1, key)) {
		long v = strtol(p + sizeof(key) - 1, NULL, 10);

		CHECK(v >= 0 && v <= 1024);
	}
}

/* The analysis with a platform in @form: deterministic, util in range. */
static void check_with_platform(const uint8_t *data, size_t size, enum capsim_pelt_form form)
{
	static capsim_platform *plat;
	capsim_error err = { 0 };
	char *a, *b;
	size_t la, lb;

	if (!plat)
		CHECK(!capsim_platform_load("juno-r2", NULL, 0, &plat, &err));
	a = analyse_with(data, size, &la, NULL, plat, form);
	if (!a)
		return;
	b = analyse_with(data, size, &lb, NULL, plat, form);
	CHECK(b && la == lb && !memcmp(a, b, la));
	check_util(a);
	free(a);
	free(b);
}

/* Every "busy_pct": V of the JSON lies in 0..100 (a little rounding aside). */
static void check_busy(const char *json)
{
	for (const char *p = strstr(json, "\"busy_pct\": "); p; p = strstr(p + 1, "\"busy_pct\": ")) {
		double v = strtod(p + 12, NULL);

		CHECK(v >= 0.0 && v <= 100.0001);
	}
}

/* The properties above, for one input. */
static int trace_check(const uint8_t *data, size_t size)
{
	char *a, *b, *ev = NULL;
	size_t la, lb, lev;
	FILE *events;
	int ret = read_all(data, size);

	events = open_memstream(&ev, &lev);
	CHECK(events);
	a = analyse(data, size, &la, events);
	fclose(events);
	free(ev);
	for (int f = CAPSIM_PELT_FORM_AUTO; f <= CAPSIM_PELT_FORM_5_1; f++)
		check_with_platform(data, size, (enum capsim_pelt_form)f);
	if (!a)
		return 0;
	CHECK(!ret);
	b = analyse(data, size, &lb, NULL);
	CHECK(b && la == lb && !memcmp(a, b, la));
	check_busy(a);
	free(a);
	free(b);
	return 0;
}

#endif /* CAPSIM_FUZZ_TRACE_CHECK_H */
