// SPDX-License-Identifier: GPL-2.0
/* Table rows from the core: per task, per comm group (name:(N)) and TOTAL. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/sbt_table.h"
#include "common/hist.h"

const char *const sbt_sort_names[] = {
	[SBT_SORT_AVG] = "avg",		  [SBT_SORT_MAX] = "max",
	[SBT_SORT_SWITCHES] = "switches", [SBT_SORT_RUNTIME] = "runtime",
	[SBT_SORT_SUM] = "sum",		  [SBT_SORT_SUM + 1] = NULL,
};

double sbt_row_avg_ns(const struct sbt_row *r)
{
	return r->switches ? (double)(r->sum_delay_ns / r->switches) : 0;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return (a < b) - (a > b); /* descending */
}

static int cmp_dbl(double a, double b)
{
	return (a < b) - (a > b);
}

/* perf's order: the chosen key, then avg, max, switches, runtime. */
static int cmp_rows(const void *pa, const void *pb, void *key)
{
	const struct sbt_row *a = pa, *b = pb;
	int c = 0;

	switch (*(const enum sbt_sort *)key) {
	case SBT_SORT_MAX:
		c = cmp_u64(a->max_delay_ns, b->max_delay_ns);
		break;
	case SBT_SORT_SWITCHES:
		c = cmp_u64(a->switches, b->switches);
		break;
	case SBT_SORT_RUNTIME:
		c = cmp_u64(a->runtime_ns, b->runtime_ns);
		break;
	case SBT_SORT_SUM:
		c = cmp_dbl((double)a->sum_delay_ns, (double)b->sum_delay_ns);
		break;
	case SBT_SORT_AVG:
		break;
	}
	if (!c)
		c = cmp_dbl(sbt_row_avg_ns(a), sbt_row_avg_ns(b));
	if (!c)
		c = cmp_u64(a->max_delay_ns, b->max_delay_ns);
	if (!c)
		c = cmp_u64(a->switches, b->switches);
	if (!c)
		c = cmp_u64(a->runtime_ns, b->runtime_ns);
	if (!c)
		c = strcmp(a->comm, b->comm);
	if (!c)
		c = (a->pid > b->pid) - (a->pid < b->pid);
	return c;
}

static int comm_wanted(const struct sbt_table_opts *o, const char *comm)
{
	if (!o->ncomms)
		return 1;
	for (size_t i = 0; i < o->ncomms; i++)
		if (!strncmp(o->comms[i], comm, SBT_COMM_LEN - 1))
			return 1;
	return 0;
}

/* Add task row @src into @r (a group or the total). */
static void row_add(struct sbt_row *r, const struct sbt_row *src)
{
	if (src->switches &&
	    (src->max_delay_ns > r->max_delay_ns || !r->switches)) {
		r->max_delay_ns = src->max_delay_ns;
		r->max_start_ns = src->max_start_ns;
		r->max_end_ns = src->max_end_ns;
	}
	r->tasks += src->tasks;
	r->runtime_ns += src->runtime_ns;
	r->switches += src->switches;
	r->migrations += src->migrations;
	r->sum_delay_ns += src->sum_delay_ns;
}

static void row_percentiles(struct sbt_row *r, const struct sb_hist *h)
{
	uint64_t v[4];

	if (!h || !h->count)
		return;
	sb_hist_report_percentiles(h, v);
	r->p50_ns = v[0];
	r->p90_ns = v[1];
	r->p99_ns = v[2];
	r->p99_9_ns = v[3];
}

/* Intervals covering the window; the instant at its end joins the last. */
static size_t interval_count(const struct sbt_summary *sum)
{
	uint64_t n;

	if (sum->end_ns < sum->start_ns || !sum->events)
		return 0;
	if (sum->end_ns == sum->start_ns)
		return 1;
	n = (sum->end_ns - sum->start_ns - 1) / sum->interval_ns + 1;
	return n < SBT_MAX_INTERVALS ?
		       n :
		       SBT_MAX_INTERVALS; /* last takes the rest */
}

/* Merge interval @k of the series of @comm (all wanted ones when NULL) into
 * @tmp; the last interval @last also takes any later ones. */
static void merge_interval(const struct sbt *s, const struct sbt_table_opts *o,
			   const char *comm, size_t k, size_t last,
			   struct sb_hist *tmp)
{
	for (size_t i = 0; i < sbt_series_count(s); i++) {
		const char *c = sbt_series_comm(s, i);
		size_t end = k == last ? sbt_series_len(s, i) : k + 1;

		if (comm ? strcmp(c, comm) : !comm_wanted(o, c))
			continue;
		for (size_t j = k; j < end && j < sbt_series_len(s, i); j++)
			sbt_dist_merge(tmp, sbt_series_cell(s, i, j));
	}
}

static int row_intervals(struct sbt_row *r, const struct sbt *s,
			 const struct sbt_table_opts *o, const char *comm,
			 size_t n, struct sb_hist *tmp)
{
	r->iv = calloc(n ? n : 1, sizeof(*r->iv));
	if (!r->iv)
		return -ENOMEM;
	r->niv = n;
	for (size_t k = 0; k < n; k++) {
		sb_hist_clear(tmp);
		merge_interval(s, o, comm, k, n - 1, tmp);
		r->iv[k].delays = tmp->count;
		r->iv[k].avg_ns = sb_hist_mean(tmp);
		r->iv[k].max_ns = tmp->count ? tmp->max : 0;
		r->iv[k].p99_ns = sb_hist_percentile(tmp, 99);
	}
	return 0;
}

static void task_row(struct sbt_row *r, const struct sbt_task_stats *ts,
		     struct sb_hist *tmp)
{
	memset(r, 0, sizeof(*r));
	/* grouped with the other tasks, named as itself */
	snprintf(r->comm, sizeof(r->comm), "%s",
		 ts->workload ? ts->comm : SBT_OTHER_GROUP);
	snprintf(r->task, sizeof(r->task), "%s:%d", ts->comm, ts->pid);
	r->pid = ts->pid;
	r->workload = ts->workload;
	r->tasks = 1;
	r->runtime_ns = ts->runtime_ns;
	r->switches = ts->switches;
	r->migrations = ts->migrations;
	r->sum_delay_ns = ts->sum_delay_ns;
	r->max_delay_ns = ts->max_delay_ns;
	r->max_start_ns = ts->max_start_ns;
	r->max_end_ns = ts->max_end_ns;
	r->delays = ts->delays;
	if (ts->delays->hist) { /* all its values: read in place */
		row_percentiles(r, ts->delays->hist);
		return;
	}
	sb_hist_clear(tmp);
	sbt_dist_merge(tmp, ts->delays);
	row_percentiles(r, tmp);
}

static int cmp_comm_pid(const void *pa, const void *pb)
{
	const struct sbt_row *a = pa, *b = pb;
	int c = strcmp(a->comm, b->comm);

	if (!c) /* a workload named "other" stays apart from the others */
		c = a->workload - b->workload;
	return c ? c : (a->pid > b->pid) - (a->pid < b->pid);
}

/* Groups from the task rows, which are sorted by comm then pid here. */
static int build_groups(const struct sbt *s, const struct sbt_table_opts *o,
			struct sbt_table *t, struct sb_hist *gh,
			struct sb_hist *tmp)
{
	size_t n = interval_count(&t->sum);

	t->groups = calloc(t->ntasks ? t->ntasks : 1, sizeof(*t->groups));
	if (!t->groups)
		return -ENOMEM;
	for (size_t i = 0, j; i < t->ntasks; i = j) {
		struct sbt_row *g = &t->groups[t->ngroups++];

		memcpy(g->comm, t->tasks[i].comm, sizeof(g->comm));
		g->workload = t->tasks[i].workload;
		for (j = i + 1;
		     j < t->ntasks && !strcmp(t->tasks[j].comm, g->comm) &&
		     t->tasks[j].workload == g->workload;
		     j++)
			;
		g->pids = calloc(j - i, sizeof(*g->pids));
		if (!g->pids)
			return -ENOMEM;
		sb_hist_clear(gh);
		for (size_t k = i; k < j; k++) {
			row_add(g, &t->tasks[k]);
			sbt_dist_merge(gh, t->tasks[k].delays);
			g->pids[g->npids++] = t->tasks[k].pid;
		}
		row_percentiles(g, gh);
		if (gh->count && sb_hist_compact(gh, &g->hist) == -ENOMEM)
			return -ENOMEM;
		snprintf(g->task, sizeof(g->task), "%s:(%u)", g->comm,
			 g->tasks);
		if (row_intervals(g, s, o, g->comm, n, tmp))
			return -ENOMEM;
	}
	return 0;
}

static int build_total(const struct sbt *s, const struct sbt_table_opts *o,
		       struct sbt_table *t, struct sb_hist *gh,
		       struct sb_hist *tmp)
{
	struct sbt_row *r = &t->total;

	snprintf(r->task, sizeof(r->task), "TOTAL:");
	sb_hist_clear(gh);
	for (size_t i = 0; i < t->ntasks; i++) {
		row_add(r, &t->tasks[i]);
		sbt_dist_merge(gh, t->tasks[i].delays);
	}
	row_percentiles(r, gh);
	return row_intervals(r, s, o, NULL, interval_count(&t->sum), tmp);
}

static int copy_lost(const struct sbt *s, struct sbt_table *t)
{
	size_t n = sbt_lost_cpu_count(s);

	t->lost = calloc(n ? n : 1, sizeof(*t->lost));
	if (!t->lost)
		return -ENOMEM;
	for (; t->nlost < n; t->nlost++)
		sbt_lost_cpu_get(s, t->nlost, &t->lost[t->nlost].cpu,
				 &t->lost[t->nlost].events);
	return 0;
}

int sbt_table_build(struct sbt *s, const struct sbt_table_opts *o,
		    struct sbt_table *t)
{
	size_t n = sbt_task_count(s);
	struct sb_hist *gh = sb_hist_new(), *tmp = sb_hist_new();
	int err = -ENOMEM;

	memset(t, 0, sizeof(*t));
	sbt_summary_get(s, &t->sum);
	t->tasks = calloc(n ? n : 1, sizeof(*t->tasks));
	if (!gh || !tmp || !t->tasks || sbt_finish(s) || copy_lost(s, t))
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct sbt_task_stats ts;

		sbt_task_get(s, i, &ts);
		if ((ts.switches || ts.runtime_ns) && comm_wanted(o, ts.comm))
			task_row(&t->tasks[t->ntasks++], &ts, tmp);
	}
	qsort(t->tasks, t->ntasks, sizeof(*t->tasks), cmp_comm_pid);
	err = build_groups(s, o, t, gh, tmp);
	if (!err)
		err = build_total(s, o, t, gh, tmp);
	if (err)
		goto out;
	qsort_r(t->tasks, t->ntasks, sizeof(*t->tasks), cmp_rows,
		(void *)&o->sort);
	qsort_r(t->groups, t->ngroups, sizeof(*t->groups), cmp_rows,
		(void *)&o->sort);
	for (size_t i = 0; i < t->ntasks; i++)
		t->tasks[i].delays = NULL; /* they live in the core */
out:
	free(gh);
	free(tmp);
	if (err)
		sbt_table_free(t);
	return err;
}

void sbt_table_free(struct sbt_table *t)
{
	for (size_t i = 0; i < t->ngroups; i++) {
		free(t->groups[i].pids);
		free(t->groups[i].iv);
		free(t->groups[i].hist);
	}
	free(t->groups);
	free(t->tasks);
	free(t->total.iv);
	free(t->lost);
	memset(t, 0, sizeof(*t));
}

void sbt_machine_noise(const struct sbt_summary *sum, struct sbt_noise *n)
{
	uint64_t window =
		sum->end_ns > sum->start_ns ? sum->end_ns - sum->start_ns : 0;

	memset(n, 0, sizeof(*n));
	for (unsigned int c = 0; c < sum->ncpus && c < SBT_BUSY_CPUS; c++) {
		if (!sum->cpu_workload_ns[c])
			continue;
		n->ncpus++;
		n->cpu_mask |= 1ull << c;
		n->other_ns += sum->cpu_busy_ns[c] - sum->cpu_workload_ns[c];
	}
	n->span_ns = window * n->ncpus;
	n->share_pct =
		n->span_ns ? 100.0 * (double)n->other_ns / (double)n->span_ns :
			     0;
}
