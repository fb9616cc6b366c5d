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
#include "common/atomicio.h"
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
	struct sb_error err;
	char dir[2300];

	assert_int_equal(ci_results_load(fixture(dir, sizeof(dir),
						 "tests/fixtures/ci/tiny"),
					 &res, &err),
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
	assert_false(res->runs[2].has_table);
}

static void test_table_values(void **state)
{
	struct ci_results *res = *state;
	const struct ci_value *v = val(&res->runs[0], "avg_delay_ms", "cyclic");

	assert_non_null(v);
	assert_float_equal(v->v, 0.25,
			   1e-12); /* the window's, not a second's */
	assert_int_equal(res->runs[0].lost_events, 0);
	v = val(&res->runs[0], "runtime_ms", "massive_intr");
	assert_float_equal(v->v, 1800, 1e-9);
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
	struct sb_error err;
	char dir[2300];

	(void)state;
	fixture(dir, sizeof(dir), "tests/fixtures/ci/tiny");
	assert_int_equal(ci_results_load(dir, &res, &err), 0);
	assert_int_equal(ci_results_filter(&res, "nosuch", NULL, &err),
			 -ENOENT);
	assert_non_null(strstr(err.msg, "kernels there: debian"));
	assert_int_equal(
		ci_results_filter(&res, "debian", "NO_PREEMPT_SHORT", &err), 0);
	assert_int_equal(res.n_runs, 1);
	ci_results_free(&res);
}

/* A complete run's manifest of @kernel/A/@rep under @dir, control or not. */
static void put_run(const char *dir, int rep, int untraced)
{
	char path[4200];
	json_t *m = json_pack("{s:s,s:{s:s,s:s,s:i}}", "status", "complete",
			      "run", "kernel", "debian", "feature_set", "A",
			      "repeat", rep);

	if (untraced)
		json_object_set_new(json_object_get(m, "run"), "untraced",
				    json_true());
	snprintf(path, sizeof(path), "%s/debian/A/%d", dir, rep);
	assert_int_equal(sb_mkdir_p(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/debian/A/%d/manifest.json", dir, rep);
	assert_int_equal(sb_json_dump_atomic(path, m), 0);
	json_decref(m);
}

/* The control arm's runs are loaded apart: no comparison ever reads them. */
static void test_untraced_apart(void **state)
{
	char dir[] = "/tmp/sb-results-XXXXXX";
	struct ci_results res;
	struct sb_error err;

	(void)state;
	assert_non_null(mkdtemp(dir));
	put_run(dir, 1, 0);
	put_run(dir, 2, 0);
	put_run(dir, 3, 1);
	assert_int_equal(ci_results_load(dir, &res, &err), 0);
	assert_int_equal(res.n_runs, 2);
	assert_false(res.runs[0].untraced || res.runs[1].untraced);
	assert_int_equal(res.n_untraced, 1);
	assert_int_equal(res.untraced[0].repeat, 3);
	assert_true(res.untraced[0].untraced);
	assert_string_equal(res.untraced[0].fs, "A");
	assert_int_equal(ci_results_filter(&res, "debian", "A", &err), 0);
	assert_int_equal(res.n_runs, 2);
	ci_results_free(&res);
	sb_rm_rf(dir);
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
	struct sb_error err;

	(void)state;
	assert_int_equal(ci_extract_json(CI_SRC_TABLE, NULL, g, "x",
					 "t.json: groups[0]", &vals, &err),
			 -EINVAL);
	assert_string_equal(
		err.msg,
		"t.json: groups[0].avg_delay_ms: \"fast\" is not a number");
	ci_values_free(&vals);
	json_decref(g);
}

static int rules_from(const char *text, struct ci_rules *r, char *err,
		      size_t errlen)
{
	char path[] = "/tmp/test_ci_rules_XXXXXX";
	int fd = mkstemp(path), ret;
	struct sb_error e;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	ret = ci_rules_load(path, r, &e);
	snprintf(err, errlen, "%s", ret ? e.msg : "");
	unlink(path);
	return ret;
}

static void test_rules(void **state)
{
	struct ci_rules r;
	char path[2300], err[1024];
	struct sb_error e;

	(void)state;
	assert_int_equal(
		ci_rules_load(fixture(path, sizeof(path), "ci/gate.json"), &r,
			      &e),
		0);
	assert_true(r.n >= 9);
	assert_float_equal(r.alpha, 0.01, 1e-12);
	assert_float_equal(r.pass_confidence, 0.95, 1e-12);
	assert_int_equal(r.min_runs, CI_MIN_RUNS);
	assert_true(r.v[0].required);
	/* by default a pass rules out what a regression would be */
	assert_float_equal(r.v[0].pass_bound_pct, r.v[0].tolerance_pct, 0);
	assert_float_equal(r.v[0].pass_bound_abs, r.v[0].min_effect_abs, 0);
	/* bounds in the units the tables use: "%" unspaced as every share */
	for (size_t i = 0; i < r.n; i++) {
		char b[128];

		ci_rule_bounds(&r.v[i], b, sizeof(b));
		if (!strcmp(r.v[i].name, "mixload deadline misses"))
			assert_string_equal(b, "+20/20%, 1/1%");
		if (!strcmp(r.v[i].name, "cyclic avg delay"))
			assert_string_equal(b, "+10/10%, 0.01/0.01 ms");
	}
	ci_rules_free(&r);
	/* a pass bound tighter than the tolerance is refused */
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"x\", \"tolerance_pct\": 5, "
			"\"pass_bound_pct\": 4}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].pass_bound_pct: 4: must be"));
	/* a higher-is-better metric cannot fall by 100 % */
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"runtime_ms\", "
			"\"group\": \"x\", \"tolerance_pct\": 100}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].tolerance_pct: 100: must be"));
	assert_int_equal(rules_from("{\"schema\": 2, \"min_runs\": 3, "
				    "\"rules\": [{\"metric\": \"time_s\", "
				    "\"group\": \"x\", \"tolerance_pct\": 5}]}",
				    &r, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "min_runs: 3: must be an integer in [4,"));
	assert_int_equal(rules_from("{\"schema\": 1, \"rules\": [{\"metric\": "
				    "\"time_s\", \"group\": \"x\", "
				    "\"tolerance_pct\": 5}]}",
				    &r, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "schema: 1: must be 2 (the rules format"));
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"hackbench\", \"tolerance_pct\": 5}]}",
			&r, err, sizeof(err)),
		0);
	assert_int_equal(r.v[0].dir, CI_DIR_LOWER); /* the metric's own */
	assert_string_equal(r.v[0].name, "hackbench time_s");
	ci_rules_free(&r);
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"switches\", "
			"\"group\": \"x\", \"tolerance_pct\": 5}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].direction: missing"));
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"x\", \"tolerance_pct\": 5, \"tol\": 1}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].tol: unknown key"));
	assert_int_equal(
		rules_from(
			"{\"schema\": 2, \"rules\": [{\"metric\": \"time_s\", "
			"\"group\": \"x\"}]}",
			&r, err, sizeof(err)),
		-EINVAL);
	assert_non_null(strstr(err, "rules[0].tolerance_pct: missing"));
	assert_int_equal(rules_from("{\"schema\": 2, \"rules\": []}", &r, err,
				    sizeof(err)),
			 -EINVAL);
}

/* Rules over the loaded fixture: too few runs, a missing group. */
static void test_rule_verdicts(void **state)
{
	struct ci_results *res = *state, two = *res;
	struct ci_rule rule[2] = {
		{ .name = "a",
		  .metric = ci_metric_find("avg_delay_ms"),
		  .group = "cyclic",
		  .dir = CI_DIR_LOWER,
		  .tolerance_pct = 50,
		  .pass_bound_pct = 100 },
		{ .name = "g",
		  .metric = ci_metric_find("time_s"),
		  .group = "ghost",
		  .dir = CI_DIR_LOWER },
	};
	struct ci_rules rules = { .alpha = 0.01,
				  .pass_confidence = 0.95,
				  .min_runs = CI_MIN_RUNS,
				  .v = rule,
				  .n = 2 };
	struct ci_levels lv = { .alpha = 0.01, .pass_alpha = 0.05 };
	struct ci_rule_result out[2];
	struct sb_error err;

	two.n_runs = 2; /* the two PREEMPT_SHORT runs */
	assert_int_equal(ci_gate_evaluate(&rules, &two, &two, &lv, out, &err),
			 0);
	assert_int_equal(out[0].verdict, CI_V_INSUFFICIENT);
	assert_int_equal(out[0].more_runs, CI_MIN_RUNS);
	assert_int_equal(out[1].verdict, CI_V_NOT_APPLICABLE);
	assert_int_equal(ci_gate_decide(out, 2), CI_DECISION_UNDECIDED);
	rule[1].required = 1;
	assert_int_equal(ci_gate_evaluate(&rules, &two, &two, &lv, out, &err),
			 -ENODATA);
	assert_non_null(strstr(
		err.msg,
		"required rule \"g\": no time_s values for group \"ghost\" in BASE or CAND (time_s values in BASE: hackbench)"));
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
		cmocka_unit_test(test_untraced_apart),
		cmocka_unit_test(test_spec_split),
		cmocka_unit_test(test_extract_errors),
		cmocka_unit_test(test_rules),
		cmocka_unit_test_setup_teardown(test_rule_verdicts, load_tiny,
						free_tiny),
	};

	snprintf(root, sizeof(root), "%s", env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
