/* SPDX-License-Identifier: GPL-2.0 */
/* The end of a run's comparison: per workload group and key metric, medians, spread, change and the gate's verdict. */
#ifndef CI_BENCH_CMP_H
#define CI_BENCH_CMP_H

#include <stdio.h>
#include <jansson.h>

#include "ci/bench_verdict.h"
#include "ci/verdict_line.h"
#include "ci/columns.h"
#include "ci/regime.h"
#include "ci/scenario_view.h"

#define CI_BENCH_MAX_COLS 8

struct ci_bench_col {
	char label[128]; /* the feature set, or the kernel */
	const struct ci_column *col;
	struct ci_run *runs; /* shallow copies of the column's runs */
	struct ci_results view; /* those runs, as the gate reads them */
	struct ci_bench_verdict *verdicts; /* per rule, against column 0 */
	struct ci_regime regime;
};

struct ci_bench_row {
	int metric;
	const char *group;
	const struct ci_rule *rule; /* NULL: shown, not judged */
	struct ci_summary s[CI_BENCH_MAX_COLS];
	/* the runs' mean as the gate takes it: geometric, arithmetic when a
	 * value is <= 0; NAN when there is none */
	double mean[CI_BENCH_MAX_COLS];
	struct ci_bench_verdict v[CI_BENCH_MAX_COLS]; /* column k against 0 */
};

struct ci_bench_cmp {
	char title[160]; /* "kernel debian" or "feature set PREEMPT_SHORT" */
	const struct ci_rules *rules;
	const char *rules_name; /* their file as said to the user; the caller
				 * sets it after ci_bench_cmp_build() */
	int name_title; /* the words start "On <title>, ": a run's end has
			 * a paragraph per kernel and per feature set */
	struct ci_bench_col cols[CI_BENCH_MAX_COLS];
	size_t n_cols;
	struct ci_bench_row *rows;
	size_t n_rows, cap_rows;
};

/*
 * Compare columns @cols (@n, at most CI_BENCH_MAX_COLS; the first is the
 * base) labelled @labels: the rows are each rule of @rules with values,
 * then the delay, switches and runtime of the workload groups (kernel
 * threads and the harness folded away) that no rule judges. Returns 0,
 * -EINVAL (too many columns) or -ENOMEM; free with ci_bench_cmp_free().
 */
int ci_bench_cmp_build(struct ci_bench_cmp *c, const char *title,
		       const struct ci_column *const *cols,
		       const char *const *labels, size_t n,
		       const struct ci_rules *rules);
void ci_bench_cmp_free(struct ci_bench_cmp *c);

/*
 * Append to @l every rule's verdict of @c, each column against the first
 * ("PREEMPT_SHORT against NO_PREEMPT_SHORT"). 0 or -ENOMEM.
 */
int ci_bench_cmp_judged(const struct ci_bench_cmp *c, struct ci_judged_list *l);

/* The row of @metric (name) and @group, or NULL. */
const struct ci_bench_row *ci_bench_row_find(const struct ci_bench_cmp *c,
					     const char *metric,
					     const char *group);
/*
 * The change of column @k against column 0 in %, as the gate estimates it:
 * the ratio of the runs' geometric means, minus one (the gate's own ratio
 * where a rule judges @r); NAN when a side has no value or one <= 0.
 */
double ci_bench_change_pct(const struct ci_bench_row *r, size_t k);

/* A figure in at most 4 significant digits, without exponents. */
const char *ci_bench_num(double v, char *buf, size_t len);
/*
 * "CENTER [min-max] CoV%" of @s (one run: CENTER alone), "-" when empty or
 * CENTER is NAN: the median in compare's table, the gate's mean in the
 * summary.
 */
void ci_bench_cell(char *buf, size_t len, double center,
		   const struct ci_summary *s);
/* "[-40%, -20%]" of the gate's ratio interval, "-" when it has none. */
void ci_bench_pct_range(char *buf, size_t len,
			const struct ci_bench_verdict *v);

/* The summary table. */
void ci_bench_summary_print(FILE *f, const struct ci_bench_cmp *c);

/*
 * A change in words: "42 % less", "7.1 % longer", or @same ("about as long")
 * when it rounds to 0 %. In @buf; returns @buf.
 */
const char *ci_words_amount(double pct, const char *more, const char *less,
			    const char *same, char *buf, size_t len);

/*
 * Two or three sentences: for each column against the first, how the
 * shortest-slice workloads' delay moved, what the longest-slice ones paid
 * (switches, runtime), the periodic workloads' misses; the gate's verdict
 * beside each. @scenario: the run's scenario.json (slices; empty when none).
 */
void ci_bench_words(FILE *f, const struct ci_bench_cmp *c,
		    const struct ci_scenario_view *scenario);

#endif
