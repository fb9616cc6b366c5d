/* SPDX-License-Identifier: GPL-2.0 */
/* Test helper: read a trace file as `table` does and build its table, with the error record checked. */
#ifndef SB_TEST_TRACE_ANALYZE_H
#define SB_TEST_TRACE_ANALYZE_H

#include <stdint.h>
#include <string.h>

#include "analyzer/sbt_read.h"
#include "analyzer/sbt_table.h"
#include "common/error.h"

/*
 * Read @path (events from @since on) and, when @t is not NULL, build its
 * table into @t. Returns the exit code `table` gives; a failure's -errno
 * is @e's code, a success names the recorder.
 */
static inline int trace_analyze(const char *path, uint64_t since,
				struct sbt_table *t, struct sb_error *e)
{
	struct sbt_opts o = { .since_ns = since };
	struct sbt_table_opts to = { .sort = SBT_SORT_SWITCHES };
	struct sbt *s = sbt_new(&o);
	const char *rec = NULL;
	int rc;

	assert_non_null(s);
	rc = sbt_read_trace(s, path, &rec, e);
	if (rc)
		assert_int_equal(e->code, rc);
	if (!rc) {
		assert_true(!strcmp(rec, "trace-cmd") || !strcmp(rec, "perf"));
		if (t)
			assert_int_equal(sbt_table_build(s, &to, t), 0);
	}
	sbt_free(s);
	return sb_exit_code(rc);
}

#endif
