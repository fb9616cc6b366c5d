// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the host's regime (ci/host_regime.c, ci/regime.c): its figures in the regime line, and the runs of a comparison whose host was busier or quieter than the others', named. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/host_regime.h"
#include "ci/regime.h"

#define RUNS 4

struct two_sides {
	struct ci_run runs[2 * RUNS];
	const struct ci_run *by_col[2][RUNS];
	struct ci_column cols[2];
};

/*
 * Two columns of RUNS runs whose manifests say @others (NAN: no host_load),
 * with a "vm" of accelerator @accel (NULL: none) at icount shift 2: as
 * ci/manifest_file.c reads them.
 */
static void sides_in(struct two_sides *s, const double *others,
		     const char *accel)
{
	for (size_t i = 0; i < 2 * RUNS; i++) {
		struct ci_manifest m = { .icount_shift = -1 };

		if (!isnan(others[i]))
			m.host_load = (struct ci_host_load){
				.said = 1,
				.others_pct = others[i],
				.steal_pct = 0.5,
				.loadavg = 2.0 + (double)i,
			};
		if (accel) {
			m.accel = (char *)accel;
			m.icount_shift = 2;
		}
		s->runs[i] =
			(struct ci_run){ .kernel = "debian",
					 .fs = i < RUNS ? "A" : "B",
					 .repeat = (unsigned)(i % RUNS) + 1,
					 .manifest = m };
		s->by_col[i / RUNS][i % RUNS] = &s->runs[i];
	}
	for (size_t c = 0; c < 2; c++)
		s->cols[c] = (struct ci_column){ .kernel = "debian",
						 .fs = c ? "B" : "A",
						 .runs = s->by_col[c],
						 .n_runs = RUNS };
}

static void sides(struct two_sides *s, const double *others)
{
	sides_in(s, others, NULL);
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
	assert_int_equal(
		ci_host_differs(cols, 2, &median, NULL, buf, sizeof(buf)), 1);
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
	assert_int_equal(
		ci_host_differs(cols, 2, &median, NULL, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
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
	assert_int_equal(
		ci_host_differs(cols, 2, &median, NULL, buf, sizeof(buf)), 1);
	assert_float_equal(median, 42, 1e-9);
	assert_string_equal(buf, "debian/A/4 (5% busy)");
}

/*
 * In virtual time the guest's clock counts instructions: a busier host
 * moves a run's wall time, not its figures, and the guest's speed against
 * the host's is no fact of the regime.
 */
static void test_virtual_time_says_so(void **state)
{
	static const double others[2 * RUNS] = { 10, 12, 11, 9, 13, 60, 10, 12 };
	struct two_sides s;
	const struct ci_column *cols[2] = { &s.cols[0], &s.cols[1] };
	struct ci_regime g;
	char buf[512], *said = NULL;
	double median = 0;
	size_t len = 0;
	int virt = 0;
	FILE *f;

	(void)state;
	sides_in(&s, others, "virtual");
	assert_int_equal(
		ci_host_differs(cols, 2, &median, &virt, buf, sizeof(buf)), 1);
	assert_true(virt);
	f = open_memstream(&said, &len);
	assert_non_null(f);
	ci_host_differs_print(f, cols, 2);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(said,
			    "\nThe host's load differs in debian/B/2 (60% "
			    "busy), against a median of 12% of the host's "
			    "CPUs busy besides a run: in virtual time it "
			    "moved their wall time, not their figures "
			    "(docs/performance.md).\n");
	free(said);
	ci_regime_of(&s.cols[1], &g);
	g.guest_speed = 1.0 / 11; /* a calibration measures one even so */
	assert_int_equal(g.icount_shift, 2);
	assert_string_equal(ci_regime_speed(&g, buf, sizeof(buf)),
			    "VIRTUAL: the guest's clock counts instructions "
			    "(4 ns each), not the host's time");
	assert_null(strstr(ci_regime_line(&g, buf, sizeof(buf)), "host speed"));
	/* plain TCG beside it: the figures follow the host */
	sides_in(&s, others, "tcg");
	assert_int_equal(
		ci_host_differs(cols, 2, &median, &virt, buf, sizeof(buf)), 1);
	assert_false(virt);
	ci_regime_of(&s.cols[1], &g);
	g.guest_speed = 1.0 / 11;
	assert_string_equal(ci_regime_speed(&g, buf, sizeof(buf)),
			    "TCG: the guest runs at 1/11 of host speed");
	/* runs of other speeds: the median is not all (0.107 to 0.270) */
	g.guest_speed = 0.25;
	g.guest_speed_lo = 0.107;
	g.guest_speed_hi = 0.270;
	g.n_speeds = 10;
	assert_string_equal(ci_regime_speed(&g, buf, sizeof(buf)),
			    "TCG: the guest runs at 1/4 of host speed (median; "
			    "1/9 to 1/4 over 10 runs)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_differs_named),
		cmocka_unit_test(test_quiet_host_alike),
		cmocka_unit_test(test_quieter_run_named_and_unknown_skipped),
		cmocka_unit_test(test_virtual_time_says_so),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
