// SPDX-License-Identifier: GPL-2.0
/* Find the slicebench checkout: $SLICEBENCH_ROOT or above the executable. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/rootdir.h"

static int is_root(const char *dir)
{
	char probe[PATH_MAX];

	if (snprintf(probe, sizeof(probe), "%s/harness/guest/init", dir) >=
	    (int)sizeof(probe))
		return 0;
	return access(probe, R_OK) == 0;
}

const char *sb_self_exe(void)
{
	static char exe[PATH_MAX];
	ssize_t n;

	if (!exe[0]) {
		n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
		exe[n > 0 ? n : 0] = '\0';
	}
	return exe;
}

const char *sb_root_dir(void)
{
	static char root[PATH_MAX];
	const char *env = getenv("SLICEBENCH_ROOT");
	char exe[PATH_MAX];

	if (env && *env)
		return env;
	if (root[0])
		return root;
	snprintf(exe, sizeof(exe), "%s", sb_self_exe());
	if (exe[0]) {
		for (int up = 0; up < 4; up++) {
			char *slash = strrchr(exe, '/');

			if (!slash || slash == exe)
				break;
			*slash = '\0';
			if (is_root(exe)) {
				snprintf(root, sizeof(root), "%s", exe);
				return root;
			}
		}
	}
	snprintf(root, sizeof(root), ".");
	return root;
}

int sb_root_path(char *buf, size_t len, const char *rel)
{
	if (snprintf(buf, len, "%s/%s", sb_root_dir(), rel) >= (int)len)
		return -ENAMETOOLONG;
	return 0;
}
