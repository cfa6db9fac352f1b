// SPDX-License-Identifier: MIT
/*
 * regression_driver.c - replays fuzz corpora without libFuzzer, so every saved input (seeds and
 * crashes found and fixed) is re-checked by `make test` and `make asan`. Arguments are files or
 * folders (read one level deep). An input that breaks a target's property aborts the run.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf;
	long size;

	if (!fp) {
		fprintf(stderr, "regression_driver: cannot open %s\n", path);
		return 1;
	}
	fseek(fp, 0, SEEK_END);
	size = ftell(fp);
	fseek(fp, 0, SEEK_SET);
	buf = malloc(size > 0 ? (size_t)size : 1);
	if (!buf || (size > 0 && fread(buf, 1, (size_t)size, fp) != (size_t)size)) {
		fprintf(stderr, "regression_driver: cannot read %s\n", path);
		fclose(fp);
		free(buf);
		return 1;
	}
	fclose(fp);
	LLVMFuzzerTestOneInput(buf, (size_t)size);
	free(buf);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays a folder's files in name order, so runs are reproducible. */
static int run_dir(const char *path, unsigned *count)
{
	DIR *d = opendir(path);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0;
	int ret = 0;

	if (!d) {
		fprintf(stderr, "regression_driver: cannot open folder %s\n", path);
		return 1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			names = realloc(names, cap * sizeof(*names));
		}
		names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
		sprintf(names[n++], "%s/%s", path, e->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), cmp_names);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (!stat(names[i], &st) && S_ISREG(st.st_mode)) {
			ret |= run_file(names[i]);
			(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	unsigned count = 0;
	int ret = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st)) {
			fprintf(stderr, "regression_driver: no such file or folder %s\n", argv[i]);
			return 1;
		}
		if (S_ISDIR(st.st_mode)) {
			ret |= run_dir(argv[i], &count);
		} else {
			ret |= run_file(argv[i]);
			count++;
		}
	}
	if (!count) {
		fprintf(stderr, "regression_driver: no inputs replayed\n");
		return 1;
	}
	printf("%u passed, 0 failed\n", count);
	return ret;
}
