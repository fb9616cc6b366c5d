// SPDX-License-Identifier: GPL-2.0
/* Unit tests: matrix run order and the resume decision on a results tree. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/atomicio.h"
#include "harness/plan.h"
#include "harness/scenario.h"

static void two_sets(struct scenario *sc)
{
	memset(sc, 0, sizeof(*sc));
	strcpy(sc->name, "smoke");
	strcpy(sc->sets[0].name, "A");
	strcpy(sc->sets[1].name, "B");
	sc->n_sets = 2;
	sc->repeats = 2;
}

/* Kernels alternate, then feature sets; each repeat is rotated by one. */
static void test_order_interleaves_sets(void **state)
{
	static const char *const kernels[] = { "debian", "cfs" };
	static const char *const want[] = {
		"debian/A/1", "cfs/A/1",    "debian/B/1", "cfs/B/1",
		"cfs/A/2",    "debian/B/2", "cfs/B/2",	  "debian/A/2",
	};
	struct scenario *sc = malloc(sizeof(*sc));
	struct plan p;
	char buf[256];

	(void)state;
	two_sets(sc);
	assert_int_equal(plan_build(&p, sc, "abc", kernels, 2, 2), 0);
	assert_int_equal(p.n_runs, 8);
	for (size_t i = 0; i < p.n_runs; i++) {
		snprintf(buf, sizeof(buf), "%s/%s/%d", p.runs[i].kernel,
			 p.runs[i].set, p.runs[i].repeat);
		assert_string_equal(buf, want[i]);
	}
	plan_run_dir("results/x", &p.runs[3], buf, sizeof(buf));
	assert_string_equal(buf, "results/x/cfs/B/1");
	plan_free(&p);
	free(sc);
}

/*
 * The control arm's rounds come between the recorded ones, numbered after
 * them, each in a recorded round's order; plan.json keeps which is which.
 */
static void test_control_arm_interleaved(void **state)
{
	static const char *const kernels[] = { "host" };
	static const char *const want[] = {
		"A/1", "B/1",  "A/4u", "B/4u", "B/2",
		"A/2", "B/5u", "A/5u", "A/3",  "B/3",
	};
	struct scenario *sc = malloc(sizeof(*sc));
	struct plan p, back, plain;
	struct sb_error err;
	char buf[256];
	json_t *j;

	(void)state;
	two_sets(sc);
	assert_int_equal(plan_build(&plain, sc, "abc", kernels, 1, 3), 0);
	assert_int_equal(plan_add_untraced(&plain, sc), 0); /* none asked */
	assert_int_equal(plain.n_runs, 6);
	sc->untraced_repeats = 2;
	assert_int_equal(plan_build(&p, sc, "abc", kernels, 1, 3), 0);
	assert_int_equal(plan_add_untraced(&p, sc), 0);
	assert_int_equal(p.n_runs, 10);
	for (size_t i = 0; i < p.n_runs; i++) {
		snprintf(buf, sizeof(buf), "%s/%d%s", p.runs[i].set,
			 p.runs[i].repeat, p.runs[i].untraced ? "u" : "");
		assert_string_equal(buf, want[i]);
	}
	j = plan_to_json(&p);
	assert_int_equal(plan_from_json(j, &back, &err), 0);
	assert_int_equal(back.n_runs, p.n_runs);
	for (size_t i = 0; i < p.n_runs; i++)
		assert_int_equal(back.runs[i].untraced, p.runs[i].untraced);
	assert_true(plan_matches(j, &p));
	assert_false(plan_matches(j, &plain));
	json_decref(j);
	plan_free(&back);
	plan_free(&plain);
	plan_free(&p);
	free(sc);
}

static void write_manifest(const char *root, const struct plan_run *r,
			   const char *status)
{
	char dir[4096], path[4200];
	json_t *m = json_pack("{s:i,s:s}", "schema", 1, "status", status);

	plan_run_dir(root, r, dir, sizeof(dir));
	assert_int_equal(sb_mkdir_p(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	assert_int_equal(sb_json_dump_atomic(path, m), 0);
	json_decref(m);
}

static void test_resume(void **state)
{
	static const char *const kernels[] = { "debian" };
	struct scenario *sc = malloc(sizeof(*sc));
	char root[] = "/tmp/sb-plan-XXXXXX", path[256], why[512];
	struct plan p, other;
	json_t *pj;

	(void)state;
	two_sets(sc);
	assert_non_null(mkdtemp(root));
	assert_int_equal(plan_build(&p, sc, "sha-1", kernels, 1, 2), 0);
	/* no plan.json: not resumable */
	assert_false(plan_resumable(root, &p, why, sizeof(why)));
	pj = plan_to_json(&p);
	snprintf(path, sizeof(path), "%s/plan.json", root);
	assert_int_equal(sb_json_dump_atomic(path, pj), 0);
	json_decref(pj);
	assert_true(plan_resumable(root, &p, why, sizeof(why)));
	assert_int_equal(plan_pending(&p, root), 4);
	/* one complete, one failed, one left half-written (no manifest) */
	write_manifest(root, &p.runs[0], "complete");
	write_manifest(root, &p.runs[1], "failed");
	snprintf(path, sizeof(path), "%s/debian/A/2.tmp", root);
	assert_int_equal(sb_mkdir_p(path, 0755), 0);
	assert_true(plan_run_complete(root, &p.runs[0]));
	assert_false(plan_run_complete(root, &p.runs[1]));
	assert_false(plan_run_complete(root, &p.runs[2]));
	assert_int_equal(plan_pending(&p, root), 3);
	assert_true(plan_resumable(root, &p, why, sizeof(why)));
	assert_non_null(strstr(why, "3 of 4 runs still to do"));
	/* another scenario version or other repeats: start afresh */
	assert_int_equal(plan_build(&other, sc, "sha-2", kernels, 1, 2), 0);
	assert_false(plan_resumable(root, &other, why, sizeof(why)));
	plan_free(&other);
	assert_int_equal(plan_build(&other, sc, "sha-1", kernels, 1, 3), 0);
	assert_false(plan_resumable(root, &other, why, sizeof(why)));
	plan_free(&other);
	/* all complete: nothing to resume */
	for (size_t i = 1; i < p.n_runs; i++)
		write_manifest(root, &p.runs[i], "complete");
	assert_int_equal(plan_pending(&p, root), 0);
	assert_false(plan_resumable(root, &p, why, sizeof(why)));
	assert_non_null(strstr(why, "is complete: nothing to resume; "
				    "`slicebench report "));
	plan_free(&p);
	assert_int_equal(sb_rm_rf(root), 0);
	free(sc);
}

/* A process whose command line names QEMU and @dir, as a run's QEMU does. */
static pid_t fake_qemu(const char *dir)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		execlp("sh", "sh", "-c", "sleep 30; :", "qemu-system-x86_64",
		       dir, (char *)NULL);
		_exit(127);
	}
	return pid;
}

static void write_pid(const char *path, pid_t pid)
{
	char text[32];
	int n = snprintf(text, sizeof(text), "%d\n", (int)pid);

	assert_int_equal(sb_write_file_atomic(path, text, (size_t)n), 0);
}

/* A live QEMU of one of the runs: -EBUSY; a stale or foreign pid: resumable. */
static void test_resume_beside_live_qemu(void **state)
{
	static const char *const kernels[] = { "debian" };
	struct scenario *sc = malloc(sizeof(*sc));
	char root[] = "/tmp/sb-plan-XXXXXX", path[512], tmp[256], why[512];
	struct plan p;
	json_t *pj;
	pid_t pid;

	(void)state;
	two_sets(sc);
	assert_non_null(mkdtemp(root));
	assert_int_equal(plan_build(&p, sc, "sha-1", kernels, 1, 1), 0);
	pj = plan_to_json(&p);
	snprintf(path, sizeof(path), "%s/plan.json", root);
	assert_int_equal(sb_json_dump_atomic(path, pj), 0);
	json_decref(pj);
	snprintf(tmp, sizeof(tmp), "%s/debian/B/1.tmp", root);
	assert_int_equal(sb_mkdir_p(tmp, 0755), 0);
	snprintf(path, sizeof(path), "%s/" PLAN_VM_PID_FILE, tmp);
	pid = fake_qemu(tmp);
	write_pid(path, pid);
	for (int i = 0;
	     i < 200 && plan_resumable(root, &p, why, sizeof(why)) != -EBUSY;
	     i++) /* until the child has exec'd */
		usleep(10000);
	assert_int_equal(plan_resumable(root, &p, why, sizeof(why)), -EBUSY);
	assert_non_null(strstr(why, "still runs there"));
	/* a pid alive but not a QEMU of this run (a recycled pid) */
	write_pid(path, getpid());
	assert_int_equal(plan_resumable(root, &p, why, sizeof(why)), 1);
	/* that QEMU gone */
	write_pid(path, pid);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	assert_int_equal(plan_resumable(root, &p, why, sizeof(why)), 1);
	plan_free(&p);
	assert_int_equal(sb_rm_rf(root), 0);
	free(sc);
}

/* A bad plan.json: one line naming the file, the field and the value. */
static void test_plan_refused(void **state)
{
	static const struct {
		const char *json, *want;
	} bad[] = {
		{ "{\"scenario\": {\"name\": \"s\", \"sha256\": \"ab\"}, "
		  "\"kernels\": [\"debian\"], \"repeats\": 1, \"runs\": "
		  "[{\"kernel\": \"debian\", \"feature_set\": \"A\", "
		  "\"repeat\": 0}]}",
		  "runs[0].repeat: 0: must be an integer in [1, 1000000]" },
		{ "{\"scenario\": {\"name\": \"s\", \"sha256\": \"ab\"}, "
		  "\"kernels\": [], \"repeats\": 1, \"runs\": []}",
		  "kernels: [] is not an array of 1..8 elements" },
		{ "{\"scenario\": {\"name\": \"s\", \"sha256\": \"ab\"}, "
		  "\"kernels\": [\"k\"], \"repeats\": 1, \"runs\": [], "
		  "\"extra\": 1}",
		  "extra: unknown key" },
		{ "{\"kernels\": [\"k\"], \"repeats\": 1, \"runs\": []}",
		  "scenario: is missing" },
	};
	char root[] = "/tmp/sb-plan-XXXXXX", path[256], full[600];
	struct sb_error e = { 0 };
	struct plan p;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/plan.json", root);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f = fopen(path, "w");
		assert_non_null(f);
		fputs(bad[i].json, f);
		assert_int_equal(fclose(f), 0);
		assert_int_equal(plan_load(path, &p, &e), -EINVAL);
		assert_null(p.runs);
		snprintf(full, sizeof(full), "%s: %s", path, bad[i].want);
		assert_string_equal(e.msg, full);
	}
	sb_rm_rf(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_interleaves_sets),
		cmocka_unit_test(test_control_arm_interleaved),
		cmocka_unit_test(test_resume),
		cmocka_unit_test(test_resume_beside_live_qemu),
		cmocka_unit_test(test_plan_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
