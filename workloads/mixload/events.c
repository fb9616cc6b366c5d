// SPDX-License-Identifier: GPL-2.0
/* Poisson arrivals as running sums of seeded exponential gaps. */
#include "workloads/mixload/events.h"

void mix_poisson_init(struct mix_poisson *p, uint64_t seed, uint64_t stream,
		      double rate_per_s)
{
	mix_rng_seed(&p->rng, seed, stream);
	p->mean_ns = rate_per_s > 0 ? 1e9 / rate_per_s : 0;
	p->t_ns = 0;
}

uint64_t mix_poisson_next(struct mix_poisson *p)
{
	if (!(p->mean_ns > 0))
		return MIX_NEVER;
	p->t_ns += mix_rng_exp(&p->rng, p->mean_ns);
	if (p->t_ns >= 1.8e19)
		return MIX_NEVER;
	return (uint64_t)p->t_ns;
}

uint64_t mix_schedule_checksum(uint64_t seed, uint64_t stream,
			       double rate_per_s, uint64_t horizon_ns,
			       uint64_t *n)
{
	uint64_t h = 0xcbf29ce484222325ull, t;
	struct mix_poisson p;

	*n = 0;
	mix_poisson_init(&p, seed, stream, rate_per_s);
	while ((t = mix_poisson_next(&p)) < horizon_ns) {
		for (int i = 0; i < 8; i++) {
			h ^= (t >> (8 * i)) & 0xff;
			h *= 0x100000001b3ull;
		}
		(*n)++;
	}
	return h;
}
