// SPDX-License-Identifier: MIT
/*
 * output_file.c - the files a run writes, whole or not at all (include/capsim/capsim_output.h
 * says what each kind of file gets). Every write goes through a stream of our own over the
 * file descriptor, which keeps the errno of the first failed write(): the message names the
 * real cause (ENOSPC, EFBIG, EDQUOT) and not what stdio or a compressor made of it later.
 */
#define _GNU_SOURCE /* fopencookie() */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "capsim/capsim_output.h"

/* ---- temporaries removed by a signal handler ------------------------------------------------ */

/*
 * The names of the temporaries that exist, in chunks that are never freed or moved, so the
 * handler can walk them at any moment: a slot is published (an atomic store) once its name is
 * complete, and cleared before the name is freed.
 */
#define TEMP_CHUNK 64

struct temp_chunk {
	_Atomic(char *) name[TEMP_CHUNK];
	_Atomic(struct temp_chunk *) next;
};

static struct temp_chunk temps_head;
static pthread_mutex_t temps_lock = PTHREAD_MUTEX_INITIALIZER;

void capsim_output_remove_temporaries(void)
{
	for (struct temp_chunk *c = &temps_head; c; c = atomic_load(&c->next))
		for (int i = 0; i < TEMP_CHUNK; i++) {
			char *name = atomic_load(&c->name[i]);

			if (name)
				unlink(name);
		}
}

/* A free slot for @name, which is then tracked. Return: the slot, or NULL (out of memory). */
static _Atomic(char *) *track_temp(char *name)
{
	_Atomic(char *) *slot = NULL;
	struct temp_chunk *c = &temps_head;

	pthread_mutex_lock(&temps_lock);
	while (!slot) {
		for (int i = 0; i < TEMP_CHUNK && !slot; i++)
			if (!atomic_load(&c->name[i]))
				slot = &c->name[i];
		if (slot)
			break;
		if (!atomic_load(&c->next)) {
			struct temp_chunk *n = calloc(1, sizeof(*n));

			if (!n)
				break;
			atomic_store(&c->next, n);
		}
		c = atomic_load(&c->next);
	}
	if (slot)
		atomic_store(slot, name);
	pthread_mutex_unlock(&temps_lock);
	return slot;
}

static void untrack_temp(_Atomic(char *) *slot)
{
	if (slot)
		atomic_store(slot, NULL);
}

/* ---- a stream over a descriptor that remembers why a write failed -------------------------- */

struct fd_stream {
	int fd;
	int *err; /* the output's first write errno */
};

static ssize_t fd_write(void *cookie, const char *p, size_t n)
{
	struct fd_stream *f = cookie;
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(f->fd, p + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!*f->err)
				*f->err = w < 0 ? errno : EIO;
			errno = *f->err;
			return done ? (ssize_t)done : -1;
		}
		done += (size_t)w;
	}
	return (ssize_t)n;
}

static int fd_seek(void *cookie, off64_t *pos, int whence)
{
	struct fd_stream *f = cookie;
	off_t at = lseek(f->fd, (off_t)*pos, whence);

	if (at < 0)
		return -1;
	*pos = at;
	return 0;
}

static int fd_close(void *cookie)
{
	struct fd_stream *f = cookie;
	int r = close(f->fd);

	if (r && !*f->err)
		*f->err = errno;
	free(f);
	return r ? EOF : 0;
}

/* A stream writing to @fd (owned from now on), its first write errno kept in *@err. */
static FILE *fd_stream_open(int fd, int *err)
{
	cookie_io_functions_t io = { .write = fd_write, .seek = fd_seek, .close = fd_close };
	struct fd_stream *f = malloc(sizeof(*f));
	FILE *fp;

	if (!f) {
		close(fd);
		errno = ENOMEM;
		return NULL;
	}
	f->fd = fd;
	f->err = err;
	fp = fopencookie(f, "w", io);
	if (!fp) {
		close(fd);
		free(f);
		return NULL;
	}
	setvbuf(fp, NULL, _IOFBF, 1 << 16); /* a trace is written in large blocks */
	return fp;
}

/* ---- compression: a stream that compresses into another ----------------------------------- */

enum codec { CODEC_NONE, CODEC_GZ, CODEC_ZST, CODEC_XZ };

struct zstream {
	enum codec codec;
	FILE *sink;          /* the stream the compressed bytes go to (owned) */
	z_stream gz;
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
static int gz_push(struct zstream *z, const char *p, size_t n, int finish)
{
	int r;

	z->gz.next_in = (Bytef *)p;
	z->gz.avail_in = (uInt)n;
	do {
		z->gz.next_out = z->buf;
		z->gz.avail_out = sizeof(z->buf);
		r = deflate(&z->gz, finish ? Z_FINISH : Z_NO_FLUSH);
		if (r == Z_STREAM_ERROR || sink_put(z, z->buf, sizeof(z->buf) - z->gz.avail_out))
			return z->failed = 1, -1;
	} while (finish ? r != Z_STREAM_END : z->gz.avail_in > 0);
	return 0;
}

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

static int z_push(struct zstream *z, const char *p, size_t n, int finish)
{
	if (z->codec == CODEC_GZ)
		return gz_push(z, p, n, finish);
	return z->codec == CODEC_ZST ? zst_push(z, p, n, finish) : xz_push(z, p, n, finish);
}

static ssize_t zstream_write(void *cookie, const char *p, size_t n)
{
	/* errno: the sink's, set by its failed write */
	return z_push(cookie, p, n, 0) ? -1 : (ssize_t)n;
}

static int zstream_close(void *cookie)
{
	struct zstream *z = cookie;
	int failed = z->failed || z_push(z, "", 0, 1);

	if (z->codec == CODEC_GZ)
		deflateEnd(&z->gz);
	else if (z->codec == CODEC_ZST)
		ZSTD_freeCCtx(z->zst);
	else
		lzma_end(&z->xz);
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

/* A stream compressing into @sink (owned from now on, closed with it), or NULL. */
static FILE *zstream_open(FILE *sink, enum codec codec)
{
	cookie_io_functions_t io = { .write = zstream_write, .close = zstream_close };
	struct zstream *z = calloc(1, sizeof(*z));
	int ok;
	FILE *fp;

	if (!z) {
		fclose(sink);
		return NULL;
	}
	z->codec = codec;
	z->sink = sink;
	if (codec == CODEC_GZ) {
		/* gzip's own header and trailer (windowBits 15 + 16), level 6 as gzip's default */
		ok = deflateInit2(&z->gz, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;
	} else if (codec == CODEC_ZST) {
		ok = (z->zst = ZSTD_createCCtx()) != NULL;
	} else {
		z->xz = (lzma_stream)LZMA_STREAM_INIT;
		ok = lzma_easy_encoder(&z->xz, 6, LZMA_CHECK_CRC64) == LZMA_OK;
	}
	if (!ok) {
		fclose(sink);
		free(z);
		errno = ENOMEM;
		return NULL;
	}
	fp = fopencookie(z, "w", io);
	if (!fp)
		zstream_close(z);
	return fp;
}

/* ---- outputs -------------------------------------------------------------------------------- */

struct capsim_output {
	FILE *fp;                /* what the content is written to */
	char *path;              /* as given, for messages */
	char *target;            /* the file written: @path with symlinks followed */
	char *tmp_path;          /* NULL when written directly */
	_Atomic(char *) *slot;   /* where the signal handler finds @tmp_path */
	int in_place;            /* a file with other hard links: copied into at commit */
	enum codec codec;        /* compressed at finish (a temporary) or as written (direct) */
	int is_stdout, finished;
	int write_err;           /* errno of the first failed write(), 0: none */
};

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

static void release(capsim_output *out)
{
	if (out->fp && !out->is_stdout)
		fclose(out->fp);
	if (out->tmp_path) {
		untrack_temp(out->slot);
		unlink(out->tmp_path);
	}
	free(out->tmp_path);
	free(out->target);
	free(out->path);
	free(out);
}

void capsim_output_abort(capsim_output *out)
{
	if (out)
		release(out);
}

/* "PATH: WHAT: REASON" for errno @e (0: no reason), the code for it; @out is released. */
static int fail(capsim_output *out, const char *what, int e, capsim_error *err)
{
	int code = e == ENOMEM ? CAPSIM_ERR_NOMEM : CAPSIM_ERR_IO;

	capsim_error_set(err, code, "%s: %s%s%s", out->path ? out->path : "output", what,
			 e ? ": " : "", e ? strerror(e) : "");
	release(out);
	return code;
}

/* A temporary file beside @out->target, mode @mode, tracked. Return: its fd, or -1 (errno). */
static int open_temp(capsim_output *out, mode_t mode)
{
	const char *slash = strrchr(out->target, '/');
	size_t dir = slash ? (size_t)(slash - out->target) + 1 : 0;
	int fd;

	out->tmp_path = malloc(strlen(out->target) + 32);
	if (!out->tmp_path)
		return errno = ENOMEM, -1;
	/* hidden and unique: a stale one of a killed run is never taken for this run's */
	sprintf(out->tmp_path, "%.*s.%s.capsim-XXXXXX", (int)dir, out->target, out->target + dir);
	/* known to the handler before it exists: mkstemp() fills the name in place */
	out->slot = track_temp(out->tmp_path);
	fd = out->slot ? mkstemp(out->tmp_path) : (errno = ENOMEM, -1);
	if (fd < 0) {
		int e = errno;

		untrack_temp(out->slot);
		free(out->tmp_path);
		out->tmp_path = NULL;
		errno = e;
		return -1;
	}
	fchmod(fd, mode);
	return fd;
}

/* Open @out->path, which exists and is not a regular file: written directly, if it can be. */
static int open_special(capsim_output *out, const struct stat *st, capsim_error *err)
{
	int fd;

	if (!(out->target = strdup(out->path)))
		return fail(out, "cannot write", ENOMEM, err);
	if (S_ISDIR(st->st_mode))
		return fail(out, "is a directory (expected a file name)", 0, err);
	if (!S_ISFIFO(st->st_mode) && !S_ISCHR(st->st_mode))
		return fail(out, "not a regular file, FIFO or character device", 0, err);
	/* through any symlink, /proc's magic ones (/dev/stdout to a pipe) included */
	fd = open(out->path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fail(out, "cannot write", errno, err);
	out->fp = fd_stream_open(fd, &out->write_err);
	if (out->fp && out->codec != CODEC_NONE)
		out->fp = zstream_open(out->fp, out->codec);
	return out->fp ? 0 : fail(out, "cannot write", errno, err);
}

int capsim_output_open(const char *path, capsim_output **res, capsim_error *err)
{
	capsim_output *out = calloc(1, sizeof(*out));
	struct stat st;
	mode_t mode;
	int fd;

	if (!out)
		return capsim_error_set(err, CAPSIM_ERR_NOMEM, "out of memory");
	if (!path || !strcmp(path, "-")) {
		out->fp = stdout;
		out->is_stdout = 1;
		out->path = strdup("-");
		*res = out;
		return out->path ? 0 : fail(out, "cannot write", ENOMEM, err);
	}
	if (!(out->path = strdup(path)))
		return fail(out, "cannot write", ENOMEM, err);
	out->codec = codec_of(path);
	if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
		if (open_special(out, &st, err))
			return CAPSIM_ERR_IO;
		*res = out;
		return 0;
	}
	if (!(out->target = resolve_links(path)))
		return fail(out, "cannot follow the symbolic link", errno ? errno : ENOMEM, err);
	if (stat(out->target, &st)) {
		if (errno != ENOENT)
			return fail(out, "cannot write", errno, err);
		mode = umask(0);
		umask(mode);
		mode = 0666 & ~mode;
	} else {
		if (access(out->target, W_OK))
			return fail(out, "cannot write", errno, err);
		out->in_place = st.st_nlink > 1;
		mode = st.st_mode & 07777;
	}
	fd = open_temp(out, mode);
	out->fp = fd < 0 ? NULL : fd_stream_open(fd, &out->write_err);
	if (!out->fp)
		return fail(out, "cannot write", errno, err);
	*res = out;
	return 0;
}

FILE *capsim_output_fp(const capsim_output *out)
{
	return out->fp;
}

const char *capsim_output_path(const capsim_output *out)
{
	return out->path;
}

int capsim_output_compressed(const capsim_output *out)
{
	return out->codec != CODEC_NONE;
}

/*
 * Replace the finished temporary by its compressed form, in a second temporary: a file is
 * compressed once whole, after a trace writer has sought back to fill in its header.
 */
static int compress_temp(capsim_output *out)
{
	char *plain = out->tmp_path;
	_Atomic(char *) *plain_slot = out->slot;
	int in = open(plain, O_RDONLY | O_CLOEXEC), fd = -1;
	FILE *z = NULL;
	char buf[1 << 16];
	ssize_t n = 0;
	struct stat st;

	out->tmp_path = NULL;
	if (in >= 0 && !fstat(in, &st))
		fd = open_temp(out, st.st_mode & 07777);
	if (fd >= 0) {
		FILE *sink = fd_stream_open(fd, &out->write_err);

		z = sink ? zstream_open(sink, out->codec) : NULL;
	}
	while (z && (n = read(in, buf, sizeof(buf))) > 0)
		if (fwrite(buf, 1, (size_t)n, z) != (size_t)n)
			break;
	if (!out->write_err && (n < 0 || in < 0))
		out->write_err = errno;
	if (z && (fclose(z) | n) && !out->write_err)
		out->write_err = EIO;
	if (!z && !out->write_err)
		out->write_err = errno ? errno : ENOMEM;
	if (in >= 0)
		close(in);
	untrack_temp(plain_slot);
	unlink(plain);
	free(plain);
	return out->write_err ? -1 : 0;
}

/* Copy the finished temporary into @out->target in place (it has other hard links). */
static int copy_into_target(capsim_output *out)
{
	int in = open(out->tmp_path, O_RDONLY | O_CLOEXEC);
	int fd = in < 0 ? -1 : open(out->target, O_WRONLY | O_CLOEXEC);
	FILE *dst = fd < 0 ? NULL : fd_stream_open(fd, &out->write_err);
	char buf[1 << 16];
	ssize_t n = 0;
	int failed = !dst;

	while (!failed && (n = read(in, buf, sizeof(buf))) > 0)
		failed = fwrite(buf, 1, (size_t)n, dst) != (size_t)n;
	if (dst) {
		failed |= n < 0 || fflush(dst) || ftruncate(fd, ftello(dst));
		failed |= fclose(dst) != 0;
	}
	if (in >= 0)
		close(in);
	if (failed && !out->write_err)
		out->write_err = errno ? errno : EIO;
	return failed ? -1 : 0;
}

int capsim_output_finish(capsim_output *out, capsim_error *err)
{
	int failed;

	if (out->finished)
		return 0;
	out->finished = 1;
	if (out->is_stdout) {
		errno = 0;
		if (!fflush(stdout) && !ferror(stdout))
			return 0;
		/* the stream stays stdout's: only the message */
		return capsim_error_set(err, CAPSIM_ERR_IO, "standard output: cannot write: %s",
					strerror(errno ? errno : EIO));
	}
	errno = 0;
	failed = ferror(out->fp);
	failed |= fclose(out->fp);
	out->fp = NULL;
	if (failed && !out->write_err)
		out->write_err = errno ? errno : EIO;
	if (!failed && out->tmp_path && out->codec != CODEC_NONE)
		failed = compress_temp(out);
	if (!failed)
		return 0;
	capsim_error_set(err, out->write_err == ENOMEM ? CAPSIM_ERR_NOMEM : CAPSIM_ERR_IO,
			 "%s: cannot write: %s", out->path, strerror(out->write_err));
	if (out->tmp_path) { /* nothing half-written stays */
		untrack_temp(out->slot);
		unlink(out->tmp_path);
		free(out->tmp_path);
		out->tmp_path = NULL;
	}
	return out->write_err == ENOMEM ? CAPSIM_ERR_NOMEM : CAPSIM_ERR_IO;
}

int capsim_output_commit(capsim_output *out, capsim_error *err)
{
	int ret = capsim_output_finish(out, err);

	if (!ret && out->tmp_path && (out->in_place ? copy_into_target(out) :
				      rename(out->tmp_path, out->target))) {
		int e = out->write_err ? out->write_err : errno;

		ret = capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot write: %s", out->path,
				       strerror(e));
	}
	if (!ret && out->tmp_path && !out->in_place) {
		untrack_temp(out->slot); /* renamed: nothing left to remove */
		free(out->tmp_path);
		out->tmp_path = NULL;
	}
	release(out);
	return ret;
}

/* ---- claims: no output over an input or another output ------------------------------------ */

struct claim {
	char *what;   /* "-o", "--report", "the workload", ... */
	char *path;   /* as given */
	char *norm;   /* absolute, symlinks and dots resolved; NULL for an existing file */
	dev_t dev;
	ino_t ino;
	int exists, input, is_stdout, is_chr;
};

/* One process's outputs: the runs of a parallel `compare` claim their lazily opened files
 * (the rt-app logs) from their threads, hence the lock. */
struct capsim_claims {
	pthread_mutex_t lock;
	struct claim *c;
	unsigned n, cap;
};

int capsim_claims_create(capsim_claims **out)
{
	*out = calloc(1, sizeof(**out));
	if (!*out)
		return CAPSIM_ERR_NOMEM;
	pthread_mutex_init(&(*out)->lock, NULL);
	return 0;
}

void capsim_claims_free(capsim_claims *c)
{
	if (!c)
		return;
	for (unsigned i = 0; i < c->n; i++) {
		free(c->c[i].what);
		free(c->c[i].path);
		free(c->c[i].norm);
	}
	free(c->c);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

/* Drop "." and "name/.." from the absolute path @p, in place (for names whose directory does
 * not exist yet: realpath() cannot). */
static void drop_dots(char *p)
{
	char *out = p, *seg = p;

	while (*seg) {
		size_t n;

		while (*seg == '/')
			seg++;
		n = strcspn(seg, "/");
		if (n == 1 && seg[0] == '.') {
			/* nothing */
		} else if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (out > p && *--out != '/')
				;
		} else if (n) {
			*out++ = '/';
			memmove(out, seg, n);
			out += n;
		}
		seg += n;
	}
	if (out == p)
		*out++ = '/';
	*out = '\0';
}

/* The absolute name of a file that does not exist yet: its directory resolved if it exists. */
static char *normalize(const char *path)
{
	char *t = resolve_links(path), *slash, *dir, *r = NULL;
	char cwd[PATH_MAX];

	if (!t)
		return NULL;
	slash = strrchr(t, '/');
	*(slash ? slash : t + strlen(t)) = '\0';
	dir = realpath(slash ? (t[0] ? t : "/") : ".", NULL);
	if (dir) {
		const char *base = slash ? slash + 1 : t;

		r = malloc(strlen(dir) + strlen(base) + 2);
		if (r)
			sprintf(r, "%s/%s", dir, base);
		free(dir);
	} else if (getcwd(cwd, sizeof(cwd))) {
		if (slash)
			*slash = '/';
		r = malloc(strlen(cwd) + strlen(t) + 2);
		if (r) {
			sprintf(r, "%s/%s", t[0] == '/' ? "" : cwd, t);
			drop_dots(r);
		}
	}
	free(t);
	return r;
}

/* Fill @k for @path: its identity if it exists, else its normalized name. Return: 0 or NOMEM. */
static int identify(struct claim *k, const char *path, const char *what)
{
	struct stat st;

	memset(k, 0, sizeof(*k));
	k->is_stdout = !path || !strcmp(path, "-");
	if (k->is_stdout ? !fstat(STDOUT_FILENO, &st) : !stat(path, &st)) {
		k->exists = 1;
		k->dev = st.st_dev;
		k->ino = st.st_ino;
		k->is_chr = S_ISCHR(st.st_mode);
	} else if (!k->is_stdout && !(k->norm = normalize(path))) {
		return CAPSIM_ERR_NOMEM;
	}
	k->what = strdup(what);
	k->path = strdup(k->is_stdout ? "-" : path);
	if (!k->what || !k->path) {
		free(k->what);
		free(k->path);
		free(k->norm);
		return CAPSIM_ERR_NOMEM;
	}
	return 0;
}

static int push(capsim_claims *c, const struct claim *k)
{
	if (c->n == c->cap) {
		unsigned cap = c->cap ? 2 * c->cap : 8;
		struct claim *n = realloc(c->c, cap * sizeof(*n));

		if (!n)
			return CAPSIM_ERR_NOMEM;
		c->c = n;
		c->cap = cap;
	}
	c->c[c->n++] = *k;
	return 0;
}

static void claim_free(struct claim *k)
{
	free(k->what);
	free(k->path);
	free(k->norm);
}

int capsim_claims_input(capsim_claims *c, const char *path, const char *what)
{
	struct claim k;
	struct stat st;
	int ret;

	/* only a regular file can be replaced by an output */
	if (!path || !strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	ret = identify(&k, path, what);
	k.input = 1;
	if (ret)
		return ret;
	pthread_mutex_lock(&c->lock);
	ret = push(c, &k);
	pthread_mutex_unlock(&c->lock);
	if (ret)
		claim_free(&k);
	return ret;
}

static int same(const struct claim *a, const struct claim *b)
{
	if (a->is_stdout && b->is_stdout)
		return 1; /* one stream, whatever it is */
	if (a->exists && b->exists)
		return a->dev == b->dev && a->ino == b->ino && !(a->is_chr && b->is_chr);
	return !a->exists && !b->exists && a->norm && b->norm && !strcmp(a->norm, b->norm);
}

/* capsim_claims_output() under c->lock: @k is claimed, or refused (and freed) */
static int claim_output_locked(capsim_claims *c, struct claim *k, capsim_error *err)
{
	int ret;

	for (unsigned i = 0; i < c->n; i++) {
		const struct claim *o = &c->c[i];

		if (!same(o, k))
			continue;
		if (o->input)
			ret = capsim_error_set(err, CAPSIM_ERR_INVALID, "%s %s names %s %s: an "
					       "output never replaces an input (give it another name)",
					       k->what, k->path, o->what, o->path);
		else
			ret = capsim_error_set(err, CAPSIM_ERR_INVALID, "%s %s and %s %s name one "
					       "file: give each output its own", o->what, o->path,
					       k->what, k->path);
		claim_free(k);
		return ret;
	}
	if ((ret = push(c, k))) {
		claim_free(k);
		return capsim_error_set(err, ret, "out of memory");
	}
	return 0;
}

int capsim_claims_output(capsim_claims *c, const char *path, const char *what, capsim_error *err)
{
	struct claim k;
	int ret = identify(&k, path, what);

	if (ret)
		return capsim_error_set(err, ret, "out of memory");
	pthread_mutex_lock(&c->lock);
	ret = claim_output_locked(c, &k, err);
	pthread_mutex_unlock(&c->lock);
	return ret;
}
