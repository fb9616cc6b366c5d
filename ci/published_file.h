/* SPDX-License-Identifier: GPL-2.0 */
/* A published table read back (configs/published/NAME.json): another's runs of two feature sets, the rows its changelog comments on, and the changes they show. */
#ifndef CI_PUBLISHED_FILE_H
#define CI_PUBLISHED_FILE_H

#include <stddef.h>

#include "common/error.h"
#include "common/jsonread.h"

/* One row of the published table: a task group in one run of one set. */
struct ci_pub_row {
	char *set, *group;
	int run, tasks;
	double runtime_ms, switches, avg_delay_ms, max_delay_ms, sum_delay_ms;
};

/* A row the changelog comments on: @metric (a table metric) of @group. */
struct ci_pub_comment {
	int metric;
	char *group, *says;
};

struct ci_published {
	int schema;
	char *title, *source, *base, *cand;
	struct ci_pub_row *rows;
	size_t n_rows;
	struct ci_pub_comment *comments;
	size_t n_comments;
};

/* The change of a commented row, base set to candidate set. */
struct ci_pub_change {
	size_t n_base, n_cand; /* runs a side */
	double base,
		cand; /* the runs' arithmetic means, as the series took them */
	double pct; /* cand / base - 1, in % */
	double base_min, base_max, cand_min, cand_max; /* over the runs */
};

extern const struct sb_jr_table ci_published_format;

/*
 * Read @path into @p: 0, or -EINVAL with @e naming the file, the JSON
 * path and the value (a comment's group or metric without rows in both
 * sets included), -ENOMEM; freed on error.
 */
int ci_published_load(const char *path, struct ci_published *p,
		      struct sb_error *e);
void ci_published_free(struct ci_published *p);

/* The change of comment @c of @p (every run of each set has the group). */
void ci_published_change(const struct ci_published *p,
			 const struct ci_pub_comment *c,
			 struct ci_pub_change *out);

#endif
