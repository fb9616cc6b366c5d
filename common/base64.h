/* SPDX-License-Identifier: GPL-2.0 */
/* Base64 (RFC 4648, with padding) for data: URIs, e.g. report.html's inline images. */
#ifndef SB_BASE64_H
#define SB_BASE64_H

#include <stddef.h>
#include <stdio.h>

/* Write @len bytes of @data to @f as base64; 0, or -EIO when @f failed. */
int sb_base64_write(FILE *f, const unsigned char *data, size_t len);

#endif
