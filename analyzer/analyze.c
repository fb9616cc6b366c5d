// SPDX-License-Identifier: GPL-2.0
/* Read a trace into the core and build its table; shared by `table` and the harness. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/analyze.h"
#include "analyzer/sbt_read.h"
#include "common/exitcodes.h"

int sbt_analyze(const struct sbt_request *rq, struct sbt_table *t,
		struct sbt_source *src, char *err, size_t errlen)
{
	struct sbt *s = sbt_new(&rq->core);
	int rc;

	if (!s) {
		snprintf(err, errlen, "%s: out of memory", rq->path);
		return SB_EXIT_ENV;
	}
	src->path = rq->path;
	src->recorder = "unknown";
	rc = sbt_read_trace(s, rq->path, &src->recorder, err, errlen);
	if (!rc && sbt_table_build(s, &rq->table, t)) {
		snprintf(err, errlen, "%s: out of memory", rq->path);
		rc = SB_EXIT_ENV;
	}
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
