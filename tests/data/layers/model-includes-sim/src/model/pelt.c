// SPDX-License-Identifier: MIT
/* pelt.c - fixture: the model including the engine (a layer above) and itself unqualified. */
#include <stdint.h>

#include "capsim/capsim.h"
#include "internal.h"
#include "model/pelt.h"
#include "sim/sim.h"
#include "pelt.h"
