/* SPDX-License-Identifier: GPL-2.0 */
/* One trace file in, one built delay table out: what `table` and the harness share. */
#ifndef SB_ANALYZE_H
#define SB_ANALYZE_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt_format.h"
#include "analyzer/sbt_table.h"
#include "common/error.h"

struct sbt_request {
	const char *path;
	struct sbt_opts core;
	struct sbt_table_opts table;
};

/*
 * Read @rq->path and build @t. @src gets the path and the recorder.
 * Returns 0 or a -errno with @e, as sbt_read_trace().
 */
int sbt_analyze(const struct sbt_request *rq, struct sbt_table *t,
		struct sbt_source *src, struct sb_error *e);

/* The text table into a malloc'd string (*@out, NUL-terminated). */
int sbt_text_to_string(const struct sbt_table *t, const struct sbt_source *src,
		       const struct sbt_text_opts *o, char **out, size_t *len);

#endif
