/* SPDX-License-Identifier: GPL-2.0 */
/* The host's load during the runs compared (the manifests' host_load): figures per run, and the runs whose host differs from the others'. */
#ifndef CI_HOST_REGIME_H
#define CI_HOST_REGIME_H

#include <stddef.h>
#include <stdio.h>

#include "ci/columns.h"

/*
 * A run's host differs when its host CPUs busy besides the run are more
 * than twice the comparison's median (or less than half of it), and at
 * least this many points away from it.
 */
#define CI_HOST_DIFF_POINTS 10.0

/*
 * Over every run of @cols (@n columns) with a host_load: the runs whose
 * host differs (CI_HOST_DIFF_POINTS) named in @buf (@len bytes) as
 * "KERNEL/FS/REPEAT (48% busy)", comma-separated, the median into
 * *@median and into *@all_virtual (when not NULL) whether every run with a
 * host_load ran in virtual time (vm.accel "virtual": one vCPU whose clock
 * counts instructions, so the host's load moves the run's wall time, not
 * its figures). Returns how many differ: 0 when none or
 * too few runs say.
 */
size_t ci_host_differs(const struct ci_column *const *cols, size_t n,
		       double *median, int *all_virtual, char *buf, size_t len);

/*
 * "Careful: the host's load differs in ..." on @f when some run's does; when
 * every run compared ran in virtual time, that its figures did not follow.
 */
void ci_host_differs_print(FILE *f, const struct ci_column *const *cols,
			   size_t n);

#endif
