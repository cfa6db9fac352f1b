/* SPDX-License-Identifier: MIT */
/*
 * platform_test_util.h - helpers for the platform unit tests: load a shipped board, a device
 * tree written as DTS text (compiled by dtc, as `capsim` does for .dts files), or a platform
 * JSON text; and edit a text by replacing one substring (to make malformed variants).
 */
#ifndef CAPSIM_PLATFORM_TEST_UTIL_H
#define CAPSIM_PLATFORM_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model/platform.h"
#include "input/platform_load.h"

/* Load data/platforms/NAME.dtb of the source tree; fails the test on error. */
static inline struct capsim_platform *load_board(const char *name)
{
	char path[512];
	struct capsim_platform *p = NULL;
	capsim_error err = { 0 };

	snprintf(path, sizeof(path), "%s/data/platforms/%s.dtb", CAPSIM_SOURCE_DIR, name);
	if (platform_load(path, NULL, 0, &p, &err)) {
		fprintf(stderr, "load %s: %s\n", name, err.msg);
		return NULL;
	}
	return p;
}

/* Write @text to a fresh file named ...@suffix; return its path (static buffer). */
static inline const char *write_temp(const char *text, size_t len, const char *suffix)
{
	static char path[256];
	static unsigned counter;
	FILE *fp;

	snprintf(path, sizeof(path), "/tmp/capsim-test-%ld-%u%s", (long)getpid(), counter++, suffix);
	fp = fopen(path, "wb");
	if (!fp)
		return NULL;
	fwrite(text, 1, len, fp);
	fclose(fp);
	return path;
}

/* Compile and load DTS @text; returns the enum capsim_err, fills *@p and @err. */
static inline int load_dts(const char *text, struct capsim_platform **p, capsim_error *err)
{
	const char *path = write_temp(text, strlen(text), ".dts");
	int ret = platform_load(path, NULL, 0, p, err);

	unlink(path);
	return ret;
}

/* Load platform JSON @text (stand-alone). */
static inline int load_json(const char *text, struct capsim_platform **p, capsim_error *err)
{
	return platform_load_json(text, strlen(text), "test.json", NULL, p, err);
}

/* A copy of @s with the first @from replaced by @to (the test fails if @from is absent). */
static inline char *replace(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	char *out;

	if (!at)
		return NULL;
	out = malloc(strlen(s) - strlen(from) + strlen(to) + 1);
	memcpy(out, s, (size_t)(at - s));
	strcpy(out + (at - s), to);
	strcat(out, at + strlen(from));
	return out;
}

/* A two-cluster arm64 DT (the little policy shared by CPUs 0-1, 2 OPPs; the big one with a
 * turbo OPP); tests edit it into the cases they need. */
static const char test_dts[] =
	"/dts-v1/;\n/ {\n #address-cells = <1>; #size-cells = <1>;\n"
	" cpus { #address-cells = <1>; #size-cells = <0>;\n"
	"  cpu-map { cluster0 { core0 { cpu = <&c0>; }; core1 { cpu = <&c1>; }; };\n"
	"            cluster1 { core0 { cpu = <&c2>; }; }; };\n"
	"  c0: cpu@0 { device_type = \"cpu\"; compatible = \"arm,cortex-a53\"; reg = <0x0>;\n"
	"   capacity-dmips-mhz = <485>; operating-points-v2 = <&t0>; };\n"
	"  c1: cpu@1 { device_type = \"cpu\"; compatible = \"arm,cortex-a53\"; reg = <0x1>;\n"
	"   capacity-dmips-mhz = <485>; operating-points-v2 = <&t0>; };\n"
	"  c2: cpu@100 { device_type = \"cpu\"; compatible = \"arm,cortex-a72\"; reg = <0x100>;\n"
	"   capacity-dmips-mhz = <1024>; operating-points-v2 = <&t1>; };\n"
	" };\n"
	" t0: opp-table-0 { compatible = \"operating-points-v2\"; opp-shared;\n"
	"  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n"
	"  opp-1416000000 { opp-hz = /bits/ 64 <1416000000>; opp-microvolt = <1125000>; }; };\n"
	" t1: opp-table-1 { compatible = \"operating-points-v2\"; opp-shared;\n"
	"  opp-408000000 { opp-hz = /bits/ 64 <408000000>; opp-microvolt = <825000>; };\n"
	"  opp-1800000000 { opp-hz = /bits/ 64 <1800000000>; opp-microvolt = <1200000>; };\n"
	"  opp-2016000000 { opp-hz = /bits/ 64 <2016000000>; opp-microvolt = <1250000>; turbo-mode; }; };\n"
	"};\n";

#endif /* CAPSIM_PLATFORM_TEST_UTIL_H */
