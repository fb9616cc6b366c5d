// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests: a kernel backend added as docs/adding.md's recipe says, one struct
 * kernel_backend plus one row of the table, goes through the real table,
 * descriptor reader, lookup and dispatch without any other change.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"
#include "tests/unit/kernels_dir.h"

/* The one row: the production table, compiled here with it added. */
#define KERNEL_BACKENDS_MORE(row) row(fake)
#include "harness/boot/kernel_backends.c" // NOLINT(bugprone-suspicious-include)

static int prepared;

static int find_fake(struct kernel_info *ki)
{
	snprintf(ki->release, sizeof(ki->release), "6.12.0-fake");
	return 0;
}

static int prepare_fake(struct kernel_info *ki, struct sb_error *e)
{
	(void)e;
	prepared++;
	snprintf(ki->source, sizeof(ki->source), "the fake machine");
	return 0;
}

static const char *const fake_tools[] = { "sb-no-such-program", NULL };

/* A kind of kernel whose runs happen elsewhere than in QEMU (a remote machine, say). */
const struct kernel_backend kernel_fake_backend = {
	.name = "fake",
	.keys = "machine",
	.run = RUN_ON_HOST,
	.tools = fake_tools,
	.not_ready = "(not there)",
	.find = find_fake,
	.prepare = prepare_fake,
};

static char root[] = "/tmp/sb-test-backend.XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (kernels_dir_make(root))
		return -1;
	kernels_dir_put(root, "remote",
			"{\"type\": \"fake\", \"description\": \"far away\"}");
	kernels_dir_put(root, "wrongkey",
			"{\"type\": \"fake\", \"package\": \"p\"}");
	kernels_dir_put(root, "rpm", "{\"type\": \"rpm\"}");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(root);
}

/* Looked up, asked where it runs and what it needs, prepared: its own answers. */
static void test_dispatch(void **state)
{
	struct kernel_info ki;
	struct sb_error e;

	(void)state;
	assert_int_equal(kernel_lookup("remote", &ki, &e), 0);
	assert_ptr_equal(ki.backend, &kernel_fake_backend);
	assert_string_equal(kernel_type_name(&ki), "fake");
	assert_string_equal(ki.description, "far away");
	assert_string_equal(ki.release, "6.12.0-fake"); /* its find */
	assert_int_equal(kernel_run_of(&ki), RUN_ON_HOST);
	assert_string_equal(ki.machine, ""); /* no QEMU machine off a VM */
	assert_string_equal(kernel_missing_tool(&ki), "sb-no-such-program");
	assert_int_equal(kernel_prepare(&ki, &e), 0);
	assert_int_equal(prepared, 1);
	assert_string_equal(ki.source, "the fake machine");
}

/* Its keys are its own; the reader's messages list it among the types. */
static void test_descriptor(void **state)
{
	struct kernel_info ki;
	struct sb_error e;

	(void)state;
	assert_int_equal(kernel_lookup("wrongkey", &ki, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "package: not a key of type \"fake\""));
	assert_int_equal(kernel_lookup("rpm", &ki, &e), -EINVAL);
	assert_non_null(strstr(
		e.msg, "not a kernel type (debian, source, host, path, fake)"));
	assert_ptr_equal(kernel_backend_named("fake"), &kernel_fake_backend);
	assert_int_equal(kernel_backend_named("source")->run, RUN_IN_VM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dispatch),
		cmocka_unit_test(test_descriptor),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
