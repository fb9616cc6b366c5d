// SPDX-License-Identifier: GPL-2.0
/* Unit tests: kernel descriptors (parse, reject, look up) and bzImage release. */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel.h"

static char root[] = "/tmp/sb-test-kernel.XXXXXX";

static void put(const char *name, const char *text)
{
	char dir[512], path[600];

	snprintf(dir, sizeof(dir), "%s/%s", root, name);
	assert_int_equal(sb_mkdir_p(dir, 0755), 0);
	snprintf(path, sizeof(path), "%s/kernel.json", dir);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
}

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(root))
		return -1;
	setenv("SLICEBENCH_KERNELS", root, 1);
	put("deb",
	    "{\"type\": \"debian\", \"description\": \"d\", "
	    "\"package\": \"linux-image-6.12.*\", \"custom_slices\": false}");
	put("src",
	    "{\"type\": \"source\", \"tree\": \"/usr/src/x.tar.xz\", "
	    "\"fragment\": \"../common/f\", \"series\": \"patches/series\"}");
	put("typo",
	    "{\"type\": \"debian\", \"package\": \"p\", \"pakage\": 1}");
	put("badtype", "{\"type\": \"rpm\"}");
	put("wrongkey", "{\"type\": \"host\", \"package\": \"p\"}");
	put("nopkg", "{\"type\": \"debian\"}");
	put("badmachine", "{\"type\": \"debian\", \"package\": \"p\", "
			  "\"machine\": \"q35\"}");
	put("notjson", "{\"type\": ");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(root);
}

/* kernel_lookup with its message in @err; the exit code a command gives. */
static int lookup(const char *name, struct kernel_info *ki, char *err)
{
	struct sb_error e;
	int rc = kernel_lookup(name, ki, &e);

	if (rc)
		assert_int_equal(e.code, rc);
	snprintf(err, 512, "%.511s", rc ? e.msg : "");
	return sb_exit_code(rc);
}

static void test_debian(void **state)
{
	struct kernel_info ki;
	char err[512];

	(void)state;
	assert_int_equal(lookup("deb", &ki, err), 0);
	assert_int_equal(ki.type, KERNEL_DEBIAN);
	assert_string_equal(ki.package, "linux-image-6.12.*");
	assert_string_equal(ki.machine, "pc");
	assert_int_equal(ki.custom_slices, 0);
	assert_string_equal(kernel_type_name(ki.type), "debian");
}

static void test_source_paths(void **state)
{
	struct kernel_info ki;
	char err[512], want[600];

	(void)state;
	assert_int_equal(lookup("src", &ki, err), 0);
	assert_int_equal(ki.type, KERNEL_SOURCE);
	assert_string_equal(ki.machine, "pc");
	assert_int_equal(ki.custom_slices, 1);
	assert_string_equal(ki.tree, "/usr/src/x.tar.xz");
	snprintf(want, sizeof(want), "%s/src/../common/f", root);
	assert_string_equal(ki.fragment, want);
	snprintf(want, sizeof(want), "%s/src/patches/series", root);
	assert_string_equal(ki.series, want);
}

static void expect_error(const char *name, const char *needle)
{
	struct kernel_info ki;
	char err[512];

	assert_int_equal(lookup(name, &ki, err), SB_EXIT_USAGE);
	if (!strstr(err, needle))
		fail_msg("%s: error \"%s\" lacks \"%s\"", name, err, needle);
	if (strcmp(name, "nosuch") && !strchr(name, '/') &&
	    !strstr(err, "kernel.json"))
		fail_msg("%s: error \"%s\" does not name the file", name, err);
}

static void test_rejects(void **state)
{
	(void)state;
	expect_error("typo", "pakage: unknown key");
	expect_error("badtype", "\"rpm\" is not a kernel type");
	expect_error("wrongkey", "package: not a key of type \"host\"");
	expect_error("nopkg", "package: missing");
	expect_error("badmachine", "machine: q35");
	expect_error("notjson", "notjson/kernel.json:");
}

static void test_unknown_lists(void **state)
{
	char *names;
	size_t n;

	(void)state;
	expect_error("nosuch", "available: badmachine, badtype, deb, ");
	expect_error("../deb", "not a readable image");
	assert_int_equal(kernel_list(&names, &n), 0);
	assert_int_equal(n, 8);
	assert_string_equal(names, "badmachine");
	free(names);
}

/* A minimal file with a boot-protocol header and a version string. */
static void test_image_release(void **state)
{
	unsigned char img[0x600] = { 0 };
	char path[600], rel[64];

	(void)state;
	memcpy(img + 0x202, "HdrS", 4);
	img[0x20e] = 0x00;
	img[0x20f] = 0x02; /* version at 0x200 + 0x200 */
	strcpy((char *)img + 0x400, "6.12.9-test (root@x) #1 SMP");
	snprintf(path, sizeof(path), "%s/bzImage", root);
	assert_int_equal(sb_write_file_atomic(path, img, sizeof(img)), 0);
	assert_int_equal(kernel_image_release(path, rel, sizeof(rel)), 0);
	assert_string_equal(rel, "6.12.9-test");
	memset(img + 0x202, 0, 4);
	assert_int_equal(sb_write_file_atomic(path, img, sizeof(img)), 0);
	assert_int_equal(kernel_image_release(path, rel, sizeof(rel)), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debian),
		cmocka_unit_test(test_source_paths),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_unknown_lists),
		cmocka_unit_test(test_image_release),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
