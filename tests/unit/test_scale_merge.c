// SPDX-License-Identifier: GPL-2.0
/* Unit tests: run unit ids, plan.json round trip, and merge's checks (gaps, duplicates, mismatches). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/atomicio.h"
#include "harness/plan.h"
#include "harness/scale/merge.h"
#include "harness/scenario.h"

struct fx {
	char top[64];
	char out[128], a[128], b[128];
	struct plan p;
	struct scenario *sc;
};

static void put_json(const char *path, json_t *j)
{
	assert_int_equal(sb_json_dump_atomic(path, j), 0);
	json_decref(j);
}

/* A complete (or failed) run of @r under @root, as the runner leaves it. */
static void put_run(const char *root, const struct plan_run *r, const char *sha,
		    const char *config, const char *host, const char *status)
{
	char dir[512], path[600];

	plan_run_dir(root, r, dir, sizeof(dir));
	assert_int_equal(sb_mkdir_p(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/table.json", dir);
	put_json(path, json_pack("{s:i}", "events", 7));
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	put_json(path,
		 json_pack("{s:s,s:{s:s,s:s,s:i},s:{s:s,s:s,s:s},s:{s:s},"
			   "s:{s:s}}",
			   "status", status, "run", "kernel", r->kernel,
			   "feature_set", r->set, "repeat", r->repeat, "kernel",
			   "config_sha256", config, "source", "linux-image-x=1",
			   "release", "6.12.1", "scenario", "sha256", sha,
			   "host", "hostname", host));
}

static int setup(void **state)
{
	static const char *const kernels[] = { "base", "cand" };
	struct fx *f = calloc(1, sizeof(*f));
	char path[256];

	f->sc = calloc(1, sizeof(*f->sc));
	strcpy(f->sc->name, "smoke");
	strcpy(f->sc->sets[0].name, "A");
	strcpy(f->sc->sets[1].name, "B");
	f->sc->n_sets = 2;
	strcpy(f->top, "/tmp/sb-merge-XXXXXX");
	assert_non_null(mkdtemp(f->top));
	snprintf(f->out, sizeof(f->out), "%s/out", f->top);
	snprintf(f->a, sizeof(f->a), "%s/host-a", f->top);
	snprintf(f->b, sizeof(f->b), "%s/host-b", f->top);
	assert_int_equal(plan_build(&f->p, f->sc, "sha-1", kernels, 2, 1), 0);
	assert_int_equal(sb_mkdir_p(f->a, 0755), 0);
	assert_int_equal(sb_mkdir_p(f->b, 0755), 0);
	snprintf(path, sizeof(path), "%s/plan.json", f->a);
	put_json(path, plan_to_json(&f->p));
	snprintf(path, sizeof(path), "%s/scenario.json", f->a);
	put_json(path, json_pack("{s:s}", "name", "smoke"));
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fx *f = *state;

	sb_rm_rf(f->top);
	plan_free(&f->p);
	free(f->sc);
	free(f);
	return 0;
}

/* Units 0, 2 on host a and 1, 3 on host b. */
static void spread(struct fx *f)
{
	for (size_t i = 0; i < f->p.n_runs; i++)
		put_run(i % 2 ? f->b : f->a, &f->p.runs[i], "sha-1", "cfg",
			i % 2 ? "b" : "a", "complete");
}

static int merge(struct fx *f, struct merge_report *rep)
{
	const char *dirs[] = { f->a, f->b };
	struct merge_opts o = { 0 };
	struct sb_error err;

	return merge_results(f->out, dirs, 2, &o, rep, &err);
}

static void test_unit_ids(void **state)
{
	struct fx *f = *state;
	struct plan_run r;
	char id[128];

	plan_unit_id(&f->p.runs[1], id, sizeof(id));
	assert_string_equal(id, "cand/A/1");
	assert_int_equal(plan_unit_parse(id, &r), 0);
	assert_int_equal(plan_find(&f->p, &r), 1);
	assert_int_equal(plan_unit_parse("base/B/1", &r), 0);
	assert_int_equal(plan_find(&f->p, &r), 2);
	assert_int_equal(plan_unit_parse("base/C/1", &r), 0);
	assert_int_equal(plan_find(&f->p, &r), -1);
	assert_int_equal(plan_unit_parse("base/A", &r), -EINVAL);
	assert_int_equal(plan_unit_parse("base/A/0", &r), -EINVAL);
	assert_int_equal(plan_unit_parse("base/A/1x", &r), -EINVAL);
	assert_int_equal(plan_unit_parse("../A/1", &r), -EINVAL);
	assert_int_equal(plan_unit_parse("a b/A/1", &r), -EINVAL);
	assert_int_equal(plan_unit_parse("base/A/1/2", &r), -EINVAL);
}

static void test_plan_round_trip(void **state)
{
	struct fx *f = *state;
	json_t *j = plan_to_json(&f->p);
	struct plan back;
	struct sb_error err;

	assert_int_equal(plan_from_json(j, &back, &err), 0);
	assert_true(plan_matches(j, &back));
	assert_int_equal(back.n_runs, 4);
	assert_string_equal(back.scenario_sha256, "sha-1");
	plan_free(&back);
	json_object_del(j, "runs");
	assert_int_equal(plan_from_json(j, &back, &err), -EINVAL);
	json_decref(j);
}

static void test_merge_complete(void **state)
{
	struct fx *f = *state;
	struct merge_report rep;
	char path[512];

	spread(f);
	put_run(f->b, &f->p.runs[0], "sha-1", "cfg", "b", "failed");
	assert_int_equal(merge(f, &rep), 0);
	assert_int_equal(rep.merged, 4);
	assert_int_equal(rep.present, 4);
	assert_non_null(strstr(rep.text, "note: unit base/A/1 failed"));
	merge_report_free(&rep);
	for (size_t i = 0; i < f->p.n_runs; i++)
		assert_true(plan_run_complete(f->out, &f->p.runs[i]));
	assert_true(plan_run_complete(f->a, &f->p.runs[0])); /* copied */
	snprintf(path, sizeof(path), "%s/merge.json", f->out);
	assert_int_equal(access(path, R_OK), 0);
	snprintf(path, sizeof(path), "%s/scenario.json", f->out);
	assert_int_equal(access(path, R_OK), 0);
	/* merging the same inputs again: every unit is now a duplicate */
	assert_int_equal(merge(f, &rep), 1);
	assert_int_equal(rep.duplicates, 4);
	merge_report_free(&rep);
}

static void test_merge_gap_and_duplicate(void **state)
{
	struct fx *f = *state;
	struct merge_report rep;

	put_run(f->a, &f->p.runs[0], "sha-1", "cfg", "a", "complete");
	put_run(f->b, &f->p.runs[0], "sha-1", "cfg", "b", "complete");
	put_run(f->a, &f->p.runs[1], "sha-1", "cfg", "a", "complete");
	put_run(f->b, &f->p.runs[2], "sha-1", "cfg", "b", "failed");
	assert_int_equal(merge(f, &rep), 1);
	assert_int_equal(rep.duplicates, 1);
	assert_int_equal(rep.gaps, 2);
	assert_non_null(strstr(rep.text, "unit base/A/1: arrived 2 times"));
	assert_non_null(strstr(rep.text, "unit base/B/1: missing"));
	assert_non_null(strstr(rep.text, "unit cand/B/1: missing"));
	merge_report_free(&rep);
	assert_int_equal(access(f->out, F_OK), -1); /* nothing merged */
}

static void test_merge_mismatches(void **state)
{
	struct fx *f = *state;
	struct merge_report rep;
	struct plan_run extra;
	char path[512];

	spread(f);
	/* another scenario version, another build of kernel cand */
	put_run(f->a, &f->p.runs[2], "sha-2", "cfg", "a", "complete");
	put_run(f->b, &f->p.runs[3], "sha-1", "cfg-other", "b", "complete");
	assert_int_equal(plan_unit_parse("base/A/9", &extra), 0);
	put_run(f->b, &extra, "sha-1", "cfg", "b", "complete");
	assert_int_equal(merge(f, &rep), 1);
	assert_non_null(strstr(rep.text, "unit base/B/1 ("));
	assert_non_null(strstr(rep.text, "scenario sha256 sha-2"));
	assert_non_null(strstr(rep.text, "kernel cand: unit cand/B/1"));
	assert_non_null(strstr(rep.text, "config_sha256 cfg-other"));
	assert_non_null(strstr(rep.text, "base/A/9"));
	assert_int_equal(rep.mismatches, 2);
	assert_int_equal(rep.unknown, 1);
	merge_report_free(&rep);
	/* a second, different plan.json */
	sb_rm_rf(f->b);
	spread(f);
	f->p.runs[0].repeat = 5;
	snprintf(path, sizeof(path), "%s/plan.json", f->b);
	put_json(path, plan_to_json(&f->p));
	assert_int_equal(merge(f, &rep), 1);
	assert_non_null(strstr(rep.text, "another plan"));
	merge_report_free(&rep);
}

static void test_merge_no_plan(void **state)
{
	struct fx *f = *state;
	const char *dirs[] = { f->b };
	struct merge_opts o = { 0 };
	struct merge_report rep;
	struct sb_error err;

	assert_int_equal(merge_results(f->out, dirs, 1, &o, &rep, &err),
			 -EINVAL);
	assert_non_null(strstr(err.msg, "no plan.json"));
	merge_report_free(&rep);
}

static void test_merge_move_with_gaps(void **state)
{
	struct fx *f = *state;
	struct merge_opts o = { .move = 1, .allow_gaps = 1 };
	const char *dirs[] = { f->a, f->b };
	struct merge_report rep;
	struct sb_error err;

	put_run(f->a, &f->p.runs[0], "sha-1", "cfg", "a", "complete");
	put_run(f->b, &f->p.runs[3], "sha-1", "cfg", "b", "complete");
	assert_int_equal(merge_results(f->out, dirs, 2, &o, &rep, &err), 0);
	assert_int_equal(rep.gaps, 2);
	assert_int_equal(rep.merged, 2);
	merge_report_free(&rep);
	assert_false(plan_run_complete(f->a, &f->p.runs[0])); /* moved */
	assert_true(plan_run_complete(f->out, &f->p.runs[0]));
	/* the rest arrives later: units already in OUT count as arrived */
	put_run(f->a, &f->p.runs[1], "sha-1", "cfg", "a", "complete");
	put_run(f->b, &f->p.runs[2], "sha-1", "cfg", "b", "complete");
	assert_int_equal(merge_results(f->out, dirs, 2, &o, &rep, &err), 0);
	assert_int_equal(rep.gaps, 0);
	assert_int_equal(rep.present, 4);
	merge_report_free(&rep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_unit_ids, setup, teardown),
		cmocka_unit_test_setup_teardown(test_plan_round_trip, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_merge_complete, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_merge_gap_and_duplicate,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_merge_mismatches, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_merge_no_plan, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_merge_move_with_gaps,
						setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
