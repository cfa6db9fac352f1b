// SPDX-License-Identifier: MIT
/*
 * platform_load.c - finding and loading a platform: short names of the shipped boards
 * (data/platforms/NAME.{json,dtb,dts}), device-tree blobs (a .dtb or a /sys/firmware/fdt copy),
 * device-tree sources compiled by the dtc program, capsim platform JSON files (stand-alone, or
 * with "base" naming a device tree they overlay) and overlays given on top. The readers of each
 * format (dt.c, platform_json.c) fill the platform; the model's platform_finalize() then derives
 * what the kernel derives at boot.
 */
#define _GNU_SOURCE /* dladdr1(): which file holds this code */
#include <errno.h>
#include <fcntl.h>
#include <dlfcn.h>
#include <limits.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "input/data_paths.h"
#include "input/platform_load.h"
#include "input/readfile.h"

extern char **environ;

/* Input files are small; anything beyond this is not a device tree or platform file. */

/*
 * An installed capsim keeps its data in share/capsim at a fixed place relative to the file
 * that holds this code: the program in bindir (static library) or libcapsim.so in libdir
 * (data_paths.h, from CMake), so a DESTDIR-staged, relocated or
 * prefix-moved install finds its own data and never the source tree's. Found (canonical)
 * into @dir if that directory exists; a build-tree binary has none there.
 */
static bool installed_data_dir(char *dir, size_t size)
{
	char exe[PATH_MAX], path[PATH_MAX], real[PATH_MAX];
	struct link_map *map;
	const char *file = exe, *rel = data_paths_bin_to_data, *slash;
	struct stat st;
	Dl_info info;
	ssize_t n;
	int len;

	if (!dladdr1((void *)installed_data_dir, &info, (void **)&map, RTLD_DL_LINKMAP))
		return false;
	if (map->l_name[0]) { /* a shared object: its path as the loader found it */
		file = map->l_name;
		rel = data_paths_lib_to_data;
	} else { /* the main program, which the link map leaves unnamed */
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		if (n <= 0)
			return false;
		exe[n] = '\0';
	}
	slash = strrchr(file, '/');
	if (!slash)
		return false;
	len = snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - file), file, rel);
	if (len <= 0 || (size_t)len >= sizeof(path) || !realpath(path, real) ||
	    stat(real, &st) || !S_ISDIR(st.st_mode))
		return false;
	/* Without bin/.. in it: it shows in the paths that reports print. */
	len = snprintf(dir, size, "%s", real);
	return len > 0 && (size_t)len < size;
}

const char *platform_data_dir(void)
{
	/* Per thread: runs in parallel threads each look their data up. Its callers' paths
	 * hold PLATFORM_PATH_MAX * 2 bytes, room for a file name after this. */
	static _Thread_local char dir[PLATFORM_PATH_MAX];
	const char *env = getenv("CAPSIM_DATA_DIR");

	if (env && *env)
		return env;
	return installed_data_dir(dir, sizeof(dir)) ? dir : data_paths_source_data;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* Kernel .dts files #include dt-bindings headers, which only the C preprocessor expands. */
static bool uses_cpp_include(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = !strncmp(line + strspn(line, " \t"), "#include", 8);
	if (f)
		fclose(f);
	return found;
}

/* A temporary file for dtc, in $TMPDIR as every program's: its path in @path, its fd. */
static int dtc_temp(char *path, size_t size, const char *what)
{
	const char *dir = getenv("TMPDIR");

	snprintf(path, size, "%s/capsim-%s-XXXXXX", dir && dir[0] ? dir : "/tmp", what);
	return mkstemp(path);
}

/*
 * Wait for dtc (@pid). SIGINT, SIGTERM and SIGHUP are held meanwhile (@held): one that comes
 * ends dtc and is returned, for the caller to remove the temporary files and then let it take
 * its course. A library installs no handler, and without this the signal would leave an orphan
 * dtc and both files behind.
 */
static int dtc_wait(pid_t pid, const sigset_t *held, int *status)
{
	const struct timespec poll = { 0, 10 * 1000 * 1000 };
	int sig = 0;

	for (;;) {
		pid_t r = waitpid(pid, status, sig ? 0 : WNOHANG);
		int got;

		if (r == pid || (r < 0 && errno != EINTR))
			return sig;
		if (sig)
			continue;
		got = sigtimedwait(held, NULL, &poll);
		if (got > 0) {
			sig = got;
			kill(pid, SIGTERM);
		}
	}
}

/* dtc -I dts -O dtb: run the device-tree compiler, keep its diagnostics for the message. */
static int compile_dts(const char *path, char **blob, size_t *size, capsim_error *err)
{
	char dtb[PATH_MAX], log[PATH_MAX];
	int fd_dtb, fd_log, status = 0, ret, sig = 0;
	char *argv[] = { "dtc", "-q", "-I", "dts", "-O", "dtb", "-o", dtb, (char *)path, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	sigset_t held, old;
	pid_t pid;

	sigemptyset(&held);
	sigaddset(&held, SIGINT);
	sigaddset(&held, SIGTERM);
	sigaddset(&held, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &held, &old);
	fd_dtb = dtc_temp(dtb, sizeof(dtb), "dtb");
	fd_log = dtc_temp(log, sizeof(log), "dtc");
	if (fd_dtb < 0 || fd_log < 0) {
		ret = capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot create a temporary file "
				       "for dtc: %s", path, strerror(errno));
		goto out;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd_log, 2);
	posix_spawn_file_actions_adddup2(&fa, fd_log, 1);
	/* dtc gets the signals as capsim had them: a Ctrl-C reaches it as well */
	posix_spawnattr_init(&attr);
	posix_spawnattr_setsigmask(&attr, &old);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
	ret = posix_spawnp(&pid, "dtc", &fa, &attr, argv, environ);
	posix_spawnattr_destroy(&attr);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		ret = capsim_error_set(err, CAPSIM_ERR_IO, "%s: cannot run dtc (%s); install "
				       "device-tree-compiler or give a .dtb", path, strerror(ret));
		goto out;
	}
	sig = dtc_wait(pid, &held, &status);
	if (sig) {
		ret = capsim_error_set(err, CAPSIM_ERR_IO, "%s: dtc stopped by signal %d", path, sig);
		goto out;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		char msg[600] = "";
		ssize_t n = pread(fd_log, msg, sizeof(msg) - 1, 0);

		msg[n > 0 ? n : 0] = '\0';
		msg[strcspn(msg, "\n")] = '\0';
		ret = capsim_error_set(err, CAPSIM_ERR_PARSE, "%s: dtc cannot compile it: %s%s", path,
				       msg[0] ? msg : "(no message)",
				       uses_cpp_include(path) ? " (the file uses #include: run it "
				       "through cpp first as the kernel build does, see docs/formats.md, "
				       "or give the .dtb)" : "");
		goto out;
	}
	ret = input_read_file(dtb, blob, size, err);
	/* the temporary file's name means nothing to the user: name the .dts */
	if (ret)
		ret = capsim_error_set(err, ret, "%s: dtc's output: %s", path, capsim_strerror(ret));
out:
	if (fd_dtb >= 0) {
		close(fd_dtb);
		unlink(dtb);
	}
	if (fd_log >= 0) {
		close(fd_log);
		unlink(log);
	}
	/* the files are gone: the signal now does what it would have done */
	if (sig)
		raise(sig);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

static int load_dt_file(const char *path, struct capsim_platform **out, capsim_error *err)
{
	char *blob;
	size_t size;
	int ret = has_suffix(path, ".dts") ? compile_dts(path, &blob, &size, err)
					   : input_read_file(path, &blob, &size, err);

	if (ret)
		return ret;
	ret = platform_load_dtb(blob, size, path, out, err);
	free(blob);
	return ret;
}

static int load_file(const char *path, struct capsim_platform **out, int depth, capsim_error *err);

/* A platform JSON: stand-alone, or an overlay on the device tree its "base" names. */
static int load_json_file(const char *path, struct capsim_platform **out, int depth,
			  capsim_error *err)
{
	char *text, base_path[PLATFORM_PATH_MAX * 2];
	struct capsim_platform *base = NULL;
	const char *base_name;
	size_t size;
	int ret = input_read_file(path, &text, &size, err);

	if (ret)
		return ret;
	base_name = platform_json_base(text, size);
	if (base_name) {
		const char *slash = strrchr(path, '/');
		int dir = slash ? (int)(slash - path + 1) : 0;

		/* a relative base is relative to the JSON file's folder */
		if (base_name[0] == '/')
			dir = 0;
		snprintf(base_path, sizeof(base_path), "%.*s%s", dir, path, base_name);
		ret = depth > 4 ? capsim_error_set(err, CAPSIM_ERR_PARSE,
						   "%s: /base: nested too deep", path)
				: load_file(base_path, &base, depth + 1, err);
		free((void *)base_name);
		if (ret) {
			free(text);
			return ret;
		}
	}
	ret = platform_load_json(text, size, path, base, base ? NULL : out, err);
	free(text);
	if (base && !ret)
		*out = base;
	else if (base)
		platform_free(base);
	return ret;
}

/* A LISA PlatformInfo YAML (lisa_yaml.c). */
static int load_lisa_file(const char *path, struct capsim_platform **out, capsim_error *err)
{
	char *text;
	size_t size;
	int ret = input_read_file(path, &text, &size, err);

	if (ret)
		return ret;
	ret = platform_load_lisa(text, size, path, out, err);
	free(text);
	return ret;
}

static int load_file(const char *path, struct capsim_platform **out, int depth, capsim_error *err)
{
	if (has_suffix(path, ".json"))
		return load_json_file(path, out, depth, err);
	if (has_suffix(path, ".yml") || has_suffix(path, ".yaml"))
		return load_lisa_file(path, out, err);
	return load_dt_file(path, out, err);
}

/* A short name when it has no '/' and no known extension; its file in data/platforms. */
static int resolve(const char *name, char *path, size_t size)
{
	static const char *const exts[] = { ".json", ".dtb", ".dts" };
	struct stat st;

	if (strchr(name, '/') || has_suffix(name, ".dtb") || has_suffix(name, ".dts") ||
	    has_suffix(name, ".json") || has_suffix(name, ".yml") || has_suffix(name, ".yaml") || (!stat(name, &st) && S_ISREG(st.st_mode))) {
		snprintf(path, size, "%s", name);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(exts); i++) {
		snprintf(path, size, "%s/platforms/%s%s", platform_data_dir(), name, exts[i]);
		if (!stat(path, &st))
			return 0;
	}
	/* not a short name but something that exists (a directory, a FIFO): the reader says what */
	if (!stat(name, &st)) {
		snprintf(path, size, "%s", name);
		return 0;
	}
	return CAPSIM_ERR_NOT_FOUND;
}

/* "NAME: no such platform", with the nearest shipped name when @name looks like its typo. */
static int no_such_platform(const char *name, capsim_error *err)
{
	char **names = NULL;
	int n = platform_list(&names, NULL);
	const char *near = n > 0 ? capsim_suggest(name, (const char *const *)names, (size_t)n) : NULL;

	capsim_error_set(err, CAPSIM_ERR_NOT_FOUND, "%s: no such platform (%s%s%sexpected a file, or "
			 "one of the names 'capsim platform list' shows)", name,
			 near ? "did you mean '" : "", near ? near : "", near ? "'? " : "");
	capsim_platform_list_free(names);
	return CAPSIM_ERR_NOT_FOUND;
}

int platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
		  struct capsim_platform **out, capsim_error *err)
{
	char path[PLATFORM_PATH_MAX * 2];
	struct capsim_platform *p = NULL;
	int ret;

	*out = NULL;
	if (resolve(name, path, sizeof(path)))
		return no_such_platform(name, err);
	ret = load_file(path, &p, 0, err);
	for (unsigned i = 0; !ret && i < nr_overlays; i++) {
		char *text;
		size_t size;

		ret = input_read_file(overlays[i], &text, &size, err);
		if (!ret) {
			ret = platform_load_json(text, size, overlays[i], p, NULL, err);
			free(text);
		}
	}
	if (ret) {
		platform_free(p);
		return ret;
	}
	if (!strchr(name, '/') && !strchr(name, '.'))
		snprintf(p->name, sizeof(p->name), "%s", name);
	*out = p;
	return 0;
}

int platform_list(char ***names, capsim_error *err)
{
	static const char *const exts[] = { ".dtb", ".dts", ".json", NULL };
	char dir[PLATFORM_PATH_MAX * 2];

	snprintf(dir, sizeof(dir), "%s/platforms", platform_data_dir());
	return input_dir_names(dir, exts, names, err);
}

/* --- the public API of loading (include/capsim/capsim_platform.h) --------------------------- */

int capsim_platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
			 capsim_platform **out, capsim_error *err)
{
	return platform_load(name, overlays, nr_overlays, out, err);
}

int capsim_platform_load_dtb(const void *blob, size_t size, const char *file,
			     capsim_platform **out, capsim_error *err)
{
	*out = NULL;
	return platform_load_dtb(blob, size, file, out, err);
}

int capsim_platform_load_json(const char *text, size_t len, const char *file,
			      capsim_platform **out, capsim_error *err)
{
	*out = NULL;
	return platform_load_json(text, len, file, NULL, out, err);
}

int capsim_platform_apply_overlay(capsim_platform *p, const char *text, size_t len,
				  const char *file, capsim_error *err)
{
	return platform_load_json(text, len, file, p, NULL, err);
}

void capsim_platform_free(capsim_platform *p)
{
	platform_free(p);
}

int capsim_platform_list(char ***names, capsim_error *err)
{
	*names = NULL;
	return platform_list(names, err);
}

void capsim_platform_list_free(char **names)
{
	for (char **n = names; n && *n; n++)
		free(*n);
	free(names);
}

const char *capsim_platform_data_dir(void)
{
	return platform_data_dir();
}
