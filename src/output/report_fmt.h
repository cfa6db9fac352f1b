/* SPDX-License-Identifier: MIT */
/*
 * report_fmt.h - numbers written as printf's "%llu" and "%.Nf" write them, byte for byte,
 * without printf (report_fmt.c): a summary of 100 000 tasks holds a million numbers, and
 * fprintf's format parsing and float conversion cost more than the run's whole setup.
 */
#ifndef CAPSIM_REPORT_FMT_H
#define CAPSIM_REPORT_FMT_H

#include <stddef.h>
#include <stdint.h>

/* Room for any fmt_fixed() result: DBL_MAX's 309 digits, a sign, a point, 6 decimals, NUL. */
#define FMT_FIXED_MAX 328

/** fmt_u64() - @v in decimal into @out (at least 21 bytes), NUL-terminated. Return: its length. */
size_t fmt_u64(char *out, uint64_t v);

/**
 * fmt_fixed() - @v as printf("%.*f", @prec, @v) writes it, into @out (FMT_FIXED_MAX bytes),
 * NUL-terminated. Values near a rounding tie, and any @prec above 6, are left to snprintf().
 * Return: its length.
 */
size_t fmt_fixed(char *out, double v, unsigned prec);

#endif /* CAPSIM_REPORT_FMT_H */
