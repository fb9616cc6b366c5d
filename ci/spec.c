// SPDX-License-Identifier: GPL-2.0
/* Resolve a "DIR[:kernel[/feature-set]]" argument into loaded results. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/spec.h"
#include "common/exitcodes.h"

static int check_single(const char *spec, const struct ci_results *r, char *err,
			size_t errlen)
{
	const char *names[64];
	char list[1024];
	size_t nk = ci_results_kernels(r, names, 64), nf;

	if (nk > 1) {
		ci_names_join(names, nk, list, sizeof(list));
		snprintf(
			err, errlen,
			"%s: holds %zu kernels (%s); name one as DIR:KERNEL/FEATURE-SET",
			spec, nk, list);
		return SB_EXIT_USAGE;
	}
	nf = ci_results_fsets(r, names[0], names + 1, 63);
	if (nf > 1) {
		ci_names_join(names + 1, nf, list, sizeof(list));
		snprintf(
			err, errlen,
			"%s: kernel %s holds %zu feature sets (%s); name one as DIR:%s/FEATURE-SET",
			spec, names[0], nf, list, names[0]);
		return SB_EXIT_USAGE;
	}
	return SB_EXIT_OK;
}

/* The runs of @r come from one scenario (their manifests' scenario.sha256). */
static int check_scenario(const char *spec, const struct ci_results *r,
			  char *err, size_t errlen)
{
	const struct ci_run *first = NULL;

	for (size_t i = 0; i < r->n_runs; i++) {
		const struct ci_run *run = &r->runs[i];

		if (!run->scenario_sha256)
			continue;
		if (!first) {
			first = run;
			continue;
		}
		if (strcmp(run->scenario_sha256, first->scenario_sha256)) {
			snprintf(
				err, errlen,
				"%s/manifest.json: scenario.sha256: \"%s\" is not %s/manifest.json's \"%s\": %s holds runs of two scenarios",
				run->path, run->scenario_sha256, first->path,
				first->scenario_sha256, spec);
			return SB_EXIT_USAGE;
		}
	}
	return SB_EXIT_OK;
}

int ci_spec_load(const char *spec, int single, struct ci_results *out,
		 char *err, size_t errlen)
{
	char *dir, *kernel, *fs;
	int r = ci_spec_split(spec, &dir, &kernel, &fs), code = SB_EXIT_USAGE;

	*out = (struct ci_results){ 0 };
	if (r) {
		snprintf(err, errlen,
			 "%s: %s (expected DIR[:kernel[/feature-set]])", spec,
			 r == -ENOMEM ? "out of memory" : "malformed");
		goto out;
	}
	if (ci_results_load(dir, out, err, errlen))
		goto out;
	r = ci_results_filter(out, kernel, fs, err, errlen);
	if (r) {
		code = r == -ENODATA ? SB_EXIT_UNMEASURED : SB_EXIT_USAGE;
		goto out;
	}
	if (!out->n_runs) {
		snprintf(err, errlen, "%s: no complete runs (%zu incomplete)",
			 spec, out->incomplete);
		code = SB_EXIT_UNMEASURED;
		goto out;
	}
	code = single ? check_single(spec, out, err, errlen) : SB_EXIT_OK;
	if (!code && single)
		code = check_scenario(spec, out, err, errlen);
out:
	free(dir);
	free(kernel);
	free(fs);
	return code;
}
