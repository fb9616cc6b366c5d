// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the results archive is unpacked only when every entry is safe. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/unpack.h"

static char base[64];

static int setup(void **state)
{
	(void)state;
	snprintf(base, sizeof(base), "/tmp/sb-unpack-XXXXXX");
	if (!mkdtemp(base))
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	return sb_rm_rf(base);
}

static void put(const char *rel, const char *text)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	assert_int_equal(sb_write_file_atomic(path, text, strlen(text)), 0);
}

static int exists(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	return !access(path, F_OK);
}

/* tar @args... with the archive at <base>/run/results.tar */
static void make_tar(const char *const *args)
{
	const char *argv[16] = { "tar", "-c", "-P", "-f", NULL };
	char tar[256];
	int n = 4;

	snprintf(tar, sizeof(tar), "%s/run/results.tar", base);
	argv[n++] = tar;
	for (int i = 0; args[i]; i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	assert_int_equal(sb_run(&(struct sb_spawn){ .argv = argv, .cwd = base },
				30LL * 1000000000LL),
			 0);
}

static void mk(const char *rel)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", base, rel);
	assert_int_equal(sb_mkdir_p(path, 0755), 0);
}

static void test_good_archive(void **state)
{
	char run[256];
	struct sb_error err;

	(void)state;
	mk("src/workloads");
	mk("run");
	put("src/manifest.json", "{}");
	put("src/workloads/cyclic.json", "{}");
	make_tar((const char *const[]){ "-C", "src", ".", NULL });
	snprintf(run, sizeof(run), "%s/run", base);
	assert_int_equal(results_unpack(run, &err), 0);
	assert_true(exists("run/manifest.json"));
	assert_true(exists("run/workloads/cyclic.json"));
	assert_false(exists("run/results.tar"));
}

static void expect_rejected(const char *const *args, const char *what)
{
	char run[256];
	struct sb_error err;

	snprintf(run, sizeof(run), "%s/run", base);
	make_tar(args);
	assert_int_equal(results_unpack(run, &err), -EINVAL);
	if (!strstr(err.msg, what))
		fail_msg("error \"%s\" does not name \"%s\"", err.msg, what);
}

static void test_rejects_unsafe_entries(void **state)
{
	char abs[256];

	(void)state;
	mk("run");
	mk("src/sub");
	put("src/escape", "x");
	put("src/sub/ok", "x");
	snprintf(abs, sizeof(abs), "%s/src/escape", base);
	expect_rejected((const char *const[]){ abs, NULL }, abs + 1);
	expect_rejected((const char *const[]){ "-C", "src/sub", "ok",
					       "../escape", NULL },
			"../escape");
	{
		char link[256];

		snprintf(link, sizeof(link), "%s/src/link", base);
		assert_int_equal(symlink("/etc", link), 0);
	}
	expect_rejected((const char *const[]){ "-C", "src", "link", NULL },
			"link");
	assert_false(exists("run/ok"));
	assert_false(exists("run/link"));
	assert_false(exists("escape"));
}

static void test_missing_archive(void **state)
{
	char run[256];
	struct sb_error err;

	(void)state;
	mk("run");
	snprintf(run, sizeof(run), "%s/run", base);
	assert_int_equal(results_unpack(run, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "no results arrived"));
}

/*
 * An archive on a full filesystem (a 256 KB tmpfs in a mount namespace of
 * this test, root only) says no space, not "unreadable (tar 2)".
 */
static void test_full_disk(void **state)
{
	char run[112], tar[160], full[96], *data;
	static char block[4096];
	struct sb_error err;
	size_t len;
	int fd;

	(void)state;
	snprintf(full, sizeof(full), "%s/full", base);
	mk("full");
	if (geteuid() || unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("tmpfs", full, "tmpfs", 0, "size=256k")) {
		skip();
		return;
	}
	mk("run");
	mk("src");
	for (int i = 0; i < 16; i++) {
		char name[32];

		snprintf(name, sizeof(name), "src/f%d", i);
		put(name, "some results of a run, a few bytes each\n");
	}
	make_tar((const char *const[]){ "-C", "src", ".", NULL });
	snprintf(tar, sizeof(tar), "%s/run/results.tar", base);
	assert_int_equal(sb_read_file(tar, &data, &len), 0);
	mk("full/run");
	snprintf(run, sizeof(run), "%s/run", full);
	snprintf(tar, sizeof(tar), "%s/results.tar", run);
	assert_int_equal(sb_write_file_atomic(tar, data, len), 0);
	free(data);
	/* the rest of the filesystem taken, as the guest's archive takes it */
	snprintf(tar, sizeof(tar), "%s/filler", full);
	fd = open(tar, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	assert_true(fd >= 0);
	while (write(fd, block, sizeof(block)) > 0)
		;
	close(fd);
	assert_int_equal(results_unpack(run, &err), -ENOSPC);
	if (!strstr(err.msg, "no space left on device"))
		fail_msg("error \"%s\" does not say no space", err.msg);
	assert_int_equal(umount(full), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_good_archive, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rejects_unsafe_entries,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_missing_archive, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_full_disk, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
