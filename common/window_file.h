/* SPDX-License-Identifier: GPL-2.0 */
/* window.json, a run's measured window, read back by its rows (the table's and the cross-check's input). */
#ifndef SB_WINDOW_FILE_H
#define SB_WINDOW_FILE_H

#include <stdint.h>

#include "common/error.h"
#include "common/jsonread.h"

/* The measured window, CLOCK_MONOTONIC ns of the machine that ran it. */
struct sb_window {
	int schema;
	int64_t start_mono_ns, end_mono_ns; /* -1 until read */
};

/* window.json's rows; also agent.json's "window" object. */
extern const struct sb_jr_table sb_window_format;

/*
 * Read @path into @w: 0, or -EINVAL with @e "<path>: <json path>: <value>
 * <why>" (an absent file too: the caller asks whether there is one).
 */
int sb_window_load(const char *path, struct sb_window *w, struct sb_error *e);

#endif
