/* SPDX-License-Identifier: GPL-2.0 */
/* Compare output: each repeat's table, then the summary over repeats, as text, Markdown, JSON or CSV. */
#ifndef CI_COMPARE_OUT_H
#define CI_COMPARE_OUT_H

#include <stdio.h>
#include <jansson.h>

#include "ci/columns.h"
#include "common/error.h"

struct ci_compare {
	const struct ci_columns *cols;
	const struct ci_row *rows;
	size_t n_rows;
	const char *groups; /* comma-separated task groups to show; NULL: all */
	int all_tasks; /* kernel threads and the harness's tasks not folded */
};

/* Every repeat's grouped delay table, column by column. */
void ci_compare_print_runs(FILE *f, const struct ci_compare *c, int markdown);
/*
 * Per group and metric: median [min-max] CoV per column, the change of the
 * medians against the first (the gate's estimate is the bench end's).
 */
void ci_compare_print_summary(FILE *f, const struct ci_compare *c,
			      int markdown);
/*
 * RFC 4180 CSV: a row per group, metric and column (runs, median, min,
 * max, CoV, the median's change against the first column in %).
 */
void ci_compare_print_csv(FILE *f, const struct ci_compare *c);
/* Fill the tool section of envelope @env. Returns 0 or -ENOMEM. */
int ci_compare_to_json(json_t *env, const struct ci_compare *c);

/*
 * compare's output files, each atomic or in place as common/outfile.h
 * says, "-" being standard output: --markdown (the tables, then the
 * run's end @end), --json (the medians in the envelope, made by @argv),
 * --csv (the summary's figures, a row per group, metric and column). 0,
 * or an exit code's -errno with @e naming the option and the path.
 */
int ci_compare_write_markdown(const char *path, const struct ci_compare *c,
			      const char *end, struct sb_error *e);
int ci_compare_write_json(const char *path, const struct ci_compare *c,
			  int argc, char **argv, struct sb_error *e);
int ci_compare_write_csv(const char *path, const struct ci_compare *c,
			 struct sb_error *e);
/* "+12.3% worse" etc.: the medians of column @k against column 0 into @buf. */
const char *ci_compare_change(const struct ci_compare *c, size_t row, size_t k,
			      char *buf, size_t len);

#endif
