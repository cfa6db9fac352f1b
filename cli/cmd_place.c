// SPDX-License-Identifier: MIT
/* cmd_place.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_place(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'place' is not built yet");
}
