// SPDX-License-Identifier: GPL-2.0
/* The guest side of QEMU's fw_cfg on x86: a named file read by port I/O. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/io.h>

#include "harness/guest/fwcfg.h"

#define FW_CFG_PORT_SEL 0x510
#define FW_CFG_PORT_DATA 0x511
#define FW_CFG_FILE_DIR 0x19
#define FW_CFG_NAME_LEN 56

/* @n bytes of the selected item, big endian, as a number. */
static uint32_t take_be(int n)
{
	uint32_t v = 0;

	while (n--)
		v = v << 8 | inb(FW_CFG_PORT_DATA);
	return v;
}

int fwcfg_read(const char *name, char *buf, size_t len)
{
	uint32_t count;

	if (!len)
		return -EINVAL;
	if (ioperm(FW_CFG_PORT_SEL, 2, 1))
		return -errno;
	outw(FW_CFG_FILE_DIR, FW_CFG_PORT_SEL);
	count = take_be(4);
	for (uint32_t i = 0; i < count && i < 4096; i++) {
		uint32_t size = take_be(4);
		uint16_t select = (uint16_t)take_be(2);
		char fname[FW_CFG_NAME_LEN + 1];
		size_t n;

		take_be(2); /* reserved */
		for (int c = 0; c < FW_CFG_NAME_LEN; c++)
			fname[c] = (char)inb(FW_CFG_PORT_DATA);
		fname[FW_CFG_NAME_LEN] = '\0';
		if (strcmp(fname, name))
			continue;
		outw(select, FW_CFG_PORT_SEL);
		n = size < len - 1 ? size : len - 1;
		for (size_t c = 0; c < n; c++)
			buf[c] = (char)inb(FW_CFG_PORT_DATA);
		buf[n] = '\0';
		return 0;
	}
	return -ENOENT;
}
