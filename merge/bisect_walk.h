/* SPDX-License-Identifier: GPL-2.0 */
/* A bisection from its settings: the ends, the log, then step by step (build, check, record), the triage once the bad end is confirmed, and the end. */
#ifndef SB_MERGE_BISECT_WALK_H
#define SB_MERGE_BISECT_WALK_H

#include "merge/bisect_types.h"

/*
 * Run (or continue) the bisection @o asks for; the exit code
 * (common/exitcodes.h): 1 a first bad step found, 3 none could be.
 */
int bisect_session(const struct bisect_settings *o);

#endif
