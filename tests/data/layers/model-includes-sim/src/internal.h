/* SPDX-License-Identifier: MIT */
/* internal.h - fixture: the top-level header every layer may include. */
