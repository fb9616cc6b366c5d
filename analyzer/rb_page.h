/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One ring-buffer sub-buffer (page) of a trace.dat: its events in order.
 *
 * The kernel's format (little-endian, 64-bit commit field): a u64 page
 * timestamp, a u64 commit (bytes of events; bit 31: events were lost
 * before this page, bit 30: their count follows the events), then events
 * behind a u32 header of type_len:5 and time_delta:27. type_len 1..28 is a
 * data event of type_len * 4 bytes, 0 one whose length is in the next
 * word, 29 padding, 30 a time extend, 31 an absolute timestamp. Timestamps
 * follow libtraceevent's kbuffer, which `trace-cmd report` uses.
 */
#ifndef SB_RB_PAGE_H
#define SB_RB_PAGE_H

#include <stdint.h>

struct rb_page {
	const unsigned char *data; /* the first event header */
	uint32_t limit; /* bytes from data to the page's end */
	uint32_t size; /* committed bytes of events */
	uint32_t next; /* offset of the next event header */
	uint64_t ts; /* time of the event rb_page_next last gave */
	int64_t lost; /* events lost before the page; -1: some, not counted */
};

/* Start reading @page of @page_size bytes; -EINVAL when its header does
 * not fit the page (a corrupt file). */
int rb_page_load(struct rb_page *p, const void *page, uint32_t page_size);

/* The next data event of the page: 1 with *@data, *@len and p->ts set, 0
 * at the end of the page, -EINVAL when an event runs past the commit. */
int rb_page_next(struct rb_page *p, const unsigned char **data, uint32_t *len);

#endif
