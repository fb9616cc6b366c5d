/* SPDX-License-Identifier: GPL-2.0 */
/* Drift over run order: a series' lag-1 serial correlation, a test of it, and how much it leaves the variance of its mean above what the runs' own spread says. */
#ifndef CI_DRIFT_H
#define CI_DRIFT_H

#include <stddef.h>

/* A side's drift is found when its serial correlation's p is at most this ... */
#define CI_DRIFT_ALPHA 0.05
/*
 * ... from this many runs: with fewer the test hardly tells lag-1
 * correlation 0.5 from none (found in 15 % and 6 % of 100,000 normal
 * AR(1) series of 5; at 8, 27 % and 6 %; at 14, 48 % and 5 %), while a
 * false alarm widens a check's early look to about one run's worth;
 * there the drift a pass assumes (below) stands in.
 */
#define CI_DRIFT_MIN_RUNS 8
/*
 * The serial correlation a pass's bound at twice the tolerance assumes
 * may be there unseen: a few runs cannot show drift of this size.
 */
#define CI_DRIFT_RHO_ASSUMED 0.5

/* Lag-1 autocorrelation of @x[0..n) in run order; 0 for n < 3 or no spread. */
double ci_lag1(const double *x, size_t n);

/*
 * How many times the variance of the mean of @n values of a stationary
 * AR(1) series with lag-1 correlation @rho exceeds what their sample
 * variance / @n expects: (1 + 2S) / (1 - 2S/(n-1)), S = sum over lags k
 * < n of (1 - k/n) rho^k. 1 for @rho <= 0; @rho is capped at 0.9.
 */
double ci_drift_factor(double rho, size_t n);

/* What the runs' order shows of drift in one series. */
struct ci_drift {
	double r; /* lag-1 autocorrelation */
	double p; /* one-sided p of "no positive serial correlation" */
	double rho; /* the correlation taken: 0 when not found */
	double factor; /* ci_drift_factor(rho, n): the variance's widening */
};

/*
 * Test @x[0..n) (in run order) for positive serial correlation: its lag-1
 * autocorrelation r against its distribution when the order is random (a
 * trend shows as correlation too), from CI_DRIFT_MIN_RUNS values on.
 * Found at CI_DRIFT_ALPHA, the
 * correlation is taken as r + 1/n (r reads 1/n low when there is none)
 * and widens the variance by its factor; else nothing is widened.
 */
void ci_drift_of(const double *x, size_t n, struct ci_drift *out);

#endif
