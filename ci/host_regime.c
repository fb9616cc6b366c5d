// SPDX-License-Identifier: GPL-2.0
/* The host's load during the runs compared (the manifests' host_load): figures per run, and the runs whose host differs from the others'. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ci/host_regime.h"
#include "ci/stats.h"
#include "common/accel.h"
#include "common/fmt.h"

#define MAX_RUNS 256

static int differs(double v, double median)
{
	return fabs(v - median) >= CI_HOST_DIFF_POINTS &&
	       (v > 2 * median || v < median / 2);
}

size_t ci_host_differs(const struct ci_column *const *cols, size_t n,
		       double *median, int *all_virtual, char *buf, size_t len)
{
	double x[MAX_RUNS], sorted[MAX_RUNS];
	const struct ci_run *who[MAX_RUNS];
	size_t k = 0, bad = 0, off = 0;

	*buf = '\0';
	if (all_virtual)
		*all_virtual = 1;
	for (size_t c = 0; c < n; c++)
		for (size_t r = 0; r < cols[c]->n_runs && k < MAX_RUNS; r++) {
			const struct ci_manifest *m =
				&cols[c]->runs[r]->manifest;

			if (!m->host_load.said)
				continue;
			who[k] = cols[c]->runs[r];
			x[k++] = m->host_load.others_pct;
			if (all_virtual)
				*all_virtual &= sb_accel_is(m->accel, sealed);
		}
	if (k < 3) /* two runs have no "others" to differ from */
		return 0;
	for (size_t i = 0; i < k; i++)
		sorted[i] = x[i];
	*median = ci_median(sorted, k);
	for (size_t i = 0; i < k; i++)
		if (differs(x[i], *median))
			sb_fmt_append(buf, len, &off,
				      "%s%s/%s/%u (%.0f%% busy)",
				      bad++ ? ", " : "", who[i]->kernel,
				      who[i]->fs, who[i]->repeat, x[i]);
	return bad;
}

void ci_host_differs_print(FILE *f, const struct ci_column *const *cols,
			   size_t n)
{
	char names[1024];
	double median;
	int virt;

	if (!ci_host_differs(cols, n, &median, &virt, names, sizeof(names)))
		return;
	if (virt)
		fprintf(f,
			"\nThe host's load differs in %s, against a median of "
			"%.0f%% of the host's CPUs busy besides a run: in "
			"virtual time it moved their wall time, not their "
			"figures (docs/performance.md).\n",
			names, median);
	else
		fprintf(f,
			"\nCareful: the host's load differs in %s, against a "
			"median of %.0f%% of the host's CPUs busy besides a "
			"run: their figures follow the host, not the kernel "
			"(docs/performance.md).\n",
			names, median);
}
