// SPDX-License-Identifier: GPL-2.0
/* SHA-256 hex digests through OpenSSL's EVP interface. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <openssl/evp.h>

#include "common/sha256.h"

static void to_hex(const unsigned char *md, unsigned int n,
		   char hex[SB_SHA256_HEX])
{
	for (unsigned int i = 0; i < n && i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

void sb_sha256_buf(const void *buf, size_t len, char hex[SB_SHA256_HEX])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;

	EVP_Digest(buf, len, md, &n, EVP_sha256(), NULL);
	to_hex(md, n, hex);
}

int sb_sha256_file(const char *path, char hex[SB_SHA256_HEX])
{
	unsigned char md[EVP_MAX_MD_SIZE], chunk[65536];
	unsigned int n = 0;
	EVP_MD_CTX *ctx;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	ctx = EVP_MD_CTX_new();
	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
		close(fd);
		EVP_MD_CTX_free(ctx);
		return -ENOMEM;
	}
	while ((got = read(fd, chunk, sizeof(chunk))) != 0) {
		if (got < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		EVP_DigestUpdate(ctx, chunk, (size_t)got);
	}
	if (!ret)
		EVP_DigestFinal_ex(ctx, md, &n);
	EVP_MD_CTX_free(ctx);
	close(fd);
	if (!ret)
		to_hex(md, n, hex);
	return ret;
}
