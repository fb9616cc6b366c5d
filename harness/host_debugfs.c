// SPDX-License-Identifier: GPL-2.0
/* Host mode's debugfs: mounted when absent (as root) for as long as it is needed, then unmounted. */
#include <errno.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "common/log.h"
#include "harness/host_debugfs.h"

#define DEBUGFS_SUPER_MAGIC 0x64626720

static int debugfs_mounted(void)
{
	struct statfs st;

	return !statfs(HOST_DEBUGFS_DIR, &st) &&
	       st.f_type == DEBUGFS_SUPER_MAGIC;
}

int host_debugfs_mount(const char *features_path)
{
	size_t n = strlen(HOST_DEBUGFS_DIR);

	if (strncmp(features_path, HOST_DEBUGFS_DIR, n) ||
	    features_path[n] != '/' || geteuid() || debugfs_mounted())
		return 0;
	if (mount("debugfs", HOST_DEBUGFS_DIR, "debugfs", 0, NULL))
		return -errno;
	return 1;
}

void host_debugfs_unmount(int mounted)
{
	/* busy (someone opened a file there meanwhile): left mounted, said */
	if (mounted == 1 && umount(HOST_DEBUGFS_DIR))
		sb_warn("could not unmount the debugfs slicebench mounted at "
			"%s: %s",
			HOST_DEBUGFS_DIR, strerror(errno));
}
