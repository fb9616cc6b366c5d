// SPDX-License-Identifier: GPL-2.0
/* Unit tests: parsed tools (stress-ng, hackbench) as argvs, and their documents written from canned outputs, or the run failed naming tool and file. */
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
#include "common/spawn.h"
#include "harness/workload.h"
#include "tests/unit/wl_cases.h"

static char dir[64];
static struct sb_error err;

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/sb-parsed-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(dir);
}

/* Copy tests/fixtures/toolout/@fixture to <dir>/@name. */
static void put(const char *fixture, const char *name)
{
	const char *root = getenv("SLICEBENCH_ROOT");
	char path[4096], *text;
	size_t len;

	snprintf(path, sizeof(path), "%s/tests/fixtures/toolout/%s",
		 root && *root ? root : ".", fixture);
	assert_int_equal(sb_read_file(path, &text, &len), 0);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(sb_write_file_atomic(path, text, len), 0);
	free(text);
}

static json_t *doc(const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return json_load_file(path, 0, NULL);
}

/* slicectl -s SLICE -- stress-ng --metrics-brief --timeout S --yaml F args */
static void test_stress_ng_argv(void **state)
{
	const char *want[] = { "slicectl",    "-s",	   "500000",
			       "--",	      "stress-ng", "--metrics-brief",
			       "--timeout",   "3",	   "--yaml",
			       "/o/sng.yaml", "--pipe",	   "1",
			       NULL };
	const struct wl_run run = { 500000000, 2000000000, 1, 0 };
	struct wl_proc *p = malloc(sizeof(*p));
	struct sc_workload w = workload("stress-ng", "sng", 1, 500000);
	char *args[] = { "--pipe", "1" };
	char name[64];
	int i;

	(void)state;
	memcpy(w.args, args, sizeof(args));
	w.n_args = 2;
	assert_int_equal(wl_build(&w, 0, "/o", &run, p), 0);
	for (i = 0; want[i]; i++)
		assert_string_equal(p->argv[i], want[i]);
	assert_null(p->argv[i]);
	assert_false(p->capture_stdout);
	assert_string_equal(p->out_path, "/o/sng.yaml");
	assert_string_equal(wl_output_name(&w, 0, name, sizeof(name)),
			    "sng.json");
	free(p);
}

static void test_stress_ng_document(void **state)
{
	struct sc_workload w = workload("stress-ng", "sng", 1, 0);
	json_t *d, *m;

	(void)state;
	put("stress-ng-pipe-switch.yaml", "sng.yaml");
	assert_int_equal(wl_write_parsed(&w, dir, &err), 0);
	d = doc("sng.json");
	assert_non_null(d);
	assert_string_equal(json_string_value(json_object_get(d, "tool")),
			    "stress-ng");
	assert_string_equal(json_string_value(json_object_get(d, "status")),
			    "ok");
	assert_string_equal(json_string_value(json_array_get(
				    json_object_get(d, "outputs"), 0)),
			    "sng.yaml");
	m = json_object_get(json_object_get(d, "metrics"), "pipe_ops_per_s");
	assert_float_equal(json_number_value(json_object_get(m, "value")),
			   276736.337965, 1e-6);
	assert_string_equal(json_string_value(json_object_get(m, "better")),
			    "higher");
	json_decref(d);
}

static void test_cut_short_fails_naming_file(void **state)
{
	struct sc_workload w = workload("stress-ng", "cut", 1, 0);

	(void)state;
	put("stress-ng-truncated.yaml", "cut.yaml");
	assert_int_equal(wl_write_parsed(&w, dir, &err), -EINVAL);
	assert_non_null(strstr(err.msg,
			       "stress-ng: workloads/cut.yaml: stressor "
			       "switch: no bogo-ops-per-second-real-time"));
	assert_null(doc("cut.json"));
	w = workload("stress-ng", "absent", 1, 0);
	assert_int_equal(wl_write_parsed(&w, dir, &err), -ENOENT);
	assert_string_equal(err.msg,
			    "stress-ng: workloads/absent.yaml: No such "
			    "file or directory");
}

/* Two hackbench instances: one document, the slowest one's time. */
static void test_hackbench_instances(void **state)
{
	struct sc_workload w = workload("hackbench", "hb", 2, 0);
	json_t *d;

	(void)state;
	put("hackbench-pipe-threads.txt", "hb.1.out");
	put("hackbench-socket.txt", "hb.2.out");
	assert_int_equal(wl_write_parsed(&w, dir, &err), 0);
	d = doc("hb.json");
	assert_float_equal(
		json_number_value(json_object_get(
			json_object_get(json_object_get(d, "metrics"), "time_s"),
			"value")),
		0.337, 1e-9);
	assert_int_equal(json_array_size(json_object_get(d, "outputs")), 2);
	json_decref(d);
	put("hackbench-truncated.txt", "hb.2.out");
	assert_int_equal(wl_write_parsed(&w, dir, &err), -EINVAL);
	assert_string_equal(err.msg,
			    "hackbench: workloads/hb.2.out: no \"Time:\" "
			    "line (output cut short?)");
}

/* Tools that write their own document are left alone. */
static void test_other_tools_untouched(void **state)
{
	struct sc_workload w = workload("cyclic", "cyc", 2, 0);

	(void)state;
	assert_int_equal(wl_write_parsed(&w, dir, &err), 0);
	assert_null(doc("cyc.json"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stress_ng_argv),
		cmocka_unit_test(test_stress_ng_document),
		cmocka_unit_test(test_cut_short_fails_naming_file),
		cmocka_unit_test(test_hackbench_instances),
		cmocka_unit_test(test_other_tools_untouched),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
