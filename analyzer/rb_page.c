// SPDX-License-Identifier: GPL-2.0
/* Ring-buffer page iterator: the analyzer's hot loop, kept free of calls
 * (libtraceevent's kbuffer, with an indirect call per word read, was half
 * of the analyzer's time on a large trace). */
#include <errno.h>
#include <string.h>

#include "analyzer/rb_page.h"

#define COMMIT_SIZE_MASK ((1u << 27) - 1)
#define COMMIT_BAD_BITS 0x38000000u /* bits 27-29: never set by the kernel */
#define COMMIT_LOST (1ull << 31)
#define COMMIT_LOST_STORED (1ull << 30)
#define PAGE_HDR 16u
#define TS_SHIFT 27
#define TS_MSB (~((1ull << 59) - 1)) /* kept from the page on TIME_STAMP */

enum { T_PADDING = 29, T_TIME_EXTEND = 30, T_TIME_STAMP = 31 };

static uint32_t rd32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

int rb_page_load(struct rb_page *p, const void *page, uint32_t page_size)
{
	const unsigned char *b = page;
	uint64_t commit;

	if (page_size < PAGE_HDR)
		return -EINVAL;
	commit = rd64(b + 8);
	p->data = b + PAGE_HDR;
	p->limit = page_size - PAGE_HDR;
	p->size = (uint32_t)commit & COMMIT_SIZE_MASK;
	if ((commit >> 32) || (commit & COMMIT_BAD_BITS) || p->size > p->limit)
		return -EINVAL;
	p->next = 0;
	p->ts = rd64(b);
	p->lost = 0;
	if (commit & COMMIT_LOST) {
		p->lost = -1;
		if ((commit & COMMIT_LOST_STORED) && p->limit - p->size >= 8)
			p->lost = (int64_t)rd64(p->data + p->size);
	}
	return 0;
}

int rb_page_next(struct rb_page *p, const unsigned char **data, uint32_t *len)
{
	while (p->next < p->size) {
		uint32_t at = p->next + 4, hdr, type, word = 0;
		uint64_t delta;

		if (p->size - p->next < 4)
			return -EINVAL;
		hdr = rd32(p->data + p->next);
		type = hdr & 0x1f;
		delta = hdr >> 5;
		if (type == 0 || type >= T_PADDING) {
			/* The word after the header; padding may sit at the
			 * commit's end, its word still inside the page. */
			if (p->limit - at < 4)
				return -EINVAL;
			word = rd32(p->data + at);
		}
		switch (type) {
		case T_PADDING:
			p->ts += delta;
			p->next = word > p->size - at ? p->size : at + word;
			continue;
		case T_TIME_EXTEND:
			p->ts += ((uint64_t)word << TS_SHIFT) + delta;
			p->next = at + 4;
			continue;
		case T_TIME_STAMP:
			p->ts = (((uint64_t)word << TS_SHIFT) + delta) |
				(p->ts & TS_MSB);
			p->next = at + 4;
			continue;
		case 0: /* the word is the length, itself included */
			if (word < 4)
				return -EINVAL;
			*len = (word - 4 + 3) & ~3u;
			at += 4;
			break;
		default:
			*len = type * 4;
			break;
		}
		if (at > p->size || *len > p->size - at)
			return -EINVAL;
		p->ts += delta;
		p->next = at + *len;
		*data = p->data + at;
		return 1;
	}
	return 0;
}
