// SPDX-License-Identifier: GPL-2.0
/* table.json read back: the delay table's rows (ci_table_format) into structs, every value checked by its row. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/table_file.h"
#include "common/envelope_rows.h"

/* No figure is larger: beyond it sums of squares stop meaning anything. */
#define MAX_FIGURE 1e18

#define FIGURE(key, off, doc_)                                            \
	{                                                                 \
		(key), SB_F_NUMBER, (off), .dmin = 0, .dmax = MAX_FIGURE, \
					   .doc = (doc_)                  \
	}
#define COUNT(key, off, doc_)                                         \
	{                                                             \
		(key), SB_F_INT64, (off), .min = 0, .max = INT64_MAX, \
					  .doc = (doc_)               \
	}

#define IV(m) offsetof(struct ci_table_interval, m)

static void interval_init(void *obj)
{
	struct ci_table_interval *iv = obj;

	iv->t_s = iv->delays = iv->avg_delay_ms = iv->max_delay_ms =
		iv->p99_delay_ms = NAN;
}

static const struct sb_field interval_fields[] = {
	FIGURE("t_s", IV(t_s), "the interval's start, s from the window's"),
	FIGURE("delays", IV(delays), "waits ended in it"),
	FIGURE("avg_delay_ms", IV(avg_delay_ms), "their mean, ms"),
	FIGURE("max_delay_ms", IV(max_delay_ms), "the longest, ms"),
	FIGURE("p99_delay_ms", IV(p99_delay_ms), "their 99th percentile, ms"),
};

static const struct sb_jr_table interval_table = SB_JR_TABLE(
	"delay table: intervals[]", interval_fields, interval_init, NULL);
static const struct sb_field interval_item = { .type = SB_F_OBJECT,
					       .sub = &interval_table };

/* [lo_ns, hi_ns, count]: three integers, lo <= hi (the first bucket holds
 * waits of 0 ns: [0, 0]), count > 0 (only non-empty buckets are written). */
static int parse_bucket(struct sb_jr *r, const struct sb_field *f,
			const json_t *v, void *dest, char *why, size_t len)
{
	struct ci_table_bucket *b = dest;
	json_t *x[3];

	(void)r, (void)f;
	for (size_t i = 0; i < 3; i++)
		x[i] = json_array_get(v, i);
	if (json_array_size(v) != 3 || !json_is_integer(x[0]) ||
	    !json_is_integer(x[1]) || !json_is_integer(x[2])) {
		snprintf(why, len, "is not [lo_ns, hi_ns, count]");
		return -EINVAL;
	}
	*b = (struct ci_table_bucket){ json_integer_value(x[0]),
				       json_integer_value(x[1]),
				       json_integer_value(x[2]) };
	if (b->lo_ns < 0 || b->hi_ns < b->lo_ns || b->count <= 0) {
		snprintf(why, len, "is not a bucket: 0 <= lo <= hi, count > 0");
		return -EINVAL;
	}
	return 0;
}

#define ROW(m) offsetof(struct ci_table_row, m)

static const struct sb_field bucket_item = { .type = SB_F_CALL,
					     .parse = parse_bucket,
					     .type_doc =
						     "[lo_ns, hi_ns, count]" };

static const struct sb_field hist_fields[] = {
	COUNT("count", ROW(hist_count), "delays in the histogram"),
	COUNT("overflow", ROW(hist_overflow),
	      "of them, beyond its last bucket"),
	{ "buckets", SB_F_ARRAY, ROW(buckets), sizeof(struct ci_table_bucket),
	  .item = &bucket_item, .count_offset = ROW(n_buckets), .alloc = 1,
	  .doc = "the non-empty buckets, in order" },
};

static void hist_init(void *obj)
{
	((struct ci_table_row *)obj)->has_hist = 1;
}

/* Read into the row itself: its fields are the row's, at the row's offsets. */
static const struct sb_jr_table hist_table =
	SB_JR_TABLE("delay table: delay_hist_ns", hist_fields, hist_init, NULL);

static const struct sb_field pid_item = { .type = SB_F_INT64,
					  .min = 0,
					  .max = INT32_MAX };

static void row_init(void *obj)
{
	struct ci_table_row *row = obj;

	*row = (struct ci_table_row){ .present = 1, .pid = -1, .workload = -1 };
	row->tasks = row->runtime_ms = row->switches = row->delays =
		row->migrations = NAN;
	row->avg_delay_ms = row->max_delay_ms = row->max_delay_at_s =
		row->max_delay_end_s = NAN;
	row->sum_delay_ms = row->sum_delay_wakeup_ms = NAN;
	row->delay_p50_ms = row->delay_p90_ms = row->delay_p99_ms =
		row->delay_p99_9_ms = NAN;
}

static const struct sb_field row_fields[] = {
	{ "task", SB_F_STRDUP, ROW(task), .min = 1,
	  .doc = "the row's name: `comm:(N)` for a group, `comm:pid` for a "
		 "task, `TOTAL:`" },
	{ "comm", SB_F_STRDUP, ROW(comm), .min = 1,
	  .doc = "the last comm (a group's is unique in the table); not in "
		 "`total`" },
	{ "pid", SB_F_INT64, ROW(pid), .min = 0, .max = INT32_MAX,
	  .doc = "a task's pid (`tasks[]` only)" },
	FIGURE("tasks", ROW(tasks), "tasks in the row (not in `tasks[]`)"),
	FIGURE("runtime_ms", ROW(runtime_ms), "time on CPU in the window, ms"),
	FIGURE("switches", ROW(switches),
	       "switch-ins that ended a wait (perf's Switches)"),
	FIGURE("delays", ROW(delays), "the same count"),
	FIGURE("migrations", ROW(migrations),
	       "sched_migrate_task in the window"),
	FIGURE("avg_delay_ms", ROW(avg_delay_ms), "mean wait, ms"),
	FIGURE("max_delay_ms", ROW(max_delay_ms), "longest wait, ms"),
	FIGURE("max_delay_at_s", ROW(max_delay_at_s),
	       "when the longest wait began, s (perf's max start)"),
	FIGURE("max_delay_end_s", ROW(max_delay_end_s), "and its switch-in, s"),
	FIGURE("sum_delay_ms", ROW(sum_delay_ms), "all waits, ms"),
	FIGURE("sum_delay_wakeup_ms", ROW(sum_delay_wakeup_ms),
	       "all waits counted from sched_wakeup, ms (`table_for_run` "
	       "with waits from sched_waking)"),
	FIGURE("delay_p50_ms", ROW(delay_p50_ms), "median wait, ms"),
	FIGURE("delay_p90_ms", ROW(delay_p90_ms), "90th percentile wait, ms"),
	FIGURE("delay_p99_ms", ROW(delay_p99_ms), "99th percentile wait, ms"),
	FIGURE("delay_p99_9_ms", ROW(delay_p99_9_ms),
	       "99.9th percentile wait, ms"),
	{ "workload", SB_F_BOOL, ROW(workload),
	  .doc = "a workload's row (only with a workload set)" },
	{ "pids", SB_F_ARRAY, ROW(pids), sizeof(int64_t), .item = &pid_item,
	  .count_offset = ROW(n_pids), .alloc = 1,
	  .doc = "a group's tasks' pids" },
	{ "intervals", SB_F_ARRAY, ROW(intervals),
	  sizeof(struct ci_table_interval), .item = &interval_item,
	  .count_offset = ROW(n_intervals), .alloc = 1,
	  .doc = "the waits by `interval_s` from the window's start (groups "
		 "and total)" },
	{ "delay_hist_ns", SB_F_OBJECT, 0, .sub = &hist_table,
	  .doc = "every wait of a group or the total in the common/hist.h "
		 "buckets; absent without waits" },
};

static const struct sb_jr_table row_table =
	SB_JR_TABLE("delay table: a row (groups[], tasks[], total)", row_fields,
		    row_init, NULL);
static const struct sb_field row_item = { .type = SB_F_OBJECT,
					  .sub = &row_table };

#define CPU(m) offsetof(struct ci_table_cpu, m)

static void cpu_init(void *obj)
{
	struct ci_table_cpu *c = obj;

	c->busy_ms = c->busy_pct = c->workload_ms = NAN;
}

static const struct sb_field cpu_fields[] = {
	{ "cpu", SB_F_INT, CPU(cpu), .min = 0, .max = 65535,
	  .doc = "the CPU's number" },
	FIGURE("busy_ms", CPU(busy_ms),
	       "time in the window with a task other than idle on it, ms"),
	{ "busy_pct", SB_F_NUMBER, CPU(busy_pct), .dmin = 0, .dmax = 100,
	  .doc = "the same, % of the window" },
	FIGURE("workload_ms", CPU(workload_ms),
	       "of it, with a workload task (only with a workload set)"),
};

static const struct sb_jr_table cpu_table =
	SB_JR_TABLE("delay table: cpus[]", cpu_fields, cpu_init, NULL);
static const struct sb_field cpu_item = { .type = SB_F_OBJECT,
					  .sub = &cpu_table };

#define T(m) offsetof(struct ci_table, m)

static const struct sb_field window_fields[] = {
	FIGURE("start_s", T(window_start_s), "trace clock (mono), s"),
	FIGURE("end_s", T(window_end_s), "trace clock (mono), s"),
};

/* Read into the table itself, as the histogram into its row. */
static const struct sb_jr_table window_table =
	SB_JR_TABLE("delay table: window", window_fields, NULL, NULL);

static const struct sb_field noise_fields[] = {
	{ "cpus", SB_F_ANY, .type_doc = "array of integers",
	  .doc = "the workload's CPUs" },
	{ "other_ms", SB_F_NUMBER, .check_only = 1, .dmin = 0,
	  .dmax = MAX_FIGURE,
	  .doc = "time other tasks ran on them in the window, ms" },
	{ "span_ms", SB_F_NUMBER, .check_only = 1, .dmin = 0,
	  .dmax = MAX_FIGURE, .doc = "the window times their count, ms" },
	{ "share_pct", SB_F_NUMBER, T(noise_share_pct), .dmin = 0, .dmax = 100,
	  .doc = "other_ms of span_ms, %" },
};

/* Read into the table itself, as its window. */
static const struct sb_jr_table noise_table =
	SB_JR_TABLE("delay table: machine_noise", noise_fields, NULL, NULL);

static const char *const wait_from_choices[] = { "sched_waking", "sched_wakeup",
						 NULL };

static void table_init(void *obj)
{
	struct ci_table *t = obj;

	*t = (struct ci_table){ .events = -1 };
	t->window_start_s = t->window_end_s = t->interval_s = NAN;
	t->noise_share_pct = NAN;
}

/* Every group has a comm, none another's: one value a figure per comm. */
static int table_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	const struct ci_table *t = obj;
	char at[64];

	(void)j;
	for (size_t i = 0; i < t->n_groups; i++) {
		const char *comm = t->groups[i].comm;

		snprintf(at, sizeof(at), "groups[%zu].comm", i);
		if (!comm)
			return sb_jr_fail(r, at, NULL, "is missing");
		for (size_t k = 0; k < i; k++)
			if (!strcmp(t->groups[k].comm, comm))
				return sb_jr_fail(
					r, at, NULL,
					"\"%s\" is groups[%zu]'s comm too: one "
					"group a comm",
					comm, k);
	}
	return 0;
}

static const struct sb_field table_fields[] = {
	{ "source", SB_F_TEXT, .doc = "the recording read" },
	{ "recorder", SB_F_TEXT, .doc = "`trace-cmd` or `perf`" },
	{ "events", SB_F_INT64, T(events), .min = 0, .max = INT64_MAX,
	  .doc = "scheduler events read (not sched_stat_*)" },
	{ "lost_events", SB_F_INT64, T(lost_events), .min = 0, .max = INT64_MAX,
	  .doc = "events the recorder dropped (absent: 0); above 0, delay "
		 "figures are not trusted" },
	{ "lost_events_by_cpu", SB_F_ANY,
	  .type_doc = "array of objects (`cpu`: integer or null, "
		      "`lost_events`: integer)",
	  .doc = "the losses by the CPU that lost them (null: unsaid)" },
	{ "wait_from", SB_F_ENUM, T(wait_from), .choices = wait_from_choices,
	  .doc = "where waits start (`--wait-from`)" },
	COUNT("switch_ins", T(switch_ins), "switch-ins of tasks in the window"),
	COUNT("unknown_switch_ins", T(unknown_switch_ins),
	      "of them, of a task not known to wait"),
	{ "time_steps_back", SB_F_ANY,
	  .type_doc = "object (`events`: integer, `max_ms`: number)",
	  .doc = "events up to 1 ms back in time, taken at the time before" },
	COUNT("late_comm_changes", T(late_comm_changes),
	      "renames that moved only the totals"),
	{ "window", SB_F_OBJECT, 0, .sub = &window_table,
	  .doc = "the measured window" },
	{ "interval_s", SB_F_NUMBER, T(interval_s), .dmin = 0,
	  .dmax = MAX_FIGURE, .doc = "the intervals' width, s" },
	{ "cpus", SB_F_ARRAY, T(cpus), sizeof(struct ci_table_cpu),
	  .item = &cpu_item, .count_offset = T(n_cpus), .alloc = 1,
	  .doc = "per CPU that recorded switches" },
	{ "machine_noise", SB_F_OBJECT, 0, .sub = &noise_table, .nullable = 1,
	  .doc = "the workload's CPUs' time other tasks took (null without a "
		 "workload set)" },
	{ "groups", SB_F_ARRAY, T(groups), sizeof(struct ci_table_row), 1,
	  .item = &row_item, .count_offset = T(n_groups), .alloc = 1,
	  .missing = "is missing: a table has groups",
	  .doc = "one per last comm, sorted like the text" },
	{ "tasks", SB_F_ARRAY, T(tasks), sizeof(struct ci_table_row),
	  .item = &row_item, .count_offset = T(n_tasks), .alloc = 1,
	  .doc = "one per task" },
	{ "total", SB_F_OBJECT, T(total), .sub = &row_table,
	  .doc = "every task: `TOTAL:`, without comm and pids" },
};

const struct sb_jr_table ci_table_format = {
	.name = "delay table (`table.json`)",
	.fields = table_fields,
	.n_fields = sizeof(table_fields) / sizeof(table_fields[0]),
	.init = table_init,
	.finish = table_finish,
	.head = &sb_envelope_format,
	.head_offset = offsetof(struct ci_table, envelope),
};

static void row_free(struct ci_table_row *row)
{
	free(row->task);
	free(row->comm);
	free(row->pids);
	free(row->intervals);
	free(row->buckets);
}

void ci_table_free(struct ci_table *t)
{
	for (size_t i = 0; i < t->n_groups; i++)
		row_free(&t->groups[i]);
	for (size_t i = 0; i < t->n_tasks; i++)
		row_free(&t->tasks[i]);
	row_free(&t->total);
	free(t->groups);
	free(t->tasks);
	free(t->cpus);
	*t = (struct ci_table){ 0 };
}

int ci_table_load(const char *path, struct ci_table *t, json_t **root,
		  struct sb_error *e)
{
	int r;

	*t = (struct ci_table){ 0 };
	r = sb_jr_load_keep(path, &ci_table_format, t, NULL, root, e);
	if (r)
		ci_table_free(t);
	return r;
}

const struct ci_table_row *ci_table_group(const struct ci_table *t,
					  const char *comm)
{
	if (!*comm)
		return t->total.present ? &t->total : NULL;
	for (size_t i = 0; i < t->n_groups; i++)
		if (!strcmp(t->groups[i].comm, comm))
			return &t->groups[i];
	return NULL;
}

int ci_table_figure(const struct ci_table_row *row, const char *key, double *v)
{
	const struct sb_field *f = sb_jr_find(&row_table, key);

	if (!f || f->type != SB_F_NUMBER)
		return 0;
	memcpy(v, (const char *)row + f->offset, sizeof(*v));
	return !isnan(*v);
}
