// SPDX-License-Identifier: GPL-2.0
/* Unit tests of a published table: reading it (tests/fixtures/ci/published, configs/published/seed.json), its changes, bad input, and its rows beside runs made in memory. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/published_beside.h"
#include "tests/unit/capture.h"

#define RUNS 3

static char root[2048];

static void load(const char *rel, struct ci_published *p, int want,
		 struct sb_error *e)
{
	char path[2600];

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(ci_published_load(path, p, e), want);
}

/* The seed's own table gives the changes its changelog states. */
static void test_seed_changes(void **state)
{
	struct ci_published p;
	struct ci_pub_change c;
	struct sb_error e;

	(void)state;
	load("configs/published/seed.json", &p, 0, &e);
	assert_int_equal(p.n_rows, 18);
	assert_int_equal(p.n_comments, 7);
	assert_string_equal(p.comments[0].group, "cyclictest");
	ci_published_change(&p, &p.comments[0], &c);
	assert_int_equal(c.n_base, 3);
	assert_true(fabs(c.base - 0.464667) < 1e-5);
	assert_true(fabs(c.cand - 0.372333) < 1e-5);
	assert_true(fabs(c.pct - -19.87) < 0.01);
	ci_published_change(&p, &p.comments[2], &c); /* max delay */
	assert_true(fabs(c.base_min - 25.530) < 1e-9);
	assert_true(fabs(c.base_max - 44.243) < 1e-9);
	ci_published_change(&p, &p.comments[3], &c); /* massive_intr switches */
	assert_true(fabs(c.pct - 7.53) < 0.01);
	ci_published_free(&p);
}

/* Bad input: one line naming the file, the JSON path and the value. */
static void test_bad_input(void **state)
{
	static const struct {
		const char *file, *want;
	} cases[] = {
		{ "no-rows.json",
		  "comments[1].group: \"browser\" has no rows" },
		{ "bad-set.json",
		  "rows[2].set: \"MAYBE\" is neither base nor cand" },
		{ "bad-metric.json",
		  "comments[0].metric: \"p99\" is not a column" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char rel[256];
		struct ci_published p;
		struct sb_error e;

		snprintf(rel, sizeof(rel), "tests/fixtures/ci/published/%s",
			 cases[i].file);
		load(rel, &p, -EINVAL, &e);
		if (!strstr(e.msg, cases[i].want) ||
		    !strstr(e.msg, cases[i].file))
			fail_msg("%s: \"%s\" lacks \"%s\"", cases[i].file,
				 e.msg, cases[i].want);
	}
}

/* A side's runs in memory: groups cyc (2 tasks) and hogs, by comm. */
struct side {
	struct ci_run runs[RUNS];
	const struct ci_run *ptrs[RUNS];
	struct ci_table_row rows[RUNS][2];
	struct ci_column col;
};

static void side_make(struct side *s, struct ci_results *res, const char *fs,
		      double cyc_sum, double hog_switches)
{
	for (size_t r = 0; r < RUNS; r++) {
		s->rows[r][0] =
			(struct ci_table_row){ .present = 1,
					       .comm = "cyc",
					       .tasks = 2,
					       .runtime_ms = 10,
					       .switches = 100,
					       .sum_delay_ms = cyc_sum +
							       0.1 * (double)r,
					       .max_delay_ms = 1 + (double)r,
					       .workload = 1 };
		s->rows[r][1] =
			(struct ci_table_row){ .present = 1,
					       .comm = "hogs",
					       .tasks = 3,
					       .runtime_ms = 900,
					       .switches =
						       hog_switches + (double)r,
					       .sum_delay_ms = 900,
					       .max_delay_ms = 9,
					       .workload = 1 };
		s->runs[r] = (struct ci_run){ .kernel = "k",
					      .fs = (char *)fs,
					      .path = "/nonexistent",
					      .repeat = (unsigned int)r + 1,
					      .has_table = 1 };
		s->runs[r].delay_table.groups = s->rows[r];
		s->runs[r].delay_table.n_groups = 2;
		s->ptrs[r] = &s->runs[r];
	}
	s->col = (struct ci_column){ .res = res,
				     .kernel = "k",
				     .fs = fs,
				     .runs = s->ptrs,
				     .n_runs = RUNS };
}

static void beside_print(FILE *f, const void *arg)
{
	const struct ci_published *p = arg;
	static struct ci_results res = { .dir = "/nonexistent" };
	static struct side off, on;
	const struct ci_column *cols[] = { &off.col, &on.col };
	const struct ci_rules like = { .alpha = 0.01, .pass_confidence = 0.95 };

	side_make(&off, &res, "OFF", 10, 1000);
	side_make(&on, &res, "ON", 13, 1100);
	assert_int_equal(ci_published_beside(f, p, "small.json", "kernel k",
					     cols, 2, &like),
			 0);
}

/* Measured beside published: the opposite direction said, the same not. */
static void test_beside(void **state)
{
	static const char *const want[] = {
		"Beside the published table, kernel k (small.json):",
		"A small published table for the tests",
		"cyc             avg_delay_ms    -50.0%  0.400 -> 0.200     +29.7%",
		"cyc avg_delay_ms: opposite direction to the seed",
		"(+29.7 % here, -50.0 % in the seed)",
		"its runs 4.000-6.000 -> 5.000-5.000, here",
		"hogs            switches        +10.0%",
		NULL,
	};
	struct ci_published p;
	struct sb_error e;
	char *out;

	(void)state;
	load("tests/fixtures/ci/published/small.json", &p, 0, &e);
	out = capture(beside_print, &p);
	assert_contains(out, want);
	assert_null(strstr(out, "hogs switches: opposite"));
	assert_null(strstr(out,
			   "cyc avg_delay_ms: opposite direction to the "
			   "seed (+29.7 % here, -50.0 % in the seed), not"));
	free(out);
	ci_published_free(&p);
}

int main(void)
{
	const char *env = getenv("SLICEBENCH_ROOT");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_changes),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_beside),
	};

	snprintf(root, sizeof(root), "%s", env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
