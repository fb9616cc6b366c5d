/* SPDX-License-Identifier: GPL-2.0 */
/* Host mode's debugfs: mounted when absent (as root) for as long as it is needed, then unmounted. */
#ifndef SB_HOST_DEBUGFS_H
#define SB_HOST_DEBUGFS_H

#define HOST_DEBUGFS_DIR "/sys/kernel/debug"

/*
 * @features_path (the features file host mode uses) lies under debugfs,
 * which is not mounted, and this process is root: mount it. 1 when this
 * call mounted it, 0 when there was nothing to do (a stand-in file, not
 * root, already mounted), or -errno of mount(2).
 */
int host_debugfs_mount(const char *features_path);

/* Undo a host_debugfs_mount() that returned 1 (else nothing). */
void host_debugfs_unmount(int mounted);

#endif
