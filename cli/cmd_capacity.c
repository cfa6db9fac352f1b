// SPDX-License-Identifier: MIT
/* cmd_capacity.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_capacity(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'capacity' is not built yet");
}
