// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the trace.dat reader (analyzer/tracedat_check.c header walk,
 * analyzer/read_tracedat.c pages and records) on arbitrary files, then the
 * table built from whatever was read.
 */
#include <stdint.h>

#include "analyzer/sbt_read.h"
#include "fuzz/fuzz_sbt_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	return fz_sbt_reader_one("trace.dat", sbt_read_tracedat, data, len);
}
