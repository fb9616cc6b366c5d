/* SPDX-License-Identifier: GPL-2.0 */
/* Error spending over a sequence of looks: Lan-DeMets O'Brien-Fleming type, with the exact group-sequential boundaries. */
#ifndef CI_SPENDING_H
#define CI_SPENDING_H

#include <stddef.h>

#include "ci/gate.h"

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

/*
 * The levels of look @k of a check over @rules, the looks at information
 * fractions @t[0..k-1]: each rule's share of alpha (alpha / rules, the
 * Bonferroni split that is Holm's first step) is spent over the looks, and
 * @lv->alpha is the rules' count times its level (Holm divides it again);
 * each rule's pass error is spent over the looks. 0, -EINVAL or -ENOMEM.
 */
int ci_spending_look(const struct ci_rules *rules, const double *t, size_t k,
		     struct ci_levels *lv);

/*
 * A look's information fraction: a comparison of @nb against @nc runs
 * holds the information of their harmonic mean a side, of @max a side.
 */
double ci_spending_information(unsigned int nb, unsigned int nc,
			       unsigned int max);

#endif
