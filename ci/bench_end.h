/* SPDX-License-Identifier: GPL-2.0 */
/* The end of `slicebench run`: the seed's tables, the summary with verdicts, the words, and report.html. */
#ifndef CI_BENCH_END_H
#define CI_BENCH_END_H

#include <stddef.h>
#include <stdio.h>

#include "ci/bench_cmp.h"

/*
 * For the run directory @root, print to @f per kernel each feature set's
 * seed-shaped table with its regime, the summary against the first feature
 * set with the gate's verdicts and sentences saying it, and, when the
 * scenario names a published table, its commented rows beside this
 * kernel's (ci/published_beside.h); with several kernels also the kernels
 * side by side per feature set. Then write
 * @root/report.html and @root/plots/ and print the report's path. Returns
 * 0 or -errno with @e set: -EINVAL (malformed results or rules), -ENODATA
 * (no results there, no complete run), ci_plots_write's (no gnuplot,
 * cannot write), -ENOMEM. The
 * verdicts are by @rules when not NULL, else by those @root's scenario
 * names, else by ci/gate.json (ci/rules_pick.h); the first line says which.
 * *@verdict gets the verdict line over every comparison (malloc'd, NULL
 * on error), for the caller to print last.
 */
int ci_bench_end(FILE *f, const char *root, const char *rules, char **verdict,
		 struct sb_error *e);

/* What a comparison's verdicts and words are made with. */
struct ci_bench_say {
	const struct ci_rules *rules;
	const char *rules_name; /* their file as said to the user */
	const struct ci_scenario_view *scenario; /* the runs' scenario.json */
	int name_title; /* several kernels ran: each paragraph of the words
			 * names its kernel or feature set (the title) */
};

/*
 * The end of one comparison, as a run ends: columns @cols (@n, at most
 * CI_BENCH_MAX_COLS; the first is the base) labelled @labels, titled
 * @title: the summary table with the gate's verdicts, the words, then the
 * runs a side that would pass each rule at these runs' spread, printed
 * on @f. @c is built (free with ci_bench_cmp_free()) and *@words
 * gets the words (malloc'd) for report.html. Returns 0, -EINVAL or -ENOMEM.
 */
int ci_bench_end_compare(FILE *f, const struct ci_bench_say *s,
			 const struct ci_column *const *cols,
			 const char *const *labels, size_t n, const char *title,
			 struct ci_bench_cmp *c, char **words);

#endif
