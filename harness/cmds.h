/* SPDX-License-Identifier: GPL-2.0 */
/* The harness's subcommands, for the front end's table (tools/slicebench.c). */
#ifndef SB_HARNESS_CMDS_H
#define SB_HARNESS_CMDS_H

int cmd_run(int argc, char **argv); /* harness/cmd_run.c */
int cmd_plan(int argc, char **argv); /* harness/scale/cmd_plan.c */
int cmd_merge(int argc, char **argv); /* harness/scale/cmd_merge.c */
int cmd_kernel(int argc, char **argv); /* harness/boot/cmd_kernel.c */

#endif
