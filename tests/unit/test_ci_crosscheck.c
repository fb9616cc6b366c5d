// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the cross-check (ci/crosscheck.c) on a hand-made run directory (tests/fixtures/ci/xcheck): figures per workload group, ratios, the wakeup path a wait, and the warnings. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/crosscheck.h"

static char dir[2300];

static void test_differ(void **state)
{
	double pct = -1;

	(void)state;
	assert_int_equal(ci_xcheck_differ(109, 100, 10, &pct), 0);
	assert_float_equal(pct, 9, 1e-9);
	assert_int_equal(ci_xcheck_differ(90, 100, 10, &pct), 0);
	assert_int_equal(ci_xcheck_differ(30, 20, 10, &pct), 1);
	assert_float_equal(pct, 50, 1e-9);
	assert_int_equal(ci_xcheck_differ(20, 30, 10, &pct), 1);
	pct = -1; /* nothing to compare: pct untouched */
	assert_int_equal(ci_xcheck_differ(30, NAN, 10, &pct), 0);
	assert_int_equal(ci_xcheck_differ(0, 30, 10, &pct), 0);
	assert_float_equal(pct, -1, 0);
}

static void test_of_and_print(void **state)
{
	char path[2400];
	struct ci_doc doc = { .name = "cyc" };
	struct ci_run run = { .path = dir, .docs = &doc, .n_docs = 1 };
	const struct ci_run *runs[] = { &run };
	struct ci_column col = { .runs = runs, .n_runs = 1 };
	struct ci_xcheck x[CI_XCHECK_MAX];
	struct sb_error e = { 0 };
	char *out = NULL;
	size_t n, len = 0;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/table.json", dir);
	assert_int_equal(ci_table_load(path, &run.delay_table, NULL, &e), 0);
	run.has_table = 1;
	snprintf(path, sizeof(path), "%s/workloads/cyc.json", dir);
	assert_int_equal(sbw_doc_load(path, &doc.file, &doc.json, &e), 0);
	n = ci_xcheck_of(&col, x, CI_XCHECK_MAX);
	assert_int_equal(n, 3); /* other is not the workload's */
	assert_string_equal(x[0].group, "cyclic");
	assert_float_equal(x[0].schedstat_ms, 100,
			   1e-9); /* 50 + 50 from birth */
	assert_int_equal(x[0].sampled, 2);
	assert_float_equal(x[0].own_ms, 250, 1e-9);
	assert_string_equal(x[1].group, "hog");
	assert_int_equal(x[1].tasks, 2);
	assert_int_equal(x[1].sampled, 0); /* one sampled early, one never */
	assert_float_equal(x[1].wakeup_ms, 20, 1e-9);
	assert_float_equal(x[1].waits, 100, 1e-9);
	assert_true(isnan(x[1].own_ms)); /* hogs is not a cyclic */
	f = open_memstream(&out, &len);
	assert_non_null(f);
	ci_xcheck_print(f, x, n);
	fclose(f);
	assert_string_equal(
		out,
		"cross-check: cyclic: trace 109.000 ms, schedstat 100.000 ms "
		"(trace/schedstat 1.09), from sched_wakeup 90.000 ms (1.21; "
		"wakeup path 19.0 us a wait), own latency 250.000 ms "
		"(trace/own 0.44)\n"
		"cross-check: hog: trace 50.000 ms, schedstat 25.000 ms "
		"(trace/schedstat 2.00; none of the 2 tasks sampled at the "
		"window's end), from sched_wakeup 20.000 ms (2.50; wakeup "
		"path 300.0 us a wait)\n"
		"cross-check: burst: trace 30.000 ms, schedstat 20.000 ms "
		"(trace/schedstat 1.50), from sched_wakeup 40.000 ms (0.75; "
		"wakeup path -1000.0 us a wait)\n"
		"WARNING: cross-check: hog: waits from sched_waking 50.000 ms "
		"and from sched_wakeup 20.000 ms put 300.0 us between a "
		"waking and its wakeup (over 200 us: longer than a wakeup "
		"path)\n"
		"WARNING: cross-check: burst: the trace's sum delay 30.000 ms "
		"and schedstat's run_delay 20.000 ms differ by 50% (over "
		"10%)\n"
		"WARNING: cross-check: burst: waits from sched_wakeup "
		"40.000 ms exceed those from sched_waking 30.000 ms by 33% "
		"(over 10%), yet a wakeup comes after its waking\n");
	free(out);
	ci_table_free(&run.delay_table);
	sbw_doc_free(&doc.file);
	json_decref(doc.json);
}

int main(void)
{
	const char *env = getenv("SLICEBENCH_ROOT");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_differ),
		cmocka_unit_test(test_of_and_print),
	};

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/ci/xcheck",
		 env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
