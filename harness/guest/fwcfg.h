/* SPDX-License-Identifier: GPL-2.0 */
/* The guest side of QEMU's fw_cfg on x86: a named file read by port I/O. */
#ifndef SB_GUEST_FWCFG_H
#define SB_GUEST_FWCFG_H

#include <stddef.h>

/*
 * The content of fw_cfg file @name (e.g. "opt/sb/params") into @buf,
 * NUL-terminated, cut at @len - 1. Returns 0, -ENOENT when QEMU has no
 * such file, or -errno (-EPERM without ioperm's right).
 */
int fwcfg_read(const char *name, char *buf, size_t len);

#endif
