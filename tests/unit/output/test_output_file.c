// SPDX-License-Identifier: MIT
/*
 * test_output_file.c - tests src/output/output_file.c, the one writer mechanism of every output
 * (include/capsim/capsim_output.h, docs/errors.md "Outputs are whole or absent"): a regular
 * file appears only whole, under its name, at the commit (a hidden ".NAME.capsim-XXXXXX"
 * temporary before), with the mode of the file it replaces, through every hard link; an abort
 * or a failed write leaves nothing half-written and the old file as it was, the error naming
 * the cause; a path that cannot be a file is refused with a message naming it; .gz outputs read
 * back with zlib; the claims refuse an output naming an input or another output.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include <zlib.h>

#include "capsim/capsim.h"
#include "sink_fixture.h"

static char dir[64];

static int setup(void **state)
{
	snprintf(dir, sizeof(dir), "/tmp/capsim-test-out-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char p[512];

	while (d && (e = readdir(d)))
		if (e->d_name[0] != '.' || (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))) {
			snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

static void path_of(char *buf, size_t size, const char *name)
{
	snprintf(buf, size, "%s/%s", dir, name);
}

static void put_file(const char *path, const char *text, mode_t mode)
{
	FILE *fp = fopen(path, "w");

	assert_non_null(fp);
	fputs(text, fp);
	fclose(fp);
	chmod(path, mode);
}

static char *read_file(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *text;

	if (!fp)
		return NULL;
	text = fx_slurp(fp, NULL);
	fclose(fp);
	return text;
}

/* the names in the directory but "." and ".."; *@tmp those of a capsim temporary */
static unsigned entries(unsigned *tmp)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned n = 0;

	*tmp = 0;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			n++;
			*tmp += e->d_name[0] == '.' && strstr(e->d_name, ".capsim-") != NULL;
		}
	closedir(d);
	return n;
}

static void test_whole_at_commit(void **state)
{
	char path[512], *text;
	capsim_output *out;
	capsim_error err;
	unsigned tmp;
	struct stat st;

	path_of(path, sizeof(path), "new.txt");
	assert_int_equal(capsim_output_open(path, &out, &err), 0);
	fputs("hello\n", capsim_output_fp(out));
	/* written so far under a hidden temporary; the name is not there yet */
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(entries(&tmp), 1);
	assert_int_equal(tmp, 1);
	assert_int_equal(capsim_output_commit(out, &err), 0);
	text = read_file(path);
	assert_string_equal(text, "hello\n");
	free(text);
	assert_int_equal(entries(&tmp), 1);
	assert_int_equal(tmp, 0);

	/* replacing a file keeps its mode */
	chmod(path, 0640);
	assert_int_equal(capsim_output_open(path, &out, &err), 0);
	fputs("second\n", capsim_output_fp(out));
	assert_int_equal(capsim_output_commit(out, &err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	text = read_file(path);
	assert_string_equal(text, "second\n");
	free(text);
	unlink(path);
}

static void test_abort_keeps_old(void **state)
{
	char path[512], *text;
	capsim_output *out;
	capsim_error err;
	unsigned tmp;

	path_of(path, sizeof(path), "old.txt");
	put_file(path, "old content\n", 0644);
	assert_int_equal(capsim_output_open(path, &out, &err), 0);
	fputs("half of a new", capsim_output_fp(out));
	capsim_output_abort(out);
	text = read_file(path);
	assert_string_equal(text, "old content\n");
	free(text);
	assert_int_equal(entries(&tmp), 1);
	assert_int_equal(tmp, 0);
	unlink(path);
}

/* a write that fails (the file size limit: EFBIG) leaves the old file and no temporary */
static void test_failed_write_leaves_nothing(void **state)
{
	struct rlimit old, lim;
	char path[512], *text, big[8192];
	capsim_output *out;
	capsim_error err;
	unsigned tmp;
	int ret;

	path_of(path, sizeof(path), "kept.txt");
	put_file(path, "kept\n", 0644);
	memset(big, 'x', sizeof(big));
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	assert_int_equal(capsim_output_open(path, &out, &err), 0);
	for (int i = 0; i < 4; i++)
		fwrite(big, 1, sizeof(big), capsim_output_fp(out));
	ret = capsim_output_commit(out, &err);
	setrlimit(RLIMIT_FSIZE, &old);
	assert_int_equal(ret, CAPSIM_ERR_IO);
	/* "PATH: cannot write: REASON", the errno's text */
	assert_non_null(strstr(err.msg, path));
	assert_non_null(strstr(err.msg, strerror(EFBIG)));
	text = read_file(path);
	assert_string_equal(text, "kept\n");
	free(text);
	assert_int_equal(entries(&tmp), 1);
	assert_int_equal(tmp, 0);
	unlink(path);
}

/* a file with two names: the commit writes into it, both see the result */
static void test_hard_link(void **state)
{
	char a[512], b[512], *text;
	capsim_output *out;
	capsim_error err;

	path_of(a, sizeof(a), "a.txt");
	path_of(b, sizeof(b), "b.txt");
	put_file(a, "before\n", 0644);
	assert_int_equal(link(a, b), 0);
	assert_int_equal(capsim_output_open(a, &out, &err), 0);
	fputs("after\n", capsim_output_fp(out));
	assert_int_equal(capsim_output_commit(out, &err), 0);
	text = read_file(b);
	assert_string_equal(text, "after\n");
	free(text);
	unlink(a);
	unlink(b);
}

static void test_unwritable_paths(void **state)
{
	char path[600], file[512];
	capsim_output *out = NULL;
	capsim_error err;

	/* a directory */
	assert_int_equal(capsim_output_open(dir, &out, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, dir));
	assert_non_null(strstr(err.msg, "directory"));
	/* under a regular file, and in a directory that does not exist */
	path_of(file, sizeof(file), "plain");
	put_file(file, "x", 0644);
	snprintf(path, sizeof(path), "%s/sub.txt", file);
	assert_int_equal(capsim_output_open(path, &out, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, path));
	path_of(path, sizeof(path), "missing/sub.txt");
	assert_int_equal(capsim_output_open(path, &out, &err), CAPSIM_ERR_IO);
	assert_non_null(strstr(err.msg, path));
	unlink(file);
}

static void test_gzip(void **state)
{
	char path[512], buf[64] = { 0 };
	capsim_output *out;
	capsim_error err;
	gzFile gz;

	path_of(path, sizeof(path), "t.txt.gz");
	assert_int_equal(capsim_output_open(path, &out, &err), 0);
	assert_true(capsim_output_compressed(out));
	fputs("compressed line\n", capsim_output_fp(out));
	assert_int_equal(capsim_output_commit(out, &err), 0);
	gz = gzopen(path, "rb");
	assert_non_null(gz);
	assert_true(gzdirect(gz) == 0); /* really gzip, not the text as is */
	assert_int_equal(gzread(gz, buf, sizeof(buf) - 1), 16);
	assert_string_equal(buf, "compressed line\n");
	gzclose(gz);
	unlink(path);
}

static void test_claims(void **state)
{
	char in[512], other[512];
	capsim_claims *c;
	capsim_error err;

	path_of(in, sizeof(in), "scenario.json");
	path_of(other, sizeof(other), "r.html");
	put_file(in, "{}", 0644);
	assert_int_equal(capsim_claims_create(&c), 0);
	assert_int_equal(capsim_claims_input(c, in, "the scenario"), 0);
	/* the input under another spelling: same file */
	snprintf(other, sizeof(other), "%s/./scenario.json", dir);
	assert_int_equal(capsim_claims_output(c, other, "-o", &err), CAPSIM_ERR_INVALID);
	path_of(other, sizeof(other), "r.html");
	assert_int_equal(capsim_claims_output(c, other, "--report", &err), 0);
	assert_int_equal(capsim_claims_output(c, other, "-o", &err), CAPSIM_ERR_INVALID);
	assert_non_null(strstr(err.msg, "--report"));
	/* /dev/null may be shared */
	assert_int_equal(capsim_claims_output(c, "/dev/null", "--trace", &err), 0);
	assert_int_equal(capsim_claims_output(c, "/dev/null", "--csv", &err), 0);
	capsim_claims_free(c);
	unlink(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_at_commit),
		cmocka_unit_test(test_abort_keeps_old),
		cmocka_unit_test(test_failed_write_leaves_nothing),
		cmocka_unit_test(test_hard_link),
		cmocka_unit_test(test_unwritable_paths),
		cmocka_unit_test(test_gzip),
		cmocka_unit_test(test_claims),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
