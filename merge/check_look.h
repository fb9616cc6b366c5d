/* SPDX-License-Identifier: GPL-2.0 */
/* A check's look: the gate over the rounds so far at the levels the spending gives that look. */
#ifndef SB_MERGE_CHECK_LOOK_H
#define SB_MERGE_CHECK_LOOK_H

#include <stddef.h>

#include "ci/gate.h"
#include "merge/check_types.h"

/*
 * Gate the runs of rounds 1..@round (quietly, or with every output on
 * @final) at the levels of look @k (its fraction in c->t[k - 1]), which
 * go to @lv. The gate's exit code.
 */
int check_look(const struct check *c, int round, size_t k, int final,
	       struct ci_levels *lv);

/* "pass", "regression", ... of a check's exit @code. */
const char *check_outcome(int code);

#endif
