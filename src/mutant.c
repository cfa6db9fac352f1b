// SPDX-License-Identifier: MIT
/*
 * mutant.c - the mutants build's choice (make kernel-check-mutants): CAPSIM_MUT() points
 * (internal.h) take their mutation when CAPSIM_MUTANT in the environment names them, read once
 * as the program starts. Other builds compile nothing of it.
 */
#include "internal.h"

#ifdef CAPSIM_MUTANTS
#include <stdlib.h>

int capsim_mutant;

__attribute__((constructor)) static void capsim_mutant_read(void)
{
	const char *v = getenv("CAPSIM_MUTANT");

	capsim_mutant = v ? atoi(v) : 0;
}
#else
typedef int capsim_mutant_none; /* ISO C wants a declaration in every translation unit */
#endif
