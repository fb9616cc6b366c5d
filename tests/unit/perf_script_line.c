// SPDX-License-Identifier: GPL-2.0
/* Test support: one line of `perf script` text into a core event (the converter's input). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/sbt_read.h"
#include "tests/unit/perf_script_line.h"

/* The value after @key (e.g. " pid=") up to @end (NULL: next space). */
static char *field(char *text, const char *key, const char *end)
{
	char *v = strstr(text, key), *e;

	if (!v)
		return NULL;
	v += strlen(key);
	e = end ? strstr(v, end) : v + strcspn(v, " ");
	if (!e)
		return NULL;
	*e = '\0';
	return v;
}

static int to_int(const char *v, int *out)
{
	char *end;
	long n;

	if (!v)
		return -EINVAL;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || end == v || n < -1 || n > INT32_MAX)
		return -EINVAL;
	*out = (int)n;
	return 0;
}

static uint64_t state_of(const char *v)
{
	if (!strcmp(v, "R"))
		return 0;
	if (!strcmp(v, "R+"))
		return SBT_STATE_PREEMPTED;
	return 1; /* any sleeping state */
}

/* The parts after the event name, which are modified in place: the values
 * are read last-to-first so that earlier NUL-terminations do not hide
 * later keys. */
static int parse_switch(char *t, struct sbt_event *ev)
{
	char *next = strstr(t, " ==> ");
	char *state;

	if (!next)
		return -EINVAL;
	*next = '\0';
	next += 5;
	ev->type = SBT_EV_SWITCH;
	if (to_int(field(next, " next_pid=", NULL), &ev->next_pid))
		return -EINVAL;
	ev->next_comm = field(next, "next_comm=", " next_pid=");
	state = field(t, " prev_state=", NULL);
	if (!state || to_int(field(t, " prev_pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->prev_state = state_of(state);
	ev->comm = field(t, "prev_comm=", " prev_pid=");
	return ev->comm && ev->next_comm ? 1 : -EINVAL;
}

static int parse_task(char *t, const char *name, struct sbt_event *ev)
{
	char *cpu;

	if (!strcmp(name, "sched_wakeup"))
		ev->type = SBT_EV_WAKEUP;
	else if (!strcmp(name, "sched_waking"))
		ev->type = SBT_EV_WAKING;
	else if (!strcmp(name, "sched_wakeup_new"))
		ev->type = SBT_EV_WAKEUP_NEW;
	else if (!strcmp(name, "sched_migrate_task"))
		ev->type = SBT_EV_MIGRATE;
	else if (!strcmp(name, "sched_process_exit"))
		ev->type = SBT_EV_EXIT;
	else
		return 0;
	cpu = field(t,
		    ev->type == SBT_EV_MIGRATE ? " dest_cpu=" : " target_cpu=",
		    NULL);
	if (cpu && to_int(cpu, &ev->target_cpu))
		return -EINVAL;
	if (to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->comm = field(t, "comm=", " pid=");
	return ev->comm ? 1 : -EINVAL;
}

static int parse_fork(char *t, struct sbt_event *ev)
{
	ev->type = SBT_EV_FORK;
	if (to_int(field(t, " child_pid=", NULL), &ev->child_pid) ||
	    !field(t, " child_comm=", NULL) ||
	    to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	ev->comm = field(t, "comm=", " pid=");
	return ev->comm ? 1 : -EINVAL;
}

static int parse_exec(char *t, struct sbt_event *ev)
{
	char *file, *base;

	ev->type = SBT_EV_EXEC;
	if (!field(t, " old_pid=", NULL) ||
	    to_int(field(t, " pid=", NULL), &ev->pid))
		return -EINVAL;
	file = field(t, "filename=", " pid=");
	if (!file)
		return -EINVAL;
	base = strrchr(file, '/');
	ev->comm = base ? base + 1 : file;
	return 1;
}

int sbt_parse_perf_line(char *line, struct sbt_event *ev)
{
	char *p = line, *end, *name, *text;
	long v;

	memset(ev, 0, sizeof(*ev));
	line[strcspn(line, "\n")] = '\0';
	errno = 0;
	v = strtol(p, &end, 10);
	if (end == p)
		return 0; /* not an event line (a warning, a blank line) */
	p = end + strspn(end, " ");
	if (errno || v < -1 || *p != '[')
		return -EINVAL;
	ev->cpu = (int)strtol(p + 1, &end, 10);
	if (*end != ']')
		return -EINVAL;
	p = end + 1 + strspn(end + 1, " ");
	end = p + strcspn(p, ":");
	if (*end != ':')
		return -EINVAL;
	*end = '\0';
	if (sbt_parse_seconds(p, &ev->ts_ns))
		return -EINVAL;
	p = end + 1 + strspn(end + 1, " ");
	if (strncmp(p, "sched:", 6))
		return 0;
	name = p + 6;
	end = strchr(name, ':');
	if (!end)
		return -EINVAL;
	*end = '\0';
	text = end + 1 + strspn(end + 1, " ");
	if (!strcmp(name, "sched_switch"))
		return parse_switch(text, ev);
	if (!strcmp(name, "sched_process_fork"))
		return parse_fork(text, ev);
	if (!strcmp(name, "sched_process_exec"))
		return parse_exec(text, ev);
	return parse_task(text, name, ev);
}
