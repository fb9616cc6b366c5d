// SPDX-License-Identifier: GPL-2.0
/* SHA-256 hex digests through libmd (small to load: loading libcrypto slowed every command's start; docs/performance.md). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include <sha2.h>

#include "common/sha256.h"

_Static_assert(SB_SHA256_HEX == SHA256_DIGEST_STRING_LENGTH,
	       "a hex digest and its NUL");

void sb_sha256_buf(const void *buf, size_t len, char hex[SB_SHA256_HEX])
{
	SHA256Data(buf, len, hex);
}

int sb_sha256_file(const char *path, char hex[SB_SHA256_HEX])
{
	uint8_t chunk[65536];
	SHA2_CTX ctx;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	SHA256Init(&ctx);
	while ((got = read(fd, chunk, sizeof(chunk))) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		SHA256Update(&ctx, chunk, (size_t)got);
	}
	close(fd);
	if (!ret)
		SHA256End(&ctx, hex);
	return ret;
}
