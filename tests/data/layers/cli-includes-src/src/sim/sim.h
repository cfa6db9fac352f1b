/* SPDX-License-Identifier: MIT */
/* sim.h - fixture: an engine header. */
#include "capsim/capsim.h"
