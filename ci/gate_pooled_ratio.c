// SPDX-License-Identifier: GPL-2.0
/* Pooled ratio rules: a side's missed share as all its runs' misses over all their frames (a periodic workload's counts), its spread from a run-level bootstrap. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_pooled_ratio.h"
#include "common/jsonpath.h"
#include "workloads/registry/registry.h"

/* Count at @path of @result into @out: 1 a count, else 0. */
static int count_at(const json_t *result, const char *path, double *out)
{
	const json_t *j = sb_json_path(result, path);

	if (!json_is_number(j) || !(json_number_value(j) >= 0))
		return 0;
	*out = json_number_value(j);
	return 1;
}

/* @run's document of @group, read, or NULL. */
static const json_t *result_of(const struct ci_run *run, const char *group)
{
	for (size_t i = 0; i < run->n_docs; i++)
		if (!strcmp(run->docs[i].name, group))
			return run->docs[i].file.result;
	return NULL;
}

int ci_pool_ratio_collect(const struct ci_run *const *runs, size_t n,
			  const char *group, int metric,
			  struct ci_pool_ratio *p, size_t *bad)
{
	const struct ci_metric *m = ci_metric_at(metric);
	const struct sbw_periodic *c = m->counts;

	*p = (struct ci_pool_ratio){ .n_runs = n, .scale = m->scale };
	p->missed = calloc(n + 1, sizeof(*p->missed));
	p->all = calloc(n + 1, sizeof(*p->all));
	if (!p->missed || !p->all) {
		ci_pool_ratio_free(p);
		return -ENOMEM;
	}
	for (size_t r = 0; r < n; r++) {
		const json_t *res = c ? result_of(runs[r], group) : NULL;

		if (!res || !count_at(res, c->missed, &p->missed[r]) ||
		    !count_at(res, c->all, &p->all[r]) ||
		    p->missed[r] > p->all[r]) {
			*bad = r;
			ci_pool_ratio_free(p);
			return -ENODATA;
		}
	}
	return 0;
}

void ci_pool_ratio_free(struct ci_pool_ratio *p)
{
	free(p->missed);
	free(p->all);
	*p = (struct ci_pool_ratio){ 0 };
}

double ci_pool_ratio_share(const void *pool, const unsigned int *weight)
{
	const struct ci_pool_ratio *p = pool;
	double missed = 0, all = 0;

	for (size_t r = 0; r < p->n_runs; r++) {
		double w = weight ? weight[r] : 1;

		missed += w * p->missed[r];
		all += w * p->all[r];
	}
	return all > 0 ? 100 * p->scale * missed / all : NAN;
}
