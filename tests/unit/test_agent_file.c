// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the readers of a run's agent.json and window.json (common/agent_file.c, common/window_file.c): good files into structs, and each value the rows refuse in one line with file, JSON path and value. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/unit/tmp_text.h"

#include "common/agent_file.h"
#include "common/window_file.h"

static char path[64];

/* @text into a new temporary file, its name in path. */
static void write_tmp(const char *text)
{
	snprintf(path, sizeof(path), "/tmp/sb-agent-file-XXXXXX");
	tmp_text(path, text);
}

/* agent.json as the agent writes it for a good run. */
#define GOOD_AGENT                                                            \
	"{\"schema\": 1, \"tool\": \"sbguest\", \"seed\": 7, "                \
	"\"start_mono_ns\": 100, \"preflight\": {\"summary\": \"2 CPUs\"}, "  \
	"\"calibration\": {\"iterations\": 1000000, \"loop_ns\": 2500000, "   \
	"\"taken\": \"snapshot\"}, "                                          \
	"\"workload_start_mono_ns\": 200, \"window\": {\"start_mono_ns\": "   \
	"300, \"end_mono_ns\": 900}, \"workload_end_mono_ns\": 950, "         \
	"\"uname\": {\"sysname\": \"Linux\", \"release\": \"6.12.41\", "      \
	"\"version\": \"#1\", \"machine\": \"x86_64\"}, \"random_uuid\": "    \
	"\"u\", \"status\": \"ok\", \"failure\": null, \"features\": "        \
	"{\"requested\": [\"PREEMPT_SHORT\", \"NO_RUN_TO_PARITY\"], "         \
	"\"read_back\": \"PLACE_LAG PREEMPT_SHORT\", \"settable\": true}, "   \
	"\"untraced\": false, \"recorder\": {\"tool\": \"tracefs\", "         \
	"\"lost_events\": null}, \"workloads\": [{\"workload\": \"cyc\", "    \
	"\"pid\": 41, \"exit_status\": 0}, {\"workload\": \"hog\", \"pid\": " \
	"42, \"exit_status\": null}], \"end_mono_ns\": 990}"

static void test_agent_good(void **state)
{
	struct sb_agent_report a;
	struct sb_error e = { 0 };

	(void)state;
	write_tmp(GOOD_AGENT);
	assert_int_equal(sb_agent_load(path, &a, &e), 0);
	unlink(path);
	assert_int_equal(a.status, SB_AGENT_OK);
	assert_null(a.failure);
	assert_string_equal(a.release, "6.12.41");
	assert_true(a.has_features);
	assert_int_equal(a.n_requested, 2);
	assert_string_equal(a.requested[1], "NO_RUN_TO_PARITY");
	assert_string_equal(a.read_back, "PLACE_LAG PREEMPT_SHORT");
	assert_int_equal(a.settable, 1);
	assert_string_equal(a.recorder_tool, "tracefs");
	assert_int_equal(a.lost_events, -1);
	assert_int_equal(a.window.start_mono_ns, 300);
	assert_int_equal(a.window.end_mono_ns, 900);
	assert_int_equal(a.calib_iterations, 1000000);
	assert_int_equal(a.calib_loop_ns, 2500000);
	assert_string_equal(a.calib_taken, "snapshot");
	assert_non_null(a.preflight);
	assert_int_equal(a.n_procs, 2);
	assert_int_equal(a.procs[0].pid, 41);
	assert_string_equal(a.procs[1].workload, "hog");
	assert_int_equal(a.procs[1].exit_status, -1);
	sb_agent_free(&a);
}

/* A run that could not start: status and failure only, the rest unsaid. */
static void test_agent_failed_start(void **state)
{
	struct sb_agent_report a;
	struct sb_error e = { 0 };

	(void)state;
	write_tmp("{\"schema\": 1, \"tool\": \"sbguest\", \"status\": "
		  "\"failed\", \"failure\": \"no scenario\"}");
	assert_int_equal(sb_agent_load(path, &a, &e), 0);
	unlink(path);
	assert_int_equal(a.status, SB_AGENT_FAILED);
	assert_string_equal(a.failure, "no scenario");
	assert_false(a.has_features);
	assert_int_equal(a.settable, -1);
	assert_int_equal(a.window.start_mono_ns, -1);
	assert_int_equal(a.calib_loop_ns, 0);
	assert_string_equal(a.calib_taken, "");
	assert_null(a.preflight);
	assert_int_equal(a.n_procs, 0);
	sb_agent_free(&a);
}

/* Each bad value: one line naming the file, the field and the value. */
static void test_agent_bad(void **state)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "{\"status\": \"ok\", \"workloads\": [{\"workload\": \"w\", "
		  "\"pid\": 0}]}",
		  "workloads[0].pid: 0: must be an integer in [1, 2147483647]" },
		{ "{\"status\": \"fine\"}", "status: \"fine\"" },
		{ "{}", "status" },
		{ "{\"status\": \"ok\", \"recorder\": {\"tool\": \"perf\", "
		  "\"lost_events\": -2}}",
		  "recorder.lost_events: -2: must be an integer" },
		{ "{\"status\": \"ok\", \"window\": {\"start_mono_ns\": 9, "
		  "\"end_mono_ns\": 5}}",
		  "window.end_mono_ns: 5: before start_mono_ns (9)" },
		{ "{\"status\": \"ok\", \"preflight\": [1]}",
		  "preflight: [1] is not an object" },
		{ "{\"status\": \"ok\", \"surprise\": 1}", "surprise" },
	};
	struct sb_agent_report a;
	struct sb_error e;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		write_tmp(bad[i].text);
		assert_int_equal(sb_agent_load(path, &a, &e), -EINVAL);
		unlink(path);
		assert_non_null(strstr(e.msg, path));
		if (!strstr(e.msg, bad[i].want))
			fail_msg("%s: got \"%s\"", bad[i].want, e.msg);
		assert_null(strchr(e.msg, '\n'));
		/* freed on error: a second free is harmless */
		sb_agent_free(&a);
	}
}

static void test_window(void **state)
{
	struct sb_window w;
	struct sb_error e;

	(void)state;
	write_tmp("{\"schema\": 1, \"start_mono_ns\": 101000000000, "
		  "\"end_mono_ns\": 102000000000}");
	assert_int_equal(sb_window_load(path, &w, &e), 0);
	unlink(path);
	assert_int_equal(w.start_mono_ns, 101000000000LL);
	assert_int_equal(w.end_mono_ns, 102000000000LL);
	write_tmp("{\"start_mono_ns\": 5}");
	assert_int_equal(sb_window_load(path, &w, &e), -EINVAL);
	unlink(path);
	assert_non_null(strstr(e.msg, "end_mono_ns"));
	write_tmp("{\"start_mono_ns\": 10, \"end_mono_ns\": 4}");
	assert_int_equal(sb_window_load(path, &w, &e), -EINVAL);
	unlink(path);
	assert_non_null(
		strstr(e.msg, "end_mono_ns: 4: before start_mono_ns (10)"));
	write_tmp("{\"start_mono_ns\": -1, \"end_mono_ns\": 4}");
	assert_int_equal(sb_window_load(path, &w, &e), -EINVAL);
	unlink(path);
	assert_non_null(strstr(e.msg, "start_mono_ns: -1: must be an integer"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_agent_good),
		cmocka_unit_test(test_agent_failed_start),
		cmocka_unit_test(test_agent_bad),
		cmocka_unit_test(test_window),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
