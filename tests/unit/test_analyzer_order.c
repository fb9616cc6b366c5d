// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the perf.data reader's parts: a file read ahead in windows, events merged into time order from sorted runs, and handed to a delivering thread. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "analyzer/ev_order.h"
#include "analyzer/ev_pipe.h"
#include "analyzer/read_ahead.h"

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

/* Push @n events, times 0.., through a pipe into @seen; the result of
 * finishing it. Pushing stops at the deliverer's first error. */
static int through_pipe(size_t n)
{
	struct ev_pipe *p;
	int e = 0;

	assert_int_equal(ev_pipe_start(&p, collect, &seen), 0);
	for (size_t i = 0; !e && i < n; i++) {
		struct ordered_ev *x = ev_pipe_slot(p);

		assert_non_null(x);
		memset(x, 0, sizeof(*x));
		x->ts = i;
		x->off = 1000 + i;
		e = ev_pipe_push(p);
	}
	return ev_pipe_finish(p);
}

/* More events than the queue holds come out all, in the order handed
 * over; a pipe given none delivers none. (The deliverer runs in the
 * pipe's thread, so only the test's thread asserts.) */
static void test_pipe_order(void **state)
{
	(void)state;
	memset(&seen, 0, sizeof(seen));
	assert_int_equal(through_pipe(0), 0);
	assert_int_equal(seen.n, 0);
	assert_int_equal(through_pipe(300000), 0);
	assert_int_equal(seen.n, 300000);
	for (size_t i = 0; i < seen.n; i++) {
		assert_int_equal(seen.ts[i], i);
		assert_int_equal(seen.off[i], 1000 + i);
	}
	assert_int_equal(ev_pipe_finish(NULL), 0);
}

/* The deliverer's first error stops the delivery and is what finishing
 * returns, however far the pushing went. */
static void test_pipe_error(void **state)
{
	(void)state;
	memset(&seen, 0, sizeof(seen));
	seen.stop_at = 5;
	assert_int_equal(through_pipe(200000), -42);
	assert_int_equal(seen.n, 4);
	memset(&seen, 0, sizeof(seen));
	seen.stop_at = 3;
	assert_int_equal(through_pipe(10), -42); /* within the first batch */
	assert_int_equal(seen.n, 2);
}

/* A temporary file of @len bytes, byte i being (i * 7) % 251; its fd. */
static int pattern_file(size_t len)
{
	char path[] = "/tmp/sb_read_ahead.XXXXXX";
	unsigned char *buf = malloc(len + 1);
	int fd = mkstemp(path);

	assert_non_null(buf);
	assert_true(fd >= 0);
	unlink(path);
	for (size_t i = 0; i < len; i++)
		buf[i] = (unsigned char)(i * 7 % 251);
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	free(buf);
	return fd;
}

static void assert_pattern(const unsigned char *p, uint64_t off, size_t n)
{
	assert_non_null(p);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(p[i], (off + i) * 7 % 251);
}

/* The @n bytes at @off read through @ra, and all it says lie there, are
 * the file's. */
static void assert_span(struct read_ahead *ra, uint64_t off, size_t n)
{
	size_t avail = 0;
	uint64_t at = 0;
	int err = 0;
	const unsigned char *p = read_ahead_at(ra, off, n, &avail, &err, &at);

	assert_true(avail >= n);
	assert_pattern(p, off, avail);
}

/* A span that cannot be read: NULL, -ENODATA where the file ended. */
static void assert_short(struct read_ahead *ra, uint64_t off, size_t n,
			 uint64_t file_len)
{
	size_t avail;
	uint64_t at = 0;
	int err = 0;

	assert_null(read_ahead_at(ra, off, n, &avail, &err, &at));
	assert_int_equal(err, -ENODATA);
	assert_int_equal(at, file_len);
}

/* Spans read forward across many windows (more than the ring holds),
 * many of them across two, up to the longest from a window's last byte,
 * one ending at a window's end, one after a jump over windows, are the
 * file's bytes; a span into a window past the file's end fails there. */
static void test_read_ahead(void **state)
{
	const size_t step = 4096, max_span = 512, len = 40 * 4096 + 100;
	int fd = pattern_file(len);
	struct read_ahead *ra;
	uint64_t off;

	(void)state;
	assert_int_equal(read_ahead_start(&ra, fd, 10, len, step, max_span), 0);
	for (off = 10; off + 300 <= 20 * step; off += 300)
		assert_span(ra, off, 300);
	off = 10 + 21 * step - 1; /* a window's last byte, the longest span */
	assert_span(ra, off, max_span);
	off = 10 + 23 * step - 64; /* up to a window's last byte */
	assert_span(ra, off, 64);
	assert_span(ra, off + 64, 8);
	assert_span(ra, 10 + 35 * step, 8); /* windows skipped */
	assert_span(ra, len - 8, 8);
	read_ahead_stop(ra);

	assert_int_equal(
		read_ahead_start(&ra, fd, 0, len + 5000, step, max_span), 0);
	assert_span(ra, step, 16);
	assert_short(ra, len - 4, 8, len);
	read_ahead_stop(ra);

	/* the file ends 100 bytes into window 40: a span from window 39
	 * into it stops where the file does */
	assert_int_equal(
		read_ahead_start(&ra, fd, 0, len + 5000, step, max_span), 0);
	assert_short(ra, 40 * step - 8, 200, len);
	read_ahead_stop(ra);

	assert_int_equal(read_ahead_start(&ra, fd, 5, 5, step, max_span), 0);
	read_ahead_stop(ra); /* an empty range: nothing to read */
	read_ahead_stop(NULL);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_ahead),
		cmocka_unit_test(test_merge_runs),
		cmocka_unit_test(test_many_rounds),
		cmocka_unit_test(test_deliver_error),
		cmocka_unit_test(test_pipe_order),
		cmocka_unit_test(test_pipe_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
