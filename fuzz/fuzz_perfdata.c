// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the perf.data reader (analyzer/perfdata_file.c header,
 * attributes and tracing data, analyzer/read_perfdata.c records) on
 * arbitrary files, then the table built from whatever was read.
 */
#include <stdint.h>

#include "analyzer/sbt_read.h"
#include "fuzz/fuzz_sbt_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	return fz_sbt_reader_one("perf.data", sbt_read_perfdata, data, len);
}
