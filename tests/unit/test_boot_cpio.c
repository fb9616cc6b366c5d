// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the newc writer, read back by GNU cpio (list and extract). */
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
#include "harness/boot/capture.h"
#include "harness/boot/cpio.h"

static char dir[] = "/tmp/sb-test-cpio.XXXXXX";
static char archive[600];

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(archive, sizeof(archive), "%s/a.cpio", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(dir);
}

static void write_archive(void)
{
	static const char big[] = "odd length!";
	char src[700];
	struct cpio c;

	snprintf(src, sizeof(src), "%s/src.txt", dir);
	assert_int_equal(sb_write_file_atomic(src, "from host\n", 10), 0);
	cpio_init(&c);
	assert_int_equal(cpio_add_dir(&c, "dev", 0755), 0);
	assert_int_equal(cpio_add_node(&c, "dev/null", S_IFCHR, 0666, 1, 3), 0);
	assert_int_equal(cpio_add_data(&c, "usr/lib/deep/f.txt", 0644, big,
				       strlen(big)),
			 0);
	/* The second add of a name is skipped: the first one wins. */
	assert_int_equal(cpio_add_data(&c, "usr/lib/deep/f.txt", 0644, "x", 1),
			 0);
	assert_int_equal(cpio_add_file(&c, "etc/host.txt", 0600, src), 0);
	assert_int_equal(cpio_add_symlink(&c, "bin/sh", "/bin/busybox"), 0);
	assert_int_equal(cpio_add_data(&c, "init", 0755, "#!/bin/sh\n", 10), 0);
	assert_true(cpio_has(&c, "usr/lib"));
	assert_false(cpio_has(&c, "usr/li"));
	assert_int_equal(cpio_finish(&c), 0);
	assert_int_equal(c.len % 4, 0);
	assert_int_equal(sb_write_file_atomic(archive, c.buf, c.len), 0);
	cpio_free(&c);
}

static void test_list(void **state)
{
	const char *argv[] = { "cpio", "-it", "--quiet", "-F", archive, NULL };
	static const char *const want[] = {
		"dev\n",     "dev/null\n",     "usr\n",
		"usr/lib\n", "usr/lib/deep\n", "usr/lib/deep/f.txt\n",
		"etc\n",     "etc/host.txt\n", "bin\n",
		"bin/sh\n",  "init\n",
	};
	char *out = NULL, expect[512] = "";

	(void)state;
	write_archive();
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		strcat(expect, want[i]);
	assert_int_equal(capture_run(argv, 1, 10LL * 1000000000LL, &out), 0);
	assert_string_equal(out, expect);
	free(out);
}

static void test_extract(void **state)
{
	char root[700], path[800], link[64], *text = NULL;
	const char *argv[] = { "cpio",	  "-idm",
			       "--quiet", "--no-absolute-filenames",
			       "-D",	  root,
			       "-F",	  archive,
			       NULL };
	struct stat st;
	ssize_t n;
	size_t len;
	char *out = NULL;

	(void)state;
	write_archive();
	snprintf(root, sizeof(root), "%s/x", dir);
	assert_int_equal(sb_mkdir_p(root, 0755), 0);
	/* Device nodes need root; the rest must extract exactly. */
	capture_run(argv, 1, 10LL * 1000000000LL, &out);
	free(out);
	snprintf(path, sizeof(path), "%s/usr/lib/deep/f.txt", root);
	assert_int_equal(sb_read_file(path, &text, &len), 0);
	assert_string_equal(text, "odd length!");
	free(text);
	snprintf(path, sizeof(path), "%s/etc/host.txt", root);
	assert_int_equal(sb_read_file(path, &text, &len), 0);
	assert_string_equal(text, "from host\n");
	free(text);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0600);
	snprintf(path, sizeof(path), "%s/init", root);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0755);
	snprintf(path, sizeof(path), "%s/bin/sh", root);
	n = readlink(path, link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_string_equal(link, "/bin/busybox");
}

static void test_bad_names(void **state)
{
	struct cpio c;

	(void)state;
	cpio_init(&c);
	assert_int_equal(cpio_add_dir(&c, "/abs", 0755), -EINVAL);
	/* The first error sticks. */
	assert_int_equal(cpio_add_dir(&c, "ok", 0755), -EINVAL);
	assert_int_equal(cpio_finish(&c), -EINVAL);
	cpio_free(&c);
	cpio_init(&c);
	assert_int_equal(cpio_add_file(&c, "f", 0644, "/nonexistent/x"),
			 -ENOENT);
	assert_int_equal(cpio_add_node(&c, "n", S_IFREG, 0644, 0, 0), -ENOENT);
	cpio_free(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_extract),
		cmocka_unit_test(test_bad_names),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
