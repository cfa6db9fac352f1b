/* SPDX-License-Identifier: MIT */
/*
 * pelt_csv.h - the PELT replay format (docs/formats.md, "PELT CSV"): rows of
 * now_ns,load,runnable,running,weight in, one line of struct sched_avg fields out per row.
 * The format `capsim pelt` reads and writes, and the contract used to check bit-exactness
 * against the kernel's kernel/sched/pelt.c.
 */
#ifndef CAPSIM_PELT_CSV_H
#define CAPSIM_PELT_CSV_H

#include <stddef.h>
#include <stdint.h>

#include "capsim/capsim.h"

#define PELT_CSV_IN_HEADER "now_ns,load,runnable,running,weight"
#define PELT_CSV_OUT_HEADER                                                                     \
	"now_ns,updated,load_sum,runnable_sum,util_sum,period_contrib,load_avg,runnable_avg," \
	"util_avg,last_update_time"
/* Longest output line: 10 fields of at most 20 digits, 9 commas, '\n', NUL. */
#define PELT_CSV_LINE_MAX 256

/* One input row: the state during (previous row, now_ns] and the weight for the averages. */
struct pelt_csv_row {
	uint64_t now_ns;
	uint64_t load;
	uint64_t runnable;
	uint64_t weight;
	int running; /* the kernel's int; 0..INT_MAX */
};

struct pelt_csv {
	struct pelt_csv_row *rows;
	size_t nrows;
};

/**
 * pelt_csv_parse() - parse a whole PELT CSV held in memory.
 * @data, @len: the file's bytes (need not be NUL-terminated); @name: the file name for messages.
 * @out: filled on success; free it with pelt_csv_free().
 * Accepts an optional UTF-8 BOM, LF or CRLF line ends, and blank lines at the very end only.
 * Return: 0, or CAPSIM_ERR_PARSE / CAPSIM_ERR_RANGE / CAPSIM_ERR_NOMEM with @err set to
 * "NAME:LINE:COL: what is wrong (expected ...)"; @out is then empty.
 */
int pelt_csv_parse(const char *data, size_t len, const char *name, struct pelt_csv *out,
		   capsim_error *err);

/** pelt_csv_free() - release @csv's rows (NULL-safe); leaves it empty. */
void pelt_csv_free(struct pelt_csv *csv);

/**
 * pelt_csv_format_line() - one output line, '\n'-terminated, into @buf (PELT_CSV_LINE_MAX
 * bytes): @now_ns, @updated and the fields of @sa. Return: the line's length.
 */
size_t pelt_csv_format_line(uint64_t now_ns, int updated, const struct capsim_sched_avg *sa,
			    char *buf);

/**
 * pelt_csv_replay_row() - apply @row to @sa (capsim_pelt_update_load_sum(), then
 * capsim_pelt_update_load_avg(weight) when it reports an update) and format the output line,
 * '\n'-terminated, into @buf (PELT_CSV_LINE_MAX bytes).
 * Return: the line's length.
 */
size_t pelt_csv_replay_row(struct capsim_sched_avg *sa, const struct pelt_csv_row *row, char *buf);

#endif /* CAPSIM_PELT_CSV_H */
