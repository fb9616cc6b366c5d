// SPDX-License-Identifier: GPL-2.0
/* xoshiro256** streams seeded through splitmix64, and inverse-CDF distributions. */
#include "workloads/mixload/rng.h"

#include <math.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void mix_rng_seed(struct mix_rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ull);

	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t mix_rng_next(struct mix_rng *r)
{
	uint64_t *s = r->s;
	uint64_t out = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

double mix_rng_unit(struct mix_rng *r)
{
	/* 53 random bits, shifted by half a step so 0 and 1 never occur. */
	return ((double)(mix_rng_next(r) >> 11) + 0.5) * 0x1.0p-53;
}

double mix_rng_exp(struct mix_rng *r, double mean)
{
	return -mean * log(mix_rng_unit(r));
}

double mix_rng_lognormal(struct mix_rng *r, double median, double sigma)
{
	/* Box-Muller; one normal per call keeps the stream position simple. */
	double u1 = mix_rng_unit(r), u2 = mix_rng_unit(r);
	double z = sqrt(-2.0 * log(u1)) * cos(2.0 * M_PI * u2);

	return median * exp(sigma * z);
}

double mix_rng_pareto(struct mix_rng *r, double xm, double alpha)
{
	return xm * pow(mix_rng_unit(r), -1.0 / alpha);
}

uint64_t mix_rng_geometric(struct mix_rng *r, double mean)
{
	double p;

	if (mean <= 1.0)
		return 1;
	p = 1.0 / mean;
	return 1 + (uint64_t)floor(log(mix_rng_unit(r)) / log1p(-p));
}

uint64_t mix_draw_ns(double v, uint64_t cap_ns)
{
	if (!(v > 0))
		return 0;
	if (cap_ns && v >= (double)cap_ns)
		return cap_ns;
	if (v >= 1.8e19)
		return UINT64_MAX;
	return (uint64_t)v;
}
