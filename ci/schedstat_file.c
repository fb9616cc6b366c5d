// SPDX-License-Identifier: GPL-2.0
/* A run's schedstat.json and window.json read back by their rows into structs (the cross-check's inputs). */
#include <math.h>
#include <stdlib.h>

#include "ci/schedstat_file.h"

/* No clock or counter reads more: about 31 years of ns. */
#define MAX_NS 1e18

#define NS(key, off, doc_)                                            \
	{                                                             \
		(key), SB_F_NUMBER, (off), .dmin = 0, .dmax = MAX_NS, \
					   .doc = (doc_)              \
	}

#define TASK(m) offsetof(struct ci_ss_task, m)

static void start_init(void *obj)
{
	((struct ci_ss_task *)obj)->has_start = 1;
}

static const struct sb_field start_fields[] = {
	NS("run_ns", TASK(start_run_ns), "time on CPU, ns"),
	NS("run_delay_ns", TASK(start_run_delay_ns), "time waiting, ns"),
	NS("timeslices", TASK(start_timeslices), "times run"),
};

/* Read into the task itself, at the task's offsets. */
static const struct sb_jr_table start_table = SB_JR_TABLE(
	"schedstat: at_window_start", start_fields, start_init, NULL);

static void task_init(void *obj)
{
	struct ci_ss_task *t = obj;

	*t = (struct ci_ss_task){ 0 };
	t->run_ns = t->run_delay_ns = t->timeslices = t->sampled_at_mono_ns =
		NAN;
}

static const struct sb_field task_fields[] = {
	{ "pid", SB_F_INT64, TASK(pid), .min = 1, .max = INT32_MAX,
	  .doc = "the process" },
	{ "tid", SB_F_INT64, TASK(tid), .min = 1, .max = INT32_MAX,
	  .required = 1, .doc = "the thread (the table's pids are these)" },
	{ "comm", SB_F_STRDUP, TASK(comm), .doc = "its comm when sampled" },
	{ "workload", SB_F_STRDUP, TASK(workload),
	  .doc = "the workload that started it" },
	NS("run_ns", TASK(run_ns), "time on CPU, ns (/proc/PID/schedstat)"),
	NS("run_delay_ns", TASK(run_delay_ns), "time waiting, ns"),
	NS("timeslices", TASK(timeslices), "times run"),
	NS("sampled_at_mono_ns", TASK(sampled_at_mono_ns),
	   "when the newest sample was taken"),
	{ "at_window_start", SB_F_OBJECT, 0, .sub = &start_table, .nullable = 1,
	  .doc = "the sample at the window's start (null: the task came "
		 "later)" },
};

static const struct sb_jr_table task_table =
	SB_JR_TABLE("schedstat: tasks[]", task_fields, task_init, NULL);
static const struct sb_field task_item = { .type = SB_F_OBJECT,
					   .sub = &task_table };

#define SS(m) offsetof(struct ci_schedstat, m)

static void schedstat_init(void *obj)
{
	*(struct ci_schedstat *)obj =
		(struct ci_schedstat){ .schema = 1, .sampled_at_mono_ns = NAN };
}

static const struct sb_field schedstat_fields[] = {
	{ "schema", SB_F_INT, SS(schema), .min = 1, .max = 1,
	  .doc = "the version of this format" },
	NS("sampled_at_mono_ns", SS(sampled_at_mono_ns), "the last sample"),
	{ "tasks", SB_F_ARRAY, SS(tasks), sizeof(struct ci_ss_task),
	  .required = 1, .item = &task_item, .count_offset = SS(n_tasks),
	  .alloc = 1, .doc = "every thread of every workload" },
};

const struct sb_jr_table ci_schedstat_format = SB_JR_TABLE(
	"schedstat (`schedstat.json`)", schedstat_fields, schedstat_init, NULL);

#define W(m) offsetof(struct ci_window, m)

static void window_init(void *obj)
{
	*(struct ci_window *)obj = (struct ci_window){ .schema = 1,
						       .start_mono_ns = NAN,
						       .end_mono_ns = NAN };
}

static const struct sb_field window_fields[] = {
	{ "schema", SB_F_INT, W(schema), .min = 1, .max = 1,
	  .doc = "the version of this format" },
	NS("start_mono_ns", W(start_mono_ns),
	   "the measured window's start, CLOCK_MONOTONIC"),
	NS("end_mono_ns", W(end_mono_ns), "its end"),
};

const struct sb_jr_table ci_window_format = SB_JR_TABLE(
	"measured window (`window.json`)", window_fields, window_init, NULL);

void ci_schedstat_free(struct ci_schedstat *ss)
{
	for (size_t i = 0; i < ss->n_tasks; i++) {
		free(ss->tasks[i].comm);
		free(ss->tasks[i].workload);
	}
	free(ss->tasks);
	*ss = (struct ci_schedstat){ 0 };
}

int ci_schedstat_load(const char *path, struct ci_schedstat *ss,
		      struct sb_error *e)
{
	int r;

	*ss = (struct ci_schedstat){ 0 };
	r = sb_jr_load(path, &ci_schedstat_format, ss, NULL, e);
	if (r)
		ci_schedstat_free(ss);
	return r;
}

int ci_window_load(const char *path, struct ci_window *w, struct sb_error *e)
{
	return sb_jr_load(path, &ci_window_format, w, NULL, e);
}

const struct ci_ss_task *ci_schedstat_task(const struct ci_schedstat *ss,
					   int64_t tid)
{
	for (size_t i = 0; i < ss->n_tasks; i++)
		if (ss->tasks[i].tid == tid)
			return &ss->tasks[i];
	return NULL;
}
