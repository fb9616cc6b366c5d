/* SPDX-License-Identifier: GPL-2.0 */
/* The analyzer's subcommand, for the front end's table (tools/slicebench.c). */
#ifndef SB_ANALYZER_CMDS_H
#define SB_ANALYZER_CMDS_H

int cmd_table(int argc, char **argv); /* analyzer/cmd_table.c */

#endif
