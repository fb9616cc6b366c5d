/* SPDX-License-Identifier: GPL-2.0 */
/* The merge room's subcommands, for the front end's table (tools/slicebench.c). */
#ifndef SB_MERGE_CMDS_H
#define SB_MERGE_CMDS_H

int cmd_check(int argc, char **argv); /* merge/cmd_check.c */
int cmd_bisect(int argc, char **argv); /* merge/cmd_bisect.c */

#endif
