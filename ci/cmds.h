/* SPDX-License-Identifier: GPL-2.0 */
/* The ci part's subcommands, for the front end's table (tools/slicebench.c). */
#ifndef SB_CI_CMDS_H
#define SB_CI_CMDS_H

int cmd_compare(int argc, char **argv); /* ci/cmd_compare.c */
int cmd_gate(int argc, char **argv); /* ci/cmd_gate.c */
int cmd_report(int argc, char **argv); /* ci/cmd_report.c */

#endif
