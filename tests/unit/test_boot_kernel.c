// SPDX-License-Identifier: GPL-2.0
/* Unit tests: kernel descriptors (parse, reject, look up), named images, kernel add, bzImage release, prepare's errors. */
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
#include "harness/boot/kernel_add.h"
#include "tests/unit/kernels_dir.h"

static char root[] = "/tmp/sb-test-kernel.XXXXXX";

static int setup(void **state)
{
	(void)state;
	if (kernels_dir_make(root))
		return -1;
	unsetenv("KSRC");
	kernels_dir_put(
		root, "deb",
		"{\"type\": \"debian\", \"description\": \"d\", "
		"\"package\": \"linux-image-6.12.*\", \"custom_slices\": false}");
	kernels_dir_put(
		root, "src",
		"{\"type\": \"source\", \"tree\": \"/usr/src/x.tar.xz\", "
		"\"fragment\": \"../common/f\", \"series\": \"patches/series\"}");
	kernels_dir_put(
		root, "typo",
		"{\"type\": \"debian\", \"package\": \"p\", \"pakage\": 1}");
	kernels_dir_put(root, "badtype", "{\"type\": \"rpm\"}");
	kernels_dir_put(root, "host-desc", "{\"type\": \"host\"}");
	kernels_dir_put(root, "wrongkey",
			"{\"type\": \"host\", \"package\": \"p\"}");
	kernels_dir_put(root, "nopkg", "{\"type\": \"debian\"}");
	kernels_dir_put(root, "badmachine",
			"{\"type\": \"debian\", \"package\": \"p\", "
			"\"machine\": \"q35\"}");
	kernels_dir_put(root, "notjson", "{\"type\": ");
	kernels_dir_put(root, "notree",
			"{\"type\": \"source\", \"tree\": \"no-tree.tar.xz\", "
			"\"fragment\": \"f\"}");
	kernels_dir_put(root, "nofrag",
			"{\"type\": \"source\", \"tree\": \".\", "
			"\"fragment\": \"no-frag\"}");
	kernels_dir_put(root, "cfg",
			"{\"type\": \"source\", \"tree\": \".\", "
			"\"config\": \"my.config\"}");
	kernels_dir_put(root, "both",
			"{\"type\": \"source\", \"tree\": \".\", "
			"\"config\": \"c\", \"fragment\": \"f\"}");
	kernels_dir_put(root, "neither",
			"{\"type\": \"source\", \"tree\": \".\"}");
	kernels_dir_put(root, "img",
			"{\"type\": \"path\", \"image\": \"../bzImage\"}");
	kernels_dir_put(root, "noimg", "{\"type\": \"path\"}");
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
	assert_string_equal(kernel_type_name(&ki), "debian");
	assert_int_equal(kernel_run_of(&ki), RUN_IN_VM);
	assert_false(kernel_steps_in_place(&ki)); /* a package: no tree */
	assert_string_equal(ki.package, "linux-image-6.12.*");
	assert_string_equal(ki.machine, "pc");
	assert_int_equal(ki.custom_slices, 0);
}

static void test_source_paths(void **state)
{
	struct kernel_info ki;
	char err[512], want[600];

	(void)state;
	assert_int_equal(lookup("src", &ki, err), 0);
	assert_string_equal(kernel_type_name(&ki), "source");
	assert_true(kernel_steps_in_place(&ki)); /* bisect --kernel needs it */
	assert_true(kernel_has_series(&ki));
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
	expect_error("both", "config: and fragment exclude each other");
	expect_error("neither",
		     "fragment: missing (or config: a full .config)");
	expect_error("noimg", "image: missing");
	expect_error("badtype", "(debian, source, host, path)");
}

/* config: a full .config, the fragment's alternative, relative to the descriptor. */
static void test_config_key(void **state)
{
	struct kernel_info ki;
	char err[512], want[600];

	(void)state;
	assert_int_equal(lookup("cfg", &ki, err), 0);
	snprintf(want, sizeof(want), "%s/cfg/my.config", root);
	assert_string_equal(ki.config, want);
	assert_string_equal(ki.fragment, "");
}

/* The running kernel: runs on the host, no QEMU machine. */
static void test_host(void **state)
{
	struct kernel_info ki;
	char err[512];

	(void)state;
	assert_int_equal(lookup("host-desc", &ki, err), 0);
	assert_string_equal(kernel_type_name(&ki), "host");
	assert_int_equal(kernel_run_of(&ki), RUN_ON_HOST);
	assert_false(kernel_steps_in_place(&ki));
	assert_string_equal(ki.machine, "");
	assert_null(kernel_missing_tool(&ki));
}

static void test_unknown_lists(void **state)
{
	char *names;
	size_t n;

	(void)state;
	expect_error("nosuch",
		     "available: badmachine, badtype, both, cfg, deb, ");
	expect_error("../deb", "not a readable image");
	assert_int_equal(kernel_list(&names, &n), 0);
	assert_int_equal(n, 16);
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
	/* KSRC=NAME=DIR replaces the tree of the kernels it names only */
	setenv("KSRC", "other=/no/other,notree=/no/ksrc-tree", 1);
	snprintf(
		msg, sizeof(msg),
		"kernel notree: source tree or tarball missing: /no/ksrc-tree");
	expect_prepare("notree", -ENOENT, "", msg);
	setenv("KSRC", "other=/no/other", 1);
	snprintf(msg, sizeof(msg),
		 "kernel notree: source tree or tarball missing: "
		 "%s/notree/no-tree.tar.xz",
		 root);
	expect_prepare("notree", -ENOENT, "", msg);
	/* KSRC=DIR, every source kernel's; a '/' before '=' is part of DIR */
	setenv("KSRC", "/no/a=b", 1);
	expect_prepare(
		"notree", -ENOENT, "",
		"kernel notree: source tree or tarball missing: /no/a=b");
	unsetenv("KSRC");
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

/* NAME=PATH names an image; a bare PATH is named "path"; a descriptor may name one. */
static void test_named_images(void **state)
{
	struct kernel_info ki;
	char path[600], arg[700], err[512];

	(void)state;
	snprintf(path, sizeof(path), "%s/bzImage", root);
	put_image(path, 1);
	snprintf(arg, sizeof(arg), "mine=%s", path);
	assert_int_equal(lookup(arg, &ki, err), 0);
	assert_string_equal(ki.name, "mine");
	assert_string_equal(kernel_type_name(&ki), "path");
	assert_false(kernel_steps_in_place(&ki));
	assert_string_equal(ki.image, path);
	assert_string_equal(ki.release, "6.12.9-test");
	assert_int_equal(lookup(path, &ki, err), 0);
	assert_string_equal(ki.name, "path");
	/* a '/' before the '=' is a path holding '=', not a name */
	snprintf(arg, sizeof(arg), "%s/x=y", root);
	assert_int_equal(sb_write_file_atomic(arg, "", 0), 0);
	assert_int_equal(lookup(arg, &ki, err), SB_EXIT_USAGE);
	assert_non_null(strstr(err, "x=y: not an x86 bzImage"));
	snprintf(arg, sizeof(arg), "mine=%s/no-such-image", root);
	assert_int_equal(lookup(arg, &ki, err), SB_EXIT_USAGE);
	assert_non_null(
		strstr(err, "no-such-image: not a readable image file"));
	/* NAME of NAME=PATH: [A-Za-z0-9_.-], no leading '.' or '-', not empty */
	snprintf(arg, sizeof(arg), "a;b=%s", path);
	assert_int_equal(lookup(arg, &ki, err), SB_EXIT_USAGE);
	assert_non_null(strstr(err, ": bad kernel name \"a;b\": NAME of "
				    "NAME=PATH is 1 to 63 characters of "
				    "[A-Za-z0-9_.-]"));
	snprintf(arg, sizeof(arg), "a/b=%s", path);
	assert_int_equal(lookup(arg, &ki, err), SB_EXIT_USAGE);
	assert_non_null(strstr(err, "bad kernel name \"a/b\""));
	assert_int_equal(lookup("=", &ki, err), SB_EXIT_USAGE);
	assert_non_null(strstr(err, "bad kernel name \"\""));
	snprintf(arg, sizeof(arg), "-a=%s", path);
	assert_int_equal(lookup(arg, &ki, err), SB_EXIT_USAGE);
	assert_non_null(strstr(err, "bad kernel name \"-a\""));
	assert_int_equal(kernel_name_ok("-a", 2), 0);
	assert_int_equal(kernel_name_ok("a-", 2), 1);
	assert_int_equal(lookup("img", &ki, err), 0);
	assert_string_equal(ki.image, path);
	assert_string_equal(ki.release, "6.12.9-test");
	assert_int_equal(kernel_run_of(&ki), RUN_IN_VM);
}

/* kernel_add(@name, @a) with its record in @e. */
static int add(const char *name, struct kernel_add a, struct sb_error *e)
{
	char file[700];

	return kernel_add(name, &a, file, sizeof(file), e);
}

/* kernel add: written once, validated, paths absolute, never replacing one. */
static void test_add(void **state)
{
	char image[600], file[700], want[700], *text;
	struct kernel_info ki;
	struct sb_error e;
	size_t len;

	(void)state;
	snprintf(image, sizeof(image), "%s/bzImage", root);
	put_image(image, 1);
	assert_int_equal(kernel_add("own",
				    &(struct kernel_add){ .bzimage = image },
				    file, sizeof(file), &e),
			 0);
	snprintf(want, sizeof(want), "%s/own/kernel.json", root);
	assert_string_equal(file, want);
	assert_int_equal(kernel_lookup("own", &ki, &e), 0);
	assert_string_equal(ki.image, image);
	assert_string_equal(ki.release, "6.12.9-test");
	assert_int_equal(add("own", (struct kernel_add){ .tree = root }, &e),
			 -EEXIST);
	assert_string_equal(e.file, want);
	assert_int_equal(sb_read_file(want, &text, &len), 0);
	assert_non_null(strstr(text, "\"path\""));
	free(text);
	/* a tree alone gets the shipped fragment */
	snprintf(want, sizeof(want), "%s/common", root);
	assert_int_equal(sb_mkdir_p(want, 0755), 0);
	snprintf(want, sizeof(want), "%s/common/config.fragment", root);
	assert_int_equal(sb_write_file_atomic(want, "CONFIG_SMP=y\n", 13), 0);
	assert_int_equal(add("tree", (struct kernel_add){ .tree = root }, &e),
			 0);
	assert_int_equal(kernel_lookup("tree", &ki, &e), 0);
	assert_string_equal(ki.fragment, want);
	assert_string_equal(ki.tree, root);
	/* refused: both kinds, config with fragment (by the reader), a non-image */
	assert_int_equal(
		add("x", (struct kernel_add){ .tree = root, .bzimage = image },
		    &e),
		-EINVAL);
	assert_int_equal(add("x",
			     (struct kernel_add){ .tree = root,
						  .config = image,
						  .fragment = image },
			     &e),
			 -EINVAL);
	snprintf(want, sizeof(want), "%s/x/kernel.json", root);
	assert_string_equal(e.file, want);
	assert_non_null(strstr(e.msg, "exclude each other"));
	snprintf(want, sizeof(want), "%s/x", root);
	assert_int_equal(access(want, F_OK), -1); /* nothing left behind */
	assert_int_equal(add("x", (struct kernel_add){ .bzimage = root }, &e),
			 -EINVAL);
	assert_string_equal(e.path, "--bzimage");
	assert_int_equal(add("../x", (struct kernel_add){ .tree = root }, &e),
			 -EINVAL);
	assert_int_equal(add("-x", (struct kernel_add){ .tree = root }, &e),
			 -EINVAL);
	/* kernels/common (the shared fragment's) and "path" are reserved */
	assert_int_equal(add("common", (struct kernel_add){ .tree = root }, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "common: is reserved: kernels/common"));
	snprintf(want, sizeof(want), "%s/common/kernel.json", root);
	assert_int_equal(access(want, F_OK), -1);
	assert_int_equal(add("path", (struct kernel_add){ .bzimage = image },
			     &e),
			 -EINVAL);
	assert_int_equal(add("x", (struct kernel_add){ .tree = "/no/such" },
			     &e),
			 -EINVAL);
	assert_string_equal(e.path, "--tree");
}

/* The features a guest read are the image's: keyed by its SHA-256, not a name. */
static void test_features_by_content(void **state)
{
	struct kernel_info a = { .name = "a" }, b = { .name = "a" };
	char cache[600], line[256];

	(void)state;
	snprintf(cache, sizeof(cache), "%s/cache", root);
	setenv("SLICEBENCH_CACHE", cache, 1);
	snprintf(a.image, sizeof(a.image), "%s/img-a", root);
	snprintf(b.image, sizeof(b.image), "%s/img-b", root);
	put_image(a.image, 1);
	assert_int_equal(sb_write_file_atomic(b.image, "other", 5), 0);
	assert_int_equal(kernel_features_cached(&a, line, sizeof(line)),
			 -ENOENT);
	assert_int_equal(kernel_features_save(&a, "PLACE_LAG PREEMPT_SHORT"),
			 0);
	/* another kernel named a, another image: neither reads nor replaces */
	assert_int_equal(kernel_features_cached(&b, line, sizeof(line)),
			 -ENOENT);
	assert_int_equal(kernel_features_save(&b, "NO_PREEMPT_SHORT"), 0);
	assert_int_equal(kernel_features_cached(&a, line, sizeof(line)), 0);
	assert_string_equal(line, "PLACE_LAG PREEMPT_SHORT");
	assert_int_equal(kernel_features_cached(&b, line, sizeof(line)), 0);
	assert_string_equal(line, "NO_PREEMPT_SHORT");
	/* the same image under any name reads it; no image, nothing */
	snprintf(b.image, sizeof(b.image), "%s", a.image);
	assert_int_equal(kernel_features_cached(&b, line, sizeof(line)), 0);
	assert_string_equal(line, "PLACE_LAG PREEMPT_SHORT");
	b.image[0] = '\0';
	assert_int_equal(kernel_features_cached(&b, line, sizeof(line)),
			 -ENOENT);
	unsetenv("SLICEBENCH_CACHE");
}

/* What making a kernel ready needs: named when missing, nothing once ready. */
static void test_missing_tool(void **state)
{
	const char *path = getenv("PATH");
	char saved[4096], err[512];
	struct kernel_info ki;

	(void)state;
	snprintf(saved, sizeof(saved), "%s", path ? path : "");
	assert_int_equal(lookup("deb", &ki, err), 0);
	setenv("PATH", root, 1);
	assert_string_equal(kernel_missing_tool(&ki), "apt-cache");
	snprintf(ki.image, sizeof(ki.image), "%s/bzImage", root);
	assert_null(kernel_missing_tool(&ki));
	setenv("PATH", saved, 1);
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
		cmocka_unit_test(test_config_key),
		cmocka_unit_test(test_host),
		cmocka_unit_test(test_named_images),
		cmocka_unit_test(test_add),
		cmocka_unit_test(test_missing_tool),
		cmocka_unit_test(test_features_by_content),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
