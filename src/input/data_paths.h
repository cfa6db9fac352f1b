// SPDX-License-Identifier: MIT
/*
 * data_paths.h - where the shipped data is, as the build configured it. The strings live in one
 * generated object (data_paths.c.in, written by CMake's configure_file() into the build tree),
 * so that configuring another install prefix recompiles that object alone, not every file that
 * includes this.
 */
#ifndef CAPSIM_INPUT_DATA_PATHS_H
#define CAPSIM_INPUT_DATA_PATHS_H

/* The source tree's data/ and scenarios/: what a build-tree binary reads. */
extern const char data_paths_source_data[];
extern const char data_paths_source_scenarios[];
/* share/capsim relative to the installed bindir and libdir (CMake's GNUInstallDirs). */
extern const char data_paths_bin_to_data[];
extern const char data_paths_lib_to_data[];

#endif
