// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the perf.data reader's parts: events merged into time order from sorted runs, and interned comms. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "analyzer/comm_pool.h"
#include "analyzer/ev_order.h"

struct seen {
	uint64_t ts[300000];
	uint64_t off[300000];
	size_t n;
	size_t stop_at; /* deliver fails at this one (0: never) */
};

static int collect(void *arg, const struct ordered_ev *e)
{
	struct seen *s = arg;

	if (s->stop_at && s->n + 1 == s->stop_at)
		return -42;
	s->ts[s->n] = e->ts;
	s->off[s->n] = e->off;
	s->n++;
	return 0;
}

static void add(struct ev_order *o, uint64_t ts, uint64_t off)
{
	struct ordered_ev *e = ev_order_next(o);

	assert_non_null(e);
	memset(e, 0, sizeof(*e));
	e->ts = ts;
	e->off = off;
	assert_int_equal(ev_order_add(o), 0);
}

static struct seen seen;

/* Two CPUs' buffers, one after the other, come out merged; equal times
 * keep file order; a flush stops at its limit and keeps the rest. */
static void test_merge_runs(void **state)
{
	struct ev_order o = { 0 };
	static const uint64_t cpu0[] = { 10, 20, 30, 40 },
			      cpu1[] = { 15, 20, 35 };
	static const uint64_t want_ts[] = { 10, 15, 20, 20, 30 };
	static const uint64_t want_off[] = { 0, 4, 1, 5, 2 };
	uint64_t off = 0;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	for (size_t i = 0; i < 4; i++)
		add(&o, cpu0[i], off++);
	for (size_t i = 0; i < 3; i++)
		add(&o, cpu1[i], off++);
	assert_int_equal(ev_order_flush(&o, 30, collect, &seen), 0);
	assert_int_equal(seen.n, 5);
	for (size_t i = 0; i < 5; i++) {
		assert_int_equal(seen.ts[i], want_ts[i]);
		assert_int_equal(seen.off[i], want_off[i]);
	}
	add(&o, 36, off++); /* a new round after the flush */
	assert_int_equal(ev_order_flush(&o, UINT64_MAX, collect, &seen), 0);
	assert_int_equal(seen.n, 8);
	assert_int_equal(seen.ts[5], 35);
	assert_int_equal(seen.ts[6], 36);
	assert_int_equal(seen.ts[7], 40);
	ev_order_free(&o);
}

/* Many rounds, far more events than the first allocation: the room of
 * delivered events is reused and the order holds throughout. */
static void test_many_rounds(void **state)
{
	struct ev_order o = { 0 };
	uint64_t off = 0, last = 0;

	(void)state;
	memset(&seen, 0, sizeof(seen));
	for (uint64_t round = 0; round < 10; round++) {
		for (int cpu = 0; cpu < 3; cpu++)
			for (uint64_t i = 0; i < 10000; i++)
				add(&o, round * 100000 + i * 3 + (uint64_t)cpu,
				    off++);
		assert_int_equal(ev_order_flush(&o, round * 100000 + 15000,
						collect, &seen),
				 0);
	}
	assert_int_equal(ev_order_flush(&o, UINT64_MAX, collect, &seen), 0);
	assert_int_equal(seen.n, 300000);
	for (size_t i = 0; i < seen.n; i++) {
		assert_true(seen.ts[i] >= last);
		last = seen.ts[i];
	}
	assert_true(o.cap < 300000); /* room was reused, not grown to all */
	ev_order_free(&o);
}

/* A failing delivery stops the flush with its code. */
static void test_deliver_error(void **state)
{
	struct ev_order o = { 0 };

	(void)state;
	memset(&seen, 0, sizeof(seen));
	seen.stop_at = 2;
	add(&o, 1, 0);
	add(&o, 2, 1);
	add(&o, 3, 2);
	assert_int_equal(ev_order_flush(&o, UINT64_MAX, collect, &seen), -42);
	assert_int_equal(seen.n, 1);
	ev_order_free(&o);
}

/* Comms: one id per name (first 15 bytes, to the NUL), stable as the pool
 * grows; names come back NUL-padded. */
static void test_comm_pool(void **state)
{
	struct comm_pool p = { 0 };
	char a[32] = "hackbench", b[32] = "hackbench\0XYZW", c[32];
	char lng[32] = "a-very-long-command-name";
	uint32_t ia, il;

	(void)state;
	ia = comm_pool_id(&p, a);
	assert_int_not_equal(ia, COMM_NONE);
	assert_int_equal(comm_pool_id(&p, b), ia); /* bytes after NUL */
	il = comm_pool_id(&p, lng);
	assert_int_not_equal(il, ia);
	memcpy(lng + 15, "DIFFERENT", 10); /* past the 15 bytes read */
	assert_int_equal(comm_pool_id(&p, lng), il);
	assert_string_equal(comm_pool_name(&p, il), "a-very-long-com");
	for (int i = 0; i < 5000; i++) {
		memset(c, 0, sizeof(c));
		snprintf(c, sizeof(c), "task-%d", i);
		assert_int_equal(comm_pool_id(&p, c), (uint32_t)i + 2);
	}
	assert_int_equal(comm_pool_id(&p, a), ia);
	assert_string_equal(comm_pool_name(&p, ia), "hackbench");
	assert_int_equal(comm_pool_name(&p, ia)[15], 0);
	memset(c, 0, sizeof(c));
	snprintf(c, sizeof(c), "task-%d", 4321);
	assert_int_equal(comm_pool_id(&p, c), 4323);
	assert_int_equal(p.n, 5002);
	comm_pool_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge_runs),
		cmocka_unit_test(test_many_rounds),
		cmocka_unit_test(test_deliver_error),
		cmocka_unit_test(test_comm_pool),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
