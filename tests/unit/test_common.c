// SPDX-License-Identifier: GPL-2.0
/* Unit tests of common/: durations, histogram, atomic I/O, spawning, envelope, formatting. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "common/accel.h"
#include "common/array.h"
#include "common/atomicio.h"
#include "common/base64.h"
#include "common/byname.h"
#include "common/csv.h"
#include "common/outfile.h"
#include "common/dirlock.h"
#include "common/duration.h"
#include "common/envelope.h"
#include "common/fmt.h"
#include "common/closest.h"
#include "common/hist.h"
#include "common/sha256.h"
#include "common/spawn.h"

static void test_duration_good(void **state)
{
	static const struct {
		const char *s;
		uint64_t ns;
	} cases[] = {
		{ "500us", 500000 },
		{ "0.5ms", 500000 },
		{ "100ms", 100000000 },
		{ "2s", 2000000000 },
		{ "1500", 1500 },
		{ "1500ns", 1500 },
		{ "1.5s", 1500000000 },
		{ "0", 0 },
		{ "2m", 120000000000ULL },
		{ "0.000001ms", 1 },
		{ "1min", 60000000000ULL },
		{ "1h", 3600000000000ULL },
		{ "1.5h", 5400000000000ULL },
	};
	uint64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(sb_parse_duration_ns(cases[i].s, &ns), 0);
		assert_int_equal(ns, cases[i].ns);
	}
}

static void test_duration_bad(void **state)
{
	static const char *const bad[] = { "",	    "5xs", "ms",   "-1ms",
					   "1.ms",  ".5s", "1 s",  "0.5ns",
					   "1e3us", "s5",  "1ms2", "1mi",
					   "1hr" };
	uint64_t ns;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(sb_parse_duration_ns(bad[i], &ns), -EINVAL);
	assert_int_equal(sb_parse_duration_ns("99999999999999999999", &ns),
			 -ERANGE);
	assert_int_equal(sb_parse_duration_ns("999999999999s", &ns), -ERANGE);
}

static void test_duration_format(void **state)
{
	char buf[32];

	(void)state;
	assert_string_equal(sb_format_duration(500000, buf, sizeof(buf)),
			    "500us");
	assert_string_equal(sb_format_duration(1500000, buf, sizeof(buf)),
			    "1.5ms");
	assert_string_equal(sb_format_duration(2000000000, buf, sizeof(buf)),
			    "2s");
	assert_string_equal(sb_format_duration(7, buf, sizeof(buf)), "7ns");
}

static void test_hist_index_roundtrip(void **state)
{
	uint64_t lo, hi;

	(void)state;
	for (uint64_t v = 0; v < (1ULL << 20); v += 7) {
		unsigned int i = sb_hist_index(v);

		sb_hist_bucket_range(i, &lo, &hi);
		assert_true(lo <= v && v <= hi);
		/* Relative width bound: (hi - lo + 1) / lo <= 1 / 64. */
		if (v >= 64)
			assert_true((hi - lo + 1) * 64 <= lo);
	}
	assert_true(sb_hist_index((1ULL << SB_HIST_MAX_BITS) - 1) <
		    SB_HIST_BUCKETS);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void test_hist_percentiles_vs_exact(void **state)
{
	enum { N = 20000 };
	static uint64_t v[N];
	static struct sb_hist h;
	static const double qs[] = { 1, 50, 90, 99, 99.9 };
	uint64_t seed = 42;

	(void)state;
	sb_hist_init(&h);
	for (int i = 0; i < N; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		/* Heavy-ish tail: 10 us .. ~20 ms. */
		v[i] = 10000 +
		       (seed >> 33) % 1000 * ((seed >> 20) % 20 + 1) * 1000;
		sb_hist_add(&h, v[i]);
	}
	qsort(v, N, sizeof(v[0]), cmp_u64);
	for (size_t k = 0; k < sizeof(qs) / sizeof(qs[0]); k++) {
		size_t rank = (size_t)((qs[k] / 100.0) * N + 0.999999999);
		uint64_t exact = v[rank - 1];
		uint64_t got = sb_hist_percentile(&h, qs[k]);
		double err = got > exact ? (double)(got - exact) :
					   (double)(exact - got);

		assert_true(err <= (double)exact / 128.0 + 1);
	}
	assert_int_equal(sb_hist_percentile(&h, 0), v[0]);
	assert_int_equal(sb_hist_percentile(&h, 100), v[N - 1]);
	assert_int_equal(h.count, N);
}

static void test_hist_merge_overflow_empty(void **state)
{
	static struct sb_hist a, b;

	(void)state;
	sb_hist_init(&a);
	sb_hist_init(&b);
	assert_int_equal(sb_hist_percentile(&a, 50), 0);
	sb_hist_add(&a, 5);
	sb_hist_add(&b, 1ULL << 41);
	sb_hist_merge(&a, &b);
	assert_int_equal(a.count, 2);
	assert_int_equal(a.overflow, 1);
	assert_int_equal(a.min, 5);
	assert_int_equal(a.max, 1ULL << 41);
	assert_int_equal(sb_hist_percentile(&a, 99), 1ULL << 41);
	assert_int_equal(sb_hist_percentile(&a, 50), 5);
}

/* The percentile by scanning every bucket, as the definition reads: the
 * bucket by nearest rank, the value within it (clamped to [min, max]) at
 * the exact rank's share of the bucket's count. */
static uint64_t percentile_by_scan(const struct sb_hist *h, double q)
{
	double target = (q / 100.0) * (double)h->count, frac;
	uint64_t rank = (uint64_t)(target + 0.999999999);
	uint64_t seen = 0, lo, hi;

	if (!h->count)
		return 0;
	if (q <= 0)
		return h->min;
	if (q >= 100)
		return h->max;
	for (unsigned int i = 0; i < SB_HIST_BUCKETS; i++) {
		seen += h->buckets[i];
		if (seen >= (rank < 1 ? 1 : rank)) {
			sb_hist_bucket_range(i, &lo, &hi);
			lo = lo < h->min ? h->min : lo;
			hi = hi > h->max ? h->max : hi;
			if (hi <= lo)
				return lo;
			frac = (target - (double)(seen - h->buckets[i])) /
			       (double)h->buckets[i];
			frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
			return lo + (uint64_t)(frac * (double)(hi - lo) + 0.5);
		}
	}
	return h->max;
}

/* Prose folded at spaces to a width, continued lines indented, a line's own
 * indent kept, a word longer than the width alone on its line. */
static void test_fmt_fold(void **state)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	(void)state;
	assert_non_null(f);
	sb_fmt_fold(f, " aaa bbb ccc ddd\nshort\n", 9, 2);
	sb_fmt_fold(f, "x 0123456789abc y", 8, 1);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(out, " aaa bbb\n  ccc ddd\nshort\n"
				 "x\n 0123456789abc\n y\n");
	free(out);
}

/* A mistyped name's nearest: one slip (a swap counts one), none past a third. */
static void test_closest(void **state)
{
	static const char names[] = "baseline\0debian\0host\0patched";

	(void)state;
	assert_int_equal(sb_edit_distance("debain", "debian"), 1);
	assert_int_equal(sb_edit_distance("", "host"), 4);
	assert_int_equal(sb_edit_distance("kitten", "sitting"), 3);
	assert_string_equal(sb_closest("debain", names, 4), "debian");
	assert_string_equal(sb_closest("patchd", names, 4), "patched");
	assert_string_equal(sb_closest("hots", names, 4), "host");
	assert_null(sb_closest("zzz", names, 4));
	assert_null(sb_closest("x", names, 0));
}

/*
 * Delays spread evenly over 1.009-2.008 ms (1000 of them, 1 us apart): the
 * true p99 (rank 990, 1.998 ms) lies inside a bucket 16.4 us wide whose
 * middle is 7.3 us below it. Interpolated, it reads back within 1 us, and
 * a run with a few delays more reads another value: runs whose p99 share
 * a bucket differ, as their delays do.
 */
static void test_hist_percentile_inside_bucket(void **state)
{
	static struct sb_hist h;
	uint64_t lo, hi, p99, before;

	(void)state;
	sb_hist_init(&h);
	for (uint64_t i = 1; i <= 1000; i++)
		sb_hist_add(&h, 1008000 + i * 1000);
	p99 = sb_hist_percentile(&h, 99);
	sb_hist_bucket_range(sb_hist_index(1998000), &lo, &hi);
	assert_true(lo < 1998000 && 1998000 < hi); /* inside, not an edge */
	assert_true(1998000 - (lo + (hi - lo) / 2) > 7000); /* the middle */
	assert_in_range(p99, 1998000 - 1000, 1998000 + 1000);
	before = p99;
	for (uint64_t i = 1; i <= 5; i++) /* five more near the tail */
		sb_hist_add(&h, 1990000 + i * 10);
	p99 = sb_hist_percentile(&h, 99);
	assert_int_not_equal(p99, before);
	assert_int_equal(sb_hist_index(p99), sb_hist_index(before));
}

/* Percentiles taken in one pass, from the used buckets only, are those of
 * a scan of all buckets; a merge adds every bucket of the source. On
 * histograms of one value, of values at both ends of the buckets, with
 * overflowed values, with the greatest at the top of its bucket, empty. */
static void test_hist_percentiles_one_pass(void **state)
{
	static const uint64_t one[] = { 0 }, ends[] = { 0, 3, 1ULL << 39 },
			      over[] = { 7, 900, 1ULL << 41, 1ULL << 42 },
			      wide[] = { 1,    64,     65,
					 5000, 123456, (1ULL << 26) - 1 };
	static const struct {
		const uint64_t *v;
		size_t n;
	} cases[] = {
		{ one, 1 }, { ends, 3 }, { over, 4 }, { wide, 6 }, { NULL, 0 }
	};
	static const double qs[] = { 0, 1, 33.3, 50, 90, 99, 99.9, 100 };
	static struct sb_hist h, sum, want;
	uint64_t got[8];

	(void)state;
	sb_hist_init(&sum);
	memset(&want, 0, sizeof(want));
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		sb_hist_init(&h);
		for (size_t i = 0; i < cases[c].n; i++)
			for (size_t r = 0; r <= i; r++) /* value i, i+1 times */
				sb_hist_add(&h, cases[c].v[i]);
		sb_hist_percentiles(&h, qs, got, 8);
		for (size_t k = 0; k < 8; k++) {
			assert_int_equal(got[k], percentile_by_scan(&h, qs[k]));
			assert_int_equal(sb_hist_percentile(&h, qs[k]), got[k]);
		}
		sb_hist_merge(&sum, &h);
		for (unsigned int i = 0; i < SB_HIST_BUCKETS; i++)
			want.buckets[i] += h.buckets[i];
	}
	assert_memory_equal(sum.buckets, want.buckets, sizeof(want.buckets));
	sb_hist_percentiles(&sum, qs, got, 8);
	for (size_t k = 0; k < 8; k++)
		assert_int_equal(got[k], percentile_by_scan(&sum, qs[k]));
}

/* A compact copy merges exactly as the histogram it was made from. */
static void test_hist_compact(void **state)
{
	static struct sb_hist h, a, b, big;
	struct sb_hist_compact *c = NULL;
	uint64_t x = 88172645463325252ull;

	(void)state;
	sb_hist_init(&h);
	for (int i = 0; i < 5000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		sb_hist_add(&h,
			    x >> (i % 30)); /* some past the top: overflow */
	}
	assert_true(h.overflow > 0);
	assert_int_equal(sb_hist_compact(&h, &c), 0);
	assert_true(c->n > 0 && c->n < SB_HIST_BUCKETS);
	sb_hist_init(&a);
	sb_hist_merge_compact(&a, c);
	assert_memory_equal(&a, &h, sizeof(h));
	sb_hist_init(&a); /* into a non-empty histogram, too */
	sb_hist_init(&b);
	sb_hist_add(&a, 3);
	sb_hist_add(&b, 3);
	sb_hist_merge_compact(&a, c);
	sb_hist_merge(&b, &h);
	assert_memory_equal(&a, &b, sizeof(a));
	free(c);

	sb_hist_init(&big); /* a bucket past 32 bits is not compacted */
	sb_hist_add(&big, 7);
	big.buckets[sb_hist_index(7)] = 1ull << 32;
	c = NULL;
	assert_int_equal(sb_hist_compact(&big, &c), -ERANGE);
	assert_null(c);
}

/* Adding to a compact histogram is adding to the whole one and compacting
 * again; clearing a used one or making a new one gives the empty one. */
static void test_hist_compact_add_clear_new(void **state)
{
	static struct sb_hist h, a, empty;
	struct sb_hist_compact *c = NULL;
	struct sb_hist *n = sb_hist_new();
	uint64_t x = 2463534242ull, v, lo, hi;

	(void)state;
	sb_hist_init(&empty);
	assert_non_null(n);
	assert_memory_equal(n, &empty, sizeof(empty));
	free(n);
	sb_hist_init(&h);
	sb_hist_add(&h, 1000);
	assert_int_equal(sb_hist_compact(&h, &c), 0);
	for (int i = 0; i < 3000; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		v = (x & 0xffffffffull) << (i % 12); /* some overflow */
		sb_hist_add(&h, v);
		assert_int_equal(sb_hist_compact_add(&c, v), 0);
	}
	sb_hist_init(&a);
	sb_hist_merge_compact(&a, c);
	assert_memory_equal(&a, &h, sizeof(h));
	c->b[0].count = UINT32_MAX; /* a full bucket refuses, unchanged */
	sb_hist_bucket_range(c->b[0].index, &lo, &hi);
	assert_int_equal(sb_hist_compact_add(&c, hi), -ERANGE);
	assert_int_equal(c->count, h.count);
	free(c);

	sb_hist_clear(&h);
	assert_memory_equal(&h, &empty, sizeof(h));
	sb_hist_add(&h, 1ull << 45); /* only overflow, then clear */
	sb_hist_clear(&h);
	assert_memory_equal(&h, &empty, sizeof(h));
}

static void test_hist_json(void **state)
{
	static struct sb_hist h;
	json_t *j;

	(void)state;
	sb_hist_init(&h);
	sb_hist_add(&h, 100);
	sb_hist_add(&h, 300);
	j = sb_hist_to_json(&h, 1);
	assert_int_equal(json_integer_value(json_object_get(j, "count")), 2);
	assert_int_equal(json_integer_value(json_object_get(j, "min")), 100);
	assert_int_equal(json_integer_value(json_object_get(j, "max")), 300);
	assert_true(json_real_value(json_object_get(j, "avg")) == 200.0);
	assert_int_equal(json_array_size(json_object_get(j, "buckets")), 2);
	assert_int_equal(json_integer_value(json_object_get(j, "p50")),
			 sb_hist_percentile(&h, 50));
	assert_int_equal(json_integer_value(json_object_get(j, "p90")),
			 sb_hist_percentile(&h, 90));
	assert_int_equal(json_integer_value(json_object_get(j, "p99")),
			 sb_hist_percentile(&h, 99));
	assert_int_equal(json_integer_value(json_object_get(j, "p99_9")),
			 sb_hist_percentile(&h, 99.9));
	assert_int_not_equal(sb_hist_percentile(&h, 50),
			     sb_hist_percentile(&h, 90));
	json_decref(j);
}

/* The same array while it fits, doubled (at least 16) when not, elements
 * kept; a size past SIZE_MAX or of 0 fails and leaves the array as it was. */
static void test_array_grow(void **state)
{
	size_t cap = 0;
	int *v;

	(void)state;
	v = sb_array_grow(NULL, &cap, 1, sizeof(*v));
	assert_non_null(v);
	assert_int_equal(cap, 16);
	for (int i = 0; i < 16; i++)
		v[i] = i;
	assert_ptr_equal(sb_array_grow(v, &cap, 16, sizeof(*v)), v);
	assert_int_equal(cap, 16);
	v = sb_array_grow(v, &cap, 17, sizeof(*v));
	assert_non_null(v);
	assert_int_equal(cap, 32);
	for (int i = 0; i < 16; i++)
		assert_int_equal(v[i], i);
	v = sb_array_grow(v, &cap, 1000, sizeof(*v));
	assert_non_null(v);
	assert_int_equal(cap, 1024);
	assert_null(sb_array_grow(v, &cap, SIZE_MAX / 2, sizeof(*v)));
	assert_null(sb_array_grow(v, &cap, SIZE_MAX, 1));
	assert_null(sb_array_grow(v, &cap, 2000, 0));
	assert_int_equal(cap, 1024);
	assert_int_equal(v[15], 15);
	free(v);
}

/* The file at @path holds @want, to the byte. */
static void assert_file_holds(const char *path, const char *want)
{
	char *buf;
	size_t len;

	assert_int_equal(sb_read_file(path, &buf, &len), 0);
	assert_int_equal(len, strlen(want));
	assert_string_equal(buf, want);
	free(buf);
}

static void test_atomic_write_read(void **state)
{
	char dir[] = "/tmp/sbtestXXXXXX";
	char path[512], sub[256];
	char *buf;
	size_t len;
	json_t *j;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(sub, sizeof(sub), "%s/a/b/c", dir);
	assert_int_equal(sb_mkdir_p(sub, 0755), 0);
	assert_int_equal(sb_mkdir_p(sub, 0755), 0);
	snprintf(path, sizeof(path), "%s/x.json", sub);
	j = json_pack("{s:i}", "schema", 1);
	assert_int_equal(sb_json_dump_atomic(path, j), 0);
	json_decref(j);
	assert_file_holds(path, "{\n  \"schema\": 1\n}\n");
	assert_int_equal(sb_read_file("/nonexistent/x", &buf, &len), -ENOENT);
	snprintf(path, sizeof(path), "%s/nodir/x", dir);
	assert_int_equal(sb_write_file_atomic(path, "x", 1), -ENOENT);
	assert_int_equal(sb_rm_rf(dir), 0);
	assert_int_equal(access(dir, F_OK), -1);
}

/* A leading UTF-8 byte-order mark is skipped; read and parse errors differ. */
static void test_json_load(void **state)
{
	char dir[] = "/tmp/sbtestXXXXXX", path[512];
	json_error_t je;
	json_t *j;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bom.json", dir);
	assert_int_equal(
		sb_write_file_atomic(path, "\xef\xbb\xbf{\"a\": 1}", 11), 0);
	assert_int_equal(sb_json_load(path, 0, &j, &je), 0);
	assert_int_equal(json_integer_value(json_object_get(j, "a")), 1);
	json_decref(j);
	assert_int_equal(sb_write_file_atomic(path, "\xef\xbb{}", 4), 0);
	assert_int_equal(sb_json_load(path, 0, &j, &je), -EBADMSG);
	assert_null(j);
	assert_int_equal(je.line, 1);
	snprintf(path, sizeof(path), "%s/none.json", dir);
	assert_int_equal(sb_json_load(path, 0, &j, &je), -ENOENT);
	assert_string_equal(je.text, "cannot read: No such file or directory");
	assert_int_equal(sb_rm_rf(dir), 0);
}

/* Printed in memory: committed whole, or dropped leaving nothing. */
static void test_memfile(void **state)
{
	char dir[] = "/tmp/sbtestXXXXXX";
	char path[512];
	struct sb_memfile m;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	assert_int_equal(sb_memfile_open(&m), 0);
	fprintf(m.f, "a %d\n", 1);
	fputs("b\n", m.f);
	assert_int_equal(sb_memfile_commit(&m, path), 0);
	assert_null(m.buf);
	assert_file_holds(path, "a 1\nb\n");
	snprintf(path, sizeof(path), "%s/dropped.txt", dir);
	assert_int_equal(sb_memfile_open(&m), 0);
	fputs("never written\n", m.f);
	sb_memfile_discard(&m);
	assert_int_equal(access(path, F_OK), -1);
	snprintf(path, sizeof(path), "%s/nodir/x", dir);
	assert_int_equal(sb_memfile_open(&m), 0);
	fputs("x", m.f);
	assert_int_equal(sb_memfile_commit(&m, path), -ENOENT);
	assert_int_equal(sb_rm_rf(dir), 0);
}

/* Each kind of output path: replaced, written in place, followed or refused. */
static void test_out_write(void **state)
{
	char dir[] = "/tmp/sbtestXXXXXX", path[512], link[512];
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	struct stat st;
	int srv, c;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/new.txt", dir);
	assert_int_equal(sb_out_write(path, "one\n", 4), 0);
	assert_file_holds(path, "one\n");
	/* a symlink (also one to nothing yet) leads to the file replaced */
	snprintf(link, sizeof(link), "%s/link", dir);
	assert_int_equal(symlink("new.txt", link), 0);
	assert_int_equal(sb_out_write(link, "two\n", 4), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_file_holds(path, "two\n");
	snprintf(link, sizeof(link), "%s/dangling", dir);
	assert_int_equal(symlink("later.txt", link), 0);
	assert_int_equal(sb_out_write(link, "x", 1), 0);
	snprintf(path, sizeof(path), "%s/later.txt", dir);
	assert_int_equal(access(path, F_OK), 0);
	assert_int_equal(sb_out_write(dir, "x", 1), -EISDIR);
	assert_int_equal(sb_out_error(NULL, -EISDIR, "--json", dir), -EINVAL);
	assert_int_equal(sb_out_write("/nonexistent/x", "x", 1), -ENOENT);
	assert_int_equal(sb_out_error(NULL, -ENOENT, "--json", "x"), -EINVAL);
	assert_int_equal(sb_out_write("/dev/null", "x", 1), 0);
	assert_int_equal(stat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(sb_out_write("/dev/full", "x", 1), -ENOSPC);
	assert_int_equal(sb_out_error(NULL, -ENOSPC, "--json", "x"), -ENOSPC);
	/* a listening socket gets the bytes, and stays a socket */
	snprintf(a.sun_path, sizeof(a.sun_path), "%s/sock", dir);
	srv = socket(AF_UNIX, SOCK_STREAM, 0);
	assert_true(srv >= 0);
	assert_int_equal(bind(srv, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(srv, 1), 0);
	assert_int_equal(sb_out_write(a.sun_path, "sock", 4), 0);
	c = accept(srv, NULL, NULL);
	assert_true(c >= 0);
	char got[8] = "";

	assert_int_equal(read(c, got, sizeof(got) - 1), 4);
	assert_string_equal(got, "sock");
	close(c);
	close(srv);
	assert_int_equal(stat(a.sun_path, &st), 0);
	assert_true(S_ISSOCK(st.st_mode));
	assert_int_equal(sb_rm_rf(dir), 0);
}

/* One holder at a time; the refusal names the directory and the holder. */
static void test_dir_lock(void **state)
{
	char dir[] = "/tmp/sbtestXXXXXX", want[128];
	struct sb_error e;
	int a, b;

	(void)state;
	assert_non_null(mkdtemp(dir));
	assert_int_equal(sb_dir_lock_holder(dir), 0);
	assert_int_equal(sb_dir_lock(dir, &a, &e), 0);
	assert_true(a >= 0);
	assert_int_equal(sb_dir_lock_holder(dir), getpid());
	/* a second open file of the same directory is a second writer */
	assert_int_equal(sb_dir_lock(dir, &b, &e), -EBUSY);
	assert_int_equal(b, -1);
	snprintf(want, sizeof(want),
		 "%s: another slicebench run (pid %d) is using this results "
		 "directory: wait for it to end, or give another --results",
		 dir, (int)getpid());
	assert_non_null(strstr(e.msg, want));
	sb_dir_unlock(a);
	assert_int_equal(sb_dir_lock(dir, &b, &e), 0);
	sb_dir_unlock(b);
	assert_int_equal(sb_dir_lock("/nonexistent/x", &b, &e), -ENOENT);
	assert_non_null(strstr(e.msg, "/nonexistent/x: cannot open to lock"));
	assert_int_equal(sb_rm_rf(dir), 0);
}

static void test_spawn(void **state)
{
	const char *ok[] = { "true", NULL };
	const char *fail[] = { "sh", "-c", "exit 7", NULL };
	const char *missing[] = { "no-such-program-xyz", NULL };
	const char *slow[] = { "sleep", "10", NULL };
	const char *echo[] = { "echo", "a;$(b)", NULL };
	char path[] = "/tmp/sbspawnXXXXXX";
	struct sb_spawn s = { .argv = ok };
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(sb_run(&s, -1), 0);
	s.argv = fail;
	assert_int_equal(sb_run(&s, -1), 7);
	s.argv = missing;
	assert_int_equal(sb_run(&s, -1), -ENOENT);
	s.argv = slow;
	s.new_pgrp = 1;
	assert_int_equal(sb_run(&s, 100000000), -ETIMEDOUT);
	s.argv = echo;
	s.new_pgrp = 0;
	s.stdout_path = path;
	assert_int_equal(sb_run(&s, -1), 0);
	assert_file_holds(path, "a;$(b)\n");
	unlink(path);
	assert_true(sb_have_program("sh"));
	assert_false(sb_have_program("no-such-program-xyz"));
}

/*
 * A child in its own group, and the child's own child in that group, are
 * killed when the process that spawned them dies by SIGKILL: the leader by
 * PR_SET_PDEATHSIG, the rest by the keeper (common/keeper.h).
 */
static void test_spawn_dies_with_parent(void **state)
{
	const char *argv[] = { "sh", "-c", "sleep 60 & wait", NULL };
	int p[2], status, gone = 0;
	pid_t tool, leader = 0;

	(void)state;
	assert_int_equal(pipe(p), 0);
	tool = fork();
	assert_true(tool >= 0);
	if (tool == 0) { /* the tool: start the group, say its id, wait */
		pid_t pid = sb_spawn_start(
			&(struct sb_spawn){ .argv = argv, .new_pgrp = 1 });

		if (write(p[1], &pid, sizeof(pid)) != sizeof(pid))
			_exit(1);
		pause();
		_exit(0);
	}
	close(p[1]);
	assert_int_equal(read(p[0], &leader, sizeof(leader)), sizeof(leader));
	close(p[0]);
	assert_true(leader > 0);
	/* sleep is in the group once sh has forked it: two members */
	for (int i = 0; i < 1000 && !gone; i++) {
		char cmd[96];

		snprintf(cmd, sizeof(cmd), "test $(pgrep -g %d | wc -l) -ge 2",
			 (int)leader);
		gone = !system(cmd);
		if (!gone)
			usleep(10000);
	}
	assert_true(gone); /* here: both members seen */
	kill(tool, SIGKILL);
	assert_int_equal(waitpid(tool, &status, 0), tool);
	gone = 0;
	for (int i = 0; i < 1000 && !gone; i++) { /* up to 10 s, loaded */
		gone = kill(-leader, 0) && errno == ESRCH;
		if (!gone)
			usleep(10000);
	}
	assert_true(gone);
}

/* sb_die_with: 0 in a child of @parent; -1 when @parent is not its parent. */
static void test_die_with(void **state)
{
	pid_t parent = getpid(), pid;
	int status;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(sb_die_with(parent) == 0 && sb_die_with(1) == -1 ? 0 : 1);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static void test_envelope(void **state)
{
	char *argv[] = { "tool", "--x", "\xff" };
	json_t *env = sb_envelope_new("tool", 3, argv);

	(void)state;
	sb_envelope_finish(env, "ok");
	assert_int_equal(json_integer_value(json_object_get(env, "schema")),
			 SB_SCHEMA);
	assert_int_equal(json_array_size(json_object_get(env, "command_line")),
			 3);
	assert_string_equal(json_string_value(json_object_get(env, "status")),
			    "ok");
	assert_non_null(json_object_get(env, "uname"));
	assert_non_null(json_object_get(env, "end_time"));
	json_decref(env);
}

static int fill_answer(json_t *env, const void *ctx)
{
	return json_object_set_new(env, "answer",
				   json_integer(*(const int *)ctx));
}

/* The one JSON output writer: the envelope, its section, the file; errors
 * name the option and the path, bad paths as bad usage. */
static void test_out_envelope(void **state)
{
	char dir[] = "/tmp/sbenvXXXXXX", path[512], *argv[] = { "t", "--json" };
	const int answer = 42;
	struct sb_error e;
	json_error_t je;
	json_t *j;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.json", dir);
	assert_int_equal(sb_out_envelope(path, "--json", "slicebench-t", 2,
					 argv, fill_answer, &answer, &e),
			 0);
	j = json_load_file(path, 0, &je);
	assert_non_null(j);
	assert_string_equal(json_string_value(json_object_get(j, "tool")),
			    "slicebench-t");
	assert_string_equal(json_string_value(json_object_get(j, "status")),
			    "ok");
	assert_int_equal(json_integer_value(json_object_get(j, "answer")), 42);
	json_decref(j);
	assert_int_equal(sb_out_envelope(dir, "--json", "slicebench-t", 2, argv,
					 fill_answer, &answer, &e),
			 -EINVAL);
	assert_non_null(strstr(e.msg, "--json: "));
	assert_non_null(strstr(e.msg, ": is a directory"));
	assert_int_equal(sb_out_envelope("/dev/full", "--markdown", "t", 2,
					 argv, fill_answer, &answer, &e),
			 -ENOSPC);
	assert_string_equal(e.msg,
			    "--markdown: /dev/full: No space left on device");
	unlink(path);
	rmdir(dir);
}

/* RFC 4648's test vectors, each padding case. */
/* RFC 4180: quoted only when needed, quotes doubled, CRLF ends a row. */
static void test_csv(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	sb_csv_text(f, "plain", 0);
	sb_csv_text(f, "a,b", 0);
	sb_csv_text(f, "say \"hi\"", 0);
	sb_csv_text(f, "two\nlines", 0);
	sb_csv_text(f, NULL, 0);
	sb_csv_num(f, NAN, 0);
	sb_csv_num(f, -2.5, 0);
	sb_csv_num(f, INFINITY, 1);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf,
			    "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\""
			    ",,,-2.5,inf\r\n");
	free(buf);
}

static void test_base64(void **state)
{
	static const char *const in[] = { "",	  "f",	   "fo",    "foo",
					  "foob", "fooba", "foobar" };
	static const char *const out[] = {
		"", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"
	};
	const unsigned char bin[] = { 0xff, 0xfe, 0x00, 0x80 };

	(void)state;
	for (size_t i = 0; i < 7; i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		assert_non_null(f);
		assert_int_equal(sb_base64_write(f,
						 (const unsigned char *)in[i],
						 strlen(in[i])),
				 0);
		assert_int_equal(fclose(f), 0);
		assert_string_equal(buf, out[i]);
		free(buf);
	}
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		assert_int_equal(sb_base64_write(f, bin, sizeof(bin)), 0);
		assert_int_equal(fclose(f), 0);
		assert_string_equal(buf, "//4AgA==");
		free(buf);
	}
}

static void test_sha256(void **state)
{
	char hex[SB_SHA256_HEX], path[] = "/tmp/sbshaXXXXXX";
	int fd = mkstemp(path);

	(void)state;
	sb_sha256_buf("abc", 3, hex);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
				 "b00361a396177a9cb410ff61f20015ad");
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "abc", 3), 3);
	close(fd);
	assert_int_equal(sb_sha256_file(path, hex), 0);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
				 "b00361a396177a9cb410ff61f20015ad");
	unlink(path);
	assert_int_equal(sb_sha256_file("/nonexistent", hex), -ENOENT);
}

/* Pieces appended one after another; once the buffer is full, the rest is dropped and the text stays terminated. */
static void test_fmt_append(void **state)
{
	char buf[12];
	size_t off = 0;

	(void)state;
	sb_fmt_append(buf, sizeof(buf), &off, "%s", "ab");
	sb_fmt_append(buf, sizeof(buf), &off, " %d%%", 50);
	assert_string_equal(buf, "ab 50%");
	assert_int_equal(off, 6);
	sb_fmt_append(buf, sizeof(buf), &off, ", then %s", "more");
	assert_string_equal(buf, "ab 50%, the");
	assert_true(off >= sizeof(buf));
	sb_fmt_append(buf, sizeof(buf), &off, "x");
	assert_string_equal(buf, "ab 50%, the");
}

/* SB_ACCELS lists the requestable rows, in order; auto probes, none is the host. */
static void test_accel_rows(void **state)
{
	char names[128] = "";
	size_t o = 0;
	int n;
	const struct sb_accel *r = sb_accel_rows(&n);

	(void)state;
	for (int i = 0; i < n; i++)
		if (r[i].requestable)
			o += (size_t)snprintf(names + o, sizeof(names) - o,
					      "%s%s", o ? ", " : "", r[i].name);
	assert_string_equal(names, SB_ACCELS);
	assert_true(sb_accel_requested("auto")->probes);
	assert_null(sb_accel_requested("none"));
	assert_true(sb_accel_named("none")->host);
	assert_null(sb_accel_named("qemu"));
	assert_null(sb_accel_named(NULL));
	assert_true(sb_accel_named("virtual")->sealed);
	assert_true(sb_accel_named("icount")->instr_clock);
	assert_false(sb_accel_named("icount")->sealed);
}

/* Find by name over arrays of structs and of pointers, char * and char[] names. */
struct named_ptr {
	int x;
	const char *name;
};
struct named_arr {
	char name[8];
	int x;
};

static void test_byname(void **state)
{
	static const struct named_ptr p[] = { { 1, "a" },
					      { 2, NULL },
					      { 3, "b" } };
	struct named_arr a[] = { { "x", 1 }, { "y", 2 }, { "y", 3 } };
	const struct named_ptr *list[] = { &p[0], &p[2], NULL, &p[1] };

	(void)state;
	assert_int_equal(sb_index_named(p, 3, name, "b"), 2);
	assert_int_equal(sb_index_named(p, 2, name, "b"), -1);
	assert_int_equal(sb_index_named(p, 3, name, NULL), -1);
	assert_int_equal(sb_index_named(a, 3, name, "y"), 1);
	assert_int_equal(sb_index_named(a, 0, name, "x"), -1);
	assert_int_equal(sb_index_named_ptr(list, 4, name, "b"), 1);
	/* a NULL pointer ends the list */
	assert_int_equal(sb_index_named_ptr(list, SIZE_MAX, name, "c"), -1);
}

/* A message too long for its buffer is cut between words, the cut marked. */
static void test_fmt_words(void **state)
{
	const char *probe = "KVM probe boot failed (qemu_failed: qemu-system-"
			    "x86_64: ../accel/kvm/kvm-all.c:1234: "
			    "kvm_cpu_exec: Assertion `ret == cpu->kvm_run' "
			    "failed.)";
	char buf[200], tiny[8];

	(void)state;
	sb_fmt_words(buf, sizeof(buf), "short enough");
	assert_string_equal(buf, "short enough");
	sb_fmt_words(buf, 96, probe);
	assert_string_equal(buf, "KVM probe boot failed (qemu_failed: "
				 "qemu-system-x86_64: ../accel/kvm/kvm-all.c:"
				 "1234: ...");
	sb_fmt_words(buf, 110, probe);
	assert_string_equal(buf, "KVM probe boot failed (qemu_failed: "
				 "qemu-system-x86_64: ../accel/kvm/kvm-all.c:"
				 "1234: kvm_cpu_exec: ...");
	sb_fmt_words(buf, sizeof(buf), probe);
	assert_string_equal(buf, probe);
	sb_fmt_words(tiny, sizeof(tiny), "abcdefghijkl");
	assert_string_equal(tiny, "abc ...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duration_good),
		cmocka_unit_test(test_duration_bad),
		cmocka_unit_test(test_duration_format),
		cmocka_unit_test(test_hist_index_roundtrip),
		cmocka_unit_test(test_hist_percentiles_vs_exact),
		cmocka_unit_test(test_hist_merge_overflow_empty),
		cmocka_unit_test(test_hist_percentiles_one_pass),
		cmocka_unit_test(test_hist_percentile_inside_bucket),
		cmocka_unit_test(test_closest),
		cmocka_unit_test(test_fmt_fold),
		cmocka_unit_test(test_hist_compact),
		cmocka_unit_test(test_hist_compact_add_clear_new),
		cmocka_unit_test(test_hist_json),
		cmocka_unit_test(test_array_grow),
		cmocka_unit_test(test_atomic_write_read),
		cmocka_unit_test(test_json_load),
		cmocka_unit_test(test_memfile),
		cmocka_unit_test(test_out_write),
		cmocka_unit_test(test_dir_lock),
		cmocka_unit_test(test_spawn),
		cmocka_unit_test(test_spawn_dies_with_parent),
		cmocka_unit_test(test_die_with),
		cmocka_unit_test(test_envelope),
		cmocka_unit_test(test_out_envelope),
		cmocka_unit_test(test_sha256),
		cmocka_unit_test(test_base64),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_fmt_append),
		cmocka_unit_test(test_accel_rows),
		cmocka_unit_test(test_byname),
		cmocka_unit_test(test_fmt_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
