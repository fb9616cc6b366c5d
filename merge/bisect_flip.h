/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection's triage: the bad end with each --features feature flipped, checked against the good end. */
#ifndef SB_MERGE_BISECT_FLIP_H
#define SB_MERGE_BISECT_FLIP_H

#include "merge/bisect_types.h"

/*
 * Once the bad end is confirmed: the bad end with each --features feature
 * flipped, checked against the good end (those the log holds are done).
 * 0, or the exit code that stops here.
 */
int bisect_triage(struct bisector *s);

#endif
