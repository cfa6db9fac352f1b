/* SPDX-License-Identifier: MIT */
/* pelt.h - fixture: a model header. */
#include "capsim/capsim.h"
