/* SPDX-License-Identifier: MIT */
/* pelt.h - fixture: a model header, which a writer may include. */
