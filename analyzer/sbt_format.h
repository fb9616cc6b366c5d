/* SPDX-License-Identifier: GPL-2.0 */
/* Formatters of a built delay table: the perf-sched-style text and the JSON. */
#ifndef SB_SBT_FORMAT_H
#define SB_SBT_FORMAT_H

#include <stdio.h>
#include <jansson.h>

#include "analyzer/sbt_table.h"

struct sbt_source {
	const char *path; /* the trace file */
	const char *recorder; /* "trace-cmd" or "perf" */
};

struct sbt_text_opts {
	int grouped; /* name:(N) rows instead of comm:pid rows */
	int percentiles; /* add the p50/p90/p99/p99.9 columns */
};

/* "sched_waking" or "sched_wakeup". */
const char *sbt_wait_from_name(enum sbt_wait_from w);

/* The text table into @f. Returns 0 or -EIO. */
int sbt_format_text(FILE *f, const struct sbt_table *t,
		    const struct sbt_source *src,
		    const struct sbt_text_opts *o);

/* Add the table section (docs/formats.md "Delay table") to @doc, normally an
 * sb_envelope_new() object. Returns 0 or -ENOMEM. */
int sbt_format_json(json_t *doc, const struct sbt_table *t,
		    const struct sbt_source *src);

#endif
