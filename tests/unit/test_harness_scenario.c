// SPDX-License-Identifier: GPL-2.0
/* Unit tests: scenario validation (one bad file per error kind) and workload argv. */
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/exitcodes.h"
#include "common/slice_range.h"
#include "harness/scenario.h"
#include "harness/workload.h"
#include "tests/unit/wl_cases.h"

static char warnings[2048];

static void collect_warning(const char *msg)
{
	size_t n = strlen(warnings);

	snprintf(warnings + n, sizeof(warnings) - n, "%s\n", msg);
}

static const char *fixture(const char *name)
{
	static char path[4096];
	const char *root = getenv("SLICEBENCH_ROOT");

	snprintf(path, sizeof(path), "%s/tests/fixtures/scenarios/%s",
		 root && *root ? root : ".", name);
	return path;
}

static int load(const char *name, struct scenario *sc, char *err, size_t errlen)
{
	struct sb_error e;
	int r;

	*warnings = '\0';
	r = scenario_load(fixture(name), sc, collect_warning, &e);
	snprintf(err, errlen, "%.*s", (int)errlen - 1, r ? e.msg : "");
	return r;
}

static void test_good_full(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512];

	(void)state;
	assert_int_equal(load("good_full.json", sc, err, sizeof(err)), 0);
	assert_string_equal(sc->name, "full");
	assert_int_equal(sc->duration_ns, 3000000000ULL);
	assert_int_equal(sc->warmup_ns, 500000000ULL);
	assert_int_equal(sc->repeats, 2);
	assert_int_equal(sc->seed, 40);
	assert_int_equal(scenario_seed(sc, 1), 40);
	assert_int_equal(scenario_seed(sc, 2), 41);
	assert_int_equal(sc->guest.n_numa, 2);
	assert_string_equal(sc->guest.numa[1].cpus, "1");
	assert_string_equal(sc->guest.accel, "icount");
	assert_int_equal(sc->guest.icount_shift, 2);
	assert_string_equal(sc->guest.without_kvm, "virtual");
	assert_int_equal(sc->trace_buffer_kb, 2048);
	assert_int_equal(sc->n_sets, 2);
	assert_int_equal(sc->sets[1].n_features, 2);
	assert_string_equal(sc->sets[1].features[1], "NO_DELAY_DEQUEUE");
	assert_int_equal(sc->n_workloads, 5);
	assert_string_equal(sc->workloads[0].name, "hogs");
	assert_string_equal(sc->workloads[1].name, "cyclic");
	assert_int_equal(sc->workloads[1].slice_ns, 500000);
	assert_string_equal(sc->workloads[1].cpus, "0-1");
	assert_int_equal(sc->workloads[2].slice_ns, 500000);
	assert_ptr_equal(sc->workloads[4].desc, sbw_lookup("anything-else"));
	assert_string_equal(warnings, "");
	scenario_free(sc);
	free(sc);
}

/*
 * The main job's scenario: without KVM it runs in virtual time at 8 ns an
 * instruction, where a run is a function of its seed and the regime is an
 * idle host's TCG one (docs/performance.md, "Noise per run"), and its
 * wakers draw their phases from the seed.
 */
static void test_shipped_default_virtual_time(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512];
	int random_phase = 0;

	(void)state;
	assert_int_equal(
		load("../../../configs/default.json", sc, err, sizeof(err)), 0);
	assert_string_equal(sc->guest.accel, "");
	assert_string_equal(sc->guest.without_kvm, "virtual");
	assert_int_equal(sc->guest.icount_shift, 3);
	for (int w = 0; w < sc->n_workloads; w++)
		for (int a = 0; a < sc->workloads[w].n_args; a++)
			random_phase |=
				!strcmp(sc->workloads[w].tool, "cyclic") &&
				!strcmp(sc->workloads[w].args[a],
					"--random-phase");
	assert_true(random_phase);
	scenario_free(sc);
	free(sc);
}

static void test_good_minimal_defaults(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512];

	(void)state;
	assert_int_equal(load("good_minimal.json", sc, err, sizeof(err)), 0);
	assert_int_equal(sc->repeats, 1);
	assert_int_equal(scenario_seed(sc, 1), 1);
	assert_int_equal(sc->warmup_ns, 0);
	assert_int_equal(sc->guest.cpus, 2);
	assert_int_equal(sc->guest.memory_mb, 1024);
	assert_string_equal(sc->guest.accel, "");
	assert_int_equal(sc->workloads[0].count, 1);
	assert_int_equal(sc->workloads[0].slice_ns, 0);
	assert_non_null(scenario_set(sc, "default"));
	assert_null(scenario_set(sc, "other"));
	assert_string_equal(sc->rules, "");
	scenario_free(sc);
	free(sc);
}

/* "rules" is kept as written: the host resolves and checks it. */
static void test_rules_named(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512];

	(void)state;
	assert_int_equal(load("good_rules.json", sc, err, sizeof(err)), 0);
	assert_string_equal(sc->rules, "ci/gate-throughput.json");
	scenario_free(sc);
	free(sc);
}

static void test_slice_clamped_with_warning(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512];

	(void)state;
	assert_int_equal(load("warn_slice_clamped.json", sc, err, sizeof(err)),
			 0);
	assert_int_equal(sc->workloads[0].slice_ns, SB_SLICE_MIN_NS);
	assert_int_equal(sc->workloads[1].slice_ns, SB_SLICE_MAX_NS);
	assert_non_null(strstr(warnings, "workloads[0].slice: 10us clamped to "
					 "100us"));
	assert_non_null(strstr(warnings, "workloads[1].slice: 2s clamped to "
					 "100ms"));
	scenario_free(sc);
	free(sc);
}

/* Each bad file and the message it must give (after "<path>: "). */
static const struct bad_case {
	const char *file;
	const char *message;
} bad_cases[] = {
	{ "bad_malformed.json", "line 2, column 19: string or '}' expected" },
	{ "bad_unknown_key.json", "workloads[0].slcie: unknown key" },
	{ "bad_wrong_type.json", "repeats: \"3\" is not an integer" },
	{ "bad_missing_field.json", "duration: is missing" },
	{ "bad_zero_duration.json",
	  "duration: \"0s\" must be greater than zero" },
	{ "bad_negative_duration.json", "warmup: -5 is negative" },
	{ "bad_duration_too_long.json",
	  "duration: \"86401s\" is longer than 24h" },
	{ "bad_warmup_too_long.json",
	  "warmup: 86400000000001 is longer than 24h" },
	{ "bad_duration_string.json",
	  "workloads[2].slice: \"5xs\" is not a duration" },
	{ "bad_name_slash.json",
	  "name: \"a/b\" is not a name of [A-Za-z0-9_.-] characters" },
	{ "bad_name_dotdot.json",
	  "feature_sets[0].name: \"..\" is not a name" },
	{ "bad_name_dash.json", "feature_sets[0].name: \"-rf\" is not a name" },
	{ "bad_feature_name.json",
	  "feature_sets[0].features[0]: \"preempt_short\" is not a feature "
	  "name" },
	{ "bad_feature_no.json",
	  "feature_sets[0].features[1]: \"NO_\" is not a feature name" },
	{ "bad_feature_nono.json",
	  "feature_sets[0].features[1]: \"NO_NO_PREEMPT_SHORT\" is not a "
	  "feature name" },
	{ "bad_duplicate_workload.json",
	  "workloads[1].name: \"cyclic\" is used by workloads[0]" },
	{ "bad_duplicate_set.json",
	  "feature_sets[1].name: \"A\" is used by an earlier feature set" },
	{ "bad_without_kvm.json",
	  "guest.without_kvm: \"kvm\" is not tcg, icount or virtual" },
	{ "no_such_file.json", "cannot read: No such file or directory" },
	{ "bad_cpus_reversed.json",
	  "workloads[0].cpus: \"3-1\" is not a CPU list" },
	{ "bad_numa_cpus_list.json",
	  "guest.numa[0].cpus: \"0,2\" is not a CPU or a CPU range" },
	{ "bad_rules_absolute.json",
	  "rules: \"/etc/gate.json\" is not a path relative to the checkout "
	  "root" },
};

static void test_bad_files(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	char err[512], want[4500];

	(void)state;
	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		int r = load(bad_cases[i].file, sc, err, sizeof(err));

		snprintf(want, sizeof(want), "%s: %s",
			 fixture(bad_cases[i].file), bad_cases[i].message);
		if (r != -EINVAL || strncmp(err, want, strlen(want)) != 0)
			fail_msg("%s: got %d \"%s\", want \"%s\"",
				 bad_cases[i].file, r, err, want);
	}
	free(sc);
}

/* The longest durations load; every deadline from them fits, or is refused. */
static void test_run_limit(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	uint64_t limit = 0;
	char err[512];

	(void)state;
	assert_int_equal(load("good_longest.json", sc, err, sizeof(err)), 0);
	assert_true(sc->duration_ns == SC_MAX_DURATION_NS &&
		    sc->warmup_ns == SC_MAX_DURATION_NS);
	assert_int_equal(scenario_run_limit_ns(sc, 2, 180000000000ULL, &limit),
			 0);
	assert_true(limit == 3 * SC_MAX_DURATION_NS + 180000000000ULL);
	/* what the old sum wrapped on: each term alone fits, the sum not */
	sc->duration_ns = UINT64_MAX / 2;
	sc->warmup_ns = 1;
	assert_int_equal(scenario_run_limit_ns(sc, 2, 0, &limit), 0);
	assert_true(limit == UINT64_MAX);
	sc->warmup_ns = 2;
	assert_int_equal(scenario_run_limit_ns(sc, 2, 0, &limit), -EOVERFLOW);
	sc->duration_ns = UINT64_MAX / 2 + 1;
	sc->warmup_ns = 0;
	assert_int_equal(scenario_run_limit_ns(sc, 2, 0, &limit), -EOVERFLOW);
	sc->duration_ns = 1;
	assert_int_equal(scenario_run_limit_ns(sc, 1, UINT64_MAX, &limit),
			 -EOVERFLOW);
	assert_int_equal(scenario_run_limit_ns(sc, 1, UINT64_MAX - 1, &limit),
			 0);
	assert_true(limit == UINT64_MAX);
	scenario_free(sc);
	free(sc);
}

static void test_names(void **state)
{
	(void)state;
	assert_true(sc_name_ok("PREEMPT_SHORT"));
	assert_true(sc_name_ok("a.b-c_1"));
	assert_false(sc_name_ok(""));
	assert_false(sc_name_ok("."));
	assert_false(sc_name_ok(".."));
	assert_false(sc_name_ok("a/b"));
	assert_false(sc_name_ok("a b"));
	assert_false(sc_name_ok("x;y"));
	assert_false(sc_name_ok("$(x)"));
	assert_false(sc_name_ok("a\nb"));
}

static void test_argv(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct wl_proc *p = malloc(sizeof(*p));
	char err[512], name[128];

	(void)state;
	assert_int_equal(load("good_full.json", sc, err, sizeof(err)), 0);
	const struct wl_run full = { sc->warmup_ns, sc->duration_ns,
				     scenario_seed(sc, 3), 123456789 };
	const struct wl_run tiny = { 0, 1, 7, 0 };
	/* native: the common options directly */
	assert_int_equal(
		wl_build(&sc->workloads[0], 0, "/out/workloads", &full, p), 0);
	assert_string_equal(p->argv[0], "massive_intr");
	assert_true(argv_has(p, "--procs", "5"));
	assert_true(argv_has(p, "--duration", "3000000000"));
	assert_true(argv_has(p, "--warmup", "500000000"));
	assert_true(argv_has(p, "--seed", "42")); /* seed 40, repeat 3 */
	assert_true(argv_has(p, "--slice", "100000000"));
	assert_true(argv_has(p, "--json", "/out/workloads/hogs.json"));
	assert_true(argv_has(p, "--work", "8ms"));
	assert_true(argv_has(p, "--start-at", "123456789"));
	assert_int_equal(wl_instances(&sc->workloads[0]), 1);
	/* native with CPUs; no start given, none passed */
	assert_int_equal(wl_build(&sc->workloads[1], 0, "/o", &tiny, p), 0);
	assert_true(argv_has(p, "--cpus", "0-1"));
	assert_false(argv_has(p, "--start-at", NULL));
	assert_true(argv_has(p, "--threads", "5"));
	/* cyclictest: slicectl wrapper, whole seconds, --json= */
	assert_int_equal(wl_build(&sc->workloads[2], 0, "/o", &full, p), 0);
	assert_string_equal(p->argv[0], "slicectl");
	assert_true(argv_has(p, "-s", "500000"));
	assert_true(argv_has(p, "--", "cyclictest"));
	assert_true(argv_has(p, "-q", NULL));
	assert_true(argv_has(p, "--threads=3", NULL));
	assert_true(argv_has(p, "--duration=4", NULL));
	assert_true(argv_has(p, "--json=/o/cyclictest.json", NULL));
	assert_true(argv_has(p, "-i", "1000"));
	assert_false(argv_has(p, "--start-at", NULL)); /* not a native tool */
	/* hackbench: instances, stdout captured raw, no slice → no slicectl;
	 * one parsed document for all of them */
	assert_int_equal(wl_instances(&sc->workloads[3]), 2);
	assert_int_equal(wl_build(&sc->workloads[3], 1, "/o", &tiny, p), 0);
	assert_string_equal(p->argv[0], "hackbench");
	assert_true(p->capture_stdout);
	assert_string_equal(p->out_path, "/o/hackbench.2.out");
	assert_string_equal(wl_output_name(&sc->workloads[3], 1, name,
					   sizeof(name)),
			    "hackbench.json");
	/* a hostile argument stays one argv element, byte for byte */
	assert_int_equal(wl_build(&sc->workloads[4], 0, "/o", &tiny, p), 0);
	assert_string_equal(p->argv[0], "sysbench");
	assert_string_equal(p->argv[3], "; rm -rf / $(reboot) 'x\"\ny");
	assert_null(p->argv[4]);
	assert_string_equal(p->out_path, "/o/sysbench.txt");
	free(p);
	scenario_free(sc);
	free(sc);
}

/* "slice": 0 asks for the kernel's default slice, as --slice 0 does. */
static void test_slice_zero_is_the_kernel_default(void **state)
{
	struct scenario *sc = calloc(1, sizeof(*sc));
	struct wl_proc *p = malloc(sizeof(*p));
	const struct wl_run run = { 0, 1000000000, 1, 0 };
	char err[512];

	(void)state;
	assert_int_equal(load("good_slice_zero.json", sc, err, sizeof(err)), 0);
	assert_string_equal(warnings, "");
	assert_true(sc->workloads[0].slice_given);
	assert_int_equal(sc->workloads[0].slice_ns, 0);
	assert_string_equal(sc->workloads[0].cpus, "0-6:2");
	assert_int_equal(wl_build(&sc->workloads[0], 0, "/o", &run, p), 0);
	assert_true(argv_has(p, "--slice", "0"));
	assert_true(argv_has(p, "--cpus", "0-6:2"));
	/* a wrapped tool gets slicectl -s 0 */
	assert_int_equal(wl_build(&sc->workloads[1], 0, "/o", &run, p), 0);
	assert_string_equal(p->argv[0], "slicectl");
	assert_true(argv_has(p, "-s", "0"));
	/* no "slice": the inherited slice stays, no option at all */
	scenario_free(sc);
	memset(sc, 0, sizeof(*sc));
	assert_int_equal(load("good_minimal.json", sc, err, sizeof(err)), 0);
	assert_false(sc->workloads[0].slice_given);
	assert_int_equal(wl_build(&sc->workloads[0], 0, "/o", &run, p), 0);
	assert_false(argv_has(p, "--slice", NULL));
	free(p);
	scenario_free(sc);
	free(sc);
}

static const char *output_fixture(const char *file)
{
	static char path[4096];
	const char *root = getenv("SLICEBENCH_ROOT");

	snprintf(path, sizeof(path), "%s/tests/fixtures/scenarios/outputs/%s",
		 root && *root ? root : ".", file);
	return path;
}

static void expect_summary(const char *tool, const char *file, const char *want)
{
	char line[512] = "";

	sbw_lookup(tool)->summary(output_fixture(file), line, sizeof(line));
	assert_string_equal(line, want);
}

static void test_summaries(void **state)
{
	char line[64] = "";

	(void)state;
	expect_summary(
		"massive_intr", "massive_intr.json",
		"5 procs, 516.6 loops/s, fairness jain 0.998, min/max 0.930");
	expect_summary(
		"cyclic", "cyclic.json",
		"5 threads, 15000 wakeups, latency avg 12.5 us p99 250.0 us "
		"max 3000.0 us, 9 overruns");
	expect_summary(
		"mixload", "mixload.json",
		"2 renderers, 180 frames, 2.2 % deadline misses, input p99 "
		"4.50 ms");
	expect_summary(
		"cyclictest", "cyclictest.json",
		"2 threads, 4000 cycles, latency min 34 us avg 70.5 us max "
		"82 us");
	/* hackbench's: its parsed document's metrics section */
	wl_summary(sbw_lookup("hackbench"), output_fixture("hackbench.json"),
		   line, sizeof(line));
	assert_string_equal(line, "time_s 0.006 s");
	line[0] = '\0';
	/* a missing output leaves the line empty */
	sbw_lookup("cyclic")->summary("/nonexistent/cyclic.json", line,
				      sizeof(line));
	assert_string_equal(line, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good_full),
		cmocka_unit_test(test_shipped_default_virtual_time),
		cmocka_unit_test(test_good_minimal_defaults),
		cmocka_unit_test(test_rules_named),
		cmocka_unit_test(test_slice_clamped_with_warning),
		cmocka_unit_test(test_slice_zero_is_the_kernel_default),
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_run_limit),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_argv),
		cmocka_unit_test(test_summaries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
