/* SPDX-License-Identifier: GPL-2.0 */
/* The slicebench subcommands; each lives with the part it drives. */
#ifndef SB_COMMANDS_H
#define SB_COMMANDS_H

int cmd_run(int argc, char **argv); /* harness/cmd_run.c */
int cmd_plan(int argc, char **argv); /* harness/scale/cmd_plan.c */
int cmd_merge(int argc, char **argv); /* harness/scale/cmd_merge.c */
int cmd_kernel(int argc, char **argv); /* harness/boot/cmd_kernel.c */
int cmd_table(int argc, char **argv); /* analyzer/cmd_table.c */
int cmd_compare(int argc, char **argv); /* ci/cmd_compare.c */
int cmd_gate(int argc, char **argv); /* ci/cmd_gate.c */
int cmd_check(int argc, char **argv); /* harness/cmd_check.c */
int cmd_report(int argc, char **argv); /* ci/cmd_report.c */

#endif
