// SPDX-License-Identifier: GPL-2.0
/* Unit tests: which options of slicebench run go together (harness/scale/run_opts.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "harness/scale/run_opts.h"

/* The least a matrix run needs. */
static struct run_opts base(void)
{
	return (struct run_opts){ .kernels = "baseline", .scenario = "s.json" };
}

/* @o refused with a reason containing @part. */
static void refused(const struct run_opts *o, long cpus, const char *part)
{
	const char *why = run_opts_conflict(o, cpus);

	assert_non_null(why);
	if (!strstr(why, part))
		fail_msg("\"%s\" does not say \"%s\"", why, part);
}

static void test_required(void **state)
{
	struct run_opts o = base();

	(void)state;
	assert_null(run_opts_conflict(&o, 4));
	o.kernels = NULL;
	refused(&o, 4, "--kernel and --scenario are required");
	o = base();
	o.scenario = NULL;
	refused(&o, 4, "--kernel and --scenario are required");
	/* a unit names its kernel in its id */
	o = (struct run_opts){ .unit = "k/fs/1",
			       .scenario = "s.json",
			       .results = "r" };
	assert_null(run_opts_conflict(&o, 4));
}

static void test_jobs_against_cpus(void **state)
{
	struct run_opts o = base();

	(void)state;
	o.jobs = 4;
	o.jobs_given = 1;
	assert_null(run_opts_conflict(&o, 4));
	refused(&o, 3, "more than the host CPUs");
	o.executor = "parallel"; /* jobs per remote host: not ours to count */
	assert_null(run_opts_conflict(&o, 1));
	o.executor = "slurm";
	refused(&o, 64, "Slurm places the array tasks");
}

static void test_unit(void **state)
{
	struct run_opts o = { .unit = "k/fs/1", .scenario = "s.json" };

	(void)state;
	refused(&o, 4, "--unit needs --results RUN_DIR");
	o.results = "r";
	o.repeats_given = 1;
	refused(&o, 4, "--unit runs one unit");
	o.repeats_given = 0;
	o.per_host = 1;
	assert_null(run_opts_conflict(&o, 4));
	o = base();
	o.per_host = 1;
	refused(&o, 4, "--per-host goes with --unit");
}

static void test_executor_options(void **state)
{
	struct run_opts o = base();

	(void)state;
	o.joblog = "j";
	refused(&o, 4, "go with --executor parallel");
	o.executor = "parallel";
	assert_null(run_opts_conflict(&o, 4));
	o = base();
	o.slurm_args = "-p short";
	refused(&o, 4, "--slurm-args goes with --executor slurm");
	o.executor = "slurm";
	assert_null(run_opts_conflict(&o, 4));
}

static void test_features_as_is_and_resume(void **state)
{
	struct run_opts o = base();

	(void)state;
	o.features_as_is = 1;
	assert_null(run_opts_conflict(&o, 4));
	o.jobs = 2;
	o.jobs_given = 1;
	refused(&o, 4, "--features-as-is goes with the local runner");
	o = base();
	o.resume = "results/x";
	assert_null(run_opts_conflict(&o, 4));
	o.new_run = 1;
	refused(&o, 4, "--resume and --new exclude each other");
}

static void test_scale_of(void **state)
{
	struct run_opts o = base();
	struct scale_opts so;

	(void)state;
	o.jobs = 3;
	so = run_opts_scale(&o);
	assert_int_equal(so.jobs, 0); /* not given: the executor decides */
	o.jobs_given = 1;
	o.executor = "parallel";
	so = run_opts_scale(&o);
	assert_int_equal(so.jobs, 3);
	assert_string_equal(so.executor, "parallel");
	assert_string_equal(so.kernels, "baseline");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_required),
		cmocka_unit_test(test_jobs_against_cpus),
		cmocka_unit_test(test_unit),
		cmocka_unit_test(test_executor_options),
		cmocka_unit_test(test_features_as_is_and_resume),
		cmocka_unit_test(test_scale_of),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
