// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the readers of slicebench's own files (ci/table_file.c, ci/manifest_file.c): a good file into structs, and each value the rows refuse with file, JSON path and value. */
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

#include "tests/unit/tmp_text.h"

#include "ci/manifest_file.h"
#include "ci/schedstat_file.h"
#include "ci/table_file.h"
#include "common/window_file.h"

static char path[64];

/* @text into a new temporary file, its name in path. */
static void write_tmp(const char *text)
{
	snprintf(path, sizeof(path), "/tmp/sb-table-file-XXXXXX");
	tmp_text(path, text);
}

#define GOOD_TABLE                                                             \
	"{\"schema\": 1, \"tool\": \"slicebench-table\", \"status\": \"ok\", " \
	"\"end_time\": null, \"events\": 15600, \"lost_events\": 3, "          \
	"\"wait_from\": \"sched_wakeup\", \"window\": {\"start_s\": 12.5, "    \
	"\"end_s\": 15.5}, \"interval_s\": 1, \"machine_noise\": null, "       \
	"\"cpus\": [{\"cpu\": 1, \"busy_ms\": 2900.1, \"busy_pct\": 96.7}], "  \
	"\"groups\": [{\"task\": \"cyclic:(2)\", \"comm\": \"cyclic\", "       \
	"\"tasks\": 2, \"runtime_ms\": 1.5, \"switches\": 100, "               \
	"\"avg_delay_ms\": 0.1, \"workload\": true, \"pids\": [101, 102], "    \
	"\"intervals\": [{\"t_s\": 0, \"delays\": 33, "                        \
	"\"avg_delay_ms\": 0.1}], \"delay_hist_ns\": {\"count\": 100, "        \
	"\"overflow\": 0, \"buckets\": [[0, 0, 1], [1000, 2000, 99]]}}, "      \
	"{\"task\": \"other:(9)\", \"comm\": \"other\", \"workload\": "        \
	"false}], "                                                            \
	"\"total\": {\"task\": \"TOTAL:\", \"switches\": 140}}"

static void test_table_good(void **state)
{
	struct sb_error e = { 0 };
	struct ci_table t;
	const struct ci_table_row *g;
	double v;

	(void)state;
	write_tmp(GOOD_TABLE);
	assert_int_equal(ci_table_load(path, &t, NULL, &e), 0);
	unlink(path);
	assert_int_equal(t.envelope.schema, 1);
	assert_int_equal(t.events, 15600);
	assert_int_equal(t.lost_events, 3);
	assert_int_equal(t.wait_from, 1);
	assert_float_equal(t.window_end_s, 15.5, 0);
	assert_int_equal(t.n_cpus, 1);
	assert_true(isnan(t.cpus[0].workload_ms));
	assert_int_equal(t.n_groups, 2);
	g = ci_table_group(&t, "cyclic");
	assert_non_null(g);
	assert_int_equal(g->workload, 1);
	assert_int_equal(g->n_pids, 2);
	assert_int_equal(g->pids[1], 102);
	assert_int_equal(g->n_intervals, 1);
	assert_float_equal(g->intervals[0].delays, 33, 0);
	assert_true(isnan(g->intervals[0].p99_delay_ms));
	assert_true(g->has_hist);
	assert_int_equal(g->n_buckets, 2); /* waits of 0 ns: [0, 0] */
	assert_int_equal(g->buckets[1].hi_ns, 2000);
	/* figures by their keys, through the rows */
	assert_int_equal(ci_table_figure(g, "avg_delay_ms", &v), 1);
	assert_float_equal(v, 0.1, 0);
	assert_int_equal(ci_table_figure(g, "delay_p99_ms", &v), 0);
	assert_int_equal(ci_table_figure(g, "comm", &v), 0);
	assert_int_equal(ci_table_figure(g, "nope", &v), 0);
	assert_int_equal(ci_table_group(&t, "other")->workload, 0);
	assert_false(ci_table_group(&t, "other")->has_hist);
	assert_null(ci_table_group(&t, "nope"));
	assert_float_equal(ci_table_group(&t, "")->switches, 140, 0);
	ci_table_free(&t);
}

/* A table without a total, lost events or schema: older files. */
static void test_table_least(void **state)
{
	struct sb_error e = { 0 };
	struct ci_table t;
	json_t *root;

	(void)state;
	write_tmp("{\"groups\": []}");
	assert_int_equal(ci_table_load(path, &t, &root, &e), 0);
	unlink(path);
	assert_non_null(root);
	json_decref(root);
	assert_int_equal(t.envelope.schema, 1);
	assert_int_equal(t.lost_events, 0);
	assert_int_equal(t.events, -1);
	assert_null(ci_table_group(&t, ""));
	ci_table_free(&t);
}

/* @json refused with a message holding @want (after the file's name). */
static void refused(const struct sb_jr_table *format, const char *json,
		    const char *want)
{
	struct sb_error e = { 0 };
	char full[512];
	int r;

	write_tmp(json);
	if (format == &ci_table_format) {
		struct ci_table t;
		json_t *root = (json_t *)1;

		r = ci_table_load(path, &t, &root, &e);
		assert_null(root);
	} else {
		struct ci_manifest m;

		r = ci_manifest_load(path, &m, &e);
	}
	unlink(path);
	assert_int_equal(r, -EINVAL);
	snprintf(full, sizeof(full), "%s: %s", path, want);
	if (strcmp(e.msg, full))
		fail_msg("got \"%s\", want \"%s\"", e.msg, full);
}

static void test_table_refused(void **state)
{
	(void)state;
	refused(&ci_table_format, "{\"schema\": 99, \"groups\": []}",
		"schema: 99: must be 1");
	refused(&ci_table_format, "{\"lost_events\": -1, \"groups\": []}",
		"lost_events: -1: must be an integer of at least 0");
	refused(&ci_table_format, "{\"lost_events\": 1.5, \"groups\": []}",
		"lost_events: 1.5 is not an integer");
	refused(&ci_table_format, "{\"tool\": \"x\"}",
		"groups: is missing: a table has groups");
	refused(&ci_table_format, "{\"groups\": [], \"nope\": 1}",
		"nope: unknown key");
	refused(&ci_table_format,
		"{\"groups\": [{\"comm\": \"a\", \"avg_delay_ms\": -0.5}]}",
		"groups[0].avg_delay_ms: -0.5: must be a number in [0, 1e+18]");
	refused(&ci_table_format,
		"{\"groups\": [{\"comm\": \"a\"}, {\"comm\": \"a\"}]}",
		"groups[1].comm: \"a\" is groups[0]'s comm too: one group a "
		"comm");
	refused(&ci_table_format, "{\"groups\": [{\"task\": \"a\"}]}",
		"groups[0].comm: is missing");
	refused(&ci_table_format, "{\"groups\": [{\"comm\": \"\"}]}",
		"groups[0].comm: \"\" is empty");
	refused(&ci_table_format,
		"{\"groups\": [{\"comm\": \"a\", \"delay_hist_ns\": "
		"{\"buckets\": [[5, 2, 1]]}}]}",
		"groups[0].delay_hist_ns.buckets[0]: [5, 2, 1] is not a "
		"bucket: 0 <= lo <= hi, count > 0");
	refused(&ci_table_format,
		"{\"groups\": [], \"wait_from\": \"sched_switch\"}",
		"wait_from: \"sched_switch\" is not one of sched_waking, "
		"sched_wakeup");
	refused(&ci_table_format,
		"{\"groups\": [], \"cpus\": [{\"cpu\": 0, \"busy_pct\": 101}]}",
		"cpus[0].busy_pct: 101: must be a number in [0, 100]");
}

static void test_manifest(void **state)
{
	struct sb_error e = { 0 };
	struct ci_manifest m;

	(void)state;
	write_tmp("{\"schema\": 1, \"status\": \"complete\", \"failure\": null,"
		  " \"run\": {\"kernel\": \"debian\", \"feature_set\": \"PS\","
		  " \"repeat\": 2, \"untraced\": true}, \"vm\": null,"
		  " \"scenario\": {\"name\": \"smoke\", \"sha256\": \"ab\"},"
		  " \"host\": {\"hostname\": \"h1\", \"cpus\": 2,"
		  " \"qemu_version\": null}, \"start_time\": \"t0\","
		  " \"preflight\": {\"smt\": false}}");
	assert_int_equal(ci_manifest_load(path, &m, &e), 0);
	unlink(path);
	assert_int_equal(m.status, CI_RUN_COMPLETE);
	assert_null(m.failure);
	assert_string_equal(m.kernel, "debian");
	assert_string_equal(m.feature_set, "PS");
	assert_int_equal(m.repeat, 2);
	assert_int_equal(m.untraced, 1);
	assert_string_equal(m.scenario_sha256, "ab");
	assert_string_equal(m.hostname, "h1");
	assert_string_equal(m.start_time, "t0");
	ci_manifest_free(&m);

	refused(&ci_manifest_format, "{\"failure\": null}",
		"status: is missing");
	refused(&ci_manifest_format, "{\"status\": \"done\"}",
		"status: \"done\" is not one of complete, failed");
	refused(&ci_manifest_format,
		"{\"status\": \"failed\", \"run\": {\"repeat\": 0}}",
		"run.repeat: 0: must be an integer in [1, 1000000]");
	refused(&ci_manifest_format, "{\"status\": \"failed\", \"schema\": 2}",
		"schema: 2: must be 1");
	refused(&ci_manifest_format,
		"{\"status\": \"failed\", \"host\": {\"hostname\": 7}}",
		"host.hostname: 7 is not a string");
	refused(&ci_manifest_format,
		"{\"status\": \"complete\", \"host_load\": "
		"{\"others_pct\": 140}}",
		"host_load.others_pct: 140: must be a number in [0, 100]");
	refused(&ci_manifest_format,
		"{\"status\": \"complete\", \"vm\": {\"icount_shift\": 11}}",
		"vm.icount_shift: 11: must be an integer in [0, 10]");
	refused(&ci_manifest_format,
		"{\"status\": \"complete\", \"vm\": {\"acel\": \"tcg\"}}",
		"vm.acel: unknown key");
	refused(&ci_manifest_format,
		"{\"status\": \"complete\", \"calibration\": "
		"{\"guest_speed\": -1}}",
		"calibration.guest_speed: -1: must be a number in [0, 1e+09]");
}

/* The regime's facts: the VM, the guest's speed, the host's load. */
static void test_manifest_regime(void **state)
{
	struct sb_error e = { 0 };
	struct ci_manifest m;

	(void)state;
	write_tmp("{\"status\": \"complete\", \"vm\": {\"qemu_version\": "
		  "\"7.2\", \"accel\": \"virtual\", \"accel_note\": \"\", "
		  "\"seed\": 3, \"icount_shift\": 2, \"machine\": \"pc\", "
		  "\"cpus\": 1, \"memory_mb\": 1024, \"numa\": [], "
		  "\"wall_ms\": 9, \"boot_to_user_ms\": 4, \"start\": "
		  "\"boot\", \"start_note\": \"\", \"snapshot\": null}, "
		  "\"host\": {\"accel\": \"virtual\"}, \"calibration\": "
		  "{\"iterations\": 5, \"guest_loop_ns\": 20, "
		  "\"host_loop_ns\": 1, \"guest_speed\": 0.05}, "
		  "\"host_load\": {\"loadavg_start\": null, \"loadavg_end\": "
		  "2.5, \"busy_pct\": 90, \"steal_pct\": 0.5, \"own_pct\": "
		  "20, \"others_pct\": 70}}");
	assert_int_equal(ci_manifest_load(path, &m, &e), 0);
	unlink(path);
	assert_string_equal(m.accel, "virtual");
	assert_string_equal(m.host_accel, "virtual");
	assert_int_equal(m.icount_shift, 2);
	assert_float_equal(m.guest_speed, 0.05, 0);
	assert_true(m.host_load.said);
	assert_float_equal(m.host_load.others_pct, 70, 0);
	assert_float_equal(m.host_load.steal_pct, 0.5, 0);
	assert_float_equal(m.host_load.loadavg, 2.5, 0);
	ci_manifest_free(&m);

	/* host mode: vm, calibration and host_load null */
	write_tmp("{\"status\": \"complete\", \"vm\": null, \"host\": "
		  "{\"accel\": \"none\"}, \"calibration\": null, "
		  "\"host_load\": null}");
	assert_int_equal(ci_manifest_load(path, &m, &e), 0);
	unlink(path);
	assert_null(m.accel);
	assert_string_equal(m.host_accel, "none");
	assert_int_equal(m.icount_shift, -1);
	assert_float_equal(m.guest_speed, 0, 0);
	assert_false(m.host_load.said);
	assert_float_equal(m.host_load.loadavg, -1, 0);
	ci_manifest_free(&m);
}

static void test_schedstat_and_window(void **state)
{
	struct sb_error e = { 0 };
	const struct ci_ss_task *t;
	struct ci_schedstat ss;
	struct sb_window w;

	(void)state;
	write_tmp("{\"schema\": 1, \"sampled_at_mono_ns\": 2500, \"tasks\": "
		  "[{\"pid\": 101, \"tid\": 102, \"comm\": \"cyclic\", "
		  "\"workload\": \"cyc\", \"run_delay_ns\": 50, "
		  "\"sampled_at_mono_ns\": 2001, \"at_window_start\": null}, "
		  "{\"tid\": 201, \"run_delay_ns\": 30, \"at_window_start\": "
		  "{\"run_delay_ns\": 5}}]}");
	assert_int_equal(ci_schedstat_load(path, &ss, &e), 0);
	unlink(path);
	assert_int_equal(ss.n_tasks, 2);
	t = ci_schedstat_task(&ss, 102);
	assert_non_null(t);
	assert_string_equal(t->workload, "cyc");
	assert_false(t->has_start);
	assert_true(isnan(t->run_ns));
	t = ci_schedstat_task(&ss, 201);
	assert_true(t->has_start);
	assert_float_equal(t->start_run_delay_ns, 5, 0);
	assert_null(ci_schedstat_task(&ss, 7));
	ci_schedstat_free(&ss);

	write_tmp("{\"tasks\": [{\"tid\": 1, \"run_delay_ns\": -3}]}");
	assert_int_equal(ci_schedstat_load(path, &ss, &e), -EINVAL);
	unlink(path);
	assert_non_null(strstr(e.msg, "tasks[0].run_delay_ns: -3: must be a "
				      "number in [0, 1e+18]"));

	write_tmp("{\"schema\": 1, \"start_mono_ns\": 1000, "
		  "\"end_mono_ns\": 2000}");
	assert_int_equal(sb_window_load(path, &w, &e), 0);
	unlink(path);
	assert_int_equal(w.end_mono_ns, 2000);
	write_tmp("{\"start_mono_ns\": \"soon\"}");
	assert_int_equal(sb_window_load(path, &w, &e), -EINVAL);
	unlink(path);
	assert_non_null(
		strstr(e.msg, "start_mono_ns: \"soon\" is not an integer"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_good),
		cmocka_unit_test(test_table_least),
		cmocka_unit_test(test_table_refused),
		cmocka_unit_test(test_manifest),
		cmocka_unit_test(test_manifest_regime),
		cmocka_unit_test(test_schedstat_and_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
