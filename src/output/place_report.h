/* SPDX-License-Identifier: MIT */
/*
 * place_report.h - how `capsim place` writes one placement decision: a JSON line in the schema
 * of the golden expected.jsonl (so outputs compare line by line with the kernel's), or a table
 * per CPU with the decisions and their reasons in one sentence each.
 */
#ifndef CAPSIM_PLACE_REPORT_H
#define CAPSIM_PLACE_REPORT_H

#include <stdio.h>

#include "input/place.h"

/** place_exit_name() - how feec returned, as expected.jsonl spells it ("complete", ...). */
const char *place_exit_name(enum feec_exit e);

/** place_write_json() - one line (with "\n"); @with_reasons adds the two "..._reason" keys. */
void place_write_json(FILE *fp, const struct place_case *pc, const struct place_result *res,
		      int with_reasons);

/** place_write_table() - the human form: per-CPU table, per-pd energies, the two decisions. */
void place_write_table(FILE *fp, const struct place_case *pc, const struct place_result *res);

/** place_reason_idle() - one sentence on select_idle_capacity()'s result, into @buf. */
void place_reason_idle(char *buf, size_t size, const struct place_case *pc,
		       const struct place_result *res);

/** place_reason_feec() - one sentence on find_energy_efficient_cpu()'s result, into @buf. */
void place_reason_feec(char *buf, size_t size, const struct place_case *pc,
		       const struct place_result *res);

#endif /* CAPSIM_PLACE_REPORT_H */
