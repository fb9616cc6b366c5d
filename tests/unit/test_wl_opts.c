// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the generators' shared options on the options engine: parsing, errors, help. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "common/duration.h"
#include "tests/unit/opts_cases.h"
#include "workloads/lib/clock.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/slice.h"

struct fixture {
	int64_t threads;
	uint64_t interval_ns;
	struct wl_common c;
	struct sb_cli cli;
};

static const struct sb_field own_rows[] = {
	{ .key = "threads",
	  .short_name = 't',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct fixture, threads),
	  .metavar = "N",
	  .doc = "threads",
	  .min = 1,
	  .max = 64 },
	{ .key = "interval",
	  .short_name = 'i',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct fixture, interval_ns),
	  .metavar = "D",
	  .doc = "period",
	  .min = 10000,
	  .max = 1000000000 },
	{ 0 },
};

static struct fixture *fixture_new(void)
{
	struct fixture *f = calloc(1, sizeof(*f));

	f->threads = 1;
	f->interval_ns = 1000000;
	wl_common_init(&f->c, 5000000000ULL);
	f->cli = (struct sb_cli){ .usage = "Usage: cyclic [OPTIONS]\ntest",
				  .tables = { { own_rows, f },
					      WL_COMMON_TABLE(&f->c) } };
	return f;
}

static void test_durations_and_ints(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--interval",
				    "500us", "-t", "4", "--duration", "2s",
				    "--warmup", "0.5ms", "--slice", "3ms",
				    "--json", "-", "-q", (char *)NULL),
			 14);
	assert_int_equal(f->interval_ns, 500000);
	assert_int_equal(f->threads, 4);
	assert_int_equal(f->c.duration_ns, 2000000000ULL);
	assert_int_equal(f->c.warmup_ns, 500000);
	assert_int_equal(f->c.slice_ns, 3000000);
	assert_true(f->c.slice_given);
	assert_string_equal(f->c.json_path, "-");
	assert_true(f->c.quiet);
	assert_false(f->c.batch);
	assert_false(f->c.cpus_given);
	free(f);
}

static void test_plain_ns_and_defaults(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-i", "250000",
				    (char *)NULL),
			 3);
	assert_int_equal(f->interval_ns, 250000);
	assert_int_equal(f->threads, 1);
	assert_int_equal(f->c.duration_ns, 5000000000ULL);
	assert_false(f->c.slice_given);
	assert_int_equal(f->c.node, -1);
	free(f);
}

static void test_errors_name_option_and_value(void **state)
{
	static const struct opts_bad_case cases[] = {
		{ { "--interval", "5xs" },
		  "--interval: \"5xs\" is not a duration (units: " SB_DURATION_UNITS
		  ")" },
		{ { "--slice", "-1ms" },
		  "--slice: \"-1ms\" is not a duration (units: " SB_DURATION_UNITS
		  ")" },
		{ { "-t", "0" }, "--threads: \"0\" is out of range [1, 64]" },
		{ { "--threads", "4x" },
		  "--threads: \"4x\" is not an integer" },
		{ { "--interval", "1us" },
		  "--interval: \"1us\" is out of range [10us, 1s]" },
		{ { "--cpus", "3-1" }, "--cpus: \"3-1\" is not a CPU list" },
		{ { "stray" }, "unexpected argument \"stray\"" },
	};

	struct fixture *f = fixture_new();

	(void)state;
	opts_check_bad_cases(cases, sizeof(cases) / sizeof(cases[0]), &f->cli);
	free(f);
}

static void test_stop_at_nonopt(void **state)
{
	struct fixture *f = fixture_new();
	char err[256];

	(void)state;
	f->cli.stop_at_nonopt = 1;
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-s", "500us",
				    "--", "grep", "-i", "x", (char *)NULL),
			 4);
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "-s", "1ms",
				    "grep", "-t", "9", (char *)NULL),
			 3);
	assert_int_equal(f->c.slice_ns, 1000000);
	assert_int_equal(f->threads, 1); /* "-t 9" belongs to grep */
	free(f);
}

static void test_help_lists_options_and_defaults(void **state)
{
	static const char *const want[] = {
		"Usage: cyclic [OPTIONS]",
		"-i, --interval D",
		"period (default: 1ms)",
		"--duration D",
		"(default: 5s)",
		"--cpus LIST",
		"--seed N",
		"-h, --help",
		NULL,
	};
	struct fixture *f = fixture_new();
	char *buf = opts_help(&f->cli);

	(void)state;
	assert_contains(buf, want);
	/* An absent --slice has no default to show. */
	assert_null(strstr(buf, "inherited one) (default"));
	free(buf);
	free(f);
}

static void test_common_slice_req(void **state)
{
	struct fixture *f = fixture_new();
	struct wl_slice_req req;
	char err[256];

	(void)state;
	assert_true(opts_parse(&f->cli, err, sizeof(err), "--batch", "--slice",
			       "0", (char *)NULL) > 0);
	wl_common_slice_req(&f->c, &req);
	assert_true(req.set_slice);
	assert_int_equal(req.slice_ns, 0);
	assert_true(req.batch);
	assert_false(req.set_nice);
	assert_int_equal(req.fifo_prio, 0);
	free(f);
}

/*
 * --start-at: the warm-up starts there, or when the generator is ready if
 * later, the window keeping its place while the warm-up lasts.
 */
static void test_start_at(void **state)
{
	const uint64_t s = 1000000000, margin = 1000000;
	struct fixture *f = fixture_new();
	struct wl_times t;
	uint64_t before, after;
	char at[32], err[256];

	(void)state;
	assert_true(opts_parse(&f->cli, err, sizeof(err), "--warmup", "2s",
			       "--duration", "5s", (char *)NULL) > 0);
	before = wl_now_ns();
	wl_common_times(&f->c, margin, &t); /* none: ready, plus the margin */
	after = wl_now_ns();
	assert_true(t.start >= before + margin && t.start <= after + margin);
	assert_int_equal(t.measure, t.start + 2 * s);
	assert_int_equal(t.end, t.measure + 5 * s);

	f->c.start_at_ns = (int64_t)(wl_now_ns() + 60 * s); /* ahead */
	wl_common_times(&f->c, margin, &t);
	assert_int_equal(t.start, (uint64_t)f->c.start_at_ns);
	assert_int_equal(t.measure, t.start + 2 * s);

	f->c.start_at_ns = (int64_t)(wl_now_ns() - s / 2); /* setup ran on */
	before = wl_now_ns();
	wl_common_times(&f->c, margin, &t);
	after = wl_now_ns();
	assert_true(t.start >= before + margin && t.start <= after + margin);
	assert_int_equal(t.measure, (uint64_t)f->c.start_at_ns + 2 * s);
	assert_int_equal(t.end, t.measure + 5 * s);

	f->c.start_at_ns =
		(int64_t)(wl_now_ns() - 3 * s); /* past its warm-up */
	wl_common_times(&f->c, margin, &t);
	assert_int_equal(t.measure, t.start);
	assert_int_equal(t.end, t.start + 5 * s);

	snprintf(at, sizeof(at), "%d", -1);
	assert_int_equal(opts_parse(&f->cli, err, sizeof(err), "--start-at", at,
				    (char *)NULL),
			 -EINVAL);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_durations_and_ints),
		cmocka_unit_test(test_plain_ns_and_defaults),
		cmocka_unit_test(test_errors_name_option_and_value),
		cmocka_unit_test(test_stop_at_nonopt),
		cmocka_unit_test(test_help_lists_options_and_defaults),
		cmocka_unit_test(test_common_slice_req),
		cmocka_unit_test(test_start_at),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
