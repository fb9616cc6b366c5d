/* SPDX-License-Identifier: GPL-2.0 */
/* Fairness of per-task throughput: min/max ratio and Jain's index. */
#ifndef WL_STATS_H
#define WL_STATS_H

#include <stddef.h>
#include <stdint.h>

/*
 * Jain's fairness index (sum x)^2 / (n * sum x^2): 1 when all equal, 1/n
 * when one task gets everything. 1 for n == 0 or all zero.
 */
double wl_jain_index(const uint64_t *x, size_t n);
/* min(x) / max(x); 1 for n == 0 or all zero. */
double wl_min_max_ratio(const uint64_t *x, size_t n);

#endif
