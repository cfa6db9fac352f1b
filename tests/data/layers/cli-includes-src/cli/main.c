// SPDX-License-Identifier: MIT
/* main.c - fixture: the CLI reaching into the engine past the public API. */
#include <stdio.h>

#include "capsim/capsim.h"
#include "cli.h"
#include "sim/sim.h"
