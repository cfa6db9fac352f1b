// SPDX-License-Identifier: MIT
/*
 * readfile.c - the one reader of input files. Each format used to read its file its own way,
 * with three different messages for a directory, a cap only on some inputs (`capsim pelt
 * /dev/zero` grew until memory ran out) and the read cap quoted instead of the file's size.
 * Here: fstat() first, so a directory and an oversize regular file are refused before any
 * read, naming the size; a pipe or device is read up to the cap plus one byte.
 */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input/readfile.h"

static _Thread_local struct input_digest *digest;

void input_digest_begin(struct input_digest *d)
{
	d->hash = 0xcbf29ce484222325ULL;
	digest = d;
}

void input_digest_end(void)
{
	digest = NULL;
}

static void fnv1a(uint64_t *h, const unsigned char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		*h = (*h ^ p[i]) * 0x100000001b3ULL;
}

void input_digest_feed(const void *data, size_t len)
{
	uint64_t n = len;

	if (!digest)
		return;
	/* the length first: two files' bytes never read as one file's */
	fnv1a(&digest->hash, (const unsigned char *)&n, sizeof(n));
	fnv1a(&digest->hash, data, len);
}

int input_check_size(const char *name, size_t len, capsim_error *err)
{
	if (len <= INPUT_MAX_BYTES)
		return 0;
	return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: %zu bytes, larger than the %u MiB "
				"input cap (expected a capsim input file)", name, len, INPUT_MAX_BYTES >> 20);
}

/* Reads @fp to its end or to INPUT_MAX_BYTES + 1 bytes, whichever comes first. */
static int read_stream(FILE *fp, const char *path, char **buf, size_t *len, capsim_error *err)
{
	size_t cap = 0, n = 0, got;
	char *b = NULL, *nb;

	do {
		if (n == cap) {
			if (cap > INPUT_MAX_BYTES) {
				free(b);
				return capsim_error_set(err, CAPSIM_ERR_RANGE, "%s: larger than the %u MiB "
							"input cap (expected a capsim input file)", path,
							INPUT_MAX_BYTES >> 20);
			}
			cap = cap ? 2 * cap : 65536;
			if (cap > INPUT_MAX_BYTES)
				cap = INPUT_MAX_BYTES + 1u;
			nb = realloc(b, cap + 1);
			if (!nb) {
				free(b);
				return capsim_error_set(err, CAPSIM_ERR_NOMEM, "%s: out of memory", path);
			}
			b = nb;
		}
		got = fread(b + n, 1, cap - n, fp);
		n += got;
	} while (got);
	if (ferror(fp)) {
		int e = errno ? errno : EIO;

		free(b);
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot read: %s", path, strerror(e));
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

int input_read_file(const char *path, char **buf, size_t *len, capsim_error *err)
{
	int is_stdin = !strcmp(path, "-"), ret;
	FILE *fp = is_stdin ? stdin : fopen(path, "rb");
	struct stat st;

	*buf = NULL;
	*len = 0;
	if (!fp)
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot open: %s", path, strerror(errno));
	if (!fstat(fileno(fp), &st)) {
		ret = 0;
		if (S_ISDIR(st.st_mode))
			ret = capsim_error_set(err, CAPSIM_ERR_IO, "%s: is a directory (expected a file)",
					       path);
		else if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > INPUT_MAX_BYTES)
			ret = input_check_size(path, (size_t)st.st_size, err);
		if (ret) {
			if (!is_stdin)
				fclose(fp);
			return ret;
		}
	}
	errno = 0;
	ret = read_stream(fp, path, buf, len, err);
	if (!is_stdin)
		fclose(fp);
	if (!ret)
		input_digest_feed(*buf, *len);
	return ret;
}

int capsim_read_input(const char *path, char **text, size_t *len, capsim_error *err)
{
	return input_read_file(path, text, len, err);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_in_one_of(const char *ext, const char *const *exts)
{
	for (; *exts; exts++)
		if (!strcmp(ext, *exts))
			return true;
	return false;
}

static bool listed(char *const *v, int n, const char *name, size_t len)
{
	for (int i = 0; i < n; i++)
		if (strlen(v[i]) == len && !strncmp(v[i], name, len))
			return true;
	return false;
}

static void free_names(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

int input_dir_names(const char *dir, const char *const *exts, char ***names, capsim_error *err)
{
	char **v = NULL;
	struct dirent *de;
	int n = 0;
	DIR *d = opendir(dir);

	*names = NULL;
	if (!d)
		return capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot open: %s (set CAPSIM_DATA_DIR)",
					dir, strerror(errno));
	while ((de = readdir(d))) {
		size_t len = strcspn(de->d_name, ".");
		char **m;

		if (!len || !ends_in_one_of(de->d_name + len, exts) || listed(v, n, de->d_name, len))
			continue;
		m = realloc(v, (size_t)(n + 2) * sizeof(*v));
		if (!m || !(m[n] = strndup(de->d_name, len))) {
			free_names(m ? m : v, n);
			closedir(d);
			return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
		}
		v = m;
		v[++n] = NULL;
	}
	closedir(d);
	if (n)
		qsort(v, (size_t)n, sizeof(*v), cmp_name);
	*names = v;
	return n;
}
