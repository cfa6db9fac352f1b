// SPDX-License-Identifier: MIT
/*
 * cli_output.c - output files that never destroy what they write to. A regular file (or a
 * new one) is written under a temporary name beside it and renamed into place on success, with
 * the old file's mode, so a failed run leaves it untouched; a file with several hard links is
 * copied into in place at the end, so every link sees the result. A FIFO, a character device
 * and "-" (standard output) are written through: they cannot be replaced, and a failure there
 * may leave part of the output written. A symlink is followed to its target, which is then
 * treated as above; a directory, a block device or a socket is refused. A name ending in .gz,
 * .zst or .xz is compressed through zlib, libzstd or liblzma. Temporary files still open when
 * SIGINT, SIGTERM, SIGHUP or SIGPIPE arrives are removed before the signal takes its course:
 * a reader closing the pipe early (| head) ends capsim by SIGPIPE, as it ends cat or grep
 * (status 141, no message from the shell), with nothing left behind.
 */
#define _GNU_SOURCE /* fopencookie() */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "cli.h"

/* ---- temporary files removed on a fatal signal ------------------------------------------- */

#define MAX_TEMPS 8
static char *volatile temps[MAX_TEMPS];

void cli_output_fatal_signal(int sig)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i])
			unlink(temps[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The cleanup handlers, in place before the first temporary file exists. */
static void install_cleanup(void)
{
	static int handlers;

	if (!handlers) {
		static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
		struct sigaction sa = { .sa_handler = cli_output_fatal_signal }, old;

		sigemptyset(&sa.sa_mask);
		for (unsigned i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			/* a signal ignored from the start (nohup, a background job) stays ignored */
			if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN)
				sigaction(sigs[i], &sa, NULL);
		handlers = 1;
	}
}

static void untrack_temp(const char *path);

static void track_temp(char *path)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (!temps[i]) {
			temps[i] = path;
			return;
		}
}

static void untrack_temp(const char *path)
{
	for (int i = 0; i < MAX_TEMPS; i++)
		if (temps[i] == path)
			temps[i] = NULL;
}

/* ---- compression: a FILE * that compresses into another ---------------------------------- */

enum codec { CODEC_NONE, CODEC_GZ, CODEC_ZST, CODEC_XZ };

struct zstream {
	enum codec codec;
	FILE *sink;          /* the file the compressed bytes go to (owned) */
	gzFile gz;
	ZSTD_CCtx *zst;
	lzma_stream xz;
	unsigned char buf[1 << 16];
	int failed;
};

static int sink_put(struct zstream *z, const void *p, size_t n)
{
	if (n && fwrite(p, 1, n, z->sink) != n)
		z->failed = 1;
	return z->failed ? -1 : 0;
}

/* Compress @n bytes at @p (@finish: and end the stream). Return: 0 or -1. */
static int zst_push(struct zstream *z, const char *p, size_t n, int finish)
{
	ZSTD_inBuffer in = { p, n, 0 };
	size_t left;

	do {
		ZSTD_outBuffer out = { z->buf, sizeof(z->buf), 0 };

		left = ZSTD_compressStream2(z->zst, &out, &in, finish ? ZSTD_e_end : ZSTD_e_continue);
		if (ZSTD_isError(left) || sink_put(z, z->buf, out.pos))
			return z->failed = 1, -1;
	} while (finish ? left != 0 : in.pos < in.size);
	return 0;
}

static int xz_push(struct zstream *z, const char *p, size_t n, int finish)
{
	lzma_ret r;

	z->xz.next_in = (const uint8_t *)p;
	z->xz.avail_in = n;
	do {
		z->xz.next_out = z->buf;
		z->xz.avail_out = sizeof(z->buf);
		r = lzma_code(&z->xz, finish ? LZMA_FINISH : LZMA_RUN);
		if ((r != LZMA_OK && r != LZMA_STREAM_END) ||
		    sink_put(z, z->buf, sizeof(z->buf) - z->xz.avail_out))
			return z->failed = 1, -1;
	} while (finish ? r != LZMA_STREAM_END : z->xz.avail_in > 0);
	return 0;
}

static ssize_t zstream_write(void *cookie, const char *p, size_t n)
{
	struct zstream *z = cookie;
	int r = 0;

	if (z->codec == CODEC_GZ)
		r = n && gzwrite(z->gz, p, (unsigned)n) != (int)n ? -1 : 0;
	else if (z->codec == CODEC_ZST)
		r = zst_push(z, p, n, 0);
	else
		r = xz_push(z, p, n, 0);
	if (r) {
		errno = EIO;
		return -1;
	}
	return (ssize_t)n;
}

static int zstream_close(void *cookie)
{
	struct zstream *z = cookie;
	int failed = z->failed;

	if (z->codec == CODEC_GZ) {
		failed |= gzclose(z->gz) != Z_OK;
	} else if (z->codec == CODEC_ZST) {
		failed |= zst_push(z, "", 0, 1);
		ZSTD_freeCCtx(z->zst);
	} else {
		failed |= xz_push(z, "", 0, 1);
		lzma_end(&z->xz);
	}
	if (z->sink)
		failed |= ferror(z->sink) | fclose(z->sink);
	free(z);
	return failed ? EOF : 0;
}

static enum codec codec_of(const char *path)
{
	size_t n = strlen(path);

	if (n > 3 && !strcmp(path + n - 3, ".gz"))
		return CODEC_GZ;
	if (n > 4 && !strcmp(path + n - 4, ".zst"))
		return CODEC_ZST;
	if (n > 3 && !strcmp(path + n - 3, ".xz"))
		return CODEC_XZ;
	return CODEC_NONE;
}

/* A FILE * compressing into @sink (owned from now on, closed with it), or NULL. */
static FILE *zstream_open(FILE *sink, enum codec codec)
{
	cookie_io_functions_t io = { .write = zstream_write, .close = zstream_close };
	struct zstream *z = calloc(1, sizeof(*z));
	FILE *fp;

	if (!z) {
		fclose(sink);
		return NULL;
	}
	z->codec = codec;
	z->sink = sink;
	if (codec == CODEC_GZ) {
		int fd = dup(fileno(sink));

		/* gzip writes through its own descriptor; the stdio sink only closes the file */
		z->gz = fd < 0 ? NULL : gzdopen(fd, "wb");
		if (!z->gz && fd >= 0)
			close(fd);
	} else if (codec == CODEC_ZST) {
		z->zst = ZSTD_createCCtx();
	} else {
		z->xz = (lzma_stream)LZMA_STREAM_INIT;
	}
	if ((codec == CODEC_GZ && !z->gz) || (codec == CODEC_ZST && !z->zst) ||
	    (codec == CODEC_XZ && lzma_easy_encoder(&z->xz, 6, LZMA_CHECK_CRC64) != LZMA_OK)) {
		fclose(sink);
		free(z);
		return NULL;
	}
	fp = fopencookie(z, "w", io);
	if (!fp)
		zstream_close(z);
	return fp;
}

/* ---- opening and committing -------------------------------------------------------------- */

/* The file a path names after following symlinks (the target may not exist yet). */
static char *resolve_links(const char *path)
{
	char *cur = strdup(path);

	for (int hops = 0; cur && hops < 40; hops++) {
		char target[PATH_MAX], *next;
		ssize_t n = readlink(cur, target, sizeof(target) - 1);
		const char *slash;

		if (n < 0)
			return cur; /* not a symlink (or absent): this is the file */
		target[n] = '\0';
		slash = strrchr(cur, '/');
		if (target[0] == '/' || !slash) {
			next = strdup(target);
		} else {
			size_t dir = (size_t)(slash - cur) + 1;

			next = malloc(dir + (size_t)n + 1);
			if (next) {
				memcpy(next, cur, dir);
				memcpy(next + dir, target, (size_t)n + 1);
			}
		}
		free(cur);
		cur = next;
	}
	if (cur)
		errno = ELOOP;
	free(cur);
	return NULL;
}

static int fail_open(struct cli_output *out, const char *what, int e)
{
	int ret = cli_failf(e == ENOMEM ? CLI_EXIT_INTERNAL : CLI_EXIT_INPUT, "%s: %s%s%s",
			    out->path, what, e ? ": " : "", e ? strerror(e) : "");

	cli_output_abort(out);
	return ret;
}

/* A temporary file beside @out->target, mode @mode. Return: its FILE * or NULL (errno). */
static FILE *open_temp(struct cli_output *out, mode_t mode)
{
	const char *slash = strrchr(out->target, '/');
	size_t dir = slash ? (size_t)(slash - out->target) + 1 : 0;
	FILE *fp;
	int fd;

	out->tmp_path = malloc(strlen(out->target) + 32);
	if (!out->tmp_path)
		return errno = ENOMEM, NULL;
	/* hidden and unique: a stale one of a killed run is never taken for this run's */
	sprintf(out->tmp_path, "%.*s.%s.capsim-XXXXXX", (int)dir, out->target, out->target + dir);
	/* known to the handlers before it exists: mkstemp() fills the name in place */
	install_cleanup();
	track_temp(out->tmp_path);
	fd = mkstemp(out->tmp_path);
	if (fd < 0) {
		int e = errno;

		untrack_temp(out->tmp_path);
		free(out->tmp_path);
		out->tmp_path = NULL;
		errno = e;
		return NULL;
	}
	fchmod(fd, mode);
	fp = fdopen(fd, "w");
	if (!fp)
		close(fd);
	return fp;
}

int cli_output_open(struct cli_output *out, const char *path)
{
	struct stat st;
	mode_t umask_now;
	enum codec codec;
	FILE *fp = NULL;

	memset(out, 0, sizeof(*out));
	if (!path || !strcmp(path, "-")) {
		out->fp = stdout;
		return 0;
	}
	out->path = strdup(path);
	if (!out->path)
		return fail_open(out, "out of memory", ENOMEM);
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		/* through any symlink, /proc's magic ones (/dev/stdout) included */
		out->target = strdup(path);
		if (!out->target)
			return fail_open(out, "out of memory", ENOMEM);
		if (S_ISDIR(st.st_mode))
			return fail_open(out, "is a directory (expected a file name)", 0);
		if (!S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
			return fail_open(out, "not a regular file, FIFO or character device", 0);
		fp = fopen(path, "w"); /* written through: it cannot be replaced */
	} else if (!(out->target = resolve_links(path))) {
		return fail_open(out, "cannot follow the symbolic link", errno ? errno : ENOMEM);
	} else if (stat(out->target, &st)) {
		if (errno != ENOENT)
			return fail_open(out, "cannot write", errno);
		umask_now = umask(0);
		umask(umask_now);
		fp = open_temp(out, 0666 & ~umask_now);
	} else {
		if (access(out->target, W_OK))
			return fail_open(out, "cannot write", errno);
		out->in_place = st.st_nlink > 1;
		fp = open_temp(out, st.st_mode & 07777);
	}
	if (!fp)
		return fail_open(out, "cannot write", errno);
	codec = codec_of(out->target);
	/* a file is compressed at commit, once the trace writer has sought back to its header */
	if (codec != CODEC_NONE && out->tmp_path)
		out->codec = (int)codec;
	else if (codec != CODEC_NONE)
		fp = zstream_open(fp, codec);
	out->fp = fp;
	if (!out->fp)
		return fail_open(out, "cannot start compressing", errno);
	return 0;
}

/* Replace the finished temporary file by its compressed form (a second temporary file). */
static int compress_temp(struct cli_output *out)
{
	char *plain = out->tmp_path;
	FILE *in = fopen(plain, "r"), *z = NULL, *tmp;
	char buf[1 << 16];
	size_t n;
	int failed = !in;

	out->tmp_path = NULL;
	tmp = failed ? NULL : open_temp(out, 0600);
	if (tmp) {
		struct stat st;

		if (!stat(plain, &st))
			fchmod(fileno(tmp), st.st_mode & 07777);
		z = zstream_open(tmp, (enum codec)out->codec);
	}
	failed |= !z;
	while (!failed && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		failed = fwrite(buf, 1, n, z) != n;
	if (in)
		failed |= ferror(in) | fclose(in);
	if (z)
		failed |= fclose(z) != 0;
	unlink(plain);
	untrack_temp(plain);
	free(plain);
	return failed ? -1 : 0;
}

/* Copy the finished temporary file into @out->target in place (it has other hard links). */
static int copy_into_target(const struct cli_output *out)
{
	FILE *in = fopen(out->tmp_path, "r"), *dst = in ? fopen(out->target, "r+") : NULL;
	char buf[1 << 16];
	size_t n;
	int failed = !dst;

	while (!failed && (n = fread(buf, 1, sizeof(buf), in)) > 0)
		failed = fwrite(buf, 1, n, dst) != n;
	if (dst) {
		failed |= ferror(in) || fflush(dst) || ftruncate(fileno(dst), ftello(dst));
		failed |= fclose(dst) != 0;
	}
	if (in)
		fclose(in);
	return failed ? -1 : 0;
}

int cli_output_commit(struct cli_output *out)
{
	int failed;

	if (!out->fp)
		return 0;
	if (out->fp == stdout) {
		out->fp = NULL;
		return fflush(stdout) ? cli_failf(CLI_EXIT_INPUT, "cannot write standard output: %s",
						  strerror(errno)) : 0;
	}
	errno = 0;
	failed = ferror(out->fp) | fclose(out->fp);
	out->fp = NULL;
	if (!failed && out->codec)
		failed = compress_temp(out);
	if (!failed && out->tmp_path)
		failed = out->in_place ? copy_into_target(out) : rename(out->tmp_path, out->target);
	if (failed) {
		int ret = cli_failf(CLI_EXIT_INPUT, "%s: cannot write: %s", out->path,
				    strerror(errno ? errno : EIO));
		cli_output_abort(out);
		return ret;
	}
	cli_output_abort(out); /* nothing left to remove: frees the names */
	return 0;
}

void cli_output_abort(struct cli_output *out)
{
	if (out->fp && out->fp != stdout)
		fclose(out->fp);
	out->fp = NULL;
	if (out->tmp_path) {
		unlink(out->tmp_path);
		untrack_temp(out->tmp_path);
	}
	free(out->tmp_path);
	free(out->target);
	free(out->path);
	out->tmp_path = out->target = out->path = NULL;
}

int cli_output_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char *ra, *rb;
	int same;

	if (!a || !b || !strcmp(a, "-") || !strcmp(b, "-"))
		return 0;
	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino && S_ISREG(sa.st_mode);
	ra = resolve_links(a);
	rb = resolve_links(b);
	same = ra && rb && !strcmp(ra, rb);
	free(ra);
	free(rb);
	return same;
}
