// SPDX-License-Identifier: MIT
/* cmd_simulate.c - placeholder until its issue lands; replaced by the real subcommand. */
#include "cli.h"

int cmd_simulate(int argc, char **argv)
{
	return cli_failf(CLI_EXIT_INTERNAL, "'simulate' is not built yet");
}
