// SPDX-License-Identifier: GPL-2.0
/* Unpack the guest's results tar: plain files and directories inside the run dir only. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/unpack.h"

#define TAR_TIMEOUT_NS (120LL * 1000000000LL)

/* Only plain files and directories with relative paths inside the run dir. */
static int tar_safe(const char *tar, const char *dir, char *err, size_t errlen)
{
	char names[PATH_MAX], types[PATH_MAX];
	char *n = NULL, *t = NULL, *np, *tp;
	size_t nl, tl;
	int r, ok = 1;

	snprintf(names, sizeof(names), "%.4000s/.tar-names", dir);
	snprintf(types, sizeof(types), "%.4000s/.tar-types", dir);
	r = sb_run(&(struct sb_spawn){ .argv = (const char *const[]){ "tar", "-tf", tar, NULL }, .stdout_path = names }, TAR_TIMEOUT_NS) ?:
		    sb_run(&(struct sb_spawn){ .argv =
						       (const char *const[]){
							       "tar", "-tvf",
							       tar, NULL },
					       .stdout_path = types },
			   TAR_TIMEOUT_NS);
	if (r || sb_read_file(names, &n, &nl) || sb_read_file(types, &t, &tl)) {
		snprintf(err, errlen, "results archive unreadable (tar %d)", r);
		ok = 0;
	}
	for (np = n, tp = t; ok && np && *np; np = strchr(np, '\n') + 1) {
		size_t len = strcspn(np, "\n");

		if (!tp || !*tp || (*tp != '-' && *tp != 'd') || *np == '/' ||
		    !strncmp(np, "../", 3) || strstr(np, "/../") ||
		    (len >= 3 && !strncmp(np + len - 3, "/..", 3)) ||
		    (len == 2 && !strncmp(np, "..", 2))) {
			snprintf(err, errlen,
				 "results archive entry rejected: %.*s",
				 (int)(len > 200 ? 200 : len), np);
			ok = 0;
		}
		tp = strchr(tp, '\n');
		tp = tp ? tp + 1 : NULL;
		if (!np[len])
			break;
	}
	free(n);
	free(t);
	unlink(names);
	unlink(types);
	return ok ? 0 : -EINVAL;
}

int results_unpack(const char *dir, char *err, size_t errlen)
{
	char tar[PATH_MAX];
	struct stat st;
	int r;

	snprintf(tar, sizeof(tar), "%.4000s/results.tar", dir);
	if (stat(tar, &st) || !st.st_size) {
		snprintf(err, errlen, "no results arrived from the guest");
		return -ENOENT;
	}
	if ((r = tar_safe(tar, dir, err, errlen)))
		return r;
	r = sb_run(
		&(struct sb_spawn){
			.argv = (const char *const[]){ "tar", "-xf", tar, "-C",
						       dir, "--no-same-owner",
						       "--no-same-permissions",
						       "--touch", NULL } },
		TAR_TIMEOUT_NS);
	if (r) {
		snprintf(err, errlen, "unpacking the results failed (tar %d)",
			 r);
		return -EIO;
	}
	unlink(tar);
	return 0;
}
