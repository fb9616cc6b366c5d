/* SPDX-License-Identifier: GPL-2.0 */
/* Where the running kernel's tracefs is mounted. */
#ifndef SB_TRACEFS_DIR_H
#define SB_TRACEFS_DIR_H

/* /sys/kernel/tracing, or /sys/kernel/debug/tracing on kernels that mount
 * it only under debugfs. Not checked to be readable. */
const char *sb_tracefs_dir(void);

#endif
