// SPDX-License-Identifier: MIT
/*
 * jsonpos.c - a position index of the object keys of a JSON text, so that errors found while
 * walking json-c's tree can name FILE:LINE:COL. The scan follows json-c 0.16's non-strict
 * tokener (json_tokener.c): whitespace, slash-star and slash-slash comments, double- or
 * single-quoted strings with backslash escapes (\uXXXX and surrogate pairs decoded to UTF-8;
 * a key is cut at a decoded NUL, as json-c's C strings cut it), trailing commas. It never fails
 * on bad text: it stops and keeps what it has indexed. Keys are found through a hash of
 * (object node, key); a duplicated key resolves to its last occurrence, the one json-c keeps.
 * A position costs a binary search of the line starts and a count of at most two strides of
 * bytes from the character checkpoints, whatever the line's length: machine-written files are
 * often one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json_tokener.h>

#include "capsim/capsim.h"
#include "input/jsonpos.h"

/* Deeper than json-c's default depth (32): text json-c accepts is always indexed whole. */
#define JSONPOS_MAX_DEPTH 64

/* Bytes between two character checkpoints: a column counts at most twice this many bytes. */
#define JSONPOS_STRIDE 64

struct jp_entry {
	int parent;      /* node of the object holding the key */
	int child;       /* node of the key's object value, or -1 */
	size_t key;      /* the key decoded, NUL-terminated, at this offset of jsonpos.keys */
	size_t off;      /* byte offset of the key's opening quote */
	int next;        /* the next key of the same object in text order, or -1 */
};

/* An object: numbered in text order, so a key's object value comes after the key's object. */
struct jp_node {
	size_t off;      /* byte offset of its '{' */
	size_t end;      /* just past its '}', or 0 while (or if never) closed */
	int parent;      /* the object whose key it is the value of, or -1 */
	int first, last; /* its first and last keys (entries), or -1 */
};

struct jsonpos {
	const char *text;
	size_t len;
	struct jp_entry *ents;
	unsigned nr_ents, cap_ents;
	char *keys;        /* every decoded key, one allocation instead of one a key */
	size_t keys_len, keys_cap;
	struct jp_node *nodes;
	unsigned nr_nodes, cap_nodes;
	size_t *line_off;  /* byte offset where each line starts */
	unsigned nr_lines;
	size_t *chars;     /* UTF-8 characters before byte k * JSONPOS_STRIDE, for each k */
	struct jp_slot *hash; /* size hash_mask + 1 */
	unsigned hash_mask;
	struct jp_dup *dups;   /* keys given again in their object, in text order of the repeat */
	unsigned nr_dups;      /* how many are kept in dups (at most JSONPOS_MAX_DUPS) */
	unsigned nr_dups_all;  /* how many there are */
	unsigned cap_dups;
	int nomem;
	size_t wide_int;   /* offset of the first integer beyond 64 bits, or SIZE_MAX: none */
};

/*
 * Repeats kept with their first occurrence: a reader that warns names these and counts the rest
 * (the search for a repeat's first occurrence goes over them, so they stay few).
 */
#define JSONPOS_MAX_DUPS 256

/* A key given again in the same object: the entries of its first occurrence and of this one. */
struct jp_dup {
	int first, again;
};

/*
 * A slot of the hash: the entry's full hash beside its index, so that a probe past another key
 * does not load that entry (at 100 000 tasks, the entries are 13 MB read in random order).
 */
struct jp_slot {
	uint32_t h;
	int ent;           /* entry index, or -1: empty */
};

struct jp_scan {
	struct jsonpos *idx;
	size_t i;
};

static int grow(void **arr, unsigned *cap, unsigned need, size_t elem)
{
	unsigned ncap;
	void *p;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 16;
	while (ncap < need)
		ncap *= 2;
	p = realloc(*arr, (size_t)ncap * elem);
	if (!p)
		return -1;
	*arr = p;
	*cap = ncap;
	return 0;
}

static int peek(const struct jp_scan *s)
{
	return s->i < s->idx->len ? (unsigned char)s->idx->text[s->i] : -1;
}

/* Skips whitespace and comments, as json_tokener_state_eatws and the comment states do. */
static void skip_ws(struct jp_scan *s)
{
	const char *t = s->idx->text;
	size_t n = s->idx->len;

	while (s->i < n) {
		char c = t[s->i];

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
			s->i++;
		} else if (c == '/' && s->i + 1 < n && t[s->i + 1] == '*') {
			const char *end = NULL;
			size_t j;

			for (j = s->i + 2; j + 1 < n; j++)
				if (t[j] == '*' && t[j + 1] == '/') {
					end = t + j;
					break;
				}
			s->i = end ? (size_t)(end - t) + 2 : n;
		} else if (c == '/' && s->i + 1 < n && t[s->i + 1] == '/') {
			while (s->i < n && t[s->i] != '\n')
				s->i++;
		} else {
			return;
		}
	}
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static unsigned read_hex4(struct jp_scan *s, int *ok)
{
	unsigned v = 0;
	int k;

	for (k = 0; k < 4; k++) {
		int h = hexval(peek(s));

		if (h < 0) {
			*ok = 0;
			return 0;
		}
		v = v * 16 + (unsigned)h;
		s->i++;
	}
	*ok = 1;
	return v;
}

static size_t put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xc0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xe0 | cp >> 12);
		o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
		o[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | cp >> 18);
	o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
	o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
	o[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}

/* A \u escape (the "\u" already read): a surrogate pair becomes one code point. */
static unsigned read_u_escape(struct jp_scan *s, int *ok)
{
	unsigned hi = read_hex4(s, ok), lo;
	size_t save;

	if (!*ok || hi < 0xd800 || hi > 0xdbff)
		return hi;
	save = s->i;
	if (peek(s) == '\\' && s->i + 1 < s->idx->len && s->idx->text[s->i + 1] == 'u') {
		s->i += 2;
		lo = read_hex4(s, ok);
		if (*ok && lo >= 0xdc00 && lo <= 0xdfff)
			return 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
	}
	s->i = save;
	*ok = 1;
	return 0xfffd;
}

/* Appends @n bytes to the key arena. Return: 0, or -1 (out of memory). */
static int keys_put(struct jsonpos *idx, const char *b, size_t n)
{
	if (idx->keys_len + n > idx->keys_cap) {
		size_t cap = idx->keys_cap ? idx->keys_cap : 4096;
		char *p;

		while (cap < idx->keys_len + n)
			cap *= 2;
		p = realloc(idx->keys, cap);
		if (!p) {
			idx->nomem = 1;
			return -1;
		}
		idx->keys = p;
		idx->keys_cap = cap;
	}
	memcpy(idx->keys + idx->keys_len, b, n);
	idx->keys_len += n;
	return 0;
}

/*
 * Reads a quoted string at s->i; with @key, stores it decoded (cut at a NUL) and
 * NUL-terminated in the key arena at *@key. Return: 0, or -1 when the text ends inside it.
 */
static int scan_string(struct jp_scan *s, size_t *key)
{
	struct jsonpos *idx = s->idx;
	int quote = peek(s);
	size_t start = idx->keys_len;
	int cut = 0;

	s->i++;
	for (;;) {
		size_t run = s->i;
		int c, e, ok = 1;
		char tmp[4];
		size_t tn = 0;

		/* the bytes up to a quote or a backslash are the key's as they are */
		while (run < idx->len && (unsigned char)idx->text[run] != quote &&
		       idx->text[run] != '\\')
			run++;
		if (key && !cut && run > s->i && keys_put(idx, idx->text + s->i, run - s->i)) {
			idx->keys_len = start;
			return -1;
		}
		s->i = run;
		c = peek(s);
		if (c < 0) {
			idx->keys_len = start;
			return -1;
		}
		s->i++;
		if (c == quote)
			break;
		e = peek(s); /* after a backslash */
		if (e < 0)
			continue;
		s->i++;
		switch (e) {
		case 'b': tmp[0] = '\b'; tn = 1; break;
		case 'f': tmp[0] = '\f'; tn = 1; break;
		case 'n': tmp[0] = '\n'; tn = 1; break;
		case 'r': tmp[0] = '\r'; tn = 1; break;
		case 't': tmp[0] = '\t'; tn = 1; break;
		case 'u': {
			unsigned cp = read_u_escape(s, &ok);

			if (!ok)
				break;
			if (cp == 0)
				cut = 1;
			else
				tn = put_utf8(tmp, cp);
			break;
		}
		default: tmp[0] = (char)e; tn = 1; break;
		}
		if (!key || cut || !tn)
			continue;
		if (keys_put(idx, tmp, tn)) {
			idx->keys_len = start;
			return -1;
		}
	}
	if (key) {
		if (keys_put(idx, "", 1)) {
			idx->keys_len = start;
			return -1;
		}
		*key = start;
	}
	return 0;
}

static int new_node(struct jsonpos *idx, size_t off)
{
	if (grow((void **)&idx->nodes, &idx->cap_nodes, idx->nr_nodes + 1, sizeof(*idx->nodes))) {
		idx->nomem = 1;
		return -1;
	}
	idx->nodes[idx->nr_nodes] = (struct jp_node){ off, 0, -1, -1, -1 };
	return (int)idx->nr_nodes++;
}

static int scan_value(struct jp_scan *s, int depth, int *node_out);

/* An object at s->i ('{'): its keys become entries of a new node. */
static int scan_object(struct jp_scan *s, int depth, int *node_out)
{
	struct jsonpos *idx = s->idx;
	int node = new_node(idx, s->i);

	if (node < 0)
		return -1;
	*node_out = node;
	s->i++;
	for (;;) {
		struct jp_entry *e;
		size_t koff, key;
		int child = -1, ret;
		unsigned ei;

		skip_ws(s);
		if (peek(s) == '}') {
			idx->nodes[node].end = ++s->i;
			return 0;
		}
		if (peek(s) != '"' && peek(s) != '\'')
			return -1;
		koff = s->i;
		if (scan_string(s, &key))
			return -1;
		if (grow((void **)&idx->ents, &idx->cap_ents, idx->nr_ents + 1, sizeof(*idx->ents))) {
			idx->nomem = 1;
			return -1;
		}
		ei = idx->nr_ents++;
		e = &idx->ents[ei];
		*e = (struct jp_entry){ node, -1, key, koff, -1 };
		if (idx->nodes[node].last >= 0)
			idx->ents[idx->nodes[node].last].next = (int)ei;
		else
			idx->nodes[node].first = (int)ei;
		idx->nodes[node].last = (int)ei;
		skip_ws(s);
		if (peek(s) != ':')
			return -1;
		s->i++;
		ret = scan_value(s, depth + 1, &child);
		/* kept even when the text breaks inside the value: what was read stays indexed */
		idx->ents[ei].child = child; /* the nested scan may have moved ents */
		if (child >= 0)
			idx->nodes[child].parent = node;
		if (ret)
			return -1;
		skip_ws(s);
		if (peek(s) == ',')
			s->i++;
		else if (peek(s) != '}')
			return -1;
	}
}

static int scan_array(struct jp_scan *s, int depth)
{
	s->i++;
	for (;;) {
		int child;

		skip_ws(s);
		if (peek(s) == ']') {
			s->i++;
			return 0;
		}
		if (scan_value(s, depth + 1, &child))
			return -1;
		skip_ws(s);
		if (peek(s) == ',')
			s->i++;
		else if (peek(s) != ']')
			return -1;
	}
}

/* Whether @c ends a number or a literal: one of ",]}:/" or a blank. */
static int is_delimiter(int c)
{
	switch (c) {
	case ',': case ']': case '}': case ':': case '/':
	case ' ': case '\t': case '\r': case '\n': case '\f': case '\v':
		return 1;
	default:
		return 0;
	}
}

/*
 * Whether @n bytes at @p are not an integer literal, or one that json-c holds exactly: it
 * saturates an integer below INT64_MIN or above UINT64_MAX without a word.
 */
static int fits_64_bits(const char *p, size_t n)
{
	const char *lim = *p == '-' ? "9223372036854775808" : "18446744073709551615";
	size_t neg = *p == '-', digits;

	for (size_t i = neg; i < n; i++)
		if (p[i] < '0' || p[i] > '9')
			return 1;
	p += neg;
	digits = n - neg;
	while (digits > 1 && *p == '0')
		p++, digits--;
	if (digits != strlen(lim))
		return digits < strlen(lim);
	return memcmp(p, lim, digits) <= 0;
}

/* Any value; *node_out is its node when it is an object, else -1. */
static int scan_value(struct jp_scan *s, int depth, int *node_out)
{
	int c;

	*node_out = -1;
	if (depth > JSONPOS_MAX_DEPTH)
		return -1;
	skip_ws(s);
	c = peek(s);
	if (c == '{')
		return scan_object(s, depth, node_out);
	if (c == '[')
		return scan_array(s, depth);
	if (c == '"' || c == '\'')
		return scan_string(s, NULL);
	if (c < 0)
		return -1;
	/* a number, true, false, null, NaN, Infinity: up to a delimiter */
	{
		size_t start = s->i;

		while ((c = peek(s)) >= 0 && !is_delimiter(c))
			s->i++;
		if (s->idx->wide_int == SIZE_MAX && !fits_64_bits(s->idx->text + start, s->i - start))
			s->idx->wide_int = start;
	}
	return 0;
}

/* FNV-1a over the key, then the parent and a murmur3 finalizer so the low bits spread. */
static uint32_t hash_key(int parent, const char *key)
{
	uint32_t h = 2166136261u;

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 16777619u;
	h ^= (uint32_t)parent * 0x9e3779b1u;
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	h *= 0xc2b2ae35u;
	return h ^ (h >> 16);
}

/*
 * Records entry @again as a repeat of the same key's previous occurrence @prev, whose own first
 * occurrence is that of @prev's record if @prev was a repeat too. Return: 0, or -1 (no memory).
 */
static int add_dup(struct jsonpos *idx, int prev, int again)
{
	int first = prev;

	idx->nr_dups_all++;
	if (idx->nr_dups == JSONPOS_MAX_DUPS)
		return 0;
	for (unsigned d = idx->nr_dups; d-- > 0;)
		if (idx->dups[d].again == prev) {
			first = idx->dups[d].first;
			break;
		}
	if (grow((void **)&idx->dups, &idx->cap_dups, idx->nr_dups + 1, sizeof(*idx->dups)))
		return -1;
	idx->dups[idx->nr_dups++] = (struct jp_dup){ first, again };
	return 0;
}

static int build_hash(struct jsonpos *idx)
{
	unsigned size = 16, i;

	while (size < 2 * idx->nr_ents)
		size *= 2;
	idx->hash = malloc(size * sizeof(*idx->hash));
	if (!idx->hash)
		return -1;
	idx->hash_mask = size - 1;
	for (i = 0; i < size; i++)
		idx->hash[i] = (struct jp_slot){ 0, -1 };
	/* in text order, so that a duplicated key ends up on its last occurrence */
	for (i = 0; i < idx->nr_ents; i++) {
		const struct jp_entry *e = &idx->ents[i];
		uint32_t full = hash_key(e->parent, idx->keys + e->key), h = full & idx->hash_mask;

		while (idx->hash[h].ent >= 0) {
			const struct jp_entry *o = &idx->ents[idx->hash[h].ent];

			if (idx->hash[h].h == full && o->parent == e->parent &&
			    !strcmp(idx->keys + o->key, idx->keys + e->key))
				break;
			h = (h + 1) & idx->hash_mask;
		}
		/* entries are in text order: repeats are found in the text order of the repeat */
		if (idx->hash[h].ent >= 0 && add_dup(idx, idx->hash[h].ent, (int)i))
			return -1;
		idx->hash[h] = (struct jp_slot){ full, (int)i };
	}
	return 0;
}

/* A UTF-8 character starts at every byte but continuation bytes (10xxxxxx). */
static int starts_char(char c)
{
	return ((unsigned char)c & 0xc0) != 0x80;
}

/*
 * The line starts, and the character checkpoints that make a column cost a stride. Newlines are
 * found with memchr() and each stride's characters counted apart: this runs over every byte of
 * the file, 7 MB at 100 000 tasks.
 */
static int index_lines(struct jsonpos *idx)
{
	unsigned cap = 0;
	size_t i, k, nr_chars = 0;
	const char *nl, *end = idx->text + idx->len;

	idx->chars = malloc((idx->len / JSONPOS_STRIDE + 1) * sizeof(size_t));
	if (!idx->chars || grow((void **)&idx->line_off, &cap, 1, sizeof(size_t)))
		return -1;
	idx->line_off[idx->nr_lines++] = 0;
	nl = idx->len ? memchr(idx->text, '\n', idx->len) : NULL;
	while (nl) {
		if (grow((void **)&idx->line_off, &cap, idx->nr_lines + 1, sizeof(size_t)))
			return -1;
		idx->line_off[idx->nr_lines++] = (size_t)(nl - idx->text) + 1;
		nl = memchr(nl + 1, '\n', (size_t)(end - nl - 1));
	}
	for (k = 0; k * JSONPOS_STRIDE < idx->len; k++) {
		const char *b = idx->text + k * JSONPOS_STRIDE;
		size_t m = idx->len - k * JSONPOS_STRIDE;

		idx->chars[k] = nr_chars;
		/* one bound, so that the compiler counts a stride in vector registers */
		for (i = 0; i < (m < JSONPOS_STRIDE ? m : JSONPOS_STRIDE); i++)
			nr_chars += starts_char(b[i]);
	}
	if (idx->len % JSONPOS_STRIDE == 0) /* the offset just past the end starts a stride */
		idx->chars[idx->len / JSONPOS_STRIDE] = nr_chars;
	return 0;
}

int jsonpos_build(const char *text, size_t len, struct jsonpos **out)
{
	struct jsonpos *idx = calloc(1, sizeof(*idx));
	struct jp_scan s;
	int root;

	*out = NULL;
	if (!idx)
		return CAPSIM_ERR_NOMEM;
	idx->text = text;
	idx->len = len;
	idx->wide_int = SIZE_MAX;
	s.idx = idx;
	s.i = 0;
	skip_ws(&s);
	if (peek(&s) == '{')
		(void)scan_object(&s, 0, &root);
	if (idx->nomem || build_hash(idx) || index_lines(idx)) {
		jsonpos_free(idx);
		return CAPSIM_ERR_NOMEM;
	}
	*out = idx;
	return 0;
}

void jsonpos_free(struct jsonpos *idx)
{
	if (!idx)
		return;
	free(idx->keys);
	free(idx->dups);
	free(idx->ents);
	free(idx->nodes);
	free(idx->line_off);
	free(idx->chars);
	free(idx->hash);
	free(idx);
}

static const struct jp_entry *find(const struct jsonpos *idx, int node, const char *key)
{
	uint32_t full, h;

	if (!idx || node < 0 || !key || !idx->hash)
		return NULL;
	full = hash_key(node, key);
	for (h = full & idx->hash_mask; idx->hash[h].ent >= 0; h = (h + 1) & idx->hash_mask) {
		const struct jp_entry *e = &idx->ents[idx->hash[h].ent];

		if (idx->hash[h].h == full && e->parent == node && !strcmp(idx->keys + e->key, key))
			return e;
	}
	return NULL;
}

int jsonpos_child(const struct jsonpos *idx, int node, const char *key)
{
	const struct jp_entry *e = find(idx, node, key);

	return e ? e->child : -1;
}

/* The UTF-8 characters in the first @off bytes of the text (off <= len). */
static size_t chars_before(const struct jsonpos *idx, size_t off)
{
	size_t i = off - off % JSONPOS_STRIDE, n = idx->chars[i / JSONPOS_STRIDE];

	for (; i < off; i++)
		n += starts_char(idx->text[i]);
	return n;
}

/* The index of the last line starting at or before @off (off <= len). */
static unsigned line_of(const struct jsonpos *idx, size_t off)
{
	unsigned lo = 0, hi = idx->nr_lines;

	while (hi - lo > 1) {
		unsigned mid = lo + (hi - lo) / 2;

		if (idx->line_off[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

struct jsonpos_at jsonpos_offset(const struct jsonpos *idx, size_t off)
{
	struct jsonpos_at at = { 1, 1 };
	unsigned lo;

	if (!idx || !idx->nr_lines)
		return at;
	if (off > idx->len)
		off = idx->len;
	lo = line_of(idx, off);
	at.line = lo + 1;
	at.col += (unsigned)(chars_before(idx, off) - chars_before(idx, idx->line_off[lo]));
	return at;
}

/* The byte offset jsonpos_key() and jsonpos_key_line() report for @key of object @node. */
static size_t key_off(const struct jsonpos *idx, int node, const char *key)
{
	const struct jp_entry *e = find(idx, node, key);

	if (e)
		return e->off;
	if (idx && node >= 0 && (unsigned)node < idx->nr_nodes)
		return idx->nodes[node].off;
	return 0;
}

struct jsonpos_at jsonpos_key(const struct jsonpos *idx, int node, const char *key)
{
	return jsonpos_offset(idx, key_off(idx, node, key));
}

unsigned jsonpos_key_line(const struct jsonpos *idx, int node, const char *key)
{
	size_t off = key_off(idx, node, key);

	if (!idx || !idx->nr_lines)
		return 1;
	return line_of(idx, off > idx->len ? idx->len : off) + 1;
}

int jsonpos_number(const struct jsonpos *idx, int node, const char *key, char *buf, size_t size)
{
	const struct jp_entry *e = find(idx, node, key);
	size_t k, n = 0;

	if (!e)
		return -1;
	for (k = e->off + 1; k < idx->len && idx->text[k] != '"'; k++) /* past the key */
		k += idx->text[k] == '\\';
	for (k++; k < idx->len && strchr(" \t\r\n:", idx->text[k]); k++)
		;
	while (k + n < idx->len && strchr("+-.0123456789eE", idx->text[k + n]))
		n++;
	if (!n || n >= size)
		return -1;
	memcpy(buf, idx->text + k, n);
	buf[n] = '\0';
	return 0;
}

int jsonpos_has_key(const struct jsonpos *idx, int node, const char *key)
{
	return find(idx, node, key) != NULL;
}

int jsonpos_next_child(const struct jsonpos *idx, int node, int prev)
{
	unsigned n;

	if (!idx || node < 0)
		return -1;
	for (n = prev < node ? (unsigned)node + 1 : (unsigned)prev + 1; n < idx->nr_nodes; n++)
		if (idx->nodes[n].parent == node)
			return (int)n;
	return -1;
}

int jsonpos_span(const struct jsonpos *idx, int node, size_t *start, size_t *end)
{
	if (!idx || node < 0 || (unsigned)node >= idx->nr_nodes || !idx->nodes[node].end)
		return -1;
	*start = idx->nodes[node].off;
	*end = idx->nodes[node].end;
	return 0;
}

/* Whether bytes [@from, @to) of the text are only blanks json-c skips and @sep. */
static int only_blanks(const struct jsonpos *idx, size_t from, size_t to, char sep)
{
	for (size_t i = from; i < to; i++) {
		char c = idx->text[i];

		if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != sep)
			return 0;
	}
	return 1;
}

/* Whether a key of @node is given twice (1 also when not every repeat was kept to tell). */
static int repeats_in(const struct jsonpos *idx, int node)
{
	if (idx->nr_dups_all > idx->nr_dups)
		return 1;
	for (unsigned d = 0; d < idx->nr_dups; d++)
		if (idx->ents[idx->dups[d].again].parent == node)
			return 1;
	return 0;
}

int jsonpos_plain_object(const struct jsonpos *idx, int node)
{
	const struct jp_node *n;
	size_t at;

	if (!idx || node < 0 || (unsigned)node >= idx->nr_nodes || !idx->nodes[node].end ||
	    repeats_in(idx, node))
		return 0;
	n = &idx->nodes[node];
	at = n->off + 1;
	for (int e = n->first; e >= 0; e = idx->ents[e].next) {
		const struct jp_entry *ent = &idx->ents[e];
		const struct jp_node *child = ent->child >= 0 ? &idx->nodes[ent->child] : NULL;
		size_t k = ent->off + 1;

		if (!child || !child->end || idx->text[ent->off] != '"' ||
		    !only_blanks(idx, at, ent->off, ','))
			return 0;
		for (; idx->text[k] != '"'; k++)
			if (idx->text[k] == '\\' || (unsigned char)idx->text[k] < 0x20)
				return 0;
		if (!only_blanks(idx, k + 1, child->off, ':'))
			return 0;
		at = child->end;
	}
	return only_blanks(idx, at, n->end - 1, ',');
}

/* How docs/errors.md shows a value: bytes not printable ASCII as \xHH, cut at 40 bytes. */
static void show_key(const char *key, char *buf, size_t size)
{
	size_t o = 0, i;

	for (i = 0; key[i] && o + 8 < size; i++) {
		unsigned char c = (unsigned char)key[i];

		if (i == 40) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
	}
	buf[o] = '\0';
}

int jsonpos_duplicate_where(const struct jsonpos *idx, unsigned i, const char *file, char *buf,
			    size_t size)
{
	const struct jp_entry *a, *b;
	struct jsonpos_at at1, at2;
	char shown[200];

	if (!idx || i >= idx->nr_dups)
		return -1;
	a = &idx->ents[idx->dups[i].first];
	b = &idx->ents[idx->dups[i].again];
	at1 = jsonpos_offset(idx, a->off);
	at2 = jsonpos_offset(idx, b->off);
	show_key(idx->keys + b->key, shown, sizeof(shown));
	/* a reader whose caller prefixes the file (placement cases) gives no @file */
	snprintf(buf, size, "%s%s%u:%u: key \"%s\" given twice in one object (first at %s%s%u:%u",
		 file ? file : "", file ? ":" : "", at2.line, at2.col, shown,
		 file ? file : "", file ? ":" : "", at1.line, at1.col);
	return 0;
}

int jsonpos_refuse_duplicate(const struct jsonpos *idx, const char *file, const char *hint,
			     capsim_error *err)
{
	char where[sizeof(err->msg)];

	if (jsonpos_duplicate_where(idx, 0, file, where, sizeof(where)))
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_PARSE,
				"%s; json-c would keep one value silently%s: expected each key once)",
				where, hint ? hint : "");
}

const char *jsonpos_duplicate_key(const struct jsonpos *idx, unsigned i)
{
	return idx && i < idx->nr_dups ? idx->keys + idx->ents[idx->dups[i].again].key : NULL;
}

unsigned jsonpos_nr_duplicates(const struct jsonpos *idx, unsigned *all)
{
	if (all)
		*all = idx ? idx->nr_dups_all : 0;
	return idx ? idx->nr_dups : 0;
}

int jsonpos_check_duplicates(const char *text, size_t len, const char *file, capsim_error *err)
{
	struct jsonpos *idx;
	int ret;

	if (jsonpos_build(text, len, &idx))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	ret = jsonpos_refuse_duplicate(idx, file, NULL, err);
	jsonpos_free(idx);
	return ret;
}

int jsonpos_refuse_wide_int(const struct jsonpos *idx, const char *file, capsim_error *err)
{
	struct jsonpos_at at;
	size_t n = 0;

	if (idx->wide_int == SIZE_MAX)
		return 0;
	at = jsonpos_offset(idx, idx->wide_int);
	while (idx->wide_int + n < idx->len && !is_delimiter(idx->text[idx->wide_int + n]))
		n++;
	return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s%s%u:%u: %.*s does not fit in 64 bits "
				"(json-c would read another number silently: expected an integer "
				"from -2^63 to 2^64-1)", file ? file : "", file ? ":" : "", at.line,
				at.col, n > 40 ? 40 : (int)n, idx->text + idx->wide_int);
}

int jsonpos_check_input(const char *text, size_t len, const char *file, capsim_error *err)
{
	struct jsonpos *idx;
	int ret;

	if (jsonpos_build(text, len, &idx))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	ret = jsonpos_refuse_duplicate(idx, file, NULL, err);
	if (!ret)
		ret = jsonpos_refuse_wide_int(idx, file, err);
	jsonpos_free(idx);
	return ret;
}

/*
 * Where the text after the one JSON value @text holds begins (blanks skipped); @len when there
 * is none, or when json-c cannot read the value (its parser's error, not this check's).
 */
static size_t text_after_value(const char *text, size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root;
	size_t end = len;

	if (!tok)
		return len;
	root = json_tokener_parse_ex(tok, text, (int)(len < INT32_MAX ? len : INT32_MAX));
	if (root && json_tokener_get_error(tok) == json_tokener_success)
		end = json_tokener_get_parse_end(tok);
	json_object_put(root);
	json_tokener_free(tok);
	while (end < len && strchr(" \t\r\n", text[end]))
		end++;
	return end;
}

int capsim_json_check(const char *text, size_t len, const char *file, capsim_error *err)
{
	struct jsonpos *idx;
	struct jsonpos_at at;
	size_t end;
	int ret;

	/* json-c stops at a NUL or after the first value, and says nothing of the rest */
	if (memchr(text, '\0', len))
		return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: a NUL byte (expected JSON text)",
					file);
	ret = jsonpos_check_input(text, len, file, err);
	end = ret ? len : text_after_value(text, len);
	if (end == len)
		return ret;
	if (jsonpos_build(text, len, &idx))
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	at = jsonpos_offset(idx, end);
	jsonpos_free(idx);
	return capsim_error_set(err, CAPSIM_ERR_PARSE, "%s:%u:%u: text after the JSON value "
				"(expected the end of the file)", file, at.line, at.col);
}

int jsonpos_ent_next(const struct jsonpos *idx, int node, int prev)
{
	if (!idx || node < 0 || (unsigned)node >= idx->nr_nodes)
		return -1;
	if (prev < 0)
		return idx->nodes[node].first;
	return idx->ents[prev].next;
}

const char *jsonpos_ent_name(const struct jsonpos *idx, int ent)
{
	return idx->keys + idx->ents[ent].key;
}

int jsonpos_ent_child(const struct jsonpos *idx, int ent)
{
	return idx->ents[ent].child;
}

struct jsonpos_at jsonpos_ent_pos(const struct jsonpos *idx, int ent)
{
	return jsonpos_offset(idx, idx->ents[ent].off);
}

unsigned jsonpos_ent_line(const struct jsonpos *idx, int ent)
{
	size_t off = idx->ents[ent].off;

	return line_of(idx, off > idx->len ? idx->len : off) + 1;
}

int jsonpos_parse_oom(const void *root, int jerr)
{
	return !root && jerr == json_tokener_success;
}
