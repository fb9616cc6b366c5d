/* SPDX-License-Identifier: GPL-2.0 */
/* SHA-256 of files and buffers as lowercase hex (libmd). */
#ifndef SB_SHA256_H
#define SB_SHA256_H

#include <stddef.h>

#define SB_SHA256_HEX 65 /* 64 hex digits + NUL */

/* Returns 0 or -errno. */
int sb_sha256_file(const char *path, char hex[SB_SHA256_HEX]);
void sb_sha256_buf(const void *buf, size_t len, char hex[SB_SHA256_HEX]);

#endif
