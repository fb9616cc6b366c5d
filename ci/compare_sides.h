/* SPDX-License-Identifier: GPL-2.0 */
/* What compare says of its columns before comparing them: units of work settled over all, and columns of other scenarios named. */
#ifndef CI_COMPARE_SIDES_H
#define CI_COMPARE_SIDES_H

#include <stddef.h>

#include "ci/results.h"

#define CI_COMPARE_MAX_DIRS 16

/*
 * Before @n (at most CI_COMPARE_MAX_DIRS) DIRs' columns are compared:
 * their units of work settled over all of them (a warning when they
 * differ), and a warning for each DIR whose runs ran another scenario than
 * the first's (other workloads or windows: not only the kernel differs).
 */
void ci_compare_warn_sides(struct ci_results *res, size_t n);

#endif
