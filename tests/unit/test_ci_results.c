// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the results loader, metric extraction, rules parser and per-rule verdicts on tests/fixtures/ci/tiny. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ci/gate.h"
#include "ci/results.h"
#include "ci/rules.h"

static char root[2048];

static const char *fixture(char *buf, size_t len, const char *rel)
{
	snprintf(buf, len, "%s/%s", root, rel);
	return buf;
}

static int load_tiny(void **state)
{
	static struct ci_results res;
	char dir[2300], err[512];

	assert_int_equal(ci_results_load(fixture(dir, sizeof(dir),
						 "tests/fixtures/ci/tiny"),
					 &res, err, sizeof(err)),
			 0);
	*state = &res;
	return 0;
}

static int free_tiny(void **state)
{
	ci_results_free(*state);
	return 0;
}

static const struct ci_value *val(const struct ci_run *run, const char *metric,
				  const char *group)
{
	return ci_values_get(&run->vals, ci_metric_find(metric), group);
}

static void test_runs_and_order(void **state)
{
	struct ci_results *res = *state;

	assert_int_equal(res->n_runs, 3);
	assert_int_equal(res->incomplete, 1); /* PREEMPT_SHORT/3 failed */
	/* scenario.json order, not alphabetical */
	assert_string_equal(res->runs[0].fs, "PREEMPT_SHORT");
	assert_int_equal(res->runs[0].repeat, 1);
	assert_int_equal(res->runs[1].repeat, 2);
	assert_string_equal(res->runs[2].fs, "NO_PREEMPT_SHORT");
	assert_null(res->runs[2].table);
}

static void test_table_values(void **state)
{
	struct ci_results *res = *state;
	const struct ci_value *v = val(&res->runs[0], "avg_delay_ms", "cyclic");

	assert_non_null(v);
	assert_float_equal(v->v, 0.25, 1e-12);
	assert_int_equal(v->n_iv,
			 2); /* the interval without delays is skipped */
	assert_float_equal(v->iv[0], 0.2, 1e-12);
	assert_float_equal(v->iv[1], 0.3, 1e-12);
	v = val(&res->runs[0], "sum_delay_ms", "cyclic");
	assert_float_equal(v->iv[0], 40, 1e-9); /* delays x avg */
	v = val(&res->runs[0], "runtime_ms", "massive_intr");
	assert_float_equal(v->v, 1800, 1e-9);
	assert_int_equal(v->n_iv, 0);
	assert_null(val(&res->runs[0], "delay_p99_ms", "massive_intr"));
	assert_float_equal(val(&res->runs[1], "avg_delay_ms", "cyclic")->v,
			   0.35, 1e-12);
}

static void test_workload_values(void **state)
{
	struct ci_results *res = *state;
	const struct ci_value *v =
		val(&res->runs[0], "loops_per_s", "massive_intr");

	assert_non_null(v);
	assert_float_equal(v->v, 150, 1e-9);
	assert_int_equal(v->n_iv, 2);
	assert_float_equal(
		val(&res->runs[0], "fairness_jain", "massive_intr")->v, 0.991,
		1e-12);
	/* an "interrupted" document's figures are left out */
	assert_null(val(&res->runs[1], "loops_per_s", "massive_intr"));
	/* another program's JSON (rt-tests cyclictest) is kept but not read */
	assert_int_equal(res->runs[0].n_docs, 3);
	assert_float_equal(val(&res->runs[0], "time_s", "hackbench")->v, 0.812,
			   1e-12);
	assert_float_equal(val(&res->runs[1], "time_s", "hackbench")->v, 0.9,
			   1e-12);
}

static void test_filter(void **state)
{
	struct ci_results res;
	char dir[2300], err[512];

	(void)state;
	fixture(dir, sizeof(dir), "tests/fixtures/ci/tiny");
	assert_int_equal(ci_results_load(dir, &res, err, sizeof(err)), 0);
	assert_int_equal(ci_results_filter(&res, "nosuch", NULL, err,
					   sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "kernels there: debian"));
	assert_int_equal(ci_results_filter(&res, "debian", "NO_PREEMPT_SHORT",
					   err, sizeof(err)),
			 0);
	assert_int_equal(res.n_runs, 1);
	ci_results_free(&res);
}

static void test_spec_split(void **state)
{
	char *d, *k, *f;

	(void)state;
	assert_int_equal(ci_spec_split("a/b:deb/PS", &d, &k, &f), 0);
	assert_string_equal(d, "a/b");
	assert_string_equal(k, "deb");
	assert_string_equal(f, "PS");
	free(d);
	free(k);
	free(f);
	assert_int_equal(ci_spec_split("a:deb", &d, &k, &f), 0);
	assert_string_equal(k, "deb");
	assert_null(f);
	free(d);
	free(k);
	assert_int_equal(ci_spec_split("a:", &d, &k, &f), -EINVAL);
	assert_int_equal(ci_spec_split("a:/x", &d, &k, &f), -EINVAL);
	assert_int_equal(ci_spec_split("a:k/f/g", &d, &k, &f), -EINVAL);
	assert_int_equal(ci_spec_split("plain", &d, &k, &f), 0);
	assert_string_equal(d, "plain");
	assert_null(k);
	free(d);
}

static void test_extract_errors(void **state)
{
	json_t *g =
		json_pack("{s:s, s:s}", "comm", "x", "avg_delay_ms", "fast");
	struct ci_values vals = { 0 };
	char err[256];

	(void)state;
	assert_int_equal(ci_extract_json(CI_SRC_TABLE, NULL, g, "x",
					 "t.json: groups[0]", &vals, err,
					 sizeof(err)),
			 -EINVAL);
	assert_string_equal(
		err,
		"t.json: groups[0].avg_delay_ms: \"fast\" is not a number");
	ci_values_free(&vals);
	json_decref(g);
	assert_int_equal(ci_extract_text("Time: soon\n", "hackbench", "h.txt",
					 &vals, err, sizeof(err)),
			 -EINVAL);
	ci_values_free(&vals);
}

static int rules_from(const char *text, struct ci_rules *r, char *err,
		      size_t errlen)
{
	char path[] = "/tmp/test_ci_rules_XXXXXX";
	int fd = mkstemp(path), ret;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	ret = ci_rules_load(path, r, err, errlen);
	unlink(path);
	return ret;
}

static void test_rules(void **state)
{
	struct ci_rules r;
	char path[2300], err[1024];

	(void)state;
	assert_int_equal(
		ci_rules_load(fixture(path, sizeof(path), "ci/gate.json"), &r,
			      err, sizeof(err)),
		0);
	assert_true(r.n >= 9);
	assert_int_equal(r.resamples, 5000);
	ci_rules_free(&r);
	assert_int_equal(
		rules_from(
			"{\"schema\": 1, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"hackbench\", \"tolerance_pct\": 5}]}",
			&r, err, sizeof(err)),
		0);
	assert_int_equal(r.v[0].dir, CI_DIR_LOWER); /* the metric's own */
	assert_string_equal(r.v[0].name, "hackbench time_s");
	ci_rules_free(&r);
	assert_int_equal(
		rules_from(
			"{\"schema\": 1, \"rules\": [{\"metric\": \"switches\", "
			"\"group\": \"x\", \"tolerance_pct\": 5}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].direction: missing"));
	assert_int_equal(
		rules_from(
			"{\"schema\": 1, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"x\", \"tolerance_pct\": 5, \"tol\": 1}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].tol: unknown key"));
	assert_int_equal(
		rules_from(
			"{\"schema\": 1, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"x\"}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].tolerance_pct: missing"));
	assert_int_equal(rules_from("{\"schema\": 2, \"rules\": []}", &r, err,
				    sizeof(err)),
			 -EINVAL);
}

static void test_rule_verdicts(void **state)
{
	struct ci_results *res = *state, base = *res, cand = *res, none = *res;
	struct ci_rule avg = { .name = "a",
			       .metric = ci_metric_find("avg_delay_ms"),
			       .group = "cyclic",
			       .dir = CI_DIR_LOWER,
			       .tolerance_pct = 50 };
	struct ci_rule hb = { .name = "h",
			      .metric = ci_metric_find("time_s"),
			      .group = "hackbench",
			      .dir = CI_DIR_LOWER,
			      .tolerance_pct = 50 };
	struct ci_rule ghost = { .name = "g",
				 .metric = ci_metric_find("time_s"),
				 .group = "ghost",
				 .dir = CI_DIR_LOWER };
	struct ci_rule_result out;

	base.n_runs = cand.n_runs = 2; /* the two PREEMPT_SHORT runs */
	none.runs = res->runs + 2; /* NO_PREEMPT_SHORT: no table */
	none.n_runs = 1;
	assert_int_equal(ci_gate_rule(&avg, &base, &cand, 1000, 0.95, 1, &out),
			 0);
	assert_int_equal(out.level, CI_LEVEL_INTERVALS);
	assert_int_equal(out.base.samples, 4);
	assert_int_equal(out.verdict, CI_V_NO_CHANGE);
	assert_int_equal(ci_gate_rule(&hb, &base, &cand, 1000, 0.95, 1, &out),
			 0);
	assert_int_equal(out.level, CI_LEVEL_RUNS);
	assert_int_equal(out.verdict, CI_V_NO_CHANGE);
	assert_int_equal(ci_gate_rule(&avg, &base, &none, 1000, 0.95, 1, &out),
			 0);
	assert_int_equal(out.verdict, CI_V_INSUFFICIENT);
	assert_int_equal(
		ci_gate_rule(&ghost, &base, &cand, 1000, 0.95, 1, &out), 0);
	assert_int_equal(out.verdict, CI_V_NOT_APPLICABLE);
	ghost.required = 1;
	assert_int_equal(
		ci_gate_rule(&ghost, &base, &cand, 1000, 0.95, 1, &out), 0);
	assert_int_equal(out.verdict, CI_V_INSUFFICIENT);
}

int main(void)
{
	const char *env = getenv("SLICEBENCH_ROOT");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_runs_and_order, load_tiny,
						free_tiny),
		cmocka_unit_test_setup_teardown(test_table_values, load_tiny,
						free_tiny),
		cmocka_unit_test_setup_teardown(test_workload_values, load_tiny,
						free_tiny),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_spec_split),
		cmocka_unit_test(test_extract_errors),
		cmocka_unit_test(test_rules),
		cmocka_unit_test_setup_teardown(test_rule_verdicts, load_tiny,
						free_tiny),
	};

	snprintf(root, sizeof(root), "%s", env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
