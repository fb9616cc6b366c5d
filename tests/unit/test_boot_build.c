// SPDX-License-Identifier: GPL-2.0
/* Unit tests: patch series, build keys, fragment check, log errors; their error records. */
#include <setjmp.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel_build.h"

static char dir[] = "/tmp/sb-test-build.XXXXXX";

static void put(const char *name, const char *text)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
}

static const char *at(const char *name)
{
	static char path[4][600];
	static int i;

	snprintf(path[i % 4], sizeof(path[0]), "%s/%s", dir, name);
	return path[i++ % 4];
}

/* @rc came with the record @e: file, field, value and the whole line. */
static void expect_record(int rc, const struct sb_error *e, int code,
			  const char *file, const char *path, const char *value,
			  const char *msg)
{
	assert_int_equal(rc, code);
	assert_int_equal(e->code, code);
	assert_string_equal(e->file, file);
	assert_string_equal(e->path, path);
	assert_string_equal(e->value, value);
	assert_string_equal(e->msg, msg);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(dir);
}

static void test_patches(void **state)
{
	struct kernel_patches q;
	struct sb_error e;

	(void)state;
	put("one.patch", "p1");
	put("two.patch", "p2");
	put("series", "# queue\none.patch\n\n  two.patch  \n");
	assert_int_equal(kernel_patches_load(at("series"), &q, &e), 0);
	assert_int_equal(q.n, 2);
	assert_string_equal(q.path[1], at("two.patch"));
	kernel_patches_free(&q);
	assert_int_equal(kernel_patches_load("", &q, &e), 0);
	assert_int_equal(q.n, 0);
}

/* A series naming a missing patch, and a missing series: bad input (exit 2). */
static void test_patches_bad(void **state)
{
	struct kernel_patches q;
	struct sb_error e;
	char series[600], patch[600], msg[1400];
	int rc;

	(void)state;
	put("one.patch", "p1");
	put("bad-series", "one.patch\nmissing.patch\n");
	snprintf(series, sizeof(series), "%s", at("bad-series"));
	snprintf(patch, sizeof(patch), "%s", at("missing.patch"));
	snprintf(msg, sizeof(msg), "%s: patch: %s: %s", series, patch,
		 strerror(ENOENT));
	rc = kernel_patches_load(series, &q, &e);
	expect_record(rc, &e, -EINVAL, series, "patch", patch, msg);
	assert_int_equal(sb_exit_code(rc), SB_EXIT_USAGE);
	assert_int_equal(q.n, 0);
	assert_null(q.path);

	snprintf(series, sizeof(series), "%s", at("no-series"));
	snprintf(msg, sizeof(msg), "%s: cannot read the patch series", series);
	rc = kernel_patches_load(series, &q, &e);
	expect_record(rc, &e, -EINVAL, series, "", "", msg);
	assert_int_equal(sb_exit_code(rc), SB_EXIT_USAGE);
}

static void test_patch_targets(void **state)
{
	char *paths, *p;
	size_t n;

	(void)state;
	put("t.patch", "From: x\nSubject: y\n---\n"
		       "--- a/kernel/sched/core.c\t2024-01-01\n"
		       "+++ b/kernel/sched/core.c\t2024-01-01\n@@ -1 +1 @@\n"
		       "--- a/old.c\n+++ /dev/null\n"
		       "--- /dev/null\n+++ b/new/file.h\n");
	assert_int_equal(kernel_patch_targets(at("t.patch"), &paths, &n), 0);
	assert_int_equal(n, 4); /* read and written: core.c twice */
	assert_string_equal(paths, "kernel/sched/core.c");
	p = paths + strlen(paths) + 1;
	assert_string_equal(p, "kernel/sched/core.c");
	p += strlen(p) + 1;
	assert_string_equal(p, "old.c"); /* deleted */
	assert_string_equal(p + strlen(p) + 1, "new/file.h");
	free(paths);
	assert_int_equal(kernel_patch_targets(at("none"), &paths, &n), -ENOENT);
}

/*
 * A series tried in order on a copy of the files it touches: a patch on an
 * earlier one's result, a new file and a deleted one apply; one that does
 * not is named (bad input, exit 2); the tree is never written.
 */
static void test_patches_dry_run(void **state)
{
	struct kernel_patches q;
	struct sb_error e;
	char tree[600], *text;
	size_t len;
	int rc;

	(void)state;
	snprintf(tree, sizeof(tree), "%s", at("tree/sub"));
	assert_int_equal(sb_mkdir_p(tree, 0755), 0);
	snprintf(tree, sizeof(tree), "%s", at("tree"));
	put("tree/sub/a.c", "one\ntwo\nthree\n");
	put("tree/old.c", "gone\n");
	put("p1.patch", "--- a/sub/a.c\n+++ b/sub/a.c\n@@ -1,3 +1,3 @@\n"
			" one\n-two\n+TWO\n three\n");
	put("p2.patch", "--- a/sub/a.c\n+++ b/sub/a.c\n@@ -1,3 +1,3 @@\n"
			" one\n-TWO\n+2\n three\n"
			"--- /dev/null\n+++ b/new.h\n@@ -0,0 +1 @@\n+new\n"
			"--- a/old.c\n+++ /dev/null\n@@ -1 +0,0 @@\n-gone\n");
	put("p3.patch", "--- a/sub/a.c\n+++ b/sub/a.c\n@@ -1,3 +1,3 @@\n"
			" one\n-zwei\n+ZWEI\n three\n");
	put("good", "p1.patch\np2.patch\n");
	put("bad", "p1.patch\np2.patch\np3.patch\n");
	assert_int_equal(kernel_patches_load(at("good"), &q, &e), 0);
	assert_int_equal(kernel_patches_dry_run("k", tree, &q, &e), 0);
	kernel_patches_free(&q);
	assert_int_equal(kernel_patches_load(at("bad"), &q, &e), 0);
	rc = kernel_patches_dry_run("k", tree, &q, &e);
	assert_int_equal(rc, -EINVAL);
	assert_int_equal(sb_exit_code(rc), SB_EXIT_USAGE);
	assert_string_equal(e.file, at("p3.patch"));
	assert_non_null(strstr(e.msg, "patch 3 of kernel k's series does not "
				      "apply after the 2 before it"));
	kernel_patches_free(&q);
	assert_int_equal(sb_read_file(at("tree/sub/a.c"), &text, &len), 0);
	assert_string_equal(text, "one\ntwo\nthree\n");
	free(text);
	assert_int_equal(access(at("tree/new.h"), F_OK), -1);
	assert_int_equal(access(at("tree/old.c"), F_OK), 0);
}

static void test_key(void **state)
{
	struct kernel_info ki = { 0 };
	struct kernel_patches q;
	struct sb_error e;
	char k1[65], k2[65], k3[65], k4[65];

	(void)state;
	put("frag", "CONFIG_SMP=y\n");
	put("p.patch", "patch one");
	put("series", "p.patch\n");
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", at("frag"));
	q.n = 0;
	q.path = NULL;
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k1, &e), 0);
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k2, &e), 0);
	assert_string_equal(k1, k2);
	assert_int_equal(kernel_patches_load(at("series"), &q, &e), 0);
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k3, &e), 0);
	assert_string_not_equal(k1, k3);
	put("p.patch", "patch one, edited");
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k4, &e), 0);
	assert_string_not_equal(k3, k4);
	assert_int_equal(kernel_build_key(&ki, "/other", &q, k2, &e), 0);
	assert_string_not_equal(k4, k2);
	put("frag", "CONFIG_SMP=y\nCONFIG_NUMA=y\n");
	assert_int_equal(kernel_build_key(&ki, "/other", &q, k1, &e), 0);
	assert_string_not_equal(k1, k2);
	kernel_patches_free(&q);
}

/* A commit of a git tree enters the key; a kernel without one keeps its key. */
static void test_key_commit(void **state)
{
	struct kernel_info ki = { 0 };
	struct kernel_patches q = { 0 };
	struct sb_error e;
	char plain[65], a[65], b[65], again[65];

	(void)state;
	put("frag", "CONFIG_SMP=y\n");
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", at("frag"));
	assert_int_equal(kernel_build_key(&ki, "/git", &q, plain, &e), 0);
	snprintf(ki.commit, sizeof(ki.commit), "%040d", 1);
	assert_int_equal(kernel_build_key(&ki, "/git", &q, a, &e), 0);
	snprintf(ki.commit, sizeof(ki.commit), "%040d", 2);
	assert_int_equal(kernel_build_key(&ki, "/git", &q, b, &e), 0);
	assert_string_not_equal(plain, a);
	assert_string_not_equal(a, b);
	ki.commit[0] = '\0';
	assert_int_equal(kernel_build_key(&ki, "/git", &q, again, &e), 0);
	assert_string_equal(plain, again);
}

/* A full .config replaces the fragment in the key: its content counts. */
static void test_key_config(void **state)
{
	struct kernel_info ki = { 0 };
	struct kernel_patches q = { 0 };
	struct sb_error e;
	char k1[65], k2[65], k3[65], msg[1400];

	(void)state;
	put("frag", "CONFIG_SMP=y\n");
	put("config", "CONFIG_SMP=y\n");
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", at("frag"));
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k1, &e), 0);
	ki.fragment[0] = '\0';
	snprintf(ki.config, sizeof(ki.config), "%s", at("config"));
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k2, &e), 0);
	assert_string_not_equal(k1, k2); /* same text, another role */
	put("config", "CONFIG_SMP=y\nCONFIG_NUMA=y\n");
	assert_int_equal(kernel_build_key(&ki, "/src", &q, k3, &e), 0);
	assert_string_not_equal(k2, k3);
	assert_int_equal(unlink(ki.config), 0);
	snprintf(msg, sizeof(msg), "%.600s: cannot read the config", ki.config);
	expect_record(kernel_build_key(&ki, "/src", &q, k3, &e), &e, -EINVAL,
		      ki.config, "", "", msg);
}

/* An unreadable fragment or patch is bad input naming the file (exit 2). */
static void test_key_unreadable(void **state)
{
	struct kernel_info ki = { 0 };
	struct kernel_patches q;
	struct sb_error e;
	char key[65], frag[600], msg[1400];
	int rc;

	(void)state;
	put("p.patch", "patch one");
	put("series", "p.patch\n");
	assert_int_equal(kernel_patches_load(at("series"), &q, &e), 0);
	snprintf(frag, sizeof(frag), "%s", at("no-frag"));
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", frag);
	snprintf(msg, sizeof(msg), "%s: cannot read the config fragment", frag);
	rc = kernel_build_key(&ki, "/src", &q, key, &e);
	expect_record(rc, &e, -EINVAL, frag, "", "", msg);
	assert_int_equal(sb_exit_code(rc), SB_EXIT_USAGE);

	put("frag", "CONFIG_SMP=y\n");
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", at("frag"));
	assert_int_equal(unlink(q.path[0]), 0);
	snprintf(msg, sizeof(msg), "%s: cannot read", q.path[0]);
	rc = kernel_build_key(&ki, "/src", &q, key, &e);
	expect_record(rc, &e, -EINVAL, q.path[0], "", "", msg);
	kernel_patches_free(&q);
}

/* No gcc on PATH: the environment is at fault (-ENOPKG, exit 3). */
static void test_key_no_gcc(void **state)
{
	struct kernel_info ki = { 0 };
	struct kernel_patches q = { 0 };
	struct sb_error e;
	const char *env = getenv("PATH");
	char key[65], *path = strdup(env ? env : "");
	int rc;

	(void)state;
	assert_non_null(path);
	put("frag", "CONFIG_SMP=y\n");
	snprintf(ki.fragment, sizeof(ki.fragment), "%s", at("frag"));
	setenv("PATH", dir, 1); /* holds no gcc */
	rc = kernel_build_key(&ki, "/src", &q, key, &e);
	setenv("PATH", path, 1);
	free(path);
	expect_record(rc, &e, -ENOPKG, "", "", "",
		      "gcc --version failed: is gcc installed?");
	assert_int_equal(sb_exit_code(rc), SB_EXIT_UNMEASURED);
}

static void test_fragment_check(void **state)
{
	char missing[256];

	(void)state;
	put("frag", "# comment\nCONFIG_A=y\nCONFIG_HZ=1000\n"
		    "# CONFIG_B is not set\nCONFIG_C=y\nCONFIG_D=\"x y\"\n");
	put("good", "CONFIG_A=y\nCONFIG_HZ=1000\nCONFIG_C=y\nCONFIG_D=\"x y\"\n"
		    "# CONFIG_B is not set\nCONFIG_AB=y\n");
	assert_int_equal(kernel_fragment_check(at("frag"), at("good"), missing,
					       sizeof(missing)),
			 0);
	assert_string_equal(missing, "");
	put("bad", "CONFIG_AB=y\nCONFIG_HZ=250\nCONFIG_B=y\nCONFIG_C=y\n");
	assert_int_equal(kernel_fragment_check(at("frag"), at("bad"), missing,
					       sizeof(missing)),
			 4);
	assert_string_equal(missing, "CONFIG_A CONFIG_HZ CONFIG_B CONFIG_D");
	assert_true(kernel_fragment_check(at("nofile"), at("bad"), missing,
					  sizeof(missing)) < 0);
}

static void test_log_errors(void **state)
{
	char out[256];

	(void)state;
	put("log", "  CC kernel/a.o\nkernel/b.c:3:1: error: expected ';'\n"
		   "make[2]: *** [b.o] Error 1\nmake: leaving\n");
	kernel_build_log_errors(at("log"), out, sizeof(out));
	assert_string_equal(out, "kernel/b.c:3:1: error: expected ';' | "
				 "make[2]: *** [b.o] Error 1");
	put("log", "one\ntwo\nthree\nfour\n");
	kernel_build_log_errors(at("log"), out, sizeof(out));
	assert_string_equal(out, "two | three | four");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_patches),
		cmocka_unit_test(test_patches_bad),
		cmocka_unit_test(test_patch_targets),
		cmocka_unit_test(test_patches_dry_run),
		cmocka_unit_test(test_key),
		cmocka_unit_test(test_key_commit),
		cmocka_unit_test(test_key_config),
		cmocka_unit_test(test_key_unreadable),
		cmocka_unit_test(test_key_no_gcc),
		cmocka_unit_test(test_fragment_check),
		cmocka_unit_test(test_log_errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
