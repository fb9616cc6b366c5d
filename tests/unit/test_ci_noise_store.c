// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the kept noise (ci/noise_store.c): its file written and read back, a missing or malformed one, and what plan, run and check say from it before running. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "ci/noise_store.h"
#include "ci/sizing.h"
#include "common/atomicio.h"

static struct ci_rule rule_v[] = {
	{ .name = "cyclic avg delay", .dir = CI_DIR_LOWER, .pass_bound_pct = 5 },
	{ .name = "hackbench time", .dir = CI_DIR_LOWER, .pass_bound_pct = 5 },
};
static const struct ci_rules rules = { .pass_confidence = 0.95,
				       .v = rule_v,
				       .n = 2 };

static struct ci_noise kept(const char *kernel, double spread, double run_s)
{
	struct ci_noise n = { .runs = 5, .run_s = run_s, .n = 1 };

	snprintf(n.kernel, sizeof(n.kernel), "%s", kernel);
	snprintf(n.measured, sizeof(n.measured), "2026-12-06T20:00:00Z");
	snprintf(n.rule[0].name, sizeof(n.rule[0].name), "cyclic avg delay");
	n.rule[0].spread = spread;
	return n;
}

/* What ci_noise_plan_print says of @n_known kept files. */
static char *said(const struct ci_noise *const *known, size_t n_known,
		  const struct ci_noise_ask *ask)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	ci_noise_plan_print(f, known, n_known, &rules, ask);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void test_round_trip(void **state)
{
	char dir[] = "/tmp/sb-noise-XXXXXX", sub[64], path[256], sha[65];
	struct ci_noise n = kept("debian", 0.145, 30.8), back;
	struct sb_error e;

	(void)state;
	n.rule[0].level = 0.0232;
	assert_non_null(mkdtemp(dir));
	memset(sha, 'a', 64);
	sha[64] = '\0';
	snprintf(n.scenario_sha256, sizeof(n.scenario_sha256), "%s", sha);
	snprintf(sub, sizeof(sub), "%s/noise", dir);
	assert_int_equal(ci_noise_path(path, sizeof(path), sub, sha, "debian"),
			 0);
	assert_non_null(strstr(path, "/noise/aaaa"));
	/* the noise/ directory is made */
	assert_non_null(strstr(path, "-debian.json"));
	assert_int_equal(ci_noise_load(path, &back, &e), -ENOENT);
	assert_int_equal(ci_noise_save(path, &n), 0);
	assert_int_equal(ci_noise_load(path, &back, &e), 0);
	assert_string_equal(back.kernel, "debian");
	assert_string_equal(back.scenario_sha256, sha);
	assert_int_equal(back.runs, 5);
	assert_float_equal(back.run_s, 30.8, 1e-9);
	assert_int_equal(back.n, 1);
	assert_string_equal(back.rule[0].name, "cyclic avg delay");
	assert_float_equal(back.rule[0].spread, 0.145, 1e-9);
	assert_float_equal(back.rule[0].level, 0.0232, 1e-9);
	/* too long a name for the buffer */
	assert_int_equal(ci_noise_path(path, 20, dir, sha, "debian"),
			 -ENAMETOOLONG);
	sb_rm_rf(dir);
}

static void test_malformed(void **state)
{
	char dir[] = "/tmp/sb-noise-XXXXXX", path[256];
	static const char text[] = "{\"schema\": 1, \"kernel\": \"debian\", "
				   "\"runs\": 5, \"spreads\": []}";
	struct ci_noise back;
	struct sb_error e;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/n.json", dir);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
	assert_int_equal(ci_noise_load(path, &back, &e), -EINVAL);
	assert_non_null(strstr(e.msg, path));
	assert_non_null(strstr(e.msg, "spreads"));
	sb_rm_rf(dir);
}

static void test_nothing_known(void **state)
{
	struct ci_noise_ask ask = { .who = "kernel debian",
				    .reach = 5,
				    .reach_what = "the scenario's repeats",
				    .sides = 2,
				    .fallback_run_s = 22 };
	char *out = said(NULL, 0, &ask);

	(void)state;
	assert_string_equal(out,
			    "sizing (kernel debian): no noise known yet for "
			    "this scenario (a finished run keeps it): runs "
			    "are not sized\n"
			    "  the scenario's repeats (5 a side): 10 runs, at "
			    "least 3m40s (their warmups and durations; boots "
			    "and tracing add to it)\n");
	free(out);
	/* a control arm of 2 runs a side: 4 runs more, in the time too */
	ask.control = 2;
	out = said(NULL, 0, &ask);
	assert_non_null(strstr(out, "  the scenario's repeats (5 a side, and 2 "
				    "control runs a side): 14 runs, at least "
				    "5m08s"));
	free(out);
}

/* @out has the row of "cyclic avg delay" at 5 % spread and bound: @need runs, @time, @reached. */
static void assert_avg_row(const char *out, unsigned int need, const char *time,
			   const char *reached)
{
	char line[256];

	snprintf(line, sizeof(line),
		 "  %-34s %5.1f%%  %4g%%  %-11u  %-13s  %s\n",
		 "cyclic avg delay", 5.0, 5.0, need, time, reached);
	assert_non_null(strstr(out, line));
}

static void test_sized(void **state)
{
	struct ci_noise n = kept("debian", 0.05, 30);
	const struct ci_noise *known[] = { &n };
	struct ci_noise_ask ask = { .who = "kernel debian",
				    .reach = 10,
				    .reach_what = "the scenario's repeats",
				    .sides = 2,
				    .fallback_run_s = 22 };
	unsigned int need = ci_runs_to_pass(0.05, log(1.05), 0.05, 0.8);
	char *out;

	(void)state;
	assert_int_equal(need, 16); /* as test_ci_sizing says */
	out = said(known, 1, &ask);
	/* only the rule with a kept spread; 16 runs x 2 sides x 30 s */
	assert_avg_row(out, need, "16m00s", "no");
	assert_null(strstr(out, "hackbench time"));
	assert_non_null(strstr(out, "a run takes 30 s (measured)"));
	assert_non_null(strstr(out, "debian: 5 runs a side, 2026-12-06"));
	assert_non_null(strstr(out, "the scenario's repeats (10 a side) "
				    "reach 0 of 1 rules at 80% power; their "
				    "20 runs take 10m00s"));
	free(out);
	/* --max-repeats 20 reaches it; no kept run time: the fallback */
	n.run_s = 0;
	ask.reach = 20;
	ask.reach_what = "--max-repeats";
	out = said(known, 1, &ask);
	assert_avg_row(out, need, "11m44s", "yes");
	assert_non_null(strstr(out, "a run takes 22 s (the scenario's "
				    "duration + warmup"));
	assert_non_null(strstr(out, "--max-repeats (20 a side) reach 1 of 1"));
	free(out);
	/* two at once (virtual time): a round of 2 runs takes one run's 22 s */
	ask.at_once = 2;
	out = said(known, 1, &ask);
	assert_avg_row(out, need, "5m52s", "yes");
	assert_non_null(strstr(out, "boot not counted), 2 at once:\n"));
	free(out);
	/* a control arm of 1 run a side: the rules' rows unchanged */
	ask.control = 1;
	out = said(known, 1, &ask);
	assert_avg_row(out, need, "5m52s", "yes");
	assert_non_null(strstr(out, "--max-repeats (20 a side, and 1 control "
				    "run a side) reach 1 of 1 rules at 80% "
				    "power; their 42 runs take 7m42s"));
	free(out);
}

/*
 * Two rules kept, both 5 % at 5 %: each alone needs 16 runs a side, the
 * two together 19 (each must pass), said after the rules.
 */
static void test_all_together(void **state)
{
	struct ci_noise n = kept("debian", 0.05, 30);
	const struct ci_noise *known[] = { &n };
	const struct ci_noise_ask ask = { .who = "kernel debian",
					  .reach = 16,
					  .reach_what = "--repeats",
					  .sides = 2 };
	const double sd[] = { 0.05, 0.05 };
	unsigned int all = ci_runs_to_pass_all(&rules, sd, 0.8);
	char line[256], *out;

	(void)state;
	n.n = 2;
	snprintf(n.rule[1].name, sizeof(n.rule[1].name), "hackbench time");
	n.rule[1].spread = 0.05;
	assert_int_equal(all, 19);
	out = said(known, 1, &ask);
	snprintf(line, sizeof(line), "  %-34s %6s  %5s  %-11u  %-13s  %s\n",
		 "all rules together", "", "", all, "19m00s", "no");
	assert_non_null(strstr(out, line));
	assert_non_null(strstr(out, "reach 2 of 2 rules"));
	free(out);
}

/* A check's two kernels: their spreads pooled (root mean square). */
static void test_pooled(void **state)
{
	struct ci_noise a = kept("base", 0.03, 30), b = kept("cand", 0.04, 40);
	const struct ci_noise *known[] = { &a, &b };
	const struct ci_noise_ask ask = { .who = "cand against base",
					  .reach = 10,
					  .reach_what = "--max-repeats",
					  .sides = 2 };
	double sd = sqrt((0.03 * 0.03 + 0.04 * 0.04) / 2);
	unsigned int need = ci_runs_to_pass(sd, log(1.05), 0.05, 0.8);
	char line[256], *out = said(known, 2, &ask);

	(void)state;
	snprintf(line, sizeof(line), "  %-34s %5.1f%%  %4g%%  %-11u  ",
		 "cyclic avg delay", 100 * sd, 5.0, need);
	assert_non_null(strstr(out, line));
	/* the longer run of the two */
	assert_non_null(strstr(out, "a run takes 40 s (measured)"));
	assert_non_null(strstr(out, "base: 5 runs a side, 2026-12-06; cand: "
				    "5 runs a side"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_nothing_known),
		cmocka_unit_test(test_sized),
		cmocka_unit_test(test_all_together),
		cmocka_unit_test(test_pooled),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
