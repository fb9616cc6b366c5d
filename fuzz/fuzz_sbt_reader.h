/* SPDX-License-Identifier: GPL-2.0 */
/* The fuzz targets of the trace-file readers: one input as a file, read, checked, then the table built from it. */
#ifndef SB_FUZZ_SBT_READER_H
#define SB_FUZZ_SBT_READER_H

#include <stddef.h>
#include <stdint.h>

#include "analyzer/sbt.h"
#include "common/error.h"

/* A reader of a trace file into @s (sbt_read_tracedat, sbt_read_perfdata). */
typedef int (*fz_sbt_reader)(struct sbt *s, const char *path,
			     struct sb_error *e);

/*
 * Write @data to @name in the scratch directory, read it with @read and
 * check the contract (0, or a -errno with its error record: a one-line
 * message naming the file), then build the table of what was read.
 * Returns 0.
 */
int fz_sbt_reader_one(const char *name, fz_sbt_reader read, const uint8_t *data,
		      size_t len);

#endif
