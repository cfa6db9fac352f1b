// SPDX-License-Identifier: MIT
/*
 * fuzz_pelt_csv.c - libFuzzer target for the PELT replay CSV (src/input/pelt_csv.c), the input of
 * `capsim pelt`. Properties checked, not just survival:
 * - a rejected input has a message "fuzz.csv:LINE:COL: ..." and a parse or range error code;
 * - an accepted input replays to one line per row, and a second replay gives the same bytes;
 * - util_avg never exceeds 1024; with 0/1 load and runnable, runnable_avg <= 1024 and
 *   load_avg <= the largest weight so far (averages persist across rows that do not update);
 * - every row agrees bit for bit with the slow reference model (tests/reference/pelt_ref.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "capsim/capsim.h"
#include "../tests/reference/pelt_ref.h"

#define CHECK(cond)                                                                   \
	do {                                                                          \
		if (!(cond)) {                                                        \
			fprintf(stderr, "fuzz_pelt_csv: property failed: %s\n", #cond); \
			abort();                                                      \
		}                                                                     \
	} while (0)

/* Replays @csv into a malloc'ed text; checks the value properties on the way. */
static char *replay(const struct capsim_pelt_csv *csv, size_t *len, int check_ref)
{
	struct capsim_sched_avg sa = { 0 };
	struct ref_avg ref = { 0 };
	char *out = malloc(csv->nrows * CAPSIM_PELT_CSV_LINE_MAX + 1);
	uint64_t max_weight = 0;
	int zero_one = 1;

	CHECK(out != NULL);
	*len = 0;
	for (size_t i = 0; i < csv->nrows; i++) {
		const struct capsim_pelt_row *r = &csv->rows[i];
		size_t n = capsim_pelt_csv_replay_row(&sa, r, out + *len);

		CHECK(n > 0 && n < CAPSIM_PELT_CSV_LINE_MAX && out[*len + n - 1] == '\n');
		*len += n;
		zero_one &= r->load <= 1 && r->runnable <= 1;
		max_weight = r->weight > max_weight ? r->weight : max_weight;
		CHECK(sa.util_avg <= 1024);
		CHECK(sa.period_contrib < 1024);
		if (zero_one) {
			CHECK(sa.runnable_avg <= 1024);
			if (max_weight <= (1ULL << 40))
				CHECK(sa.load_avg <= max_weight);
		}
		if (check_ref) {
			int upd = ref_update(&ref, r->now_ns, r->load, r->runnable, r->running, r->weight);
			const char *updated = strchr(out + *len - n, ',') + 1; /* "now_ns,updated,..." */
			CHECK(upd == (*updated == '1'));
			CHECK(sa.last_update_time == ref.last && sa.load_sum == ref.load_sum &&
			      sa.runnable_sum == ref.runnable_sum && sa.util_sum == ref.util_sum &&
			      sa.period_contrib == ref.pos && sa.load_avg == ref.load_avg &&
			      sa.runnable_avg == ref.runnable_avg && sa.util_avg == ref.util_avg);
		}
	}
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct capsim_pelt_csv csv = CAPSIM_SIZED(struct capsim_pelt_csv);
	capsim_error err = { 0 };
	size_t len1, len2;
	char *a, *b;
	int ret = capsim_pelt_csv_parse((const char *)data, size, "fuzz.csv", &csv, &err);

	if (ret) {
		size_t line = 0, col = 0;
		CHECK(ret == CAPSIM_ERR_PARSE || ret == CAPSIM_ERR_RANGE);
		CHECK(sscanf(err.msg, "fuzz.csv:%zu:%zu: ", &line, &col) == 2 && line >= 1 && col >= 1);
		CHECK(csv.rows == NULL && csv.nrows == 0);
		return 0;
	}
	a = replay(&csv, &len1, 1);
	b = replay(&csv, &len2, 0);
	CHECK(len1 == len2 && !memcmp(a, b, len1));
	free(a);
	free(b);
	capsim_pelt_csv_free(&csv);
	return 0;
}
