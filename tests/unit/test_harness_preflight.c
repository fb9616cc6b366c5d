// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the machine preflight (harness/preflight.c) on stand-in /proc and /sys trees (tests/fixtures/preflight): facts read, unknowns kept unknown, busy shares from two /proc/stat texts, the summary line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/cpulist.h"
#include "harness/preflight.h"

static char fixtures[2300];

static void read_tree(const char *name, struct preflight *p)
{
	char root[2400];

	snprintf(root, sizeof(root), "%s/%s", fixtures, name);
	preflight_read(root, p);
}

static void test_x86(void **state)
{
	struct preflight p;

	(void)state;
	read_tree("x86", &p);
	assert_string_equal(p.cpu_model,
			    "Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz");
	assert_int_equal(p.cpus_online, 8);
	assert_int_equal(p.smt, 1);
	assert_string_equal(p.governor, "performance");
	assert_int_equal(p.turbo, 0); /* no_turbo 1 */
	assert_string_equal(p.isolated, "6-7");
	assert_string_equal(p.nohz_full, "6-7");
	assert_float_equal(p.load[0], 1.5, 1e-9);
	assert_float_equal(p.load[2], 0.25, 1e-9);
}

static void test_arm_and_unknowns(void **state)
{
	struct preflight p;

	(void)state;
	read_tree("arm", &p);
	assert_string_equal(p.cpu_model, "Raspberry Pi 5 Model B Rev 1.0");
	assert_int_equal(p.cpus_online, 4);
	assert_int_equal(p.smt, -1); /* "notsupported" */
	assert_string_equal(p.governor, "");
	assert_int_equal(p.turbo, 1); /* cpufreq/boost 1 */
	assert_string_equal(p.isolated, "");
	assert_string_equal(p.nohz_full, ""); /* "(null)" */
	assert_true(p.load[0] < 0);
	read_tree("no-such-tree", &p);
	assert_string_equal(p.cpu_model, "");
	assert_int_equal(p.cpus_online, 0);
	assert_int_equal(p.smt, -1);
	assert_int_equal(p.turbo, -1);
}

static void test_busy_and_summary(void **state)
{
	/* CPU 0: 100 of 400 ticks busy; CPU 1: 300 of 400 (iowait is idle);
	 * CPU 2 is not the workload's */
	static const char before[] = "cpu  10 0 10 100 0 0 0 0 0 0\n"
				     "cpu0 100 0 0 1000 0 0 0 0 0 0\n"
				     "cpu1 100 0 0 1000 50 0 0 0 0 0\n"
				     "cpu2 0 0 0 0 0 0 0 0 0 0\n"
				     "intr 1 2 3\n";
	static const char after[] = "cpu  10 0 10 100 0 0 0 0 0 0\n"
				    "cpu0 150 0 50 1300 0 0 0 0 0 0\n"
				    "cpu1 300 0 0 1050 100 0 50 50 0 0\n"
				    "cpu2 400 0 0 0 0 0 0 0 0 0\n"
				    "intr 1 2 3\n";
	struct preflight p;
	cpu_set_t cpus;
	char line[1024];

	(void)state;
	read_tree("x86", &p);
	assert_int_equal(sb_cpulist_parse("0-1", &cpus), 0);
	snprintf(p.workload_cpus, sizeof(p.workload_cpus), "0-1");
	assert_int_equal(preflight_busy(before, after, &cpus, &p), 2);
	assert_int_equal(p.busy_cpu[0], 0);
	assert_float_equal(p.busy_pct[0], 25.0, 1e-9);
	assert_int_equal(p.busy_cpu[1], 1);
	assert_float_equal(p.busy_pct[1], 75.0, 1e-9);
	preflight_summary(&p, line, sizeof(line));
	assert_string_equal(
		line, "machine: Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz, 8 "
		      "CPUs, SMT on, governor performance, turbo off, "
		      "isolated 6-7, nohz_full 6-7, load 1.50 0.75 0.25; "
		      "workload CPUs 0-1 busy 25% 75% before the start "
		      "(shared with other busy tasks: 2 of 2 over 10%)");
	assert_int_equal(preflight_busy(before, before, &cpus, &p), 0);
	read_tree("arm", &p);
	preflight_summary(&p, line, sizeof(line));
	assert_string_equal(
		line, "machine: Raspberry Pi 5 Model B Rev 1.0, 4 CPUs, SMT "
		      "unknown, governor unknown, turbo on, isolated none, "
		      "nohz_full none");
	p.cpus_online = 1; /* one CPU, no plural */
	preflight_summary(&p, line, sizeof(line));
	assert_non_null(strstr(line, ", 1 CPU, SMT "));
}

int main(void)
{
	const char *env = getenv("SLICEBENCH_ROOT");
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86),
		cmocka_unit_test(test_arm_and_unknowns),
		cmocka_unit_test(test_busy_and_summary),
	};

	snprintf(fixtures, sizeof(fixtures), "%s/tests/fixtures/preflight",
		 env ? env : ".");
	return cmocka_run_group_tests(tests, NULL, NULL);
}
