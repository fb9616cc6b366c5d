// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the end of a run on canned results (tests/fixtures/ci/vm-smoke): folding, the seed's table, the regime and its saturation warning, the summary with the gate's verdicts, and its words. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ci/bench_cmp.h"
#include "ci/fold.h"
#include "ci/table_print.h"
#include "ci/regime.h"
#include "ci/seed_table.h"
#include "common/fmt.h"
#include "tests/unit/capture.h"

static char root[2048];

struct canned {
	struct ci_results res;
	struct ci_columns cols;
	struct ci_rules rules;
	struct ci_scenario_view scenario;
};

static int load(void **state)
{
	static struct canned c;
	char dir[2300], path[2400];
	struct sb_error err;
	struct sb_error e;

	snprintf(dir, sizeof(dir), "%s/tests/fixtures/ci/vm-smoke", root);
	assert_int_equal(ci_results_load(dir, &c.res, &err), 0);
	assert_int_equal(ci_columns_build(&c.res, 1, &c.cols), 0);
	assert_int_equal(c.cols.n, 2);
	snprintf(path, sizeof(path), "%s/ci/gate.json", root);
	assert_int_equal(ci_rules_load(path, &c.rules, &e), 0);
	assert_int_equal(ci_scenario_view_of_dir(dir, &c.scenario, &e), 0);
	assert_true(c.scenario.n_workloads > 0);
	*state = &c;
	return 0;
}

static int unload(void **state)
{
	struct canned *c = *state;

	ci_scenario_view_free(&c->scenario);
	ci_rules_free(&c->rules);
	ci_columns_free(&c->cols);
	ci_results_free(&c->res);
	return 0;
}

static void test_is_other(void **state)
{
	static const char *const other[] = {
		"kworker/1:2", "kworker/u8:0", "ksoftirqd/0", "migration/1",
		"swapper/0",   "rcu_preempt",  "rcu_sched",   "kcompactd0",
		"sbguest",     "trace-cmd",    "cpuhp/1",     "irq/24-virtio0",
	};
	static const char *const workload[] = { "massive_intr", "cyclic",
						"mix-raster",	"mix-ui",
						"cyclictest",	"hackbench",
						"stress-ng" };

	(void)state;
	for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++)
		assert_true(ci_fold_is_other(other[i]));
	for (size_t i = 0; i < sizeof(workload) / sizeof(workload[0]); i++)
		assert_false(ci_fold_is_other(workload[i]));
}

/* Folding keeps every task, runtime, switch and delay: it only regroups. */
static void test_fold_conserves(void **state)
{
	struct canned *c = *state;

	for (size_t i = 0; i < c->res.n_runs; i++) {
		const struct ci_table *t = &c->res.runs[i].delay_table;
		struct ci_fold_row rows[64];
		size_t n = ci_fold_table(t, rows, 64);
		double rt = 0, sw = 0, sum = 0, frt = 0, fsw = 0, fsum = 0;
		unsigned int tasks = 0, ftasks = 0, folded = 0;

		for (size_t g = 0; g < t->n_groups; g++) {
			const struct ci_table_row *row = &t->groups[g];

			rt += row->runtime_ms;
			sw += row->switches;
			sum += row->sum_delay_ms;
			tasks += (unsigned int)row->tasks;
			folded += ci_fold_is_other(row->comm);
		}
		assert_true(folded > 0);
		for (size_t r = 0; r < n; r++) {
			frt += rows[r].runtime_ms;
			fsw += rows[r].switches;
			fsum += rows[r].sum_delay_ms;
			ftasks += rows[r].tasks;
			/* only the last row is "other", and it is there */
			assert_int_equal(!strcmp(rows[r].comm, CI_FOLD_OTHER),
					 r == n - 1);
			assert_false(r + 1 < n &&
				     ci_fold_is_other(rows[r].comm));
		}
		assert_int_equal(n, t->n_groups - folded + 1);
		assert_int_equal(tasks, ftasks);
		assert_true(fabs(rt - frt) < 1e-6 && fabs(sw - fsw) < 1e-6 &&
			    fabs(sum - fsum) < 1e-6);
		/* sorted by name */
		for (size_t r = 1; r + 1 < n; r++)
			assert_true(strcmp(rows[r - 1].comm, rows[r].comm) < 0);
	}
}

/* A run's table, printed as compare prints it, folded or not. */
struct table_arg {
	const struct ci_table *table;
	int fold;
};

static void print_table(FILE *f, const void *arg)
{
	const struct table_arg *a = arg;

	ci_table_print(f, a->table, 0, NULL, a->fold);
}

/* compare's view: kernel threads and the harness out of the rows and into
 * one other:(N) row of each table, unless all tasks are asked for */
static void test_compare_folds(void **state)
{
	struct canned *c = *state;
	struct ci_row *rows = NULL;
	long n = ci_rows_build(&c->cols, &rows);
	size_t others = 0, workloads = 0, kept;
	char *buf;

	assert_true(n > 0);
	for (long i = 0; i < n; i++) {
		int table = ci_metric_at(rows[i].metric)->src == CI_SRC_TABLE;

		others += table && ci_fold_is_other(rows[i].group);
		workloads += !table || !ci_fold_is_other(rows[i].group);
	}
	assert_true(others > 0);
	kept = ci_rows_drop_other(rows, (size_t)n);
	assert_int_equal(kept, workloads);
	for (size_t i = 0; i < kept; i++)
		assert_false(ci_metric_at(rows[i].metric)->src ==
				     CI_SRC_TABLE &&
			     ci_fold_is_other(rows[i].group));
	free(rows);

	buf = capture(print_table,
		      &(struct table_arg){ &c->res.runs[0].delay_table, 1 });
	assert_non_null(strstr(buf, "  other:("));
	assert_null(strstr(buf, "kworker"));
	free(buf);
	buf = capture(print_table,
		      &(struct table_arg){ &c->res.runs[0].delay_table, 0 });
	assert_null(strstr(buf, "  other:("));
	assert_non_null(strstr(buf, "kworker"));
	free(buf);
}

static void print_seed(FILE *f, const void *arg)
{
	const struct ci_column *col = arg;
	struct ci_regime g;

	ci_regime_of(col, &g);
	ci_seed_table_print(f, col, &g);
}

static void test_seed_table(void **state)
{
	struct canned *c = *state;
	char *out = capture(print_seed, &c->cols.v[1]);
	const char *cols[] = { "Task",	       "Runtime ms",   "Switches",
			       "Avg delay ms", "Max delay ms", "Sum delay ms" };
	const char *p = out;

	assert_string_equal(c->cols.v[1].fs, "PREEMPT_SHORT");
	assert_non_null(strstr(out, "== debian / PREEMPT_SHORT: 3 repeats"));
	for (size_t i = 0; i < 6; i++) { /* the seed's column order */
		p = strstr(p, cols[i]);
		assert_non_null(p);
	}
	/* numbered as the seed numbers them, repeat by repeat */
	assert_non_null(strstr(out, "  1 massive_intr:(3) "));
	assert_true(strstr(out, "  1 massive_intr:(3) ") <
		    strstr(out, "  2 massive_intr:(3) "));
	assert_true(strstr(out, "  2 massive_intr:(3) ") <
		    strstr(out, "  3 massive_intr:(3) "));
	assert_non_null(strstr(out, "  1 cyclic:(2) "));
	assert_non_null(strstr(out, "  3 other:("));
	assert_null(strstr(out, "kworker"));
	assert_null(strstr(out, "sbguest"));
	/* cyclic of repeat 1: 1328 switches, 1144.977 ms in all (table.json) */
	assert_non_null(strstr(out, "|     1328 |        0.862 |"));
	free(out);
}

/* Set every cyclic.json's overruns so that it missed @pct % of its periods. */
static void set_miss(struct canned *c, double pct)
{
	for (size_t i = 0; i < c->res.n_runs; i++)
		for (size_t d = 0; d < c->res.runs[i].n_docs; d++) {
			json_t *o = json_object_get(
				json_object_get(c->res.runs[i].docs[d].json,
						"result"),
				"overall");
			double wake;

			if (strcmp(c->res.runs[i].docs[d].name, "cyclic"))
				continue;
			wake = json_number_value(json_object_get(o, "wakeups"));
			json_object_set_new(
				o, "overruns",
				json_integer((json_int_t)(wake * pct /
							  (100 - pct))));
		}
}

static void test_regime_saturated(void **state)
{
	struct canned *c = *state;
	struct ci_regime g;
	char line[512];
	char *out;

	ci_regime_of(&c->cols.v[0], &g);
	/* the canned smoke runs missed two periods in three: saturated */
	assert_int_equal(g.n_periodic, 2);
	assert_string_equal(g.periodic[0].name, "cyclic");
	assert_true(g.periodic[0].miss_pct > 60 && g.periodic[0].miss_pct < 90);
	assert_string_equal(g.periodic[0].what, "periods");
	assert_true(g.saturated);
	assert_non_null(
		strstr(ci_regime_line(&g, line, sizeof(line)), "SATURATED"));
	out = capture(print_seed, &c->cols.v[0]);
	assert_non_null(strstr(out, "SATURATED"));
	/* its words (155 columns on one line) fold to 100, the rest indented */
	for (char *l = out, *nl; *l; l = nl + 1) {
		nl = strchr(l, '\n');
		assert_non_null(nl);
		if (!strchr(l, '|') && strncmp(l, " ---", 4))
			assert_true(nl - l <= SB_TEXT_COLUMNS);
	}
	assert_non_null(strstr(out, "of its periods,\n   mixload missed"));
	free(out);

	/* mixload's misses alone saturate these runs too: keep them below */
	for (size_t i = 0; i < c->res.n_runs; i++)
		for (size_t d = 0; d < c->res.runs[i].n_docs; d++)
			if (!strcmp(c->res.runs[i].docs[d].name, "mixload"))
				json_object_set_new(
					json_object_get(
						c->res.runs[i].docs[d].json,
						"result"),
					"deadline_miss_pct", json_real(10));
	set_miss(c, 20);
	ci_regime_of(&c->cols.v[0], &g);
	assert_true(fabs(g.periodic[0].miss_pct - 20) < 0.5);
	assert_false(g.saturated);
	assert_null(
		strstr(ci_regime_line(&g, line, sizeof(line)), "SATURATED"));
	out = capture(print_seed, &c->cols.v[0]);
	assert_null(strstr(out, "SATURATED"));
	assert_non_null(strstr(out, "cyclic missed 20."));
	free(out);
	set_miss(c, 30);
	ci_regime_of(&c->cols.v[0], &g);
	assert_true(g.saturated);
}

static void test_speed_line(void **state)
{
	struct ci_regime g = { .guest_speed = 1.0 / 23, .accel = "tcg" };
	char buf[128];

	(void)state;
	assert_string_equal(ci_regime_speed(&g, buf, sizeof(buf)),
			    "TCG: the guest runs at 1/23 of host speed");
	g.guest_speed = 0;
	assert_string_equal(ci_regime_speed(&g, buf, sizeof(buf)), "");
}

/* The guest against a real machine, in lines of at most 100 columns. */
static void test_guest_line(void **state)
{
	struct ci_regime g = { .accel = "virtual",
			       .icount_shift = 3,
			       .vcpus = 1 };
	char buf[512];

	(void)state;
	assert_string_equal(
		ci_regime_guest(&g, buf, sizeof(buf)),
		"guest: 1 vCPU at 125 M instructions a guest second (virtual "
		"time), about 1/20 of a real core\n absolute delays are the "
		"emulator's: compare changes between feature sets, not "
		"values\n one vCPU: every task shares one run queue; no "
		"wakeup finds an idle CPU elsewhere");
	for (const char *l = buf; *l;
	     l += strcspn(l, "\n") + !!l[strcspn(l, "\n")])
		assert_true(strcspn(l, "\n") + 1 <=
			    100); /* printed after a space */
	/* icount's one instruction clock is shared by the vCPUs */
	g = (struct ci_regime){ .accel = "icount",
				.icount_shift = 0,
				.vcpus = 6 };
	assert_non_null(strstr(ci_regime_guest(&g, buf, sizeof(buf)),
			       "guest: 6 vCPUs at 167 M instructions a guest "
			       "second each (virtual time)"));
	g = (struct ci_regime){ .accel = "tcg",
				.guest_speed = 1.0 / 16,
				.vcpus = 2 };
	assert_string_equal(
		ci_regime_guest(&g, buf, sizeof(buf)),
		"guest: 2 vCPUs at 1/16 of the host's speed (tcg, host time: "
		"the host's load moves it)\n absolute delays are the "
		"emulator's: compare changes between feature sets, not values");
	g.guest_speed = 0;
	assert_non_null(strstr(ci_regime_guest(&g, buf, sizeof(buf)),
			       "guest: 2 vCPUs (tcg, an emulator; its speed "
			       "unmeasured)\n absolute delays"));
	g = (struct ci_regime){ .accel = "kvm", .vcpus = 4 };
	assert_string_equal(ci_regime_guest(&g, buf, sizeof(buf)),
			    "guest: 4 vCPUs (kvm)");
	g.host = 1;
	assert_string_equal(ci_regime_guest(&g, buf, sizeof(buf)), "");
}

/* Host mode: its CPUs, never a guest's speed (no guest ran). */
static void test_host_regime_line(void **state)
{
	struct ci_regime g = { .host = 1,
			       .n_cpus = 2,
			       .busy_pct = { 97, 40 },
			       .guest_speed = 0.5 };
	char buf[256];

	(void)state;
	assert_string_equal(ci_regime_line(&g, buf, sizeof(buf)),
			    "host CPU busy 97% 40%");
	g.has_noise = 1;
	g.noise_pct = 3.24;
	assert_string_equal(ci_regime_line(&g, buf, sizeof(buf)),
			    "host CPU busy 97% 40%; machine noise 3.2% of the "
			    "workload's CPUs");
	g.has_noise = 0;
	g.host = 0;
	assert_string_equal(ci_regime_line(&g, buf, sizeof(buf)),
			    "vCPU busy 97% 40%; the guest runs at 0.50x host "
			    "speed");
}

struct cmp_arg {
	struct canned *c;
	struct ci_bench_cmp *cmp;
};

static void print_summary(FILE *f, const void *arg)
{
	ci_bench_summary_print(f, arg);
}

static void print_words(FILE *f, const void *arg)
{
	const struct cmp_arg *a = arg;

	ci_bench_words(f, a->cmp, &a->c->scenario);
}

static void test_summary(void **state)
{
	static const char *const summary_want[] = {
		"NO_PREEMPT_SHORT (3)",
		/* the gate's geometric mean of 1.547, 2.318, 1.538 ms: one
		 * statistic for the value, the change and the words */
		"1.767 [1.538-2.318]",
		"-42.3%   -              +10/10%",
		"massive_intr   switches",
		NULL,
	};
	struct canned *c = *state;
	const struct ci_column *cols[] = { &c->cols.v[0], &c->cols.v[1] };
	const char *labels[] = { "NO_PREEMPT_SHORT", "PREEMPT_SHORT" };
	struct ci_bench_cmp cmp;
	const struct ci_bench_row *r;
	char *out;

	assert_int_equal(ci_bench_cmp_build(&cmp, "kernel debian", cols, labels,
					    2, &c->rules),
			 0);
	cmp.rules_name = "ci/gate.json";
	/* a rule's row: median over repeats, change, the gate's verdict */
	r = ci_bench_row_find(&cmp, "avg_delay_ms", "cyclic");
	assert_non_null(r);
	assert_non_null(r->rule);
	assert_int_equal(r->s[0].n, 3);
	/* cyclic avg delay of NO_PREEMPT_SHORT: 1.547, 2.318, 1.538 ms */
	assert_true(fabs(r->s[0].median - 1.547) < 0.001);
	assert_true(fabs(r->s[0].min - 1.538) < 0.001);
	assert_true(fabs(r->s[0].max - 2.318) < 0.001);
	/* the change is the gate's estimate, the ratio of geometric means;
	 * PREEMPT_SHORT's runs: 1.031, 0.862, 1.194 ms */
	assert_true(fabs(r->mean[0] - cbrt(1.547 * 2.318 * 1.538)) < 0.001);
	assert_true(fabs(r->mean[1] - cbrt(1.031 * 0.862 * 1.194)) < 0.001);
	assert_true(fabs(ci_bench_change_pct(r, 1) -
			 (r->mean[1] / r->mean[0] - 1) * 100) < 1e-9);
	/* the gate's own verdict: 3 runs a side are fewer than it decides on */
	assert_true(c->rules.min_runs > 3);
	assert_string_equal(r->v[1].name, ci_verdict_name(CI_V_INSUFFICIENT));
	/* a rule whose group is absent is not applicable, even a required one */
	for (size_t i = 0; i < c->rules.n; i++)
		if (!strcmp(c->rules.v[i].group, "hackbench"))
			assert_string_equal(
				cmp.cols[1].verdicts[i].name,
				ci_verdict_name(CI_V_NOT_APPLICABLE));
	/* unjudged rows: the long-slice group's switches, no rule */
	r = ci_bench_row_find(&cmp, "switches", "massive_intr");
	assert_non_null(r);
	assert_null(r->rule);
	assert_true(ci_bench_change_pct(r, 1) > 20);
	/* kernel threads have no row; a rule without data neither */
	for (size_t i = 0; i < cmp.n_rows; i++)
		assert_false(ci_fold_is_other(cmp.rows[i].group));
	assert_null(ci_bench_row_find(&cmp, "time_s", "hackbench"));

	out = capture(print_summary, &cmp);
	assert_contains(out, summary_want);
	/* two sides: its values, then its changes, within 100 columns */
	for (char *l = out, *nl; (nl = strchr(l, '\n')); l = nl + 1)
		assert_true(nl - l <= SB_TEXT_COLUMNS);
	assert_non_null(
		strstr(out, "\nPREEMPT_SHORT against NO_PREEMPT_SHORT:\n"));
	free(out);
	out = capture(print_words, &(struct cmp_arg){ c, &cmp });
	for (char *nl = out; (nl = strchr(nl, '\n'));) /* unfold the lines */
		*nl = ' ';
	assert_non_null(strstr(
		out,
		"With PREEMPT_SHORT (against NO_PREEMPT_SHORT), the 500 us-slice "
		"cyclic tasks waited 42% less on average (geometric means of "
		"the runs' averages 1.767 -> 1.020 ms; gate: "));
	assert_non_null(strstr(out, "The 100 ms-slice massive_intr tasks were "
				    "switched in 33% more often and ran "
				    "7.1% less"));
	assert_non_null(strstr(
		out, "Careful: in the NO_PREEMPT_SHORT runs, cyclic missed"));
	free(out);
	ci_bench_cmp_free(&cmp);
}

/* One run far from the others is named with its repeat; a steady column,
 * one whose runs mostly agree to the digit, or a small step among ties,
 * has no outlier. */
static void test_outlier(void **state)
{
	static const double far[] = { 37.1, 36.5, 38.5, 63.6, 37.9 };
	static const double even[] = { 10, 12, 9, 11, 13 };
	static const double zeros[] = { 0, 0, 0, 0, 4 };
	/* 50 MADs, but 1.8 %: runs that agree to the digit */
	static const double ties[] = { 1.057, 1.057, 1.076, 1.057, 1.058 };
	static const double medians[] = { 37.9, 11, 0, 1.057 };
	const double *sets[] = { far, even, zeros, ties };
	struct ci_run runs[5] = { 0 };
	const struct ci_run *rp[5];
	struct ci_column col = { .runs = rp, .n_runs = 5 };
	struct ci_row row = { .metric = ci_metric_find("avg_delay_ms"),
			      .group = "cyclic" };
	struct ci_summary s;

	(void)state;
	assert_true(row.metric >= 0);
	for (size_t k = 0; k < 4; k++) {
		for (size_t i = 0; i < 5; i++) {
			ci_values_free(&runs[i].vals);
			runs[i].repeat = (unsigned int)i + 1;
			assert_non_null(ci_values_add(&runs[i].vals, row.metric,
						      "cyclic", sets[k][i]));
			rp[i] = &runs[i];
		}
		ci_summarize(&col, &row, &s);
		assert_int_equal(s.n, 5);
		assert_true(fabs(s.median - medians[k]) < 1e-9);
		assert_int_equal(s.outlier_repeat, k ? 0 : 4);
	}
	for (size_t i = 0; i < 5; i++)
		ci_values_free(&runs[i].vals);
}

/* 0 %, under 10 % and over it, either way: each reads as English. */
static void test_words_amount(void **state)
{
	char b[64];

	(void)state;
	assert_string_equal(ci_words_amount(0.4, "longer", "less",
					    "about as long", b, sizeof(b)),
			    "about as long");
	assert_string_equal(ci_words_amount(-0.4, "more often", "less often",
					    "about as often", b, sizeof(b)),
			    "about as often");
	assert_string_equal(ci_words_amount(2.54, "longer", "less",
					    "about as long", b, sizeof(b)),
			    "2.5% longer");
	assert_string_equal(ci_words_amount(-1.0, "longer", "less",
					    "about as long", b, sizeof(b)),
			    "1.0% less");
	assert_string_equal(ci_words_amount(-56.2, "more often", "less often",
					    "about as often", b, sizeof(b)),
			    "56% less often");
}

/* The interval, rounded outward to whole percents: the change, printed to
 * 0.1 %, never lies outside it (+0.1% beside [-1%, +0%] once did). */
static void test_pct_range_outward(void **state)
{
	char b[40];

	(void)state;
	ci_bench_pct_range(b, sizeof(b),
			   &(struct ci_bench_verdict){ .ratio = 1.001,
						       .ratio_lo = 0.9899,
						       .ratio_hi = 1.003 });
	assert_string_equal(b, "[-2%, +1%]");
	ci_bench_pct_range(b, sizeof(b),
			   &(struct ci_bench_verdict){ .ratio = 0.554,
						       .ratio_lo = 0.31,
						       .ratio_hi = 0.7399 });
	assert_string_equal(b, "[-69%, -26%]");
	/* no "-0%" for an end just below 0 rounded up */
	ci_bench_pct_range(b, sizeof(b),
			   &(struct ci_bench_verdict){ .ratio = 0.99,
						       .ratio_lo = 0.98,
						       .ratio_hi = 0.9999 });
	assert_string_equal(b, "[-2%, +0%]");
}

int main(void)
{
	const char *env = getenv("SLICEBENCH_ROOT");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_is_other),
		cmocka_unit_test(test_words_amount),
		cmocka_unit_test(test_pct_range_outward),
		cmocka_unit_test(test_outlier),
		cmocka_unit_test_setup_teardown(test_fold_conserves, load,
						unload),
		cmocka_unit_test_setup_teardown(test_compare_folds, load,
						unload),
		cmocka_unit_test_setup_teardown(test_seed_table, load, unload),
		cmocka_unit_test_setup_teardown(test_regime_saturated, load,
						unload),
		cmocka_unit_test(test_speed_line),
		cmocka_unit_test(test_host_regime_line),
		cmocka_unit_test(test_guest_line),
		cmocka_unit_test_setup_teardown(test_summary, load, unload),
	};

	snprintf(root, sizeof(root), "%s", env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
