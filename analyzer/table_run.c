// SPDX-License-Identifier: GPL-2.0
/* table_for_run: a run directory's trace and window into table.txt and table.json. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/analyze.h"
#include "analyzer/table_run.h"
#include "common/agent_file.h"
#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/window_file.h"

/* window.json (common/window_file.h); absent = the whole trace. */
static int read_window(const char *dir, struct sbt_opts *o, struct sb_error *e)
{
	struct sb_window w;
	char path[4096];
	int r;

	snprintf(path, sizeof(path), "%s/window.json", dir);
	if (access(path, F_OK))
		return 0;
	r = sb_window_load(path, &w, e);
	if (r)
		return r;
	o->since_ns = (uint64_t)w.start_mono_ns;
	o->until_ns = (uint64_t)w.end_mono_ns;
	return 0;
}

/*
 * The started workloads' pids from agent.json (common/agent_file.h): the
 * tables then show them and their descendants, the rest as other.
 * Without agent.json (a table of a bare recording) every task stands by
 * its name.
 */
static int read_workload_pids(const char *dir, int *pids, size_t max, size_t *n,
			      struct sb_error *e)
{
	struct sb_agent_report a;
	char path[4096];
	int r;

	*n = 0;
	snprintf(path, sizeof(path), "%s/agent.json", dir);
	if (access(path, F_OK))
		return 0;
	r = sb_agent_load(path, &a, e);
	if (r)
		return r;
	for (size_t i = 0; i < a.n_procs && *n < max; i++)
		pids[(*n)++] = a.procs[i].pid;
	sb_agent_free(&a);
	return 0;
}

/*
 * With waits from sched_waking: each group's sum delay counted from
 * sched_wakeup too ("sum_delay_wakeup_ms"), so that the bench end can say
 * where the two wait sources disagree (perf 6.1 counts from wakeup only).
 */
static int add_wakeup_sums(const struct sbt_request *rq, struct sbt_table *t,
			   struct sb_error *e)
{
	struct sbt_request again = *rq;
	struct sbt_source src;
	struct sbt_table w;
	int rc;

	if (t->sum.wait_from != SBT_WAIT_WAKING)
		return 0;
	again.core.wait_from = SBT_WAIT_WAKEUP;
	rc = sbt_analyze(&again, &w, &src, e);
	if (rc)
		return rc;
	for (size_t i = 0; i < t->ngroups; i++) {
		struct sbt_row *g = &t->groups[i];

		for (size_t k = 0; k < w.ngroups; k++)
			if (!strcmp(w.groups[k].comm, g->comm) &&
			    w.groups[k].workload == g->workload) {
				g->has_sum_delay_wakeup = 1;
				g->sum_delay_wakeup_ns =
					w.groups[k].sum_delay_ns;
			}
	}
	sbt_table_free(&w);
	return 0;
}

static int write_outputs(const char *dir, const struct sbt_table *t,
			 const struct sbt_source *src, struct sb_error *e)
{
	const struct sbt_text_opts text = { .grouped = 1, .percentiles = 1 };
	char *argv[] = { "table_for_run", (char *)dir, NULL };
	char path[4096];
	json_t *doc;
	char *buf;
	size_t len;
	int r;

	r = sbt_text_to_string(t, src, &text, &buf, &len);
	if (r)
		return sb_error_set(e, sb_env_errno(r), dir, NULL, NULL,
				    "cannot format the table");
	snprintf(path, sizeof(path), "%s/table.txt", dir);
	r = sb_write_file_atomic(path, buf, len);
	free(buf);
	if (r)
		return sb_error_set(e, sb_env_errno(r), path, NULL, NULL, "%s",
				    strerror(-r));
	doc = sb_envelope_new("slicebench-table", 2, argv);
	if (!doc || sbt_format_json(doc, t, src)) {
		json_decref(doc);
		return sb_error_set(e, -ENOMEM, dir, NULL, NULL,
				    "out of memory");
	}
	sb_envelope_finish(doc, "ok");
	snprintf(path, sizeof(path), "%s/table.json", dir);
	r = sb_json_dump_atomic(path, doc);
	json_decref(doc);
	if (r)
		return sb_error_set(e, sb_env_errno(r), path, NULL, NULL, "%s",
				    strerror(-r));
	return 0;
}

int table_run_scope(const char *run_dir, struct sbt_opts *o, int *roots,
		    size_t max, struct sb_error *e)
{
	size_t n;
	int rc = read_window(run_dir, o, e) ?:
			 read_workload_pids(run_dir, roots, max, &n, e);

	if (rc)
		return rc;
	o->workload_pids = roots;
	o->nworkload_pids = n;
	return 0;
}

int table_for_run(const char *run_dir, struct sb_error *e)
{
	static const char *const names[] = { "trace.dat", "perf.data" };
	struct sbt_request rq = { .table.sort = SBT_SORT_AVG };
	int roots[TABLE_MAX_WORKLOAD_PIDS];
	struct sbt_source src;
	struct sbt_table t;
	char path[4096];
	int rc;

	path[0] = '\0';
	for (size_t i = 0; i < 2 && !path[0]; i++) {
		snprintf(path, sizeof(path), "%s/%s", run_dir, names[i]);
		if (access(path, R_OK))
			path[0] = '\0';
	}
	if (!path[0])
		return sb_error_set(e, -EINVAL, run_dir, NULL, NULL,
				    "no trace.dat or perf.data");
	rc = table_run_scope(run_dir, &rq.core, roots, TABLE_MAX_WORKLOAD_PIDS,
			     e);
	if (rc)
		return rc;
	rq.path = path;
	rc = sbt_analyze(&rq, &t, &src, e);
	if (rc)
		return rc;
	/* The tables name the file, not the path it had on this host. */
	src.path = strrchr(path, '/') + 1;
	rc = add_wakeup_sums(&rq, &t, e) ?: write_outputs(run_dir, &t, &src, e);
	sbt_table_free(&t);
	return rc;
}
