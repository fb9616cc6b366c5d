// SPDX-License-Identifier: GPL-2.0
/* Log-linear latency histogram: bounded memory, documented error bound. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "common/hist.h"

#define SUB (1u << SB_HIST_SUB_BITS)

void sb_hist_init(struct sb_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

struct sb_hist *sb_hist_new(void)
{
	struct sb_hist *h = calloc(1, sizeof(*h));

	if (h)
		h->min = UINT64_MAX;
	return h;
}

/* The buckets that can hold counts, [*lo, *hi]: those of the least and
 * the greatest value (all of them when that is past the last bucket);
 * 0 when none can. */
static int bucket_span(const struct sb_hist *h, unsigned int *lo,
		       unsigned int *hi)
{
	if (h->count <= h->overflow)
		return 0;
	*lo = sb_hist_index(h->min);
	*hi = h->max >> SB_HIST_MAX_BITS ? SB_HIST_BUCKETS - 1 :
					   sb_hist_index(h->max);
	return 1;
}

void sb_hist_clear(struct sb_hist *h)
{
	unsigned int lo, hi;

	if (bucket_span(h, &lo, &hi))
		memset(&h->buckets[lo], 0,
		       (hi - lo + 1) * sizeof(h->buckets[0]));
	h->count = h->overflow = h->max = 0;
	h->sum = (struct sb_sum){ 0, 0 };
	h->min = UINT64_MAX;
}

unsigned int sb_hist_index(uint64_t v)
{
	unsigned int msb, shift;

	if (v < SUB)
		return (unsigned int)v;
	msb = 63u - (unsigned int)__builtin_clzll(v);
	shift = msb - SB_HIST_SUB_BITS;
	/* Group g >= 1 covers [2^(g+SUB_BITS-1), 2^(g+SUB_BITS)) in SUB steps. */
	return (shift + 1) * SUB + (unsigned int)((v >> shift) - SUB);
}

void sb_hist_bucket_range(unsigned int i, uint64_t *lo, uint64_t *hi)
{
	unsigned int group = i / SUB, sub = i % SUB, shift;

	if (group == 0) {
		*lo = *hi = i;
		return;
	}
	shift = group - 1;
	*lo = ((uint64_t)SUB + sub) << shift;
	*hi = *lo + (1ULL << shift) - 1;
}

void sb_hist_add(struct sb_hist *h, uint64_t v)
{
	h->count++;
	sb_sum_add(&h->sum, v);
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	if (v >> SB_HIST_MAX_BITS)
		h->overflow++;
	else
		h->buckets[sb_hist_index(v)]++;
}

/* Everything of a merge but the buckets. */
static void merge_head(struct sb_hist *dst, uint64_t count, uint64_t overflow,
		       const struct sb_sum *sum, uint64_t min, uint64_t max)
{
	dst->count += count;
	dst->overflow += overflow;
	sb_sum_merge(&dst->sum, sum);
	if (min < dst->min)
		dst->min = min;
	if (max > dst->max)
		dst->max = max;
}

void sb_hist_merge(struct sb_hist *dst, const struct sb_hist *src)
{
	unsigned int lo, hi;

	if (!src->count)
		return;
	merge_head(dst, src->count, src->overflow, &src->sum, src->min,
		   src->max);
	if (bucket_span(src, &lo, &hi))
		for (unsigned int i = lo; i <= hi; i++)
			dst->buckets[i] += src->buckets[i];
}

int sb_hist_compact(const struct sb_hist *h, struct sb_hist_compact **out)
{
	struct sb_hist_compact *c;
	uint32_t n = 0;
	unsigned int lo = 1, hi = 0; /* none, unless some can hold counts */

	bucket_span(h, &lo, &hi);
	for (unsigned int i = lo; i <= hi; i++) {
		if (h->buckets[i] > UINT32_MAX)
			return -ERANGE;
		n += h->buckets[i] != 0;
	}
	c = malloc(sizeof(*c) + n * sizeof(c->b[0]));
	if (!c)
		return -ENOMEM;
	*c = (struct sb_hist_compact){ .count = h->count,
				       .overflow = h->overflow,
				       .min = h->min,
				       .max = h->max,
				       .sum = h->sum };
	for (unsigned int i = lo; i <= hi; i++)
		if (h->buckets[i])
			c->b[c->n++] = (struct sb_hist_bucket){
				.index = i, .count = (uint32_t)h->buckets[i]
			};
	*out = c;
	return 0;
}

void sb_hist_merge_compact(struct sb_hist *dst,
			   const struct sb_hist_compact *src)
{
	if (!src->count)
		return;
	merge_head(dst, src->count, src->overflow, &src->sum, src->min,
		   src->max);
	for (uint32_t i = 0; i < src->n; i++)
		dst->buckets[src->b[i].index] += src->b[i].count;
}

int sb_hist_compact_add(struct sb_hist_compact **cp, uint64_t v)
{
	struct sb_hist_compact *c = *cp;
	uint32_t lo = 0, hi = c->n;
	unsigned int i = sb_hist_index(v);

	while (!(v >> SB_HIST_MAX_BITS) && lo < hi) { /* first index >= i */
		uint32_t mid = lo + (hi - lo) / 2;

		if (c->b[mid].index < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (v >> SB_HIST_MAX_BITS) {
		c->overflow++;
	} else if (lo < c->n && c->b[lo].index == i) {
		if (c->b[lo].count == UINT32_MAX)
			return -ERANGE;
		c->b[lo].count++;
	} else {
		c = realloc(c, sizeof(*c) + (c->n + 1) * sizeof(c->b[0]));
		if (!c)
			return -ENOMEM;
		*cp = c;
		memmove(&c->b[lo + 1], &c->b[lo],
			(c->n - lo) * sizeof(c->b[0]));
		c->b[lo] = (struct sb_hist_bucket){ .index = i, .count = 1 };
		c->n++;
	}
	c->count++;
	sb_sum_add(&c->sum, v);
	if (v < c->min)
		c->min = v;
	if (v > c->max)
		c->max = v;
	return 0;
}

double sb_hist_mean(const struct sb_hist *h)
{
	return h->count ? (double)(sb_sum_get(&h->sum) / h->count) : 0.0;
}

/*
 * The value at @target (a fractional rank, 1-based) in bucket @i, which
 * holds the ranks after @before: interpolated across the bucket's values
 * within [min, max], as if they were spread evenly. A bucket's middle
 * would give every run whose percentile falls in one bucket the same
 * figure, and a spread of 0 to the statistics that read it.
 */
static uint64_t bucket_value(const struct sb_hist *h, unsigned int i,
			     double target, uint64_t before)
{
	uint64_t lo, hi;
	double frac;

	sb_hist_bucket_range(i, &lo, &hi);
	if (lo < h->min)
		lo = h->min;
	if (hi > h->max)
		hi = h->max;
	if (hi <= lo)
		return lo;
	frac = (target - (double)before) / (double)h->buckets[i];
	frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
	return lo + (uint64_t)(frac * (double)(hi - lo) + 0.5);
}

void sb_hist_percentiles(const struct sb_hist *h, const double *q,
			 uint64_t *out, size_t n)
{
	unsigned int i = 0, hi = 0;
	uint64_t seen = 0;
	int any = bucket_span(h, &i, &hi);

	if (any) /* the buckets before i are empty */
		seen = h->buckets[i];
	for (size_t k = 0; k < n; k++) {
		/* The bucket by nearest rank: the first with at least q % at
		 * or below it; the value within it from the exact rank. */
		double target = (q[k] / 100.0) * (double)h->count;
		uint64_t rank = (uint64_t)(target + 0.999999999);

		if (!h->count || q[k] <= 0 || q[k] >= 100) {
			out[k] = !h->count ? 0 : q[k] <= 0 ? h->min : h->max;
			continue;
		}
		if (rank < 1)
			rank = 1;
		while (any && seen < rank && i < hi)
			seen += h->buckets[++i];
		/* past the buckets, the rank lies among the overflowed values */
		out[k] = any && seen >= rank ?
				 bucket_value(h, i, target,
					      seen - h->buckets[i]) :
				 h->max;
	}
}

void sb_hist_report_percentiles(const struct sb_hist *h, uint64_t out[4])
{
	static const double q[] = { 50, 90, 99, 99.9 };

	sb_hist_percentiles(h, q, out, 4);
}

uint64_t sb_hist_percentile(const struct sb_hist *h, double q)
{
	uint64_t v;

	sb_hist_percentiles(h, &q, &v, 1);
	return v;
}

json_t *sb_hist_to_json(const struct sb_hist *h, int buckets)
{
	json_t *j = json_object();
	json_t *arr;
	uint64_t lo, hi, p[4];

	sb_hist_report_percentiles(h, p);
	json_object_set_new(j, "count", json_integer((json_int_t)h->count));
	json_object_set_new(j, "overflow",
			    json_integer((json_int_t)h->overflow));
	json_object_set_new(j, "min",
			    json_integer(h->count ? (json_int_t)h->min : 0));
	json_object_set_new(j, "avg", json_real(sb_hist_mean(h)));
	json_object_set_new(j, "p50", json_integer((json_int_t)p[0]));
	json_object_set_new(j, "p90", json_integer((json_int_t)p[1]));
	json_object_set_new(j, "p99", json_integer((json_int_t)p[2]));
	json_object_set_new(j, "p99_9", json_integer((json_int_t)p[3]));
	json_object_set_new(j, "max", json_integer((json_int_t)h->max));
	if (!buckets)
		return j;
	arr = json_array();
	for (unsigned int i = 0; i < SB_HIST_BUCKETS; i++) {
		if (!h->buckets[i])
			continue;
		sb_hist_bucket_range(i, &lo, &hi);
		json_array_append_new(arr,
				      json_pack("[I, I, I]", (json_int_t)lo,
						(json_int_t)hi,
						(json_int_t)h->buckets[i]));
	}
	json_object_set_new(j, "buckets", arr);
	return j;
}
