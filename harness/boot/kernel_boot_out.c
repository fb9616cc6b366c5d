// SPDX-License-Identifier: GPL-2.0
/* The files `kernel boot` and `kernel initramfs` write: checked up front, "-" staged through a temp file. */
#include <stdio.h>
#include <string.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "common/outcheck.h"
#include "common/outfile.h"
#include "harness/boot/kernel_boot_out.h"

int kernel_boot_outputs_ok(const char *cmd, const char *name,
			   const struct kernel_boot_settings *s)
{
	const struct sb_path_use outs[] = { { "--results-out", s->results_out },
					    { "--console", s->console },
					    { "--initrd-out", s->initrd_out } },
				 ins[] = { { "--init", s->init },
					   { "--scenario", s->scenario },
					   { "KERNEL", name } };
	struct sb_error e;
	char prog[64];
	int r = sb_out_check_all(outs, 3, ins, 3, &e);

	snprintf(prog, sizeof(prog), "slicebench kernel %s", cmd);
	return r ? sb_error_report(prog, r, &e) : 0;
}

int kernel_boot_stage(const char *cmd, struct kernel_boot_settings *s,
		      struct kernel_boot_staged *st)
{
	int r;

	memset(st, 0, sizeof(*st));
	r = sb_out_stage(&s->results_out, st->results, sizeof(st->results));
	if (r >= 0)
		r = sb_out_stage(&s->console, st->console, sizeof(st->console));
	if (r >= 0)
		r = sb_out_stage(&s->initrd_out, st->initrd,
				 sizeof(st->initrd));
	if (r < 0) {
		fprintf(stderr, "slicebench kernel %s: a temp file: %s\n", cmd,
			strerror(-r));
		return SB_EXIT_UNMEASURED;
	}
	return 0;
}

int kernel_boot_unstage(const char *cmd, const struct kernel_boot_staged *st,
			int code)
{
	const char *const all[] = { st->results, st->console, st->initrd };
	int r = 0;

	for (int i = 0; i < 3; i++) {
		int u = sb_out_unstage(all[i]);

		if (u && !r)
			r = u;
	}
	if (!r)
		return code;
	fprintf(stderr, "slicebench kernel %s: standard output: %s\n", cmd,
		strerror(-r));
	return SB_EXIT_UNMEASURED;
}
