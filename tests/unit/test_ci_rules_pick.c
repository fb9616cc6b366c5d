// SPDX-License-Identifier: GPL-2.0
/* Unit tests: which rules judge a run (--rules, the scenario's, the default) and a scenario's "rules" checked. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ci/rules_pick.h"
#include "common/exitcodes.h"
#include "common/rootdir.h"
#include "harness/scenario.h"

static const char *fixture(const char *name)
{
	static char path[4096];

	sb_root_path(path, sizeof(path), name);
	return path;
}

/* --rules wins over the scenario's; the scenario's over the default. */
static void test_pick_order(void **state)
{
	struct ci_rules_pick p;
	struct ci_rules rules;
	struct sb_error e;

	(void)state;
	assert_int_equal(ci_rules_pick_load(fixture("ci/gate.json"),
					    "ci/gate-throughput.json", "s.json",
					    &rules, &p, &e),
			 0);
	assert_string_equal(p.from, "--rules");
	assert_string_equal(p.path, fixture("ci/gate.json"));
	assert_string_equal(rules.v[0].group, "cyclic");
	ci_rules_free(&rules);

	assert_int_equal(ci_rules_pick_load(NULL, "ci/gate-throughput.json",
					    "s.json", &rules, &p, &e),
			 0);
	assert_string_equal(p.from, "named by the scenario");
	assert_string_equal(p.name, "ci/gate-throughput.json");
	assert_string_equal(p.path, fixture("ci/gate-throughput.json"));
	assert_string_equal(rules.v[0].group, "hackbench-pipe-short");
	ci_rules_free(&rules);

	assert_int_equal(ci_rules_pick_load(NULL, "", "s.json", &rules, &p, &e),
			 0);
	assert_string_equal(p.from, "the default");
	assert_string_equal(p.name, "ci/gate.json");
	assert_string_equal(p.path, fixture("ci/gate.json"));
	ci_rules_free(&rules);
}

/* Load the scenario fixture @name and check the rules it names. */
static int check_scenario(const char *name, char *err, size_t errlen)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	const char *file = fixture(name);
	struct sb_error e;
	int r;

	assert_non_null(sc);
	assert_int_equal(scenario_load(file, sc, NULL, &e), 0);
	r = ci_rules_check_named(sc->rules, file, &e);
	snprintf(err, errlen, "%s", r ? e.msg : "");
	scenario_free(sc);
	free(sc);
	return r;
}

static void test_scenario_rules_valid(void **state)
{
	char err[16384] = "";

	(void)state;
	assert_int_equal(
		check_scenario("tests/fixtures/scenarios/good_rules.json", err,
			       sizeof(err)),
		0);
	assert_int_equal(
		check_scenario("tests/fixtures/scenarios/good_minimal.json",
			       err, sizeof(err)),
		0);
}

/* A bad rules file: one line naming the scenario, the field, the value. */
static void expect_bad(const char *name, const char *value, const char *why)
{
	char err[16384], want[8192];

	snprintf(want, sizeof(want),
		 "%s: rules: \"%s\" is not a usable rules file: ",
		 fixture(name), value);
	assert_int_equal(check_scenario(name, err, sizeof(err)), -EINVAL);
	if (strncmp(err, want, strlen(want)) || !strstr(err, why) ||
	    strchr(err, '\n'))
		fail_msg("got \"%s\", want \"%s...%s\"", err, want, why);
}

static void test_scenario_rules_missing_file(void **state)
{
	(void)state;
	expect_bad("tests/fixtures/scenarios/bad_rules_missing_file.json",
		   "ci/no-such-gate.json", "No such file or directory");
}

static void test_scenario_rules_bad_json(void **state)
{
	(void)state;
	expect_bad("tests/fixtures/scenarios/bad_rules_bad_json.json",
		   "tests/fixtures/ci/rules_malformed.json", "line 2");
}

/* Write @text to @dir/scenario.json. */
static void put_scenario(const char *dir, const char *text)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* A run directory's scenario copy names its rules, or none. */
static void test_named_by_run(void **state)
{
	char dir[] = "/tmp/rules_pick.XXXXXX", named[256];
	struct sb_error e;
	char path[4200];

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(ci_rules_named_by_run(dir, named, sizeof(named), &e),
			 0);
	assert_string_equal(named, "");
	put_scenario(
		dir,
		"{\"name\": \"t\", \"rules\": \"ci/gate-throughput.json\"}");
	assert_int_equal(ci_rules_named_by_run(dir, named, sizeof(named), &e),
			 0);
	assert_string_equal(named, "ci/gate-throughput.json");
	put_scenario(dir, "{\"name\": \"t\", \"rules\": 7}");
	assert_int_equal(ci_rules_named_by_run(dir, named, sizeof(named), &e),
			 -EINVAL);
	assert_non_null(
		strstr(e.msg, "scenario.json: rules: 7 is not a string"));
	put_scenario(dir, "{\"name\": ");
	assert_int_equal(ci_rules_named_by_run(dir, named, sizeof(named), &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "scenario.json: line 1"));
	snprintf(path, sizeof(path), "%s/scenario.json", dir);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pick_order),
		cmocka_unit_test(test_scenario_rules_valid),
		cmocka_unit_test(test_scenario_rules_missing_file),
		cmocka_unit_test(test_scenario_rules_bad_json),
		cmocka_unit_test(test_named_by_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
