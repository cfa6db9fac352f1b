// SPDX-License-Identifier: MIT
/*
 * version.c - which capsim a program has linked: the headers' version macros say which it was
 * built against, these calls which library it runs with.
 */
#include "capsim/capsim.h"

unsigned capsim_version_number(void)
{
	return CAPSIM_VERSION_NUMBER;
}

const char *capsim_version(void)
{
	return CAPSIM_VERSION_STRING;
}
