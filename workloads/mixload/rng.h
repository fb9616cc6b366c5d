/* SPDX-License-Identifier: GPL-2.0 */
/* Seeded random streams (xoshiro256**) and the distributions mixload draws from. */
#ifndef MIX_RNG_H
#define MIX_RNG_H

#include <stdint.h>

struct mix_rng {
	uint64_t s[4];
};

/* Stream @stream of seed @seed: independent, reproducible sequences. */
void mix_rng_seed(struct mix_rng *r, uint64_t seed, uint64_t stream);
uint64_t mix_rng_next(struct mix_rng *r);
/* Uniform in (0, 1): never 0, never 1. */
double mix_rng_unit(struct mix_rng *r);
/* Exponential with mean @mean (Poisson inter-arrival times). */
double mix_rng_exp(struct mix_rng *r, double mean);
/* Log-normal with median @median and shape @sigma. */
double mix_rng_lognormal(struct mix_rng *r, double median, double sigma);
/* Pareto with scale (minimum) @xm and tail index @alpha (> 0). */
double mix_rng_pareto(struct mix_rng *r, double xm, double alpha);
/* Geometric on {1, 2, ...} with mean @mean (>= 1). */
uint64_t mix_rng_geometric(struct mix_rng *r, double mean);

/* A drawn value as whole ns, at most @cap_ns (0 = no cap); <= 0 or NaN gives 0. */
uint64_t mix_draw_ns(double v, uint64_t cap_ns);

#endif
