// SPDX-License-Identifier: GPL-2.0
/* Three ways to see one delay: the trace's sum delay against the kernel's schedstat run_delay, sched_wakeup-based waits, and cyclic's own latency. */
#include <math.h>
#include <string.h>

#include "ci/crosscheck.h"
#include "ci/schedstat_file.h"
#include "common/byname.h"
#include "common/jsonpath.h"
#include "common/window_file.h"

/* The number at @path of a document's result, NAN when not one. */
static double num(const json_t *result, const char *path)
{
	const json_t *v = sb_json_path(result, path);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* Add @v to *@sum; an unknown @v makes the sum unknown. */
static void add(double *sum, double v)
{
	*sum = isnan(v) ? NAN : *sum + v;
}

static struct ci_xcheck *slot(struct ci_xcheck *x, size_t *n, size_t max,
			      const char *group)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp(x[i].group, group))
			return &x[i];
	if (*n == max)
		return NULL;
	x[*n] = (struct ci_xcheck){ 0 };
	snprintf(x[*n].group, sizeof(x[*n].group), "%s", group);
	return &x[(*n)++];
}

/* The workload document named @name of @run, or NULL. */
static const struct sbw_doc *doc_of(const struct ci_run *run, const char *name)
{
	long i = sb_index_named(run->docs, run->n_docs, name, name);

	return i < 0 ? NULL : &run->docs[i].file;
}

/* A cyclic workload's own summed latency (ms), or NAN when @d is not one. */
static double own_latency_ms(const struct sbw_doc *d)
{
	if (!d || !d->tool || strcmp(d->tool, "cyclic"))
		return NAN;
	return num(d->result, "overall.latency_ns.avg") *
	       num(d->result, "overall.latency_ns.count") / 1e6;
}

/* One run's figures of group @g into @x (schedstat from @ss, NULL: none; a
 * task's sample counts whole when taken at or after @end_ns, the window's
 * end). */
static void add_group(struct ci_xcheck *x, const struct ci_run *run,
		      const struct ci_table_row *g,
		      const struct ci_schedstat *ss, double end_ns)
{
	const char *wl = NULL;
	int one_workload = 1;
	double delay = 0;

	add(&x->trace_ms, g->sum_delay_ms);
	add(&x->wakeup_ms, g->sum_delay_wakeup_ms);
	add(&x->waits, g->delays);
	for (size_t i = 0; i < g->n_pids; i++) {
		const struct ci_ss_task *t =
			ss ? ci_schedstat_task(ss, g->pids[i]) : NULL;

		x->tasks++;
		if (!t)
			continue;
		x->sampled += t->sampled_at_mono_ns >= end_ns;
		delay += t->run_delay_ns -
			 (t->has_start ? t->start_run_delay_ns : 0);
		one_workload &= t->workload &&
				(!wl || !strcmp(wl, t->workload));
		wl = t->workload;
	}
	add(&x->schedstat_ms, ss ? delay / 1e6 : NAN);
	add(&x->own_ms, one_workload ? own_latency_ms(doc_of(run, wl)) : NAN);
}

/*
 * @run's window.json end (NAN when absent) and schedstat.json into @ss (1),
 * or 0 when absent. Unreadable ones count as absent: the cross-check is a
 * note beside the verdicts, which read no such file.
 */
static int run_samples(const struct ci_run *run, struct ci_schedstat *ss,
		       double *end_ns)
{
	struct sb_window w;
	struct sb_error e;
	char path[4200];

	snprintf(path, sizeof(path), "%s/window.json", run->path);
	*end_ns = sb_window_load(path, &w, &e) ? NAN : (double)w.end_mono_ns;
	snprintf(path, sizeof(path), "%s/schedstat.json", run->path);
	return !ci_schedstat_load(path, ss, &e);
}

size_t ci_xcheck_of(const struct ci_column *col, struct ci_xcheck *out,
		    size_t max)
{
	size_t n = 0;

	for (size_t r = 0; r < col->n_runs; r++) {
		const struct ci_run *run = col->runs[r];
		const struct ci_table *t = &run->delay_table;
		struct ci_schedstat ss;
		double end_ns;
		int have = run_samples(run, &ss, &end_ns);

		for (size_t i = 0; run->has_table && i < t->n_groups; i++) {
			struct ci_xcheck *x;

			if (t->groups[i].workload != 1)
				continue;
			x = slot(out, &n, max, t->groups[i].comm);
			if (x)
				add_group(x, run, &t->groups[i],
					  have ? &ss : NULL, end_ns);
		}
		if (have)
			ci_schedstat_free(&ss);
	}
	return n;
}

int ci_xcheck_differ(double a, double b, double limit_pct, double *pct)
{
	if (!(a > 0) || !(b > 0))
		return 0;
	*pct = 100 * fabs(a / b - 1);
	return *pct > limit_pct;
}

/* The mean time from a waking to its wakeup (us), NAN when unknown. */
static double wakeup_path_us(const struct ci_xcheck *x)
{
	return x->waits > 0 ? (x->trace_ms - x->wakeup_ms) * 1e3 / x->waits :
			      NAN;
}

void ci_xcheck_print(FILE *f, const struct ci_xcheck *x, size_t n)
{
	double pct;

	for (size_t i = 0; i < n; i++) {
		int whole = x[i].sampled == x[i].tasks;

		fprintf(f, "cross-check: %s: trace %.3f ms", x[i].group,
			x[i].trace_ms);
		if (!isnan(x[i].schedstat_ms)) {
			fprintf(f, ", schedstat %.3f ms (trace/schedstat %.2f",
				x[i].schedstat_ms,
				x[i].trace_ms / x[i].schedstat_ms);
			if (!whole && !x[i].sampled)
				fprintf(f,
					"; none of the %u tasks sampled at the "
					"window's end",
					x[i].tasks);
			else if (!whole)
				fprintf(f,
					"; only %u of %u tasks sampled at the "
					"window's end",
					x[i].sampled, x[i].tasks);
			fputc(')', f);
		}
		if (!isnan(x[i].wakeup_ms)) {
			fprintf(f, ", from sched_wakeup %.3f ms (%.2f",
				x[i].wakeup_ms, x[i].trace_ms / x[i].wakeup_ms);
			if (x[i].waits > 0)
				fprintf(f, "; wakeup path %.1f us a wait",
					wakeup_path_us(&x[i]));
			fputc(')', f);
		}
		if (!isnan(x[i].own_ms))
			fprintf(f, ", own latency %.3f ms (trace/own %.2f)",
				x[i].own_ms, x[i].trace_ms / x[i].own_ms);
		fputc('\n', f);
	}
	for (size_t i = 0; i < n; i++) {
		double path = wakeup_path_us(&x[i]);

		/* a task gone before the end sample: schedstat misses its tail */
		if (x[i].sampled == x[i].tasks &&
		    ci_xcheck_differ(x[i].trace_ms, x[i].schedstat_ms,
				     CI_XCHECK_LIMIT_PCT, &pct))
			fprintf(f,
				"WARNING: cross-check: %s: the trace's sum "
				"delay %.3f ms and schedstat's run_delay "
				"%.3f ms differ by %.0f%% (over %.0f%%)\n",
				x[i].group, x[i].trace_ms, x[i].schedstat_ms,
				pct, CI_XCHECK_LIMIT_PCT);
		if (x[i].wakeup_ms > x[i].trace_ms &&
		    ci_xcheck_differ(x[i].wakeup_ms, x[i].trace_ms,
				     CI_XCHECK_LIMIT_PCT, &pct))
			fprintf(f,
				"WARNING: cross-check: %s: waits from "
				"sched_wakeup %.3f ms exceed those from "
				"sched_waking %.3f ms by %.0f%% (over %.0f%%), "
				"yet a wakeup comes after its waking\n",
				x[i].group, x[i].wakeup_ms, x[i].trace_ms, pct,
				CI_XCHECK_LIMIT_PCT);
		if (path > CI_XCHECK_WAKEUP_PATH_US)
			fprintf(f,
				"WARNING: cross-check: %s: waits from "
				"sched_waking %.3f ms and from sched_wakeup "
				"%.3f ms put %.1f us between a waking and its "
				"wakeup (over %.0f us: longer than a wakeup "
				"path)\n",
				x[i].group, x[i].trace_ms, x[i].wakeup_ms, path,
				CI_XCHECK_WAKEUP_PATH_US);
	}
}
