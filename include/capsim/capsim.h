/* SPDX-License-Identifier: MIT */
/*
 * capsim.h - the public API of libcapsim.
 *
 * capsim simulates how the Linux scheduler (v6.10+, "Rework system pressure interface to the
 * scheduler") sees CPU capacity when cpufreq caps and hardware throttling put pressure on it.
 * If a function, type or constant is not reachable from this header, it is not API.
 *
 * Conventions: every public name starts with capsim_ / CAPSIM_. Functions that can fail return
 * an int: 0 on success or a negative enum capsim_err. Parsers also fill a struct capsim_error
 * with a message of the form "FILE:LINE:COL: what is wrong (expected ...)" (or a device-tree node
 * path, or a JSON path, in place of LINE:COL). The library never prints and never exits.
 */
#ifndef CAPSIM_CAPSIM_H
#define CAPSIM_CAPSIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CAPSIM_API __attribute__((visibility("default")))

#define CAPSIM_VERSION_MAJOR 0
#define CAPSIM_VERSION_MINOR 1
#define CAPSIM_VERSION_PATCH 0
#define CAPSIM_VERSION_NUMBER \
	(CAPSIM_VERSION_MAJOR * 10000 + CAPSIM_VERSION_MINOR * 100 + CAPSIM_VERSION_PATCH)
#define CAPSIM_VERSION_STRING "0.1.0"

/** capsim_version_number() - CAPSIM_VERSION_NUMBER of the library actually linked. */
CAPSIM_API unsigned capsim_version_number(void);

/** capsim_version() - CAPSIM_VERSION_STRING of the library actually linked ("0.1.0"). */
CAPSIM_API const char *capsim_version(void);

/*
 * The handles. Each is opaque, made by a _load/_parse/_create call and released by its _free
 * (NULL is a no-op). Thread safety: calls on different handles may run in parallel threads;
 * calls on one handle must not (the library keeps no global mutable state).
 */
typedef struct capsim_platform capsim_platform; /* a board: CPUs, policies, OPPs, EM, zones */
typedef struct capsim_workload capsim_workload; /* an rt-app workload */
typedef struct capsim_scenario capsim_scenario; /* platform + workload + options + events */
typedef struct capsim_sim capsim_sim;           /* one simulation run */

/*
 * The ABI of the structs (docs/api.md, "ABI"). A struct that may grow starts with
 * `uint32_t size`, and fields are only ever appended to it:
 * - one the caller passes in, or has the library fill (options, *_info): the caller sets
 *   size = sizeof(struct ...), e.g. `struct capsim_cpu_info ci = CAPSIM_SIZED(struct
 *   capsim_cpu_info);`. The library refuses one smaller than the struct's first release
 *   (CAPSIM_ERR_INVALID), reads only the fields given (those it lacks take their default, 0)
 *   and, filling, sets size to the bytes it filled;
 * - one the library allocates (the summary, events, trace events) also carries a version; the
 *   library sets both.
 * Either way a field appended after the first release is read only if CAPSIM_HAS_FIELD() says
 * the struct holds it. The other structs are frozen within a SOVERSION (array elements, whose
 * size is the caller's stride, and small value types); each says so.
 */
#define CAPSIM_SIZED(type) { .size = sizeof(type) }
#define CAPSIM_HAS_FIELD(ptr, field)                                                          \
	((size_t)((const char *)&(ptr)->field - (const char *)(ptr)) + sizeof((ptr)->field) <= \
	 (ptr)->size)

/*
 * Error codes. The values are pinned: they never change once released; new codes are only
 * ever appended.
 */
enum capsim_err {
	CAPSIM_OK = 0,
	CAPSIM_ERR_NOMEM = -1,       /* allocation failed */
	CAPSIM_ERR_IO = -2,          /* a file could not be opened, read or written */
	CAPSIM_ERR_PARSE = -3,       /* malformed input: syntax, types, missing fields */
	CAPSIM_ERR_RANGE = -4,       /* a value out of its meaningful or representable range */
	CAPSIM_ERR_INVALID = -5,     /* a well-formed request that makes no sense (bad argument) */
	CAPSIM_ERR_UNSUPPORTED = -6, /* valid input that capsim does not model */
	CAPSIM_ERR_NOT_FOUND = -7,   /* a named thing (platform, CPU, policy, task) does not exist */
	CAPSIM_ERR_INTERNAL = -8,    /* a broken internal invariant: a capsim bug */
};

/** capsim_strerror() - a short fixed text for an enum capsim_err value (never NULL). */
CAPSIM_API const char *capsim_strerror(int code);

/*
 * struct capsim_error - where a failing call says what went wrong, for people. Frozen: every
 * caller keeps one, uninitialized, on its stack; what grows is the message's text.
 * @code: the enum capsim_err returned by the call.
 * @msg:  "FILE:LINE:COL: what is wrong (expected ...)", or with a node or JSON path.
 */
typedef struct capsim_error {
	int code;
	char msg[1024];
} capsim_error;

/**
 * capsim_error_set() - fill @err (may be NULL) with @code and a printf-style message.
 * Return: @code, so that `return capsim_error_set(err, CAPSIM_ERR_PARSE, ...)` reads naturally.
 */
CAPSIM_API int capsim_error_set(capsim_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * capsim_error_prefix() - prepend a printf-style context ("FILE: ") to the message in @err.
 * Return: err->code.
 */
CAPSIM_API int capsim_error_prefix(capsim_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * capsim_read_input() - read a whole input file the way every capsim reader reads one.
 * @path: the file; "-" reads standard input (and is named "-" in messages).
 * @text: set to a NUL-terminated malloc'ed copy (release it with free()); NULL on failure.
 * @len: set to its size in bytes, without the NUL.
 * @err: filled on failure (may be NULL).
 *
 * Every input has the same size cap (64 MiB): a larger regular file is refused naming its size,
 * a pipe or device (`/dev/zero`) once the cap is passed; a directory is refused as one.
 *
 * Return: 0; CAPSIM_ERR_IO (cannot open or read, or a directory), CAPSIM_ERR_RANGE (over the
 * cap) or CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_read_input(const char *path, char **text, size_t *len, capsim_error *err);

/**
 * capsim_json_check() - the checks every capsim JSON reader makes of its text beyond what
 * json-c checks, for a program that reads a JSON input of its own (`capsim sweep`'s SWEEP.json):
 * a key given twice in one object, and an integer beyond 64 bits (json-c keeps one of the two
 * values, and saturates the integer, without a word); a NUL byte, and text after the one value
 * (json-c stops reading at either).
 * @text, @len: the JSON text. @file: its name in the message. @err: filled on failure.
 * Return: 0, CAPSIM_ERR_PARSE (with "FILE:LINE:COL: key "K" given twice ... (first at
 * FILE:LINE:COL ...", "FILE: a NUL byte (expected JSON text)", "FILE:LINE:COL: text after the
 * JSON value (expected the end of the file)"), CAPSIM_ERR_RANGE ("FILE:LINE:COL: N does not fit in 64 bits ...") or
 * CAPSIM_ERR_NOMEM.
 */
CAPSIM_API int capsim_json_check(const char *text, size_t len, const char *file,
				 capsim_error *err);

/**
 * capsim_suggest() - the one of @names nearest to a mistyped @word, for a "did you mean ...?".
 * @word: what the user wrote (an option, a command, a platform, a model, a JSON key).
 * @names: the @n names that would have been accepted (NULL entries are skipped).
 * @n: how many.
 *
 * Near means at most one edit (insertion, deletion, substitution or swap of two neighbours,
 * ignoring case) per four characters of the name (one for a name of three to seven, none for
 * a shorter one), or @word being the first three or more
 * characters of it (leading dashes not counted: "--dur" for "--duration"); the first of
 * equally near names wins, so the answer is deterministic.
 *
 * Return: a pointer into @names, or NULL when none is near (or @word equals one of them).
 */
CAPSIM_API const char *capsim_suggest(const char *word, const char *const *names, size_t n);

/*
 * Kernel models: what the scheduler believes about capacity under pressure. One place in the
 * library (src/model/model.c) decides what each model sees; everything else asks it.
 */
enum capsim_model {
	CAPSIM_MODEL_V6_10 = 0, /* the series: cpufreq pressure + PELT-filtered HW pressure (default) */
	CAPSIM_MODEL_V6_9 = 1,  /* thermal pressure only, decay shift, user caps invisible */
	CAPSIM_MODEL_LATEST = 2, /* 6.10 plus later mainline changes on these paths */
	CAPSIM_MODEL_CAPPED = 3, /* long-lasting caps lower the maximum capacity instead */
	CAPSIM_MODEL_NONE = 4,  /* capacity is always the original capacity */
	CAPSIM_MODEL_V6_12 = 5, /* linux-source-6.12 (6.12.118), the code kernel-check runs */
	CAPSIM_MODEL_V6_1 = 6,  /* linux-source-6.1 (6.1.192): CFS and thermal pressure */
	CAPSIM_MODEL_COUNT,
	/* linux-source-7.3 (7.3.4): "latest" is this model, by either name */
	CAPSIM_MODEL_V7_3 = CAPSIM_MODEL_LATEST
};

/**
 * capsim_model_name() - "v6.10", "v6.9", "latest", "capped", "none", "v6.12", "v6.1" (NULL
 * if out of range).
 */
CAPSIM_API const char *capsim_model_name(enum capsim_model model);

/**
 * capsim_model_kernel() - the Linux version ("MAJOR.MINOR") whose scheduler @model runs: "6.1",
 * "6.12" and "7.3" for the models kernel-check compares with that source (it fails when the
 * source it ran is another version), "6.9" and "6.10" for the series' before and after
 * (6.12's source with the pressure reads of those versions, docs/model.md), NULL for "capped"
 * and "none", which no kernel runs, and out of range.
 */
CAPSIM_API const char *capsim_model_kernel(enum capsim_model model);

/**
 * capsim_model_from_name() - the model called @name (as capsim_model_name() spells it; "6.9",
 * "6.10", "6.12" and "6.1" without the v are accepted too, and "v7.3" or "7.3" for "latest", the
 * same model). Return: 0, or CAPSIM_ERR_NOT_FOUND.
 */
CAPSIM_API int capsim_model_from_name(const char *name, enum capsim_model *out);

/**
 * capsim_model_for_release() - the model of the kernel release @release ("6.11.0-rc3",
 * "4.19.0-arm64"; its "MAJOR.MINOR" read): v6.1 before 6.6, v6.9 for 6.6 to 6.9, v6.10 for 6.10
 * and 6.11, v6.12 for 6.12 to 7.2, v7.3 ("latest") from 7.3 on (docs/cli.md, "capsim analyze").
 * Return: 0, or CAPSIM_ERR_PARSE when @release does not begin with "MAJOR.MINOR".
 */
CAPSIM_API int capsim_model_for_release(const char *release, enum capsim_model *out);

/**
 * capsim_model_suggest() - capsim_suggest() over the model names: the model @name was
 * probably meant to be ("v6.01" gives "v6.10"), or NULL.
 */
CAPSIM_API const char *capsim_model_suggest(const char *name);

#include "capsim/capsim_units.h"
#include "capsim/capsim_pelt.h"
#include "capsim/capsim_platform.h"
#include "capsim/capsim_sim.h"
#include "capsim/capsim_events.h"
#include "capsim/capsim_record.h"
#include "capsim/capsim_output.h"
#include "capsim/capsim_trace.h"

#ifdef __cplusplus
}
#endif

#endif /* CAPSIM_CAPSIM_H */
