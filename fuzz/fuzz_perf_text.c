// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the analyzer's `perf script` text parser
 * (tests/unit/perf_script_line.c, which feeds the trace.dat converter, and
 * sbt_parse_seconds), each
 * parsed event fed into the core and the table built at the end.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/sbt.h"
#include "analyzer/sbt_read.h"
#include "tests/unit/perf_script_line.h"
#include "analyzer/sbt_table.h"
#include "fuzz/fuzz_io.h"

static void check_event(const struct sbt_event *ev)
{
	fz_check(ev->type >= SBT_EV_SWITCH && ev->type <= SBT_EV_EXIT,
		 "event type is known");
	if (ev->comm)
		fz_check(memchr(ev->comm, '\0', 4096) != NULL, "comm ends");
	if (ev->type == SBT_EV_SWITCH && ev->next_comm)
		fz_check(memchr(ev->next_comm, '\0', 4096) != NULL,
			 "next comm ends");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct sbt_opts opts = { .until_ns = UINT64_MAX };
	struct sbt_table_opts topts = { 0 };
	char *text = fz_strdup(data, len), *line, *next;
	struct sbt_table table;
	struct sbt_event ev;
	struct sbt *s = sbt_new(&opts);
	uint64_t ns, first = 0;
	int have_first = 0;

	if (!s)
		abort();
	for (line = text; line; line = next) {
		char *copy;
		int r;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		copy = strdup(line); /* exact size: overreads are caught */
		if (!copy)
			abort();
		if (!sbt_parse_seconds(copy, &ns))
			fz_check(strspn(copy, "0123456789.") == strlen(copy),
				 "seconds are digits and a point");
		r = sbt_parse_perf_line(copy, &ev);
		fz_check(r == 1 || r == 0 || r == -EINVAL,
			 "returns 1/0/-EINVAL");
		if (r == 1 && !have_first) {
			first = ev.ts_ns;
			have_first = 1;
		}
		if (r == 1 && ev.ts_ns - first <= fz_sbt_span_ns()) {
			check_event(&ev);
			fz_check(sbt_feed(s, &ev) != -ENOMEM,
				 "no allocation failure");
		}
		free(copy);
	}
	fz_check(!sbt_table_build(s, &topts, &table), "table builds");
	sbt_table_free(&table);
	sbt_free(s);
	free(text);
	return 0;
}
