// SPDX-License-Identifier: GPL-2.0
/* Runs sized before running: the noise a finished run keeps beside the kernel cache, and what plan, run and check say from it before the first boot. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ci/columns.h"
#include "ci/noise_store.h"
#include "ci/results.h"
#include "ci/rules_pick.h"
#include "common/envelope.h"
#include "harness/boot/kernel.h"
#include "harness/plan.h"
#include "harness/run_sizing.h"

/* Feature sets of one kernel whose noise is kept together, at most. */
#define MAX_SIDES 16

/* Where noise is kept: $SLICEBENCH_NOISE, else the kernel cache's noise/. */
static const char *noise_dir(void)
{
	static char dir[4200];
	const char *env = getenv("SLICEBENCH_NOISE");

	if (env && *env)
		snprintf(dir, sizeof(dir), "%s", env);
	else
		snprintf(dir, sizeof(dir), "%s/noise", kernel_cache_dir());
	return dir;
}

/*
 * The noise kept for @kernel's runs of @rn's scenario into @n; 0 or
 * -errno. A file that cannot be read is said on @f and left out.
 */
static int kept(FILE *f, const struct runner *rn, const char *kernel,
		struct ci_noise *n)
{
	char path[4200];
	struct sb_error e;
	int r = ci_noise_path(path, sizeof(path), noise_dir(), rn->sha256,
			      kernel);

	if (!r && (r = ci_noise_load(path, n, &e)) && r != -ENOENT)
		fprintf(f, "sizing: left out: %s\n", e.msg);
	return r;
}

void run_sizing_say(FILE *f, const struct runner *rn,
		    const struct run_kernel *ks, int nk,
		    const struct ci_rules *rules, int reach,
		    const char *reach_what, int check)
{
	struct ci_noise *n = calloc((size_t)nk, sizeof(*n));
	const struct ci_noise *known[PLAN_MAX_KERNELS];
	struct ci_noise_ask ask = {
		.reach = reach,
		.reach_what = reach_what,
		.sides = check ? 2 : rn->sc->n_sets,
		.at_once = rn->at_once > 1 ? (int)rn->at_once : 1,
		.control = check ? 0 : rn->sc->untraced_repeats,
		.fallback_run_s =
			(double)(rn->sc->duration_ns + rn->sc->warmup_ns) / 1e9,
	};
	struct ci_rules own = { 0 };
	struct ci_rules_pick pick;
	struct sb_error e;
	char who[200];
	size_t k = 0;

	if (!n || (!rules &&
		   ci_rules_pick_load(NULL, rn->sc->rules, rn->scenario_path,
				      &own, &pick, &e))) {
		free(n);
		return; /* the run says what is wrong with its rules */
	}
	for (int i = 0; i < nk && i < PLAN_MAX_KERNELS; i++) {
		if (!kept(f, rn, ks[i].ki.name, &n[i]))
			known[k++] = &n[i];
		if (check && i + 1 < nk)
			continue;
		if (check)
			snprintf(who, sizeof(who), "%s against %s",
				 ks[nk - 1].ki.name, ks[0].ki.name);
		else
			snprintf(who, sizeof(who), "kernel %s", ks[i].ki.name);
		ask.who = who;
		ci_noise_plan_print(f, known, k, rules ? rules : &own, &ask);
		k = 0;
	}
	ci_rules_free(&own);
	free(n);
}

int run_noise_keep(const char *root, struct sb_error *e)
{
	const struct ci_column *cols[MAX_SIDES];
	char path[4200], named[1024];
	struct ci_results res = { 0 };
	struct ci_columns c = { 0 };
	struct ci_rules rules = { 0 };
	struct ci_rules_pick pick;
	struct ci_noise n;
	int r = ci_results_load(root, &res, e);

	snprintf(path, sizeof(path), "%s/scenario.json", root);
	if (!r && ci_columns_build(&res, 1, &c))
		r = sb_error_set(e, -ENOMEM, NULL, NULL, NULL, "out of memory");
	if (!r)
		r = ci_rules_named_by_run(root, named, sizeof(named), e);
	if (!r)
		r = ci_rules_pick_load(NULL, named, path, &rules, &pick, e);
	for (size_t i = 0; !r && i < c.n; i++) {
		const char *sha;
		size_t k = 0;

		for (size_t j = 0; j < c.n && k < MAX_SIDES; j++)
			if (!strcmp(c.v[j].kernel, c.v[i].kernel))
				cols[k++] = &c.v[j];
		/* kept with its kernel's first column, for the scenario its
		 * first run ran */
		if (cols[0] != &c.v[i] || !c.v[i].n_runs ||
		    !(sha = c.v[i].runs[0]->scenario_sha256))
			continue;
		n = (struct ci_noise){ 0 };
		snprintf(n.scenario_sha256, sizeof(n.scenario_sha256), "%s",
			 sha);
		snprintf(n.kernel, sizeof(n.kernel), "%s", c.v[i].kernel);
		sb_iso_time_now(n.measured, sizeof(n.measured));
		if (!ci_noise_measure(&n, &rules, cols, k))
			continue;
		if ((r = ci_noise_path(path, sizeof(path), noise_dir(), sha,
				       n.kernel)) ||
		    (r = ci_noise_save(path, &n)))
			r = sb_error_set(e, r, path, NULL, NULL,
					 "cannot keep the runs' noise: %s",
					 strerror(-r));
	}
	ci_rules_free(&rules);
	ci_columns_free(&c);
	ci_results_free(&res);
	return r;
}
