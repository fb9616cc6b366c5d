/* SPDX-License-Identifier: GPL-2.0 */
/* A check's feature sets: the one it runs (--feature-set), the candidate's own (--cand-features), and the scenario the guests then read. */
#ifndef SB_MERGE_CHECK_SETS_H
#define SB_MERGE_CHECK_SETS_H

#include "harness/scenario.h"
#include "merge/check_types.h"

/* Keep only the feature set @name of @sc, or its only one. 0 or SB_EXIT_USAGE. */
int check_pick_set(struct scenario *sc, const char *name);

/*
 * The candidate's feature set, sc->sets[1]: the picked one with each
 * feature of @list ("X,NO_Y") in place of its own. 0 or SB_EXIT_USAGE.
 */
int check_cand_set(struct scenario *sc, const char *list);

/*
 * With a candidate's set: the scenario with both sides' sets into the run
 * directory of @c, which its runs then read. 0 or SB_EXIT_UNMEASURED.
 */
int check_guest_scenario(struct check *c, const struct scenario *sc);

#endif
