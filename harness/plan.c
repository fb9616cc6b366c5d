// SPDX-License-Identifier: GPL-2.0
/* Matrix planning, plan.json, and which runs of a results tree are done. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/envelope.h"
#include "harness/plan.h"

int plan_build(struct plan *p, const struct scenario *sc, const char *sha256,
	       const char *const *kernels, int n_kernels, int repeats)
{
	size_t n = 0;

	memset(p, 0, sizeof(*p));
	if (n_kernels < 1 || n_kernels > PLAN_MAX_KERNELS || repeats < 1)
		return -E2BIG;
	snprintf(p->scenario_name, sizeof(p->scenario_name), "%s", sc->name);
	snprintf(p->scenario_sha256, sizeof(p->scenario_sha256), "%s", sha256);
	p->n_kernels = n_kernels;
	p->repeats = repeats;
	p->runs = calloc((size_t)n_kernels * repeats * sc->n_sets,
			 sizeof(*p->runs));
	if (!p->runs)
		return -ENOMEM;
	for (int k = 0; k < n_kernels; k++) {
		snprintf(p->kernels[k], sizeof(p->kernels[k]), "%s",
			 kernels[k]);
		for (int r = 1; r <= repeats; r++)
			for (int s = 0; s < sc->n_sets; s++) {
				struct plan_run *run = &p->runs[n++];

				snprintf(run->kernel, sizeof(run->kernel), "%s",
					 kernels[k]);
				snprintf(run->set, sizeof(run->set), "%s",
					 sc->sets[s].name);
				run->repeat = r;
			}
	}
	p->n_runs = n;
	return 0;
}

void plan_free(struct plan *p)
{
	free(p->runs);
	p->runs = NULL;
	p->n_runs = 0;
}

json_t *plan_to_json(const struct plan *p)
{
	json_t *kernels = json_array(), *runs = json_array();

	for (int k = 0; k < p->n_kernels; k++)
		json_array_append_new(kernels, json_string(p->kernels[k]));
	for (size_t i = 0; i < p->n_runs; i++)
		json_array_append_new(runs,
				      json_pack("{s:s,s:s,s:i}", "kernel",
						p->runs[i].kernel,
						"feature_set", p->runs[i].set,
						"repeat", p->runs[i].repeat));
	return json_pack("{s:i,s:{s:s,s:s},s:o,s:i,s:o}", "schema", SB_SCHEMA,
			 "scenario", "name", p->scenario_name, "sha256",
			 p->scenario_sha256, "kernels", kernels, "repeats",
			 p->repeats, "runs", runs);
}

int plan_matches(const json_t *j, const struct plan *p)
{
	json_t *mine = plan_to_json(p);
	int same = json_equal(json_object_get(j, "scenario"),
			      json_object_get(mine, "scenario")) &&
		   json_equal(json_object_get(j, "runs"),
			      json_object_get(mine, "runs"));

	json_decref(mine);
	return same;
}

void plan_run_dir(const char *root, const struct plan_run *r, char *buf,
		  size_t len)
{
	snprintf(buf, len, "%s/%s/%s/%d", root, r->kernel, r->set, r->repeat);
}

int plan_run_complete(const char *root, const struct plan_run *r)
{
	char dir[4096], path[4200];
	json_t *m;
	int done;

	plan_run_dir(root, r, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	m = json_load_file(path, 0, NULL);
	done = m && json_is_string(json_object_get(m, "status")) &&
	       !strcmp(json_string_value(json_object_get(m, "status")),
		       "complete");
	json_decref(m);
	return done;
}

size_t plan_pending(const struct plan *p, const char *root)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_runs; i++)
		n += !plan_run_complete(root, &p->runs[i]);
	return n;
}

int plan_resumable(const char *root, const struct plan *p, char *why,
		   size_t whylen)
{
	char path[4200];
	json_t *j;
	int same;

	snprintf(path, sizeof(path), "%s/plan.json", root);
	j = json_load_file(path, 0, NULL);
	if (!j) {
		snprintf(why, whylen, "%s has no readable plan.json", root);
		return 0;
	}
	same = plan_matches(j, p);
	json_decref(j);
	if (!same) {
		snprintf(why, whylen,
			 "%s ran another scenario, scenario version, kernels "
			 "or repeats",
			 root);
		return 0;
	}
	if (!plan_pending(p, root)) {
		snprintf(why, whylen, "%s is complete", root);
		return 0;
	}
	snprintf(why, whylen, "%s: %zu of %zu runs still to do", root,
		 plan_pending(p, root), p->n_runs);
	return 1;
}
