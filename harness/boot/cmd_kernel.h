/* SPDX-License-Identifier: GPL-2.0 */
/* The parts of `slicebench kernel` across its files: the usage, the subcommands with options. */
#ifndef SB_BOOT_CMD_KERNEL_H
#define SB_BOOT_CMD_KERNEL_H

#include <stdio.h>

/* cmd_kernel.c: the usage of every subcommand, and where kernels live. */
extern const char kernel_usage_text[];
void kernel_where_help(FILE *f);

/*
 * A subcommand's front: NAME (NULL with --help) and its argv (argv[0]
 * NAME or the subcommand). Returns the exit code.
 */
int cmd_kernel_boot(const char *name, int argc,
		    char **argv); /* cmd_kernel_boot.c */
int cmd_kernel_initramfs(const char *name, int argc,
			 char **argv); /* cmd_kernel_boot.c */
int cmd_kernel_add(const char *name, int argc,
		   char **argv); /* cmd_kernel_add.c */

/* cmd_kernel_boot.c: the usage with boot's options, for `kernel --help`. */
void kernel_boot_help(FILE *f);

#endif
