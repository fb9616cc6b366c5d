// SPDX-License-Identifier: GPL-2.0
/* Fairness figures over per-task counts. */
#include "workloads/lib/stats.h"

double wl_jain_index(const uint64_t *x, size_t n)
{
	long double sum = 0, sq = 0;

	for (size_t i = 0; i < n; i++) {
		sum += x[i];
		sq += (long double)x[i] * x[i];
	}
	if (!n || sq == 0)
		return 1.0;
	return (double)(sum * sum / ((long double)n * sq));
}

double wl_min_max_ratio(const uint64_t *x, size_t n)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t i = 0; i < n; i++) {
		if (x[i] < lo)
			lo = x[i];
		if (x[i] > hi)
			hi = x[i];
	}
	return hi ? (double)lo / (double)hi : 1.0;
}
