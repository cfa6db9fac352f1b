// SPDX-License-Identifier: MIT
/* cmd_pelt.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_pelt(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'pelt' is not built yet");
}
