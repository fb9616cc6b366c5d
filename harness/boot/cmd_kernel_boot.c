// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel boot|initramfs NAME [options]: the options, then kernel_boot.c's work. */
#include <stddef.h>
#include <stdio.h>

#include "common/exitcodes.h"
#include "common/opts.h"
#include "harness/boot/cmd_kernel.h"
#include "harness/boot/kernel_boot.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_accel.h"

struct boot_opts {
	struct kernel_boot_settings s;
	int help;
};

static const struct boot_opts boot_defaults = {
	.s = { .cpus = 2,
	       .memory_mb = 1024,
	       .icount_shift = 1,
	       .accel = "auto",
	       .timeout_ns = 120000000000ULL }
};

static const struct sb_field boot_rows[] = {
	{ .key = "init",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.init),
	  .metavar = "FILE",
	  .doc = "guest /init (required): a busybox sh script or "
		 "program" },
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.scenario),
	  .metavar = "FILE",
	  .doc = "put FILE at /etc/slicebench/scenario.json" },
	{ .key = "timeout",
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct boot_opts, s.timeout_ns),
	  .metavar = "DUR",
	  .doc = "hard limit for boot-run-poweroff",
	  .min = 1,
	  .max = VM_TIMEOUT_MAX_NS },
	{ .key = "results-out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.results_out),
	  .metavar = "FILE",
	  .doc = "host file receiving the 'results' port (- for standard "
		 "output, then the outcome on stderr)" },
	{ .key = "console",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.console),
	  .metavar = "FILE",
	  .doc = "serial console log (default: a temp file; -: "
		 "standard output)" },
	{ .key = "initrd-out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.initrd_out),
	  .metavar = "FILE",
	  .doc = "where to write the initramfs (default: in the cache; "
		 "-: standard output)" },
	VM_ACCEL_ROW(struct boot_opts, s.accel,
		     "how QEMU runs the guest: " VM_ACCELS " (default auto)"),
	{ .key = "icount-shift",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, s.icount_shift),
	  .metavar = "N",
	  .doc = "icount shift",
	  .max = VM_ICOUNT_SHIFT_MAX },
	{ .key = "cpus",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, s.cpus),
	  .metavar = "N",
	  .doc = "guest CPUs",
	  .min = 1,
	  .max = VM_CPUS_MAX },
	{ .key = "memory",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, s.memory_mb),
	  .metavar = "MB",
	  .doc = "guest memory in MB",
	  .min = VM_MEMORY_MB_MIN,
	  .max = VM_MEMORY_MB_MAX },
	{ .key = "append",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.append),
	  .metavar = "ARGS",
	  .doc = "extra kernel command line" },
	{ .key = "numa",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.numa),
	  .metavar = "C:MB,...",
	  .doc = "NUMA nodes, e.g. 0:512,1:512 (CPUs as 0 or 0-1)" },
	{ .key = "bin-dir",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, s.bin_dir),
	  .metavar = "DIR",
	  .doc = "static slicebench binaries (default build/bin)" },
	{ .key = "with-perf",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct boot_opts, s.with_perf),
	  .doc = "add perf and its libraries" },
	{ .key = "require-agent",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct boot_opts, s.require_agent),
	  .doc = "fail when BIN_DIR/sbguest is missing (the real guest)" },
	SB_F_HELP_ROW(struct boot_opts, help),
	{ 0 },
};

/* The command line of `kernel boot|initramfs NAME [options]` into @o. */
#define BOOT_CLI(o)                                                            \
	{                                                                      \
		.usage = kernel_usage_text, .help_tail = kernel_where_help,    \
		.tables = { { boot_rows, (o) } }, .prog = "slicebench kernel", \
		.on_error = SB_CLI_ERR_HELP                                    \
	}

void kernel_boot_help(FILE *f)
{
	struct boot_opts o = boot_defaults;
	const struct sb_cli cli = BOOT_CLI(&o);

	sb_cli_help(&cli, f);
}

/* The options after NAME into @o. SB_CLI_CONTINUE or an exit code. */
static int parse_boot(int argc, char **argv, struct boot_opts *o)
{
	const struct sb_cli cli = BOOT_CLI(o);

	return sb_cli_parse_command(&cli, argc, argv);
}

int cmd_kernel_initramfs(const char *name, int argc, char **argv)
{
	struct boot_opts o = boot_defaults;
	int ret = parse_boot(argc, argv, &o);

	o.s.argc = argc;
	o.s.argv = argv;
	return ret != SB_CLI_CONTINUE ? ret : kernel_initramfs_cmd(name, &o.s);
}

int cmd_kernel_boot(const char *name, int argc, char **argv)
{
	struct boot_opts o = boot_defaults;
	int ret = parse_boot(argc, argv, &o);

	o.s.argc = argc;
	o.s.argv = argv;
	return ret != SB_CLI_CONTINUE ? ret : kernel_boot_cmd(name, &o.s);
}
