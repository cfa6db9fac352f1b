/* SPDX-License-Identifier: MIT */
/* sim.h - fixture: an engine header. */
