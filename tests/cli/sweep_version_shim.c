// SPDX-License-Identifier: MIT
/*
 * sweep_version_shim.c - an LD_PRELOAD module for tests/cli/sweep_id_version.sh: the capsim
 * program then runs as another version of the library would (capsim_version() only).
 */
#include "capsim/capsim.h"

const char *capsim_version(void)
{
	return "0.0.0-another";
}
