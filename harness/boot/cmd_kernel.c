// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel: list, show, fetch, build, add and test-boot kernels. */
#include <stdio.h>
#include <string.h>

#include "common/exitcodes.h"
#include "harness/boot/cmd_kernel.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/kernel_show.h"
#include "harness/cmds.h"

const char kernel_usage_text[] =
	"usage: slicebench kernel list\n"
	"       slicebench kernel show NAME\n"
	"       slicebench kernel fetch NAME\n"
	"       slicebench kernel build NAME\n"
	"       slicebench kernel add NAME --bzimage FILE | --tree DIR "
	"[--series F]\n"
	"                             [--config F] [--fragment F] "
	"[--description TEXT]\n"
	"       slicebench kernel initramfs NAME --init FILE [options]\n"
	"       slicebench kernel boot NAME --init FILE [options]\n\n"
	"NAME is a descriptor in kernels/<name>/kernel.json (NAME@VERSION:\n"
	"a Debian-type one pinned to a point release, e.g. debian@6.12.107;\n"
	"list shows the versions apt offers), 'host', or [NAME=]PATH of a\n"
	"bzImage (booted as is). add writes kernels/NAME/kernel.json for a\n"
	"bzImage or a source tree of one's own (a tree without --config or\n"
	"--fragment gets kernels/common/config.fragment); it never replaces\n"
	"one (exit 2). fetch makes the image available\n"
	"(Debian package download, or a source build); build does the\n"
	"source build of a type \"source\" kernel. boot builds an initramfs\n"
	"around --init, boots it under QEMU and prints the outcome as JSON\n"
	"(exit 0 when the guest printed 'SLICEBENCH: done status=ok';\n"
	"4 on a panic, timeout or guest failure; 2 for an output that cannot\n"
	"be written, named twice or one of the inputs, before any build or\n"
	"boot). initramfs only writes the\n"
	"archive (--init, --scenario, --initrd-out, --bin-dir, --with-perf,\n"
	"--require-agent) and prints its path. Source builds honour KSRC=DIR\n"
	"(every source kernel) or KSRC=NAME=DIR[,NAME=DIR] (those named),\n"
	"over the descriptors' tree.";

/* The end of --help: where kernels are cached and described. */
void kernel_where_help(FILE *f)
{
	fprintf(f,
		"\ncache: %s (SLICEBENCH_CACHE); descriptors: %s "
		"(SLICEBENCH_KERNELS)\n",
		kernel_cache_dir(), kernel_dir());
}

static int do_list(const char *name, int argc, char **argv)
{
	(void)name;
	(void)argc;
	(void)argv;
	return kernel_list_print();
}

/* show, fetch and build: the descriptor's facts, the image made available first
 * when @prepare. */
static int show_info(const char *sub, const char *name, int prepare)
{
	struct kernel_info ki;
	int ret = kernel_find_said(name, &ki, prepare);

	return ret ? ret : kernel_info_print(sub, name, &ki);
}

static int do_show(const char *name, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return show_info("show", name, 0);
}

static int do_fetch(const char *name, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return show_info("fetch", name, 1);
}

static int do_build(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	int ret = kernel_find_said(name, &ki, 0);

	(void)argc;
	(void)argv;
	if (!ret && !ki.backend->builds) {
		fprintf(stderr,
			"slicebench kernel build: %s is a %s kernel; use fetch\n",
			ki.name, kernel_type_name(&ki));
		return SB_EXIT_USAGE;
	}
	return ret ?: show_info("build", name, 1);
}

/* The subcommands: each gets NAME (NULL for list) and its own argv. */
static const struct kernel_sub {
	const char *name;
	int needs_name; /* `kernel SUB NAME`; else `kernel SUB` alone */
	int takes_options; /* options after NAME */
	int (*run)(const char *name, int argc, char **argv);
} subs[] = {
	{ "list", 0, 0, do_list },
	{ "show", 1, 0, do_show },
	{ "fetch", 1, 0, do_fetch },
	{ "build", 1, 0, do_build },
	{ "initramfs", 1, 1, cmd_kernel_initramfs },
	{ "boot", 1, 1, cmd_kernel_boot },
	{ "add", 1, 1, cmd_kernel_add },
};

static const struct kernel_sub *find_sub(const char *name)
{
	for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
		if (!strcmp(subs[i].name, name))
			return &subs[i];
	return NULL;
}

int cmd_kernel(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "";
	const struct kernel_sub *sub = find_sub(name);

	if (!strcmp(name, "--help") || !strcmp(name, "-h") ||
	    !strcmp(name, "help")) {
		kernel_boot_help(stdout);
		return SB_EXIT_OK;
	}
	if (sub && !sub->needs_name && argc == 2)
		return sub->run(NULL, argc - 1, argv + 1);
	if (argc < 3 || (argc > 3 && !(sub && sub->takes_options))) {
		kernel_boot_help(stderr);
		return SB_EXIT_USAGE;
	}
	if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
		if (sub && sub->takes_options) /* its own options' help */
			return sub->run(NULL, argc - 1, argv + 1);
		kernel_boot_help(stdout);
		return SB_EXIT_OK;
	}
	if (!sub || !sub->needs_name) {
		kernel_boot_help(stderr);
		return SB_EXIT_USAGE;
	}
	return sub->run(argv[2], argc - 2, argv + 2);
}
