/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A file range read ahead by a thread, in windows of @step bytes one after
 * the other; a span that crosses from one window into the next (at most
 * @max_span bytes) is put together in a buffer of the reader's. The
 * kernel's copy of the file's pages (a fifth of reading a perf.data)
 * overlaps with the use of the windows before, and each byte is copied
 * once. Read forward only, from one thread.
 */
#ifndef SB_READ_AHEAD_H
#define SB_READ_AHEAD_H

#include <stddef.h>
#include <stdint.h>

struct read_ahead;

/* Start reading [@start, @end) of @fd in windows of @step bytes, for
 * spans of up to @max_span (<= @step) bytes: 0, -ENOMEM or the -errno of
 * pthread_create(). */
int read_ahead_start(struct read_ahead **out, int fd, uint64_t start,
		     uint64_t end, size_t step, size_t max_span);

/*
 * The @n bytes at @off (@n <= @max_span, @off not before that of the call
 * before, [@off, @off + @n) within the range), valid until the next call,
 * and in *@avail how many bytes from @off lie there (at least @n). NULL
 * when a read failed: then *@err_off is where, and *@err its -errno
 * (-ENODATA: the file ended before the range did).
 */
const unsigned char *read_ahead_at(struct read_ahead *ra, uint64_t off,
				   size_t n, size_t *avail, int *err,
				   uint64_t *err_off);

/* Stop the thread and free @ra (NULL is fine). */
void read_ahead_stop(struct read_ahead *ra);

#endif
