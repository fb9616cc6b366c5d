// SPDX-License-Identifier: GPL-2.0
/* The delay table as JSON (docs/formats.md, "Delay table"). */
#include <errno.h>

#include "analyzer/sbt_format.h"

#define MS(ns) ((double)(ns) / 1e6)
#define S(ns) ((double)(ns) / 1e9)

static json_t *intervals_json(const struct sbt_row *r, uint64_t width_ns)
{
	json_t *a = json_array();

	for (size_t k = 0; a && k < r->niv; k++) {
		const struct sbt_interval *iv = &r->iv[k];

		json_array_append_new(
			a, json_pack("{s:f, s:I, s:f, s:f, s:f}", "t_s",
				     S(k * width_ns), "delays",
				     (json_int_t)iv->delays, "avg_delay_ms",
				     iv->avg_ns / 1e6, "max_delay_ms",
				     MS(iv->max_ns), "p99_delay_ms",
				     MS(iv->p99_ns)));
	}
	return a;
}

static json_t *pids_json(const struct sbt_row *r)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < r->npids; i++)
		json_array_append_new(a, json_integer(r->pids[i]));
	return a;
}

/* {"count", "overflow", "buckets": [[lo_ns, hi_ns, count], ...]}: every
 * delay of a group, the non-empty buckets of its histogram (common/hist.h). */
static json_t *hist_json(const struct sb_hist_compact *h)
{
	json_t *b = json_array();

	for (uint32_t i = 0; b && i < h->n; i++) {
		uint64_t lo, hi;

		sb_hist_bucket_range(h->b[i].index, &lo, &hi);
		json_array_append_new(b, json_pack("[I, I, I]", (json_int_t)lo,
						   (json_int_t)hi,
						   (json_int_t)h->b[i].count));
	}
	return json_pack("{s:I, s:I, s:o}", "count", (json_int_t)h->count,
			 "overflow", (json_int_t)h->overflow, "buckets", b);
}

enum row_kind { ROW_TASK, ROW_GROUP, ROW_TOTAL };

static json_t *row_json(const struct sbt_row *r, enum row_kind kind,
			uint64_t width_ns)
{
	json_t *o = json_pack(
		"{s:s, s:s, s:I, s:f, s:I, s:I, s:I, s:f, s:f, s:f, s:f, s:f,"
		" s:f, s:f, s:f, s:f}",
		"task", r->task, "comm", r->comm, "tasks", (json_int_t)r->tasks,
		"runtime_ms", MS(r->runtime_ns), "switches",
		(json_int_t)r->switches, "delays", (json_int_t)r->switches,
		"migrations", (json_int_t)r->migrations, "avg_delay_ms",
		sbt_row_avg_ns(r) / 1e6, "max_delay_ms", MS(r->max_delay_ns),
		"max_delay_at_s", S(r->max_start_ns), "max_delay_end_s",
		S(r->max_end_ns), "sum_delay_ms",
		(double)(r->sum_delay_ns / 1e6), "delay_p50_ms", MS(r->p50_ns),
		"delay_p90_ms", MS(r->p90_ns), "delay_p99_ms", MS(r->p99_ns),
		"delay_p99_9_ms", MS(r->p99_9_ns));

	if (!o)
		return NULL;
	if (kind == ROW_TASK) {
		json_object_del(o, "tasks");
		json_object_set_new(o, "pid", json_integer(r->pid));
		return o;
	}
	if (kind == ROW_TOTAL)
		json_object_del(o, "comm");
	else
		json_object_set_new(o, "pids", pids_json(r));
	if (r->hist)
		json_object_set_new(o, "delay_hist_ns", hist_json(r->hist));
	json_object_set_new(o, "intervals", intervals_json(r, width_ns));
	return o;
}

/* With a workload set, each row says whether it is the workload's. */
static json_t *rows_json(const struct sbt_row *rows, size_t n,
			 enum row_kind kind, const struct sbt_summary *sum)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++) {
		json_t *o = row_json(&rows[i], kind, sum->interval_ns);

		if (o && sum->workload_known)
			json_object_set_new(o, "workload",
					    json_boolean(rows[i].workload));
		if (o && rows[i].has_sum_delay_wakeup)
			json_object_set_new(
				o, "sum_delay_wakeup_ms",
				json_real((double)(rows[i].sum_delay_wakeup_ns /
						   1e6)));
		if (json_array_append_new(a, o))
			return json_decref(a), NULL;
	}
	return a;
}

/* [{"cpu": N or null when unsaid, "lost_events": N}] */
static json_t *lost_json(const struct sbt_table *t)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < t->nlost; i++)
		json_array_append_new(
			a, json_pack("{s:o, s:I}", "cpu",
				     t->lost[i].cpu < 0 ?
					     json_null() :
					     json_integer(t->lost[i].cpu),
				     "lost_events",
				     (json_int_t)t->lost[i].events));
	return a;
}

/* [{"cpu", "busy_ms", "busy_pct"[, "workload_ms"]}, ...]: each CPU's time
 * with a task on it (and with a workload task, given a workload set). */
static json_t *cpus_json(const struct sbt_summary *sum)
{
	double span = (double)(sum->end_ns - sum->start_ns);
	json_t *a = json_array();

	for (unsigned int c = 0; a && c < sum->ncpus; c++) {
		json_t *o = json_pack(
			"{s:i, s:f, s:f}", "cpu", (int)c, "busy_ms",
			MS(sum->cpu_busy_ns[c]), "busy_pct",
			span > 0 ? 100 * sum->cpu_busy_ns[c] / span : 0.0);

		if (o && sum->workload_known)
			json_object_set_new(
				o, "workload_ms",
				json_real(MS(sum->cpu_workload_ns[c])));
		json_array_append_new(a, o);
	}
	return a;
}

/* {"cpus": [...], "other_ms", "span_ms", "share_pct"}, or null without a
 * workload set. */
static json_t *noise_json(const struct sbt_summary *sum)
{
	struct sbt_noise n;
	json_t *cpus = json_array();

	if (!sum->workload_known)
		return json_decref(cpus), json_null();
	sbt_machine_noise(sum, &n);
	for (unsigned int c = 0; cpus && c < SBT_BUSY_CPUS; c++)
		if (n.cpu_mask & (1ull << c))
			json_array_append_new(cpus, json_integer(c));
	return json_pack("{s:o, s:f, s:f, s:f}", "cpus", cpus, "other_ms",
			 MS(n.other_ns), "span_ms", MS(n.span_ns), "share_pct",
			 n.share_pct);
}

int sbt_format_json(json_t *doc, const struct sbt_table *t,
		    const struct sbt_source *src)
{
	uint64_t w = t->sum.interval_ns;
	int err = 0;

	err |= json_object_set_new(doc, "source", json_string(src->path));
	err |= json_object_set_new(doc, "recorder", json_string(src->recorder));
	err |= json_object_set_new(doc, "events",
				   json_integer((json_int_t)t->sum.events));
	err |= json_object_set_new(
		doc, "lost_events",
		json_integer((json_int_t)t->sum.lost_events));
	err |= json_object_set_new(doc, "lost_events_by_cpu", lost_json(t));
	err |= json_object_set_new(
		doc, "wait_from",
		json_string(sbt_wait_from_name(t->sum.wait_from)));
	err |= json_object_set_new(doc, "switch_ins",
				   json_integer((json_int_t)t->sum.switch_ins));
	err |= json_object_set_new(
		doc, "unknown_switch_ins",
		json_integer((json_int_t)t->sum.unknown_switch_ins));
	err |= json_object_set_new(
		doc, "time_steps_back",
		json_pack("{s:I, s:f}", "events", (json_int_t)t->sum.steps_back,
			  "max_ms", MS(t->sum.max_step_back_ns)));
	err |= json_object_set_new(
		doc, "late_comm_changes",
		json_integer((json_int_t)t->sum.late_comm_changes));
	err |= json_object_set_new(doc, "window",
				   json_pack("{s:f, s:f}", "start_s",
					     S(t->sum.start_ns), "end_s",
					     S(t->sum.end_ns)));
	err |= json_object_set_new(doc, "interval_s", json_real(S(w)));
	err |= json_object_set_new(doc, "cpus", cpus_json(&t->sum));
	err |= json_object_set_new(doc, "machine_noise", noise_json(&t->sum));
	err |= json_object_set_new(doc, "groups",
				   rows_json(t->groups, t->ngroups, ROW_GROUP,
					     &t->sum));
	err |= json_object_set_new(doc, "tasks",
				   rows_json(t->tasks, t->ntasks, ROW_TASK,
					     &t->sum));
	err |= json_object_set_new(doc, "total",
				   row_json(&t->total, ROW_TOTAL, w));
	return err ? -ENOMEM : 0;
}
