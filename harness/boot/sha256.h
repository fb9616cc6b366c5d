/* SPDX-License-Identifier: GPL-2.0 */
/* SHA-256 (FIPS 180-4) of buffers and files, as lowercase hex. */
#ifndef SB_BOOT_SHA256_H
#define SB_BOOT_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t bytes;
	unsigned char block[64];
	size_t fill;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t len);
/* Finish into 64 hex digits + NUL. */
void sha256_hex(struct sha256 *s, char hex[65]);
/* Hash the file @path into @hex. Returns 0 or -errno. */
int sha256_file(const char *path, char hex[65]);

#endif
