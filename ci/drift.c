// SPDX-License-Identifier: GPL-2.0
/* Drift over run order: a series' lag-1 serial correlation, a test of it, and how much it leaves the variance of its mean above what the runs' own spread says. */
#include <math.h>

#include "ci/drift.h"
#include "ci/stats.h"

/* Beyond this the factor grows without bound: the runs are one value. */
#define RHO_CAP 0.9

double ci_lag1(const double *x, size_t n)
{
	double m = ci_mean(x, n), num = 0, den = 0;

	if (n < 3)
		return 0;
	for (size_t i = 0; i < n; i++) {
		den += (x[i] - m) * (x[i] - m);
		if (i + 1 < n)
			num += (x[i] - m) * (x[i + 1] - m);
	}
	return den > 0 ? num / den : 0;
}

double ci_drift_factor(double rho, size_t n)
{
	double s = 0, pk = 1;

	if (!(rho > 0) || n < 2)
		return 1;
	rho = fmin(rho, RHO_CAP);
	for (size_t k = 1; k < n; k++) {
		pk *= rho;
		s += (1 - (double)k / (double)n) * pk;
	}
	return (1 + 2 * s) / (1 - 2 * s / (double)(n - 1));
}

/*
 * The p of ci_drift_of: under no serial correlation (any values, their
 * order random) r has mean -1/n and standard deviation (n-2)/(n sqrt(n-1));
 * read against the normal. Measured on 200,000 independent normal series
 * a length, those moments held to the third digit from 4 to 80 values and
 * the normal's 95 % point was 0.29 where the true one is 0.31 at 5
 * values, 0.34 against 0.35 at 8, exact from 27.
 */
static double lag1_p(double r, size_t n)
{
	double sd = (double)(n - 2) / ((double)n * sqrt((double)n - 1));

	return sd > 0 ? 0.5 * erfc((r + 1 / (double)n) / sd / sqrt(2)) : 1;
}

void ci_drift_of(const double *x, size_t n, struct ci_drift *out)
{
	*out = (struct ci_drift){ .r = ci_lag1(x, n), .p = 1, .factor = 1 };
	if (n < CI_DRIFT_MIN_RUNS)
		return;
	out->p = lag1_p(out->r, n);
	if (out->p > CI_DRIFT_ALPHA)
		return;
	out->rho = out->r + 1 / (double)n;
	out->factor = ci_drift_factor(out->rho, n);
}
