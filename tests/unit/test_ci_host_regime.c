// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the host's regime (ci/host_regime.c, ci/regime.c): its figures in the regime line, and the runs of a comparison whose host was busier or quieter than the others', named. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ci/host_regime.h"
#include "ci/regime.h"
#include "common/atomicio.h"

#define RUNS 4

struct two_sides {
	char dir[64];
	char paths[2 * RUNS][128];
	struct ci_run runs[2 * RUNS];
	const struct ci_run *by_col[2][RUNS];
	struct ci_column cols[2];
};

/* Two columns of RUNS runs whose manifests say @others (NAN: no host_load). */
static void sides(struct two_sides *s, const double *others)
{
	snprintf(s->dir, sizeof(s->dir), "/tmp/sb-host-regime-XXXXXX");
	assert_non_null(mkdtemp(s->dir));
	for (size_t i = 0; i < 2 * RUNS; i++) {
		char path[200];
		json_t *m = json_object();

		snprintf(s->paths[i], sizeof(s->paths[i]), "%s/r%zu", s->dir,
			 i);
		assert_int_equal(sb_mkdir_p(s->paths[i], 0755), 0);
		if (!isnan(others[i]))
			json_object_set_new(
				m, "host_load",
				json_pack("{s:f,s:f,s:f}", "others_pct",
					  others[i], "steal_pct", 0.5,
					  "loadavg_end", 2.0 + (double)i));
		snprintf(path, sizeof(path), "%s/manifest.json", s->paths[i]);
		assert_int_equal(sb_json_dump_atomic(path, m), 0);
		json_decref(m);
		s->runs[i] =
			(struct ci_run){ .kernel = "debian",
					 .fs = i < RUNS ? "A" : "B",
					 .path = s->paths[i],
					 .repeat = (unsigned)(i % RUNS) + 1 };
		s->by_col[i / RUNS][i % RUNS] = &s->runs[i];
	}
	for (size_t c = 0; c < 2; c++)
		s->cols[c] = (struct ci_column){ .kernel = "debian",
						 .fs = c ? "B" : "A",
						 .runs = s->by_col[c],
						 .n_runs = RUNS };
}

static void test_differs_named(void **state)
{
	static const double others[2 * RUNS] = { 10, 12, 11, 9, 13, 60, 10, 12 };
	struct two_sides s;
	const struct ci_column *cols[2] = { &s.cols[0], &s.cols[1] };
	struct ci_regime g;
	char buf[512], *said = NULL;
	double median = 0;
	size_t len = 0;
	FILE *f;

	(void)state;
	sides(&s, others);
	assert_int_equal(ci_host_differs(cols, 2, &median, buf, sizeof(buf)),
			 1);
	assert_float_equal(median, 11.5, 1e-9);
	assert_string_equal(buf, "debian/B/2 (60% busy)");
	/* the end of a comparison says it */
	f = open_memstream(&said, &len);
	assert_non_null(f);
	ci_host_differs_print(f, cols, 2);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(said,
			    "\nCareful: the host's load differs in debian/B/2 "
			    "(60% busy), against a median of 12% of the "
			    "host's CPUs busy besides a run: their figures "
			    "follow the host, not the kernel "
			    "(docs/performance.md).\n");
	free(said);
	/* each column's medians in its regime line */
	ci_regime_of(&s.cols[1], &g);
	assert_true(g.has_host_load);
	assert_float_equal(g.host_others_pct, 12.5, 1e-9);
	assert_string_equal(ci_regime_line(&g, buf, sizeof(buf)),
			    "host 12% busy besides the run, steal 0.5%, "
			    "load 7.5");
	sb_rm_rf(s.dir);
}

static void test_quiet_host_alike(void **state)
{
	/* 1 % against 4 %: four times, yet 3 points: alike */
	static const double others[2 * RUNS] = { 1, 2, 1, 2, 4, 1, 2, 1 };
	struct two_sides s;
	const struct ci_column *cols[2] = { &s.cols[0], &s.cols[1] };
	char buf[512];
	double median = 0;

	(void)state;
	sides(&s, others);
	assert_int_equal(ci_host_differs(cols, 2, &median, buf, sizeof(buf)),
			 0);
	assert_string_equal(buf, "");
	sb_rm_rf(s.dir);
}

static void test_quieter_run_named_and_unknown_skipped(void **state)
{
	/* NAN: a run without host_load (older manifests, host mode) */
	static const double others[2 * RUNS] = {
		40, 45, 42, 5, 44, 41, NAN, 43
	};
	struct two_sides s;
	const struct ci_column *cols[2] = { &s.cols[0], &s.cols[1] };
	char buf[512];
	double median = 0;

	(void)state;
	sides(&s, others);
	assert_int_equal(ci_host_differs(cols, 2, &median, buf, sizeof(buf)),
			 1);
	assert_float_equal(median, 42, 1e-9);
	assert_string_equal(buf, "debian/A/4 (5% busy)");
	sb_rm_rf(s.dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_differs_named),
		cmocka_unit_test(test_quiet_host_alike),
		cmocka_unit_test(test_quieter_run_named_and_unknown_skipped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
