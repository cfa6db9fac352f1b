/* SPDX-License-Identifier: MIT */
/*
 * jsonpos.h - where each object key sits in a JSON text. json-c builds values but keeps no
 * positions, so parsers that report "FILE:LINE:COL: a.b.c: ..." index the text once with a
 * lenient scan that reads it as json-c's non-strict tokener does (comments, single-quoted
 * strings, trailing commas, escapes) and walk the index beside the json-c tree. Objects are
 * numbered nodes (the root object is node 0); a duplicated key maps to its last occurrence,
 * the one whose value json-c keeps.
 */
#ifndef CAPSIM_JSONPOS_H
#define CAPSIM_JSONPOS_H

#include <stddef.h>

struct jsonpos;

/* A position for people: 1-based line and column (columns count UTF-8 characters). */
struct jsonpos_at {
	unsigned line, col;
};

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

#endif /* CAPSIM_JSONPOS_H */
