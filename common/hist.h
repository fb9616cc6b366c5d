/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Log-linear latency histogram in u64 nanoseconds, bounded memory.
 *
 * Values below 2^SB_HIST_SUB_BITS ns are counted exactly; above, each power
 * of two is split into 2^SB_HIST_SUB_BITS equal buckets, so a percentile is
 * within one bucket, 1/2^SB_HIST_SUB_BITS (1.6 %), of the true one; it is
 * interpolated within its bucket by its rank there (the bucket's values
 * taken as evenly spread), so two runs whose percentiles share a bucket
 * still differ, and evenly spread values read back within a value or two.
 * Values at or above 2^SB_HIST_MAX_BITS ns (~18 min) are counted in
 * @overflow (and still update min/max/sum). Percentiles are clamped to
 * [min, max].
 */
#ifndef SB_HIST_H
#define SB_HIST_H

#include <stdint.h>
#include <jansson.h>

#define SB_HIST_SUB_BITS 6
#define SB_HIST_MAX_BITS 40
#define SB_HIST_BUCKETS \
	((1u << SB_HIST_SUB_BITS) * (SB_HIST_MAX_BITS - SB_HIST_SUB_BITS + 1))

/* An exact sum of u64 values in 128 bits: adding is two integer ops (a long
 * double add per value was the hot spot of the analyzer). */
struct sb_sum {
	uint64_t lo, hi;
};

static inline void sb_sum_add(struct sb_sum *s, uint64_t v)
{
	s->lo += v;
	s->hi += s->lo < v;
}

static inline void sb_sum_merge(struct sb_sum *dst, const struct sb_sum *src)
{
	sb_sum_add(dst, src->lo);
	dst->hi += src->hi;
}

static inline long double sb_sum_get(const struct sb_sum *s)
{
	return (long double)s->hi * 18446744073709551616.0L +
	       (long double)s->lo;
}

struct sb_hist {
	uint64_t count;
	uint64_t overflow;
	uint64_t min; /* UINT64_MAX when empty */
	uint64_t max;
	struct sb_sum sum;
	uint64_t buckets[SB_HIST_BUCKETS];
};

void sb_hist_init(struct sb_hist *h);
/* A new empty histogram (free() it), NULL when out of memory: calloc'd,
 * so fresh memory is not written twice. */
struct sb_hist *sb_hist_new(void);
/* Empty @h, writing only the buckets between those of its min and max
 * (the index is monotonic: no value lies outside), for a histogram used
 * again and again. */
void sb_hist_clear(struct sb_hist *h);
void sb_hist_add(struct sb_hist *h, uint64_t v);
void sb_hist_merge(struct sb_hist *dst, const struct sb_hist *src);

/*
 * A finished histogram kept small: its non-empty buckets only, for the many
 * that stop growing (the analyzer's closed per-second cells). Merging it
 * gives exactly what merging the histogram it was made from gives.
 */
struct sb_hist_bucket {
	uint32_t index, count;
};

struct sb_hist_compact {
	uint64_t count, overflow, min, max;
	struct sb_sum sum;
	uint32_t n;
	struct sb_hist_bucket b[];
};

/*
 * A compact copy of @h (free() it) into @out. Returns 0, -ERANGE when a
 * bucket holds more than UINT32_MAX values (keep @h as it is) or -ENOMEM.
 */
int sb_hist_compact(const struct sb_hist *h, struct sb_hist_compact **out);
void sb_hist_merge_compact(struct sb_hist *dst,
			   const struct sb_hist_compact *src);
/*
 * Add @v to the compact histogram *@c (reallocated when its bucket is
 * new): as adding it to the histogram it was made from and compacting
 * again, without the whole histogram. 0, -ERANGE (the bucket is full: *@c
 * unchanged) or -ENOMEM.
 */
int sb_hist_compact_add(struct sb_hist_compact **c, uint64_t v);
/* @q in [0, 100]; returns 0 for an empty histogram. */
uint64_t sb_hist_percentile(const struct sb_hist *h, double q);
/* The @n percentiles @q (ascending) into @out, in one pass. */
void sb_hist_percentiles(const struct sb_hist *h, const double *q,
			 uint64_t *out, size_t n);
/* The percentiles every report gives: p50, p90, p99 and p99.9. */
void sb_hist_report_percentiles(const struct sb_hist *h, uint64_t out[4]);
double sb_hist_mean(const struct sb_hist *h);
/* Bucket index of @v and the [lo, hi] value range of bucket @i. */
unsigned int sb_hist_index(uint64_t v);
void sb_hist_bucket_range(unsigned int i, uint64_t *lo, uint64_t *hi);

/*
 * {"count", "overflow", "min", "avg", "p50", "p90", "p99", "p99_9", "max"}
 * in ns (min/max 0 when empty); with @buckets also "buckets":
 * [[lo_ns, hi_ns, count], ...] for the non-empty buckets.
 */
json_t *sb_hist_to_json(const struct sb_hist *h, int buckets);

#endif
