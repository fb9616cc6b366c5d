/* SPDX-License-Identifier: GPL-2.0 */
/* Work counted in units of one size: runs whose work units differ are not compared on the work they did. */
#ifndef CI_WORK_UNIT_H
#define CI_WORK_UNIT_H

#include <stddef.h>

#include "ci/results.h"

/*
 * Runs compared with one another (every run of the @n result sets @sides)
 * must count work in units of one size: per workload group whose tool
 * records its unit (massive_intr: result.work_unit.iterations;
 * spin_example: result.iters_per_unit), every run recording one must record
 * the same. Where they differ, that group's figures counted in units
 * (work_units_per_s, spin_units_per_s) are left out of every run, and @why
 * (of @len bytes) says which runs differ and how. Runs recording no unit
 * (older documents) are left as they are. Returns how many groups were
 * left out: 0 when every unit agrees.
 */
size_t ci_work_units_settle(struct ci_results *const *sides, size_t n,
			    char *why, size_t len);

#endif
