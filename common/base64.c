// SPDX-License-Identifier: GPL-2.0
/*
 * Base64 (RFC 4648, with padding) written to a stream. Written here: none
 * of the libraries the tool already links has it, and one encoder is not
 * worth a new dependency.
 */
#include <errno.h>

#include "common/base64.h"

int sb_base64_write(FILE *f, const unsigned char *data, size_t len)
{
	static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				  "abcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < len; i += 3) {
		unsigned long v = (unsigned long)data[i] << 16;
		size_t left = len - i;

		if (left > 1)
			v |= (unsigned long)data[i + 1] << 8;
		if (left > 2)
			v |= data[i + 2];
		putc(abc[v >> 18 & 63], f);
		putc(abc[v >> 12 & 63], f);
		putc(left > 1 ? abc[v >> 6 & 63] : '=', f);
		putc(left > 2 ? abc[v & 63] : '=', f);
	}
	return ferror(f) ? -EIO : 0;
}
