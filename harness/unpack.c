// SPDX-License-Identifier: GPL-2.0
/* Unpack the guest's results tar: plain files and directories inside the run dir only. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/unpack.h"

#define TAR_TIMEOUT_NS (120LL * 1000000000LL)

/*
 * Less free than this on @dir's filesystem after a failed unpack: it is
 * full (QEMU's writes of the archive, or tar's, stopped at ENOSPC and left
 * at most a partial block behind).
 */
#define FULL_BELOW_BYTES (64ULL * 1024)

/* Is the filesystem of @dir out of space or of inodes? */
static int fs_full(const char *dir)
{
	struct statvfs v;

	if (statvfs(dir, &v))
		return 0;
	return (unsigned long long)v.f_bavail * v.f_frsize < FULL_BELOW_BYTES ||
	       (v.f_files && !v.f_favail);
}

/*
 * A failed unpack of @tar into @dir: -ENOSPC said so when the filesystem
 * is full (the archive cut short, or no room to unpack), else @r with @e.
 */
static int unpack_failed(const char *dir, const char *tar, int r,
			 struct sb_error *e)
{
	struct stat st;

	if (!fs_full(dir))
		return r;
	return sb_error_set(e, -ENOSPC, NULL, NULL, NULL,
			    "%s: no space left on device for the guest's "
			    "results (results.tar: %lld bytes, cut short or "
			    "not unpacked): free space, then run the same "
			    "command to resume",
			    dir, stat(tar, &st) ? 0LL : (long long)st.st_size);
}

/* A plain file or directory (tar -tv type - or d), relative, no ".." component. */
static int entry_ok(const char *name, const char *type)
{
	if (!type || (*type != '-' && *type != 'd') || *name == '/')
		return 0;
	for (const char *p = name; *p; p++)
		if ((p == name || p[-1] == '/') && p[0] == '.' && p[1] == '.' &&
		    (p[2] == '/' || !p[2]))
			return 0;
	return 1;
}

/* tar @opt @tar > @out */
static int tar_list(const char *tar, const char *opt, const char *out)
{
	const char *argv[] = { "tar", opt, tar, NULL };

	return sb_run(&(struct sb_spawn){ .argv = argv, .stdout_path = out },
		      TAR_TIMEOUT_NS);
}

/* Only plain files and directories with relative paths inside the run dir. */
static int tar_safe(const char *tar, const char *dir, struct sb_error *e)
{
	char names[PATH_MAX], types[PATH_MAX];
	char *n = NULL, *t = NULL, *np, *tp;
	size_t nl, tl;
	int r, ok = 1;

	snprintf(names, sizeof(names), "%.4000s/.tar-names", dir);
	snprintf(types, sizeof(types), "%.4000s/.tar-types", dir);
	r = tar_list(tar, "-tf", names) ?: tar_list(tar, "-tvf", types);
	if (r || sb_read_file(names, &n, &nl) || sb_read_file(types, &t, &tl)) {
		sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			     "results archive unreadable (tar %d)", r);
		ok = 0;
	}
	for (np = n, tp = t; ok && np;) {
		const char *name = strsep(&np, "\n");
		const char *type = tp ? strsep(&tp, "\n") : NULL;

		if (!*name)
			continue;
		if (!entry_ok(name, type)) {
			sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				     "results archive entry rejected: %.200s",
				     name);
			ok = 0;
		}
	}
	free(n);
	free(t);
	unlink(names);
	unlink(types);
	return ok ? 0 : -EINVAL;
}

int results_unpack(const char *dir, struct sb_error *e)
{
	char tar[PATH_MAX];
	struct stat st;
	int r;

	snprintf(tar, sizeof(tar), "%.4000s/results.tar", dir);
	if (stat(tar, &st) || !st.st_size)
		return sb_error_set(e, -ENOENT, NULL, NULL, NULL,
				    "no results arrived from the guest");
	if ((r = tar_safe(tar, dir, e)))
		return unpack_failed(dir, tar, r, e);
	r = sb_run(
		&(struct sb_spawn){
			.argv = (const char *const[]){ "tar", "-xf", tar, "-C",
						       dir, "--no-same-owner",
						       "--no-same-permissions",
						       "--touch", NULL } },
		TAR_TIMEOUT_NS);
	if (r)
		return unpack_failed(
			dir, tar,
			sb_error_set(e, -EIO, NULL, NULL, NULL,
				     "unpacking the results failed (tar %d)",
				     r),
			e);
	unlink(tar);
	return 0;
}
