/* SPDX-License-Identifier: GPL-2.0 */
/* Error spending over a sequence of looks: Lan-DeMets O'Brien-Fleming type, with the exact group-sequential boundaries. */
#ifndef CI_SPENDING_H
#define CI_SPENDING_H

#include <stddef.h>

/*
 * The part of @total (a one-sided error, 0 < @total < 1) spent by
 * information fraction @t (0..1): 2 - 2 Phi(z_{1 - total/2} / sqrt(t)).
 * 0 at t = 0, @total at t = 1.
 */
double ci_obf_spent(double total, double t);

/*
 * Nominal one-sided levels of looks at information fractions
 * @t[0] < @t[1] < ... < @t[k-1] <= 1, for a statistic that grows like a
 * Brownian motion in information (a z statistic of runs added look by
 * look): look j's boundary is set so that the chance of crossing it first
 * there, with no change beyond the bound, is exactly
 * ci_obf_spent(t_j) - ci_obf_spent(t_{j-1}) (the Armitage-McPherson-Rowe
 * recursion, integrated numerically). @level[j] = 1 - Phi(c_j); the levels
 * add up to more than @total, as the looks are correlated, while the
 * chance of any crossing stays @total spent by t_{k-1}. Returns 0, -EINVAL
 * (@total or a fraction out of range, fractions not increasing) or -ENOMEM.
 */
int ci_spending_levels(double total, const double *t, size_t k, double *level);

#endif
