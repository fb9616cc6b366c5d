/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one list of workloads: every generator built here and every program
 * the guest runs, each named once by its descriptor's identifier
 * (sbw_<id>, exported by the generator's own file or by external.c).
 * A new workload is its file plus one line here.
 */
#ifndef SBW_LIST_H
#define SBW_LIST_H

/* clang-format off */
#define SB_WORKLOAD_LIST(X) \
	X(massive_intr) \
	X(cyclic) \
	X(mixload) \
	X(slicectl) \
	X(cyclictest) \
	X(hackbench) \
	X(stress_ng) \
	X(spin_example)
/* clang-format on */

#endif
