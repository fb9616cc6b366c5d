// SPDX-License-Identifier: GPL-2.0
/* Workload tasks' /proc schedstat, sampled while they live (they vanish at exit). */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/envelope.h"
#include "harness/features.h"
#include "harness/schedstat.h"

/* Process group of @pid from /proc/<pid>/stat (after the parenthesised comm). */
static pid_t pgid_of(const char *pid)
{
	char path[64], buf[512], *p;
	int ppid, pgrp;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	if (features_read(path, buf, sizeof(buf)))
		return -1;
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d %d", &ppid, &pgrp) != 2)
		return -1;
	return pgrp;
}

static struct ss_task *find(struct ss_sampler *s, pid_t tid)
{
	struct ss_task *t;

	for (size_t i = 0; i < s->n; i++)
		if (s->tasks[i].tid == tid)
			return &s->tasks[i];
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;

		t = realloc(s->tasks, cap * sizeof(*t));
		if (!t)
			return NULL;
		s->tasks = t;
		s->cap = cap;
	}
	t = &s->tasks[s->n++];
	memset(t, 0, sizeof(*t));
	t->tid = tid;
	return t;
}

static int sample_tasks(struct ss_sampler *s, const char *pid, int group,
			int window_start, uint64_t now_ns)
{
	char path[300], buf[128];
	struct dirent *de;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	d = opendir(path);
	if (!d)
		return 0; /* exited meanwhile */
	while ((de = readdir(d))) {
		struct ss_counts c;
		struct ss_task *t;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task/%s/schedstat", pid,
			 de->d_name);
		if (features_read(path, buf, sizeof(buf)) ||
		    sscanf(buf, "%" SCNu64 " %" SCNu64 " %" SCNu64, &c.run_ns,
			   &c.run_delay_ns, &c.timeslices) != 3)
			continue;
		t = find(s, atoi(de->d_name));
		if (!t) {
			closedir(d);
			return -ENOMEM;
		}
		t->pid = atoi(pid);
		t->group = group;
		t->last = c;
		t->last_mono_ns = now_ns;
		if (window_start) {
			t->start = c;
			t->have_start = 1;
		}
		snprintf(path, sizeof(path), "/proc/%s/task/%s/comm", pid,
			 de->d_name);
		features_read(path, t->comm, sizeof(t->comm));
	}
	closedir(d);
	return 0;
}

int ss_sample(struct ss_sampler *s, const pid_t *pgids, int n, int window_start)
{
	DIR *proc = opendir("/proc");
	struct dirent *de;
	struct timespec ts;
	uint64_t now_ns;
	int r = 0;

	if (!proc)
		return -errno;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	now_ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	while (!r && (de = readdir(proc))) {
		pid_t pg;

		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		pg = pgid_of(de->d_name);
		for (int i = 0; pg > 0 && i < n && !r; i++)
			if (pgids[i] == pg)
				r = sample_tasks(s, de->d_name, i, window_start,
						 now_ns);
	}
	closedir(proc);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	s->last_mono_ns = (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
	return r;
}

static json_t *counts_json(const struct ss_counts *c)
{
	return json_pack("{s:I,s:I,s:I}", "run_ns", (json_int_t)c->run_ns,
			 "run_delay_ns", (json_int_t)c->run_delay_ns,
			 "timeslices", (json_int_t)c->timeslices);
}

json_t *ss_to_json(const struct ss_sampler *s, const char *const *names)
{
	json_t *tasks = json_array();

	for (size_t i = 0; i < s->n; i++) {
		const struct ss_task *t = &s->tasks[i];
		json_t *o = json_pack("{s:i,s:i,s:s,s:s}", "pid", t->pid, "tid",
				      t->tid, "comm", t->comm, "workload",
				      names[t->group]);

		json_object_update_new(o, counts_json(&t->last));
		json_object_set_new(o, "sampled_at_mono_ns",
				    json_integer((json_int_t)t->last_mono_ns));
		json_object_set_new(o, "at_window_start",
				    t->have_start ? counts_json(&t->start) :
						    json_null());
		json_array_append_new(tasks, o);
	}
	return json_pack("{s:i,s:I,s:o}", "schema", SB_SCHEMA,
			 "sampled_at_mono_ns", (json_int_t)s->last_mono_ns,
			 "tasks", tasks);
}

void ss_free(struct ss_sampler *s)
{
	free(s->tasks);
	memset(s, 0, sizeof(*s));
}
