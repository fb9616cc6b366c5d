// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: kernel descriptors (harness/boot/kernel.c kernel_parse_descriptor). */
#include <stdint.h>
#include <string.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "fuzz/fuzz_io.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"

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
	fz_check(ki.backend && kernel_backend_named(kernel_type_name(&ki)) ==
				       ki.backend,
		 "a descriptor's type");
	fz_check(!strcmp(ki.machine,
			 kernel_run_of(&ki) == RUN_ON_HOST ? "" : "pc") ||
			 !strcmp(ki.machine, "microvm"),
		 "machine is pc or microvm");
	fz_check(!kernel_backend_has_key(ki.backend, "fragment") ||
			 !*ki.config != !*ki.fragment,
		 "a source kernel has exactly one of config and fragment");
	fz_check(terminated(ki.description, sizeof(ki.description)) &&
			 terminated(ki.package, sizeof(ki.package)) &&
			 terminated(ki.tree, sizeof(ki.tree)) &&
			 terminated(ki.fragment, sizeof(ki.fragment)) &&
			 terminated(ki.config, sizeof(ki.config)) &&
			 terminated(ki.image, sizeof(ki.image)) &&
			 terminated(ki.series, sizeof(ki.series)),
		 "strings are terminated");
	return 0;
}
