// SPDX-License-Identifier: MIT
/* trace_dat.c - fixture: a writer reading the engine (a layer below, but not the event sink). */
#include <stdio.h>

#include "capsim/capsim.h"
#include "model/pelt.h"
#include "sim/sim.h"
