/* SPDX-License-Identifier: MIT */
/* cli.h - fixture: the CLI's own header. */
#include "capsim/capsim.h"
