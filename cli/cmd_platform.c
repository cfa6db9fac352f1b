// SPDX-License-Identifier: MIT
/* cmd_platform.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_platform(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'platform' is not built yet");
}
