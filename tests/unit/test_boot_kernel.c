// SPDX-License-Identifier: GPL-2.0
/* Unit tests: kernel descriptors (parse, reject, look up), bzImage release, prepare's errors. */
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
	setenv("SLICEBENCH_CACHE", root,
	       1); /* nothing reaches the real cache */
	unsetenv("KSRC");
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
	put("notree", "{\"type\": \"source\", \"tree\": \"no-tree.tar.xz\", "
		      "\"fragment\": \"f\"}");
	put("nofrag", "{\"type\": \"source\", \"tree\": \".\", "
		      "\"fragment\": \"no-frag\"}");
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
	expect_error("badmachine", "machine: \"q35\" is not \"pc\"");
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
	assert_int_equal(n, 10);
	assert_string_equal(names, "badmachine");
	free(names);
}

/* A minimal image: a version string, and the boot header if @bzimage. */
static void put_image(const char *path, int bzimage)
{
	static const unsigned char magic[4] = { 'H', 'd', 'r', 'S' };
	unsigned char img[0x600] = { 0 };

	if (bzimage)
		memcpy(img + 0x202, magic, sizeof(magic));
	img[0x20e] = 0x00;
	img[0x20f] = 0x02; /* version at 0x200 + 0x200 */
	strcpy((char *)img + 0x400, "6.12.9-test (root@x) #1 SMP");
	assert_int_equal(sb_write_file_atomic(path, img, sizeof(img)), 0);
}

static void test_image_release(void **state)
{
	char path[600], rel[64];

	(void)state;
	snprintf(path, sizeof(path), "%s/bzImage", root);
	put_image(path, 1);
	assert_int_equal(kernel_image_release(path, rel, sizeof(rel)), 0);
	assert_string_equal(rel, "6.12.9-test");
	put_image(path, 0);
	assert_int_equal(kernel_image_release(path, rel, sizeof(rel)), -EINVAL);
}

/* kernel_prepare's -errno, its record and the command's exit code. */
static void expect_prepare(const char *name, int code, const char *file,
			   const char *msg)
{
	struct kernel_info ki;
	struct sb_error e;
	char err[512];
	int rc;

	assert_int_equal(lookup(name, &ki, err), 0);
	rc = kernel_prepare(&ki, &e);
	assert_int_equal(rc, code);
	assert_int_equal(e.code, code);
	assert_string_equal(e.file, file);
	assert_string_equal(e.msg, msg);
	assert_int_equal(sb_exit_code(rc),
			 code == -EINVAL ? SB_EXIT_USAGE : SB_EXIT_UNMEASURED);
}

static void test_prepare_errors(void **state)
{
	char path[600], msg[1400];

	(void)state;
	/* Bad input: the series the descriptor names is not there. */
	snprintf(path, sizeof(path), "%s/src/patches/series", root);
	snprintf(msg, sizeof(msg), "%s: cannot read the patch series", path);
	expect_prepare("src", -EINVAL, path, msg);
	/* Bad input: the fragment the descriptor names is not there. */
	snprintf(path, sizeof(path), "%s/nofrag/no-frag", root);
	snprintf(msg, sizeof(msg), "%s: cannot read the config fragment", path);
	expect_prepare("nofrag", -EINVAL, path, msg);
	/* The environment: the source tree is not there. */
	snprintf(msg, sizeof(msg),
		 "kernel notree: source tree or tarball missing: "
		 "%s/notree/no-tree.tar.xz",
		 root);
	expect_prepare("notree", -ENOENT, "", msg);
}

/* An image file gone between the lookup and the boot: bad input (exit 2). */
static void test_prepare_path_gone(void **state)
{
	struct kernel_info ki;
	struct sb_error e;
	char path[600], msg[1400], err[512];

	(void)state;
	snprintf(path, sizeof(path), "%s/gone-bzImage", root);
	put_image(path, 1);
	assert_int_equal(lookup(path, &ki, err), 0);
	assert_int_equal(kernel_prepare(&ki, &e), 0);
	assert_int_equal(unlink(path), 0);
	snprintf(msg, sizeof(msg), "%s: %s", path, strerror(ENOENT));
	assert_int_equal(kernel_prepare(&ki, &e), -EINVAL);
	assert_string_equal(e.file, path);
	assert_string_equal(e.msg, msg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_debian),
		cmocka_unit_test(test_source_paths),
		cmocka_unit_test(test_rejects),
		cmocka_unit_test(test_unknown_lists),
		cmocka_unit_test(test_image_release),
		cmocka_unit_test(test_prepare_errors),
		cmocka_unit_test(test_prepare_path_gone),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
