/* SPDX-License-Identifier: GPL-2.0 */
/* A check's rounds: run base and candidate in turn, tally the runs on disk, look, journal each look, stop when decided. */
#ifndef SB_MERGE_CHECK_ROUNDS_H
#define SB_MERGE_CHECK_ROUNDS_H

#include "merge/check_types.h"

/*
 * The rounds of the prepared check @c, up to its cap; the looks the
 * journal holds are replayed, not spent again. The check's exit code.
 */
int check_rounds(struct check *c);

#endif
