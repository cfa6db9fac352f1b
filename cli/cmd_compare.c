// SPDX-License-Identifier: MIT
/* cmd_compare.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_compare(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'compare' is not built yet");
}
