// SPDX-License-Identifier: GPL-2.0
/* Read a trace into the core and build its table; shared by `table` and the harness. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt_read.h"

int sbt_analyze(const struct sbt_request *rq, struct sbt_table *t,
		struct sbt_source *src, struct sb_error *e)
{
	struct sbt *s = sbt_new(&rq->core);
	int rc;

	if (!s)
		return sb_error_set(e, -ENOMEM, rq->path, NULL, NULL,
				    "out of memory");
	src->path = rq->path;
	src->recorder = "unknown";
	rc = sbt_read_trace(s, rq->path, &src->recorder, e);
	if (!rc && sbt_table_build(s, &rq->table, t))
		rc = sb_error_set(e, -ENOMEM, rq->path, NULL, NULL,
				  "out of memory");
	sbt_free(s);
	return rc;
}

int sbt_text_to_string(const struct sbt_table *t, const struct sbt_source *src,
		       const struct sbt_text_opts *o, char **out, size_t *len)
{
	FILE *f = open_memstream(out, len);
	int rc;

	if (!f)
		return -errno;
	rc = sbt_format_text(f, t, src, o);
	if (fclose(f) && !rc)
		rc = -EIO;
	if (rc) {
		free(*out);
		*out = NULL;
	}
	return rc;
}
