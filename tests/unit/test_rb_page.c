// SPDX-License-Identifier: GPL-2.0
/* Unit tests of the ring-buffer page iterator on hand-built pages. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "analyzer/rb_page.h"

#define PSIZE 256u

struct page {
	unsigned char b[PSIZE];
	uint32_t used; /* bytes of events written */
};

static void put32(struct page *p, uint32_t v)
{
	memcpy(p->b + 16 + p->used, &v, 4);
	p->used += 4;
}

static void hdr(struct page *p, uint32_t type_len, uint32_t delta)
{
	put32(p, type_len | delta << 5);
}

static void start(struct page *p, uint64_t ts)
{
	memset(p, 0, sizeof(*p));
	memcpy(p->b, &ts, 8);
}

static void commit(struct page *p, uint64_t flags)
{
	uint64_t c = p->used | flags;

	memcpy(p->b + 8, &c, 8);
}

static void expect(struct rb_page *rb, uint64_t ts, uint32_t first_word,
		   uint32_t len)
{
	const unsigned char *data;
	uint32_t n, w;

	assert_int_equal(rb_page_next(rb, &data, &n), 1);
	assert_int_equal(rb->ts, ts);
	assert_int_equal(n, len);
	memcpy(&w, data, 4);
	assert_int_equal(w, first_word);
}

/* What rb_page_next returns when no event is expected. */
static int next_rc(struct rb_page *rb)
{
	const unsigned char *data;
	uint32_t n;

	return rb_page_next(rb, &data, &n);
}

static void small_and_long_events(void **state)
{
	struct page p;
	struct rb_page rb;

	(void)state;
	start(&p, 1000);
	hdr(&p, 2, 5); /* 8 bytes of data at ts 1005 */
	put32(&p, 0xaaaa);
	put32(&p, 0);
	hdr(&p, 0, 7); /* length word: 4 + 10 bytes, padded to 12 */
	put32(&p, 14);
	put32(&p, 0xbbbb);
	put32(&p, 0);
	put32(&p, 0);
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(rb.lost, 0);
	expect(&rb, 1005, 0xaaaa, 8);
	expect(&rb, 1012, 0xbbbb, 12);
	assert_int_equal(next_rc(&rb), 0);
}

static void time_extend_stamp_and_padding(void **state)
{
	struct page p;
	struct rb_page rb;

	(void)state;
	start(&p, 1000);
	hdr(&p, 30, 3); /* extend: 2 << 27 + 3 */
	put32(&p, 2);
	hdr(&p, 1, 0);
	put32(&p, 0xcccc);
	hdr(&p, 29, 1); /* discarded event: 4 more bytes, delta counted */
	put32(&p, 4);
	hdr(&p, 31, 9); /* absolute: 1 << 27 | 9 */
	put32(&p, 1);
	hdr(&p, 1, 2);
	put32(&p, 0xdddd);
	hdr(&p, 29, 0); /* padding to the page's end */
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	expect(&rb, 1000 + (2ull << 27) + 3, 0xcccc, 4);
	expect(&rb, (1ull << 27) + 9 + 2, 0xdddd, 4);
	assert_int_equal(next_rc(&rb), 0);
}

static void lost_events(void **state)
{
	struct page p;
	struct rb_page rb;
	uint64_t lost = 42;

	(void)state;
	start(&p, 0);
	hdr(&p, 1, 0);
	put32(&p, 1);
	memcpy(p.b + 16 + p.used, &lost, 8);
	commit(&p, 3ull << 30);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(rb.lost, 42);
	commit(&p, 1ull << 31);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(rb.lost, -1);
}

static void corrupt_pages(void **state)
{
	struct page p;
	struct rb_page rb;

	(void)state;
	start(&p, 0);
	p.used = PSIZE - 16 + 4; /* commit past the page */
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), -EINVAL);
	start(&p, 0);
	commit(&p, 1ull << 32);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), -EINVAL);
	assert_int_equal(rb_page_load(&rb, p.b, 8), -EINVAL);

	start(&p, 0); /* an event longer than the commit */
	hdr(&p, 8, 0);
	put32(&p, 0);
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(next_rc(&rb), -EINVAL);

	start(&p, 0); /* a length word under its own size */
	hdr(&p, 0, 0);
	put32(&p, 3);
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(next_rc(&rb), -EINVAL);

	start(&p, 0); /* a header cut by the commit */
	p.used = 2;
	commit(&p, 0);
	assert_int_equal(rb_page_load(&rb, p.b, PSIZE), 0);
	assert_int_equal(next_rc(&rb), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_and_long_events),
		cmocka_unit_test(time_extend_stamp_and_padding),
		cmocka_unit_test(lost_events),
		cmocka_unit_test(corrupt_pages),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
