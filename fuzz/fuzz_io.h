/* SPDX-License-Identifier: GPL-2.0 */
/* Fuzz helpers: fuzz bytes into files for parsers that read paths, and input splitting. */
#ifndef SB_FUZZ_IO_H
#define SB_FUZZ_IO_H

#include <stddef.h>
#include <stdint.h>

/* Separator of the parts of one fuzz input (a line of its own). */
#define FZ_SEP "\n%%\n"

/*
 * This process's scratch directory, created on first use under $TMPDIR,
 * else /dev/shm, else /tmp; aborts if it cannot be.
 */
const char *fz_dir(void);

/*
 * Write @len bytes of @data to @rel under fz_dir() (parent directories
 * created) and return its path in a static buffer; aborts on I/O errors,
 * which are the harness's, not the parser's.
 */
const char *fz_put(const char *rel, const void *data, size_t len);

/* Remove @rel under fz_dir() if it exists. */
void fz_drop(const char *rel);

/*
 * Split @data at FZ_SEP into at most @max parts (the last one keeps any
 * further separators). Returns the number of parts (>= 1).
 */
size_t fz_split(const uint8_t *data, size_t len, const uint8_t **part,
		size_t *plen, size_t max);

/* A NUL-terminated malloc'd copy of @data (aborts on out of memory). */
char *fz_strdup(const uint8_t *data, size_t len);

/*
 * The analyzer sizes its interval series by trace span / interval, without a
 * bound (tests/fixtures/crashes/README.md): the analyzer targets feed no
 * event more than this far after the first (1000 s; $SBFUZZ_SPAN_NS
 * overrides, 0 = no limit, to reproduce it), so that known issue does not
 * hide others.
 */
uint64_t fz_sbt_span_ns(void);

/* Abort naming @what: an invariant the parser broke. */
_Noreturn void fz_fail(const char *what);
#define fz_check(cond, what) ((cond) ? (void)0 : fz_fail(what))

#endif
