// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target: the gate's results loader (ci/results.c) and the metric
 * extraction behind it. The input's parts (split at FZ_SEP) become, in
 * order: table.json, workloads/a.json, workloads/b.json, manifest.json and
 * scenario.json of one run directory; a missing part is a missing file,
 * except the manifest, which then says "complete".
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "ci/results.h"
#include "fuzz/fuzz_io.h"

#define RUN "res/k/fs/1/"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static const char *const files[] = {
		RUN "table.json", RUN "workloads/a.json",
		RUN "workloads/b.json", RUN "manifest.json", "res/scenario.json"
	};
	static const char complete[] =
		"{\"schema\": 1, \"status\": \"complete\"}";
	const size_t nfiles = sizeof(files) / sizeof(files[0]);
	const uint8_t *part[sizeof(files) / sizeof(files[0])];
	size_t plen[sizeof(files) / sizeof(files[0])], n;
	struct ci_results res;
	struct sb_error err;
	char dir[4096];
	int r;

	n = fz_split(data, len, part, plen, nfiles);
	for (size_t i = 0; i < nfiles; i++)
		if (i < n)
			fz_put(files[i], part[i], plen[i]);
		else if (i == 3)
			fz_put(files[i], complete, strlen(complete));
		else
			fz_drop(files[i]);
	snprintf(dir, sizeof(dir), "%s/res", fz_dir());
	r = ci_results_load(dir, &res, &err);
	if (r) {
		fz_check(r == -EINVAL || r == -ENOMEM,
			 "returns -EINVAL/-ENOMEM");
		fz_check(!strncmp(err.msg, dir, strlen(dir)),
			 "the message names the file");
	} else {
		fz_check(res.n_runs <= 1, "at most the one run");
		fz_check(res.n_runs + res.incomplete == 1,
			 "the run is complete or counted incomplete");
		r = ci_results_filter(&res, "k", "fs", &err);
		fz_check(r == 0 || r == -ENODATA, "filter keeps the run");
	}
	ci_results_free(&res);
	return 0;
}
