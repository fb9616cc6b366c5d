// SPDX-License-Identifier: GPL-2.0
/* The fuzz targets of the trace-file readers: one input as a file, read, checked, then the table built from it. */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <sanitizer/common_interface_defs.h>

#include "analyzer/sbt_table.h"
#include "fuzz/fuzz_io.h"
#include "fuzz/fuzz_sbt_reader.h"

/* The header-probe child (sbt_survives forks it) may die on a corrupt file:
 * that is what it is for. Let it die plainly, not as a libFuzzer crash with
 * an artifact: registered with pthread_atfork, it runs in every child. */
static void die_plainly_in_child(void)
{
	static const int sigs[] = { SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE };

	__sanitizer_set_death_callback(NULL);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		signal(sigs[i], SIG_DFL);
}

int fz_sbt_reader_one(const char *name, fz_sbt_reader read, const uint8_t *data,
		      size_t len)
{
	const char *path = fz_put(name, data, len);
	struct sbt_opts opts = { .until_ns = UINT64_MAX };
	struct sbt_table_opts topts = { 0 };
	struct sbt_summary sum;
	struct sbt_table table;
	struct sbt *s = sbt_new(&opts);
	struct sb_error e = { 0 };
	static int atfork_set;
	int r;

	if (!s)
		abort();
	if (!atfork_set)
		atfork_set = !pthread_atfork(NULL, NULL, die_plainly_in_child);
	r = read(s, path, &e);
	fz_check(r <= 0 && r > -4096, "returns 0 or a -errno");
	if (r) {
		fz_check(e.code == r, "the error record carries the -errno");
		fz_check(strstr(e.msg, path) != NULL,
			 "the message names the file");
		fz_check(!strchr(e.msg, '\n'), "the message is one line");
	}
	sbt_summary_get(s, &sum);
	/*
	 * The known unbounded interval series
	 * (tests/fixtures/crashes/README.md).
	 */
	if (!r && sum.last_ts_ns - sum.first_ts_ns <= fz_sbt_span_ns()) {
		fz_check(!sbt_table_build(s, &topts, &table), "table builds");
		sbt_table_free(&table);
	}
	sbt_free(s);
	return 0;
}
