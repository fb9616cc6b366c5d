// SPDX-License-Identifier: GPL-2.0
/* Resolve a "DIR[:kernel[/feature-set]]" or "DIR/KERNEL[/FEATURE-SET]" argument into loaded results. */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/spec.h"

#define SPEC_FORMS \
	"DIR[:kernel[/feature-set]], or a run's DIR/KERNEL[/FEATURE-SET]"

static int check_single(const char *spec, const struct ci_results *r,
			struct sb_error *e)
{
	const char *names[64];
	char list[1024];
	size_t nk = ci_results_kernels(r, names, 64), nf;

	if (nk > 1) {
		ci_names_join(names, nk, list, sizeof(list));
		return sb_error_set(e, -EINVAL, spec, NULL, NULL,
				    "holds %zu kernels (%s); name one as "
				    "DIR:KERNEL/FEATURE-SET",
				    nk, list);
	}
	nf = ci_results_fsets(r, names[0], names + 1, 63);
	if (nf > 1) {
		ci_names_join(names + 1, nf, list, sizeof(list));
		return sb_error_set(e, -EINVAL, spec, NULL, NULL,
				    "kernel %s holds %zu feature sets (%s); "
				    "name one as DIR:%s/FEATURE-SET",
				    names[0], nf, list, names[0]);
	}
	return 0;
}

int ci_spec_one_scenario(const char *spec, const struct ci_results *r,
			 int marked, struct sb_error *e)
{
	const struct ci_run *first = NULL, *unmarked = NULL;
	char file[4200];

	for (size_t i = 0; i < r->n_runs; i++) {
		const struct ci_run *run = &r->runs[i];

		if (!run->scenario_sha256) {
			unmarked = unmarked ?: run;
			continue;
		}
		if (!first) {
			first = run;
			continue;
		}
		if (strcmp(run->scenario_sha256, first->scenario_sha256)) {
			snprintf(file, sizeof(file), "%s/manifest.json",
				 run->path);
			return sb_error_set(
				e, -EINVAL, file, "scenario.sha256", NULL,
				"\"%s\" is not %s/manifest.json's \"%s\": %s "
				"holds runs of two scenarios",
				run->scenario_sha256, first->path,
				first->scenario_sha256, spec);
		}
	}
	if (!unmarked || !marked)
		return 0;
	snprintf(file, sizeof(file), "%s/manifest.json", unmarked->path);
	if (!first)
		return sb_error_set(
			e, -EINVAL, file, "scenario.sha256", "(none)",
			"names no scenario, nor does any run of %s: "
			"runs of an unknown scenario are not gated",
			spec);
	return sb_error_set(e, -EINVAL, file, "scenario.sha256", "(none)",
			    "%s/manifest.json has \"%s\": %s holds runs of "
			    "an unknown scenario",
			    first->path, first->scenario_sha256, spec);
}

/* Does @dir have a manifest.json @depth directories down? */
static int manifests_at(const char *dir, int depth)
{
	char pattern[4200];
	glob_t g;
	int found;

	snprintf(pattern, sizeof(pattern), "%s%s/manifest.json", dir,
		 depth == 1 ? "/*" : "/*/*");
	found = !glob(pattern, GLOB_NOSORT, NULL, &g);
	if (found)
		globfree(&g);
	return found;
}

/* Cut the last path component of @path (trailing slashes dropped) into
 * *@name; @path keeps the rest. 0, or -EINVAL when there is none. */
static int cut_last(char *path, char **name)
{
	size_t n = strlen(path);
	char *slash;

	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	slash = strrchr(path, '/');
	if (!slash || slash == path || !slash[1])
		return -EINVAL;
	*slash = '\0';
	*name = strdup(slash + 1);
	return *name ? 0 : -ENOMEM;
}

/*
 * A plain path to a feature set's directory (its repeats hold manifests)
 * or to a kernel's (two levels down) read as DIR:KERNEL/SET or DIR:KERNEL.
 */
static int split_path(char **dir, char **kernel, char **fs)
{
	int set = manifests_at(*dir, 1), r = 0;

	if (!set && !manifests_at(*dir, 2))
		return 0; /* a run directory, or no runs at all */
	if (set)
		r = cut_last(*dir, fs);
	return r ?: cut_last(*dir, kernel);
}

/* "; feature sets of kernel K: a, b" of @r into @buf ("" without). */
static void sets_there(const struct ci_results *r, const char *kernel,
		       char *buf, size_t len)
{
	const char *names[64];
	char list[1024];
	size_t n = kernel ? ci_results_fsets(r, kernel, names, 64) : 0;

	*buf = '\0';
	if (!n)
		return;
	ci_names_join(names, n, list, sizeof(list));
	snprintf(buf, len, " (feature sets of kernel %s there: %s)", kernel,
		 list);
}

static int load(const char *spec, char *dir, const char *kernel, const char *fs,
		struct ci_results *out, struct sb_error *e)
{
	struct sb_error why;
	char sets[1200];
	int r = ci_results_load(dir, out, e);

	if (r == -ENOMEM)
		return r;
	if (r) /* a results directory not there or malformed: bad input */
		return e->code = -EINVAL;
	sets_there(out, kernel, sets, sizeof(sets));
	r = ci_results_filter(out, kernel, fs, &why);
	if (r == -ENODATA)
		return sb_error_set(e, r, NULL, NULL, NULL, "%s", why.msg);
	if (r)
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL, "%s%s",
				    why.msg, fs ? sets : "");
	if (!out->n_runs)
		return sb_error_set(e, -ENODATA, spec, NULL, NULL,
				    "no complete runs (%zu incomplete; "
				    "expected " SPEC_FORMS ")",
				    out->incomplete);
	return 0;
}

int ci_spec_load(const char *spec, int single, struct ci_results *out,
		 struct sb_error *e)
{
	char *dir, *kernel, *fs;
	int r = ci_spec_split(spec, &dir, &kernel, &fs);

	*out = (struct ci_results){ 0 };
	if (!r && !kernel)
		r = split_path(&dir, &kernel, &fs);
	if (r == -ENOMEM)
		r = sb_error_set(e, r, spec, NULL, NULL, "out of memory");
	else if (r)
		r = sb_error_set(e, -EINVAL, spec, NULL, NULL,
				 "malformed (expected " SPEC_FORMS ")");
	if (!r)
		r = load(spec, dir, kernel, fs, out, e);
	if (!r && single)
		r = check_single(spec, out, e);
	if (!r) /* a hand-edited or mixed-in run is no run of this scenario */
		r = ci_spec_one_scenario(spec, out, single, e);
	free(dir);
	free(kernel);
	free(fs);
	return r;
}

int ci_spec_check_outputs(const char *const *specs, size_t n, const char *rules,
			  const struct sb_path_use *outs, size_t n_outs,
			  struct sb_error *e)
{
	struct sb_path_use ins[CI_SPEC_MAX_INPUTS + 1];
	char *dirs[CI_SPEC_MAX_INPUTS] = { 0 };
	size_t k;
	int r = 0;

	ins[0] = (struct sb_path_use){ "--rules", rules };
	for (k = 0; k < n && k < CI_SPEC_MAX_INPUTS && !r; k++) {
		char *kernel = NULL, *fs = NULL;

		/* a malformed spec is said when it is loaded */
		if (ci_spec_split(specs[k], &dirs[k], &kernel, &fs) == -ENOMEM)
			r = -ENOMEM;
		ins[k + 1] = (struct sb_path_use){ "the results", dirs[k] };
		free(kernel);
		free(fs);
	}
	if (!r)
		r = sb_out_check_all(outs, n_outs, ins, k + 1, e);
	else
		sb_error_set(e, r, NULL, NULL, NULL, "out of memory");
	for (size_t i = 0; i < k; i++)
		free(dirs[i]);
	return r;
}
