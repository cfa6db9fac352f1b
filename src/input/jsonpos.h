/* SPDX-License-Identifier: MIT */
/*
 * jsonpos.h - where each object key sits in a JSON text. json-c builds values but keeps no
 * positions, so parsers that report "FILE:LINE:COL: a.b.c: ..." index the text once with a
 * lenient scan that reads it as json-c's non-strict tokener does (comments, single-quoted
 * strings, trailing commas, escapes) and walk the index beside the json-c tree. Objects are
 * numbered nodes (the root object is node 0); a duplicated key maps to its last occurrence,
 * the one whose value json-c keeps, and the keys given again are remembered for the readers to
 * refuse (jsonpos_refuse_duplicate()) or, for rt-app files, to warn of.
 */
#ifndef CAPSIM_JSONPOS_H
#define CAPSIM_JSONPOS_H

#include <stddef.h>

#include "capsim/capsim.h"

struct jsonpos;

/* A position for people: 1-based line and column (columns count UTF-8 characters). */
struct jsonpos_at {
	unsigned line, col;
};

/**
 * jsonpos_parse_oom() - true when json_tokener_parse_ex() gave no value (@root NULL) and no
 * error (@jerr, an enum json_tokener_error, json_tokener_success): json-c 0.16 does so when an
 * allocation fails, where a text cut short gives json_tokener_continue. Readers report it as
 * out of memory (exit 3), not as a truncated file.
 */
int jsonpos_parse_oom(const void *root, int jerr);

/**
 * jsonpos_build() - index the object keys of @text (the first JSON value in it).
 * @text must outlive the index. Text that is not JSON gives a partial index, never an error.
 * Return: 0 or CAPSIM_ERR_NOMEM.
 */
int jsonpos_build(const char *text, size_t len, struct jsonpos **out);

/** jsonpos_free() - free @idx; NULL is a no-op. */
void jsonpos_free(struct jsonpos *idx);

/** jsonpos_child() - the node of the object value of @key in object @node, or -1. */
int jsonpos_child(const struct jsonpos *idx, int node, const char *key);

/**
 * jsonpos_key() - where @key of object @node starts (its opening quote). Falls back to the
 * object's own '{' when the key is not indexed, and to 1:1 when @node is -1.
 */
struct jsonpos_at jsonpos_key(const struct jsonpos *idx, int node, const char *key);

/**
 * jsonpos_key_line() - the line of jsonpos_key(@idx, @node, @key), without the column's count
 * of characters: an event keeps only its line, and a file has one per event.
 */
unsigned jsonpos_key_line(const struct jsonpos *idx, int node, const char *key);

/** jsonpos_offset() - the line and column of byte @off of the indexed text. */
struct jsonpos_at jsonpos_offset(const struct jsonpos *idx, size_t off);

/** jsonpos_has_key() - whether object @node has @key (as json-c would decode it). */
int jsonpos_has_key(const struct jsonpos *idx, int node, const char *key);

/**
 * jsonpos_next_child() - the next object after node @prev in text order (-1: the first) that
 * is the value of a key of object @node, or -1. A key given twice yields each of its objects.
 */
int jsonpos_next_child(const struct jsonpos *idx, int node, int prev);

/**
 * jsonpos_number() - the text of the number that is @key's value in object @node, as the file
 * writes it (json-c saturates an integer beyond 64 bits; messages and range checks need the
 * file's digits), NUL-terminated in @buf of @size bytes. Return: 0, or -1 when the value is no
 * number or does not fit.
 */
int jsonpos_number(const struct jsonpos *idx, int node, const char *key, char *buf, size_t size);

/**
 * jsonpos_span() - the bytes of object @node: from its '{' at *@start to just past its '}' at
 * *@end. Return: 0, or -1 when @node is not an object that the text closes.
 */
int jsonpos_span(const struct jsonpos *idx, int node, size_t *start, size_t *end);

/**
 * jsonpos_plain_object() - whether object @node is one that any JSON reader reads exactly as the
 * index does, its object values aside: closed, every key double-quoted with neither a backslash
 * nor a control character in it and given once, every value an object that the text closes,
 * and between them only spaces, tabs, newlines, colons and commas (no comment). A reader can
 * then take its keys from the index and leave the object out of the text it parses.
 * Return: 1 if so, else 0 (also for @node -1).
 */
int jsonpos_plain_object(const struct jsonpos *idx, int node);

/*
 * Keys one by one: a reader that walks an object's keys in text order, as json-c's
 * json_object_object_foreach() gives them once no key is given twice, finds each key's
 * position and object by following the index instead of looking the key up.
 */

/**
 * jsonpos_ent_next() - the key of object @node after key @prev (-1: its first), in text order.
 * @idx: the index. @node: an object. @prev: a key of @node from this function, or -1.
 * Return: the key's number, or -1 when @node has no more keys (or is -1).
 */
int jsonpos_ent_next(const struct jsonpos *idx, int node, int prev);

/** jsonpos_ent_name() - the decoded name of key @ent (as jsonpos_has_key() compares it). */
const char *jsonpos_ent_name(const struct jsonpos *idx, int ent);

/** jsonpos_ent_child() - the node of key @ent's object value, or -1 (as jsonpos_child()). */
int jsonpos_ent_child(const struct jsonpos *idx, int ent);

/** jsonpos_ent_pos() - where key @ent starts (its opening quote), as jsonpos_key() says. */
struct jsonpos_at jsonpos_ent_pos(const struct jsonpos *idx, int ent);

/** jsonpos_ent_line() - the line of jsonpos_ent_pos(), as jsonpos_key_line() counts it. */
unsigned jsonpos_ent_line(const struct jsonpos *idx, int ent);

/**
 * jsonpos_refuse_duplicate() - refuse a key that an object of the indexed text gives twice
 * (json-c keeps the last value without a word, so a file that says two things means one of
 * them by accident). The error names @file and both positions, the second first: the first
 * such key in text order of its second occurrence.
 * @idx: the index of the text. @file: its name for the message (NULL: positions alone, for
 * a caller that prefixes the name). @hint: NULL, or what the
 * format's own reader does with the two, appended to the reason. @err: filled on failure.
 * Return: 0 when every key is given once, else CAPSIM_ERR_PARSE.
 */
int jsonpos_refuse_duplicate(const struct jsonpos *idx, const char *file, const char *hint,
			     capsim_error *err);

/*
 * Keys given again, for a reader that warns instead (rt-app files: rt-app runs them as json-c
 * reads them). Repeats are numbered in the text order of the repeat; number 0 is the one
 * jsonpos_refuse_duplicate() names. A key given three times is two repeats of its first.
 */

/**
 * jsonpos_nr_duplicates() - how many repeats the calls below can name.
 * @idx: the index. @all: if not NULL, set to how many there are (more when there are so many
 * that only the first ones are kept).
 * Return: the number of repeats kept.
 */
unsigned jsonpos_nr_duplicates(const struct jsonpos *idx, unsigned *all);

/**
 * jsonpos_duplicate_key() - the decoded key of repeat @i.
 * Return: the key, or NULL if @i is not below jsonpos_nr_duplicates().
 */
const char *jsonpos_duplicate_key(const struct jsonpos *idx, unsigned i);

/**
 * jsonpos_duplicate_where() - repeat @i as a message's start, the repeat first:
 * `FILE:LINE:COL: key "KEY" given twice in one object (first at FILE:LINE:COL` (no closing
 * parenthesis: the caller says what is done with the two). @idx: the index. @i: the repeat.
 * @file: the name for the message (NULL: positions alone). @buf, @size: where to write it.
 * Return: 0, or -1 if @i is not below jsonpos_nr_duplicates().
 */
int jsonpos_duplicate_where(const struct jsonpos *idx, unsigned i, const char *file, char *buf,
			    size_t size);

/**
 * jsonpos_check_duplicates() - jsonpos_refuse_duplicate() for a reader that keeps no index of
 * its own: the text is indexed for the check and the index freed.
 * @text: the JSON text. @len: its bytes. @file: its name for the message. @err: filled on
 * failure.
 * Return: 0, CAPSIM_ERR_PARSE (a duplicate key) or CAPSIM_ERR_NOMEM.
 */
int jsonpos_check_duplicates(const char *text, size_t len, const char *file, capsim_error *err);

/**
 * jsonpos_refuse_wide_int() - refuse an integer literal below -2^63 or above 2^64-1, which
 * json-c saturates without a word (a seed of 2^64 would run as 2^64-1). The error names @file
 * (NULL: the position alone) and the first such number's position.
 * Return: 0, or CAPSIM_ERR_RANGE.
 */
int jsonpos_refuse_wide_int(const struct jsonpos *idx, const char *file, capsim_error *err);

/**
 * jsonpos_check_input() - jsonpos_check_duplicates() and jsonpos_refuse_wide_int() for a reader
 * that keeps no index of its own (capsim_json_check()).
 * Return: 0, CAPSIM_ERR_PARSE, CAPSIM_ERR_RANGE or CAPSIM_ERR_NOMEM.
 */
int jsonpos_check_input(const char *text, size_t len, const char *file, capsim_error *err);

#endif /* CAPSIM_JSONPOS_H */
