// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel add NAME --bzimage FILE | --tree DIR ...: the options, then kernel_add.c's work. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

#include "common/error.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "harness/boot/cmd_kernel.h"
#include "harness/boot/kernel_add.h"

/* `kernel add`'s options: the descriptor's sources, and --help. */
struct add_opts {
	struct kernel_add a;
	int help;
};

static const struct sb_field add_rows[] = {
	{ .key = "bzimage",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.bzimage),
	  .metavar = "FILE",
	  .doc = "a bzImage of your own, booted as is (type path)" },
	{ .key = "tree",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.tree),
	  .metavar = "DIR",
	  .doc = "a kernel tree or tarball to build (type source)" },
	{ .key = "series",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.series),
	  .metavar = "F",
	  .doc = "patch queue: one *.patch per line" },
	{ .key = "config",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.config),
	  .metavar = "F",
	  .doc = "a full .config instead of tinyconfig + fragment" },
	{ .key = "fragment",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.fragment),
	  .metavar = "F",
	  .doc = "config fragment merged into tinyconfig (default: "
		 "kernels/common/config.fragment)" },
	{ .key = "description",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.description),
	  .metavar = "TEXT",
	  .doc = "one line for kernel list" },
	SB_F_HELP_ROW(struct add_opts, help),
	{ 0 },
};

int cmd_kernel_add(const char *name, int argc, char **argv)
{
	struct add_opts o = { 0 };
	char path[PATH_MAX + 16];
	struct sb_error e;
	int ret;
	struct sb_cli cli = { .usage = kernel_usage_text,
			      .help_tail = kernel_where_help,
			      .tables = { { add_rows, &o } },
			      .prog = "slicebench kernel add",
			      .on_error = SB_CLI_ERR_USAGE };

	ret = sb_cli_parse_command(&cli, argc, argv);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	ret = kernel_add(name, &o.a, path, sizeof(path), &e);
	if (ret == -EEXIST) /* the user's own file: theirs to remove */
		return sb_error_report("slicebench kernel add", ret, &e),
		       SB_EXIT_USAGE;
	if (ret)
		return sb_error_report("slicebench kernel add", ret, &e);
	printf("%s\n", path);
	return SB_EXIT_OK;
}
