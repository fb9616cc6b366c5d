// SPDX-License-Identifier: GPL-2.0
/* Results held in memory, one value per rule and run (and delay histograms or counts for pooled rules): the gate's unit tests and error-rate benchmark. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/gate_pooled.h"
#include "ci/synth_runs.h"
#include "common/array.h"
#include "common/hist.h"
#include "workloads/registry/registry.h"

int ci_synth_alloc(struct ci_results *r, size_t runs)
{
	*r = (struct ci_results){ .runs = calloc(runs + 1, sizeof(*r->runs)),
				  .n_runs = runs };
	for (size_t i = 0; r->runs && i < runs; i++)
		r->runs[i].repeat =
			(unsigned int)i + 1; /* run i of round i + 1 */
	return r->runs ? 0 : -ENOMEM;
}

int ci_synth_put(struct ci_results *r, size_t run, const struct ci_rule *rule,
		 double v)
{
	struct ci_values *vals = &r->runs[run].vals;

	for (size_t i = 0; i < vals->n; i++)
		if (vals->v[i].metric == rule->metric &&
		    !strcmp(vals->v[i].group, rule->group)) {
			vals->v[i].v = v;
			return 0;
		}
	return ci_values_add(vals, rule->metric, rule->group, v) ? 0 : -ENOMEM;
}

/* Run @run's table row of @comm, added when it has none; NULL out of memory. */
static struct ci_table_row *group_row(struct ci_results *r, size_t run,
				      const char *comm)
{
	struct ci_table *t = &r->runs[run].delay_table;
	struct ci_table_row *g;

	for (size_t i = 0; i < t->n_groups; i++)
		if (!strcmp(t->groups[i].comm, comm))
			return &t->groups[i];
	g = realloc(t->groups, (t->n_groups + 1) * sizeof(*g));
	if (!g)
		return NULL;
	t->groups = g;
	g = &t->groups[t->n_groups];
	*g = (struct ci_table_row){ .present = 1, .pid = -1, .has_hist = 1 };
	if (!(g->comm = strdup(comm)))
		return NULL;
	t->n_groups++;
	r->runs[run].has_table = 1;
	return g;
}

/* The run's own p99 of its histogram, as the pool reads it. */
static double run_p99(const struct ci_results *r, size_t run,
		      const struct ci_rule *rule)
{
	const struct ci_run *one = &r->runs[run];
	struct ci_pool p;
	size_t bad;
	double q = NAN;

	if (!ci_pool_collect(&one, 1, rule->group, &p, &bad))
		q = ci_pool_quantile(&p, NULL, 0.99);
	ci_pool_free(&p);
	return q;
}

int ci_synth_put_delays(struct ci_results *r, size_t run,
			const struct ci_rule *rule, const double *ms, size_t n)
{
	uint32_t *count = calloc(SB_HIST_BUCKETS, sizeof(*count));
	struct ci_table_row *g = count ? group_row(r, run, rule->group) : NULL;
	size_t k = 0;

	if (!g) {
		free(count);
		return -ENOMEM;
	}
	free(g->buckets);
	*g = (struct ci_table_row){
		.present = 1, .comm = g->comm, .pid = -1, .has_hist = 1
	};
	for (size_t i = 0; i < n; i++) {
		double ns = ms[i] * 1e6;

		if (ns >= 0x1p40)
			g->hist_overflow++;
		else
			count[sb_hist_index((uint64_t)ns)]++;
	}
	for (unsigned int b = 0; b < SB_HIST_BUCKETS; b++)
		k += count[b] > 0;
	g->buckets = calloc(k + 1, sizeof(*g->buckets));
	for (unsigned int b = 0; g->buckets && b < SB_HIST_BUCKETS; b++) {
		uint64_t lo, hi;

		if (!count[b])
			continue;
		sb_hist_bucket_range(b, &lo, &hi);
		g->buckets[g->n_buckets++] =
			(struct ci_table_bucket){ (int64_t)lo, (int64_t)hi,
						  count[b] };
	}
	free(count);
	if (!g->buckets)
		return -ENOMEM;
	g->hist_count = (int64_t)n;
	return ci_synth_put(r, run, rule, run_p99(r, run, rule));
}

int ci_synth_copy_delays(struct ci_results *to, size_t i,
			 const struct ci_results *from, size_t j,
			 const struct ci_rule *rule)
{
	const struct ci_table *t = &from->runs[j].delay_table;
	struct ci_table_row *g;

	for (size_t k = 0; k < t->n_groups; k++) {
		if (strcmp(t->groups[k].comm, rule->group))
			continue;
		if (!(g = group_row(to, i, rule->group)))
			return -ENOMEM;
		free(g->buckets);
		g->n_buckets = t->groups[k].n_buckets;
		g->hist_overflow = t->groups[k].hist_overflow;
		g->buckets = malloc((g->n_buckets + 1) * sizeof(*g->buckets));
		if (!g->buckets)
			return -ENOMEM;
		memcpy(g->buckets, t->groups[k].buckets,
		       g->n_buckets * sizeof(*g->buckets));
		return ci_synth_put(to, i, rule, run_p99(to, i, rule));
	}
	return 0;
}

int ci_synth_put_counts(struct ci_results *r, size_t run,
			const struct ci_rule *rule, double missed, double all)
{
	const struct ci_metric *m = ci_metric_at(rule->metric);
	struct ci_run *rn = &r->runs[run];
	struct ci_doc *d = NULL, *nd;
	json_t *res;

	if (!m->counts)
		return -EINVAL;
	res = json_pack("{s:f, s:f}", m->counts->missed, missed, m->counts->all,
			all);
	for (size_t i = 0; res && !d && i < rn->n_docs; i++)
		if (!strcmp(rn->docs[i].name, rule->group))
			d = &rn->docs[i];
	if (res && !d &&
	    (nd = sb_array_grow(rn->docs, &rn->cap_docs, rn->n_docs + 1,
				sizeof(*nd)))) {
		rn->docs = nd;
		d = &nd[rn->n_docs];
		*d = (struct ci_doc){ .name = strdup(rule->group) };
		rn->n_docs += d->name != NULL;
	}
	if (!d || !d->name) {
		json_decref(res);
		return -ENOMEM;
	}
	json_decref(d->json);
	d->json = res;
	d->file.result = res;
	return ci_synth_put(r, run, rule,
			    all > 0 ? 100 * m->scale * missed / all : 0);
}

void ci_synth_free(struct ci_results *r)
{
	for (size_t i = 0; r->runs && i < r->n_runs; i++) {
		struct ci_table *t = &r->runs[i].delay_table;

		for (size_t k = 0; k < t->n_groups; k++) {
			free(t->groups[k].comm);
			free(t->groups[k].buckets);
		}
		free(t->groups);
		for (size_t k = 0; k < r->runs[i].n_docs; k++) {
			free(r->runs[i].docs[k].name);
			json_decref(r->runs[i].docs[k].json);
		}
		free(r->runs[i].docs);
		ci_values_free(&r->runs[i].vals);
	}
	free(r->runs);
	*r = (struct ci_results){ 0 };
}
