/* SPDX-License-Identifier: GPL-2.0 */
/* Exit codes shared by every slicebench tool. */
#ifndef SB_EXITCODES_H
#define SB_EXITCODES_H

enum sb_exit {
	SB_EXIT_OK = 0, /* success */
	SB_EXIT_REGRESSION = 1, /* a regression was found (gate) */
	SB_EXIT_USAGE = 2, /* bad usage or bad input */
	SB_EXIT_UNDECIDED = 3, /* cannot decide: too few runs, inconclusive */
	SB_EXIT_UNMEASURED = 4, /* could not measure: VM, workload, tool */
};

#endif
