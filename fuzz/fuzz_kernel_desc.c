// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: kernel descriptors (harness/boot/kernel.c kernel_parse_descriptor). */
#include <stdint.h>
#include <string.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "fuzz/fuzz_io.h"
#include "harness/boot/kernel.h"

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *path = fz_put("kernels/fz/kernel.json", data, len);
	static struct kernel_info ki;
	struct sb_error e = { 0 };
	int r = kernel_parse_descriptor(path, "fz", &ki, &e);

	if (r) {
		fz_check(e.code == r && sb_exit_code(r) == SB_EXIT_USAGE,
			 "bad input: a -errno that exits 2, in its record");
		fz_check(!strncmp(e.msg, path, strlen(path)),
			 "the message names the file");
		return 0;
	}
	fz_check(ki.type == KERNEL_DEBIAN || ki.type == KERNEL_SOURCE ||
			 ki.type == KERNEL_HOST,
		 "a descriptor's type");
	fz_check(!strcmp(ki.machine, ki.type == KERNEL_HOST ? "" : "pc") ||
			 !strcmp(ki.machine, "microvm"),
		 "machine is pc or microvm");
	fz_check(terminated(ki.description, sizeof(ki.description)) &&
			 terminated(ki.package, sizeof(ki.package)) &&
			 terminated(ki.tree, sizeof(ki.tree)) &&
			 terminated(ki.fragment, sizeof(ki.fragment)) &&
			 terminated(ki.series, sizeof(ki.series)),
		 "strings are terminated");
	return 0;
}
