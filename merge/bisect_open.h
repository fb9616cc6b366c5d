/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection's directory, lock and log: the settings a log must match, a new log or the one to continue, and its writes. */
#ifndef SB_MERGE_BISECT_OPEN_H
#define SB_MERGE_BISECT_OPEN_H

#include "merge/bisect_types.h"

/*
 * The bisection's directory, lock and log: a new one, or the one to
 * continue, its steps replayed into s->b. 0, or the exit code said.
 */
int bisect_open_log(struct bisector *s);

/* The log, rewritten atomically. 0 or SB_EXIT_UNMEASURED (said). */
int bisect_write_log(struct bisector *s);

#endif
