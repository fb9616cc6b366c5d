// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the output rules: same-file detection, paths under a directory, the checks before work, mode and owner kept. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/atomicio.h"
#include "common/outcheck.h"
#include "common/outfile.h"

struct tmp {
	char dir[64];
	char path[8][512];
};

/* A temp directory and @n paths in it named by @names. */
static void tmp_make(struct tmp *t, const char *const *names, size_t n)
{
	snprintf(t->dir, sizeof(t->dir), "/tmp/sboutXXXXXX");
	assert_non_null(mkdtemp(t->dir));
	for (size_t i = 0; i < n; i++)
		snprintf(t->path[i], sizeof(t->path[i]), "%s/%s", t->dir,
			 names[i]);
}

static void put(const char *path, const char *text, mode_t mode)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	assert_int_equal(chmod(path, mode), 0);
}

static void assert_holds(const char *path, const char *want)
{
	char *buf;
	size_t len;

	assert_int_equal(sb_read_file(path, &buf, &len), 0);
	assert_string_equal(buf, want);
	free(buf);
}

/* A pure string test with a component boundary. */
static void test_path_under(void **state)
{
	(void)state;
	assert_true(sb_path_under("/a/b", "/a/b"));
	assert_true(sb_path_under("/a/b", "/a/b/c"));
	assert_true(sb_path_under("/a/b/", "/a/b/c/d.json"));
	assert_false(sb_path_under("/a/b", "/a/bc"));
	assert_false(sb_path_under("/a/b", "/a"));
	assert_false(sb_path_under("/a/b/c", "/a/b"));
	assert_true(sb_path_under("/", "/x"));
}

/* By inode where both exist (through links, hard or symbolic), by path otherwise. */
static void test_same_file(void **state)
{
	static const char *const names[] = { "f", "hard", "sym",
					     "g", "new",  "sub" };
	char other[600];
	struct tmp t = { 0 };

	(void)state;
	tmp_make(&t, names, 6);
	put(t.path[0], "x", 0644);
	put(t.path[3], "y", 0644);
	assert_int_equal(link(t.path[0], t.path[1]), 0);
	assert_int_equal(symlink("f", t.path[2]), 0);
	assert_int_equal(mkdir(t.path[5], 0755), 0);
	assert_true(sb_same_file(t.path[0], t.path[0]));
	assert_true(sb_same_file(t.path[0], t.path[1]));
	assert_true(sb_same_file(t.path[2], t.path[0]));
	assert_false(sb_same_file(t.path[0], t.path[3]));
	/* not there: the same path spelled two ways */
	snprintf(other, sizeof(other), "%s/sub/../new", t.dir);
	assert_true(sb_same_file(t.path[4], other));
	snprintf(other, sizeof(other), "%s/sub/new", t.dir);
	assert_false(sb_same_file(t.path[4], other));
	/* one there, one not */
	assert_false(sb_same_file(t.path[0], t.path[4]));
	assert_int_equal(sb_rm_rf(t.dir), 0);
}

/* Twice, an input, inside an input directory, no directory: refused, naming both. */
static void test_check_all(void **state)
{
	static const char *const names[] = { "in.json", "run", "run/1.json",
					     "out.json", "link" };
	struct sb_path_use outs[3] = { { "--json", NULL },
				       { "--junit", NULL },
				       { "--markdown", NULL } },
			   ins[2] = { { "--rules", NULL },
				      { "the results", NULL } };
	struct sb_error e;
	struct tmp t = { 0 };
	struct stat st;

	(void)state;
	tmp_make(&t, names, 5);
	put(t.path[0], "{}", 0644);
	assert_int_equal(mkdir(t.path[1], 0755), 0);
	put(t.path[2], "{}", 0644);
	ins[0].path = t.path[0];
	ins[1].path = t.path[1];

	outs[0].path = t.path[3];
	outs[1].path = "-";
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), 0);
	assert_int_equal(stat(t.path[3], &st), -1); /* the probe left nothing */

	outs[1].path = t.path[3];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "--junit: "));
	assert_non_null(strstr(e.msg, "--json names it too"));

	outs[1].path = "-";
	outs[2].path = "-";
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "standard output takes one output"));
	outs[2].path = NULL;

	outs[0].path = t.path[0];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "is --rules"));
	/* through a symlink to the input */
	assert_int_equal(symlink("in.json", t.path[4]), 0);
	outs[0].path = t.path[4];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);

	outs[0].path = t.path[2];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "lies inside the results"));
	outs[0].path = t.path[1];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 2, &e), -EINVAL);

	outs[0].path = "/nonexistent/x.json";
	assert_int_equal(sb_out_check_all(outs, 3, NULL, 0, &e), -EINVAL);
	assert_string_equal(e.msg,
			    "--json: /nonexistent/x.json: no such directory: "
			    "create it first (or - for standard output)");
	outs[0].path = t.dir;
	assert_int_equal(sb_out_check_all(outs, 3, NULL, 0, &e), -EINVAL);
	assert_non_null(strstr(e.msg, "is a directory"));
	/* inputs not there are skipped */
	ins[0].path = "/nonexistent/rules.json";
	outs[0].path = t.path[3];
	assert_int_equal(sb_out_check_all(outs, 3, ins, 1, &e), 0);
	assert_int_equal(sb_rm_rf(t.dir), 0);
}

/* An output directory: made under its nearest existing directory, never under a file. */
static void test_dir_check(void **state)
{
	static const char *const names[] = { "file", "new/a/b", "file/x" };
	struct sb_error e;
	struct tmp t = { 0 };

	(void)state;
	tmp_make(&t, names, 3);
	put(t.path[0], "x", 0644);
	assert_int_equal(sb_out_dir_check("--out", t.dir, &e), 0);
	assert_int_equal(sb_out_dir_check("--out", t.path[1], &e), 0);
	assert_int_equal(sb_out_dir_check("--out", t.path[0], &e), -EINVAL);
	assert_non_null(strstr(e.msg, "--out: "));
	assert_non_null(strstr(e.msg, "Not a directory"));
	assert_int_equal(sb_out_dir_check("--out", t.path[2], &e), -EINVAL);
	assert_int_equal(sb_rm_rf(t.dir), 0);
}

/*
 * A regular file replaced keeps its mode (and owner, as root); a symlink
 * is written through, its target keeping inode and mode; a hard-linked
 * file is written in place so that every name sees the new content.
 */
static void test_write_keeps(void **state)
{
	static const char *const names[] = { "private", "link", "hard",
					     "fresh" };
	struct stat before, after;
	struct tmp t = { 0 };

	(void)state;
	tmp_make(&t, names, 4);
	put(t.path[0], "secret\n", 0600);
	if (!geteuid())
		assert_int_equal(chown(t.path[0], 65534, 65534), 0);
	assert_int_equal(stat(t.path[0], &before), 0);
	assert_int_equal(sb_out_write(t.path[0], "new\n", 4), 0);
	assert_int_equal(stat(t.path[0], &after), 0);
	assert_holds(t.path[0], "new\n");
	assert_int_equal(after.st_mode & 07777, 0600);
	assert_int_equal(after.st_uid, before.st_uid);
	assert_int_equal(after.st_gid, before.st_gid);

	assert_int_equal(symlink("private", t.path[1]), 0);
	assert_int_equal(stat(t.path[0], &before), 0);
	assert_int_equal(sb_out_write(t.path[1], "via link\n", 9), 0);
	assert_int_equal(lstat(t.path[1], &after), 0);
	assert_true(S_ISLNK(after.st_mode));
	assert_int_equal(stat(t.path[0], &after), 0);
	assert_int_equal(after.st_ino, before.st_ino);
	assert_int_equal(after.st_mode & 07777, 0600);
	assert_int_equal(after.st_uid, before.st_uid);
	assert_holds(t.path[0], "via link\n");

	assert_int_equal(link(t.path[0], t.path[2]), 0);
	assert_int_equal(sb_out_write(t.path[2], "both\n", 5), 0);
	assert_holds(t.path[0], "both\n");
	assert_int_equal(stat(t.path[2], &after), 0);
	assert_int_equal(after.st_ino, before.st_ino);

	/* a new file: 0666 less the umask, as a shell makes it */
	mode_t old = umask(022);

	assert_int_equal(sb_out_write(t.path[3], "x", 1), 0);
	umask(old);
	assert_int_equal(stat(t.path[3], &after), 0);
	assert_int_equal(after.st_mode & 07777, 0644);
	assert_int_equal(sb_rm_rf(t.dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path_under),
		cmocka_unit_test(test_same_file),
		cmocka_unit_test(test_check_all),
		cmocka_unit_test(test_dir_check),
		cmocka_unit_test(test_write_keeps),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
