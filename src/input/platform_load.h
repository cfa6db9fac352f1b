/* SPDX-License-Identifier: MIT */
/*
 * platform_load.h - the readers of platforms: by short name or path (platform_load.c), from a
 * flattened device tree (dt.c, dt_thermal.c) or a capsim platform JSON text (platform_json.c).
 * Each fills a struct capsim_platform (src/model/platform.h) and calls platform_finalize().
 */
#ifndef CAPSIM_PLATFORM_LOAD_H
#define CAPSIM_PLATFORM_LOAD_H

#include "model/platform.h"


/**
 * platform_load() - load a platform by short name ("rk3399") or file path (.dtb, .dts, .json;
 * a /sys/firmware/fdt copy is a DTB). Short names resolve in platform_data_dir()/platforms/.
 * @overlays: NULL or an array of @nr_overlays platform-JSON paths applied in order.
 * Return: 0 and *@out (free with platform_free()), or a negative enum capsim_err with @err
 * naming the file and the DT node/property or JSON path.
 */
int platform_load(const char *name, const char *const *overlays, unsigned nr_overlays,
		  struct capsim_platform **out, capsim_error *err);

/**
 * platform_load_dtb() - build a platform from a flattened device tree in memory.
 * @file: the name used in error messages. Return: as platform_load().
 */
int platform_load_dtb(const void *blob, size_t size, const char *file,
		      struct capsim_platform **out, capsim_error *err);

/**
 * platform_load_json() - build a platform from a capsim platform JSON text (docs/formats.md).
 * @base: NULL for a stand-alone platform; else the JSON is an overlay applied to *@base in
 * place (and @out may be NULL). Return: as platform_load().
 */
int platform_load_json(const char *text, size_t len, const char *file,
		       struct capsim_platform *base, struct capsim_platform **out,
		       capsim_error *err);

/**
 * lisa_yaml_to_json() - a LISA PlatformInfo YAML text (lisa_yaml.c) as the equivalent capsim
 * platform JSON: *@json (free() it); *@skipped_em_parts says whether its nrg-model had parts
 * capsim does not model (idle states, cluster power). Return: 0, or CAPSIM_ERR_PARSE /
 * CAPSIM_ERR_NOMEM with @err as "FILE:LINE:COL: platform-info.conf.KEY: ...".
 */
int lisa_yaml_to_json(const char *text, size_t len, const char *file, char **json,
		      int *skipped_em_parts, capsim_error *err);

/**
 * platform_load_lisa() - build a platform from a LISA PlatformInfo YAML text (@len bytes).
 * Return: as platform_load().
 */
int platform_load_lisa(const char *text, size_t len, const char *file,
		       struct capsim_platform **out, capsim_error *err);

/**
 * platform_data_dir() - where the shipped platforms/ and scenarios/ are: $CAPSIM_DATA_DIR if
 * set, else share/capsim of the install holding this code if there is one, else the source
 * tree's data/ (input/data_paths.h, for build-tree binaries). Valid until the thread's next call.
 */
const char *platform_data_dir(void);

/**
 * platform_list() - the shipped short names, sorted; *@names is NULL-terminated, free each
 * string and the array. Return: the count, or a negative enum capsim_err.
 */
int platform_list(char ***names, capsim_error *err);

/**
 * platform_json_base() - the "base" member of a platform JSON text, or NULL (absent, or not
 * JSON: the real parse reports that). The caller frees the string.
 */
const char *platform_json_base(const char *text, size_t len);

#endif /* CAPSIM_PLATFORM_LOAD_H */
