// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel cache's pruning. Snapshots (harness/boot/vm_snapshot.c): the
 * least recently used go with their RAM files and makers' lock files, lock
 * files of snapshots gone before go too with any RAM file a maker left,
 * and a lock a maker holds stays with its RAM.
 * Initramfs archives (harness/boot/initramfs.c): those beyond the 16 last
 * used and unused for a day go with their stamps.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "harness/boot/initramfs.h"
#include "harness/boot/vm_snapshot.h"

static char dir[64];

static void touch(const char *name, time_t used)
{
	char path[256];
	struct timespec t[2] = { { used, 0 }, { used, 0 } };
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(utimensat(AT_FDCWD, path, t, 0), 0);
}

static int there(const char *name)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return !access(path, F_OK);
}

static void test_prune(void **state)
{
	static const char *const snaps[] = { "a", "b", "c", "d", "e", "f", "g" };
	char name[128], held[128];
	int fd;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/sb-prune-XXXXXX");
	assert_non_null(mkdtemp(dir));
	for (int i = 0; i < 7; i++) {
		snprintf(name, sizeof(name), "%s.qemu", snaps[i]);
		touch(name, 1000 + i); /* a is the least recently used */
		snprintf(name, sizeof(name), "%s.qemu.lock", snaps[i]);
		touch(name, 1000);
		snprintf(name, sizeof(name), "%s.ram", snaps[i]);
		touch(name, 1000);
	}
	touch("a.ram.0", 1000); /* a NUMA guest's nodes */
	touch("a.ram.1", 1000);
	touch("gone.qemu.lock", 1000); /* its snapshot deleted before */
	touch("gone.ram", 1000); /* by a maker that never finished */
	touch("making.qemu.lock", 1000); /* its snapshot being made */
	touch("making.ram", 1000);
	snprintf(held, sizeof(held), "%s/making.qemu.lock", dir);
	fd = open(held, O_RDWR);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX), 0);

	vm_snapshot_prune(dir);
	/* room for one more of SNAPSHOTS_KEPT (6): the two oldest go */
	assert_false(there("a.qemu"));
	assert_false(there("b.qemu"));
	assert_false(there("a.qemu.lock"));
	assert_false(there("b.qemu.lock"));
	assert_false(there("a.ram"));
	assert_false(there("a.ram.0"));
	assert_false(there("a.ram.1"));
	assert_false(there("b.ram"));
	for (int i = 2; i < 7; i++) {
		snprintf(name, sizeof(name), "%s.qemu", snaps[i]);
		assert_true(there(name));
		snprintf(name, sizeof(name), "%s.qemu.lock", snaps[i]);
		assert_true(there(name));
		snprintf(name, sizeof(name), "%s.ram", snaps[i]);
		assert_true(there(name));
	}
	assert_false(there("gone.qemu.lock"));
	assert_false(there("gone.ram"));
	assert_true(there("making.qemu.lock"));
	assert_true(there("making.ram"));
	close(fd);

	vm_snapshot_prune(dir); /* unheld now, and no snapshot: it goes */
	assert_false(there("making.qemu.lock"));
	assert_false(there("making.ram"));
	assert_true(there("c.qemu"));
	assert_true(there("c.ram"));
	for (int i = 2; i < 7; i++) {
		static const char *const kinds[] = { "qemu", "qemu.lock",
						     "ram" };

		for (int j = 0; j < 3; j++) {
			snprintf(name, sizeof(name), "%s/%s.%s", dir, snaps[i],
				 kinds[j]);
			unlink(name);
		}
	}
	assert_int_equal(rmdir(dir), 0);
}

static void test_initramfs_prune(void **state)
{
	char name[128];
	time_t now = time(NULL);

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/sb-prune-XXXXXX");
	assert_non_null(mkdtemp(dir));
	/* 20 archives, 0 the least recently used; 0-2 unused for two days */
	for (int i = 0; i < 20; i++) {
		time_t used = i < 3 ? now - 2 * 86400 + i : now - 60 + i;

		snprintf(name, sizeof(name), "k-%02d.cpio", i);
		touch(name, used);
		snprintf(name, sizeof(name), "k-%02d.cpio.plan", i);
		touch(name, used);
	}
	initramfs_prune(dir);
	for (int i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "k-%02d.cpio", i);
		/* beyond the 16 last used, only the old ones go */
		assert_int_equal(there(name), i >= 3);
		snprintf(name, sizeof(name), "k-%02d.cpio.plan", i);
		assert_int_equal(there(name), i >= 3);
		snprintf(name, sizeof(name), "%s/k-%02d.cpio", dir, i);
		unlink(name);
		strcat(name, ".plan");
		unlink(name);
	}
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prune),
		cmocka_unit_test(test_initramfs_prune),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
