/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Merge per-host results trees into one results directory: every planned
 * unit exactly once, one scenario version, one build per kernel.
 */
#ifndef SB_MERGE_H
#define SB_MERGE_H

#include <stddef.h>

#include "common/error.h"

struct merge_opts {
	int move; /* rename unit dirs out of the inputs instead of copying */
	int allow_gaps; /* merge what arrived; missing units are only counted */
};

struct merge_report {
	char *text; /* one line per problem (malloc'd, "" when none) */
	size_t len, cap;
	size_t gaps, duplicates, mismatches, unknown;
	size_t merged; /* units copied or moved into OUT */
	size_t present; /* planned units complete in OUT afterwards */
	size_t planned;
};

/*
 * Check @dirs against the plan (OUT/plan.json, else the inputs' plan.json,
 * which must all agree) and, when sound, bring every complete unit into
 * @out with scenario.json, plan.json and merge.json (where each unit came
 * from). Returns 0 (merged), 1 (problems: see @rep, nothing merged), or
 * -errno with @e filled (unreadable input, cannot write OUT).
 */
int merge_results(const char *out, const char *const *dirs, size_t n_dirs,
		  const struct merge_opts *o, struct merge_report *rep,
		  struct sb_error *e);
void merge_report_free(struct merge_report *rep);

#endif
