/* SPDX-License-Identifier: MIT */
/* sim.h - fixture: an engine header, which may include the model. */
#include "model/pelt.h"
