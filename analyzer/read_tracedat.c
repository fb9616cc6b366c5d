// SPDX-License-Identifier: GPL-2.0
/* trace.dat reader: libtracecmd iterates records in time order, libtraceevent parses fields. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <trace-cmd.h>

#include "analyzer/sbt_read.h"
#include "common/exitcodes.h"

enum tp {
	TP_SWITCH,
	TP_WAKEUP,
	TP_WAKING,
	TP_WAKEUP_NEW,
	TP_MIGRATE,
	TP_FORK,
	TP_EXEC,
	TP_EXIT,
	TP_N,
};

static const struct tp_desc {
	const char *name;
	enum sbt_ev_type type;
	/* fields: [0] pid-like, [1] comm-like, then per event */
	const char *fields[5];
} tps[TP_N] = {
	[TP_SWITCH] = { "sched_switch",
			SBT_EV_SWITCH,
			{ "prev_pid", "prev_comm", "prev_state", "next_pid",
			  "next_comm" } },
	[TP_WAKEUP] = { "sched_wakeup",
			SBT_EV_WAKEUP,
			{ "pid", "comm", "target_cpu" } },
	[TP_WAKING] = { "sched_waking",
			SBT_EV_WAKEUP,
			{ "pid", "comm", "target_cpu" } },
	[TP_WAKEUP_NEW] = { "sched_wakeup_new",
			    SBT_EV_WAKEUP_NEW,
			    { "pid", "comm", "target_cpu" } },
	[TP_MIGRATE] = { "sched_migrate_task",
			 SBT_EV_MIGRATE,
			 { "pid", "comm", "dest_cpu" } },
	[TP_FORK] = { "sched_process_fork",
		      SBT_EV_FORK,
		      { "parent_pid", "parent_comm", "child_pid" } },
	[TP_EXEC] = { "sched_process_exec", SBT_EV_EXEC, { "pid", "filename" } },
	[TP_EXIT] = { "sched_process_exit", SBT_EV_EXIT, { "pid", "comm" } },
};

struct ctx {
	struct sbt *s;
	struct tep_handle *tep;
	int ids[TP_N]; /* -1: not in the file */
	struct tep_format_field *f[TP_N][5];
	const char *path;
	char *err;
	size_t errlen;
	int rc;
};

static int num(struct tep_format_field *f, struct tep_record *rec,
	       unsigned long long *v)
{
	if (!f || rec->size < 0 ||
	    (unsigned int)(f->offset + f->size) > (unsigned int)rec->size)
		return -EINVAL;
	return tep_read_number_field(f, rec->data, v) ? -EINVAL : 0;
}

/* A char[] field, or a __data_loc string; copied NUL-terminated. */
static int str(struct tep_format_field *f, struct tep_record *rec, char *buf,
	       size_t len)
{
	const char *p;
	size_t n;

	if (!f || rec->size < 0 ||
	    (unsigned int)(f->offset + f->size) > (unsigned int)rec->size)
		return -EINVAL;
	p = (const char *)rec->data + f->offset;
	n = f->size;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long loc;

		if (tep_read_number_field(f, rec->data, &loc))
			return -EINVAL;
		if ((loc & 0xffff) + (loc >> 16) > (unsigned int)rec->size)
			return -EINVAL;
		p = (const char *)rec->data + (loc & 0xffff);
		n = loc >> 16;
	}
	n = strnlen(p, n);
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	return 0;
}

static int decode(struct ctx *c, enum tp tp, struct tep_record *rec,
		  struct sbt_event *ev, char comm[2][256])
{
	struct tep_format_field **f = c->f[tp];
	unsigned long long v[5] = { 0 };
	char *base;

	if (num(f[0], rec, &v[0]) || str(f[1], rec, comm[0], 256))
		return -EINVAL;
	ev->type = tps[tp].type;
	ev->pid = (int)v[0];
	ev->comm = comm[0];
	switch (tp) {
	case TP_SWITCH:
		if (num(f[2], rec, &v[2]) || num(f[3], rec, &v[3]) ||
		    str(f[4], rec, comm[1], 256))
			return -EINVAL;
		ev->prev_state = v[2];
		ev->next_pid = (int)v[3];
		ev->next_comm = comm[1];
		break;
	case TP_FORK:
		if (num(f[2], rec, &v[2]))
			return -EINVAL;
		ev->child_pid = (int)v[2];
		break;
	case TP_EXEC:
		base = strrchr(comm[0], '/');
		if (base)
			ev->comm = base + 1;
		break;
	case TP_EXIT:
		break;
	default: /* wakeups, migration: the CPU field is optional */
		if (!num(f[2], rec, &v[2]))
			ev->target_cpu = (int)v[2];
		break;
	}
	return 0;
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu,
		     void *data)
{
	struct ctx *c = data;
	struct sbt_event ev = { .ts_ns = rec->ts, .cpu = cpu };
	char comm[2][256];
	int id, r;

	(void)h;
	if (rec->missed_events)
		sbt_add_lost(c->s, rec->missed_events > 0 ?
					   (uint64_t)rec->missed_events :
					   1);
	id = tep_data_type(c->tep, rec);
	for (int tp = 0; tp < TP_N; tp++) {
		if (id != c->ids[tp])
			continue;
		if (decode(c, (enum tp)tp, rec, &ev, comm)) {
			snprintf(c->err, c->errlen,
				 "%s: cpu %d, ts %llu: corrupt %s record",
				 c->path, cpu, rec->ts, tps[tp].name);
			c->rc = SB_EXIT_USAGE;
			return 1;
		}
		r = sbt_feed(c->s, &ev);
		if (r) {
			snprintf(c->err, c->errlen, "%s: ts %llu: %s", c->path,
				 rec->ts,
				 r == -EINVAL ? "time goes backwards" :
						strerror(-r));
			c->rc = r == -EINVAL ? SB_EXIT_USAGE : SB_EXIT_ENV;
			return 1;
		}
		break;
	}
	return 0;
}

static void find_events(struct ctx *c)
{
	for (int tp = 0; tp < TP_N; tp++) {
		struct tep_event *e =
			tep_find_event_by_name(c->tep, "sched", tps[tp].name);

		c->ids[tp] = e ? e->id : -1;
		for (int i = 0; e && i < 5 && tps[tp].fields[i]; i++)
			c->f[tp][i] = tep_find_field(e, tps[tp].fields[i]);
	}
}

int sbt_read_tracedat(struct sbt *s, const char *path, char *err, size_t errlen)
{
	struct ctx c = { .s = s, .path = path, .err = err, .errlen = errlen };
	struct tracecmd_input *h;
	int rc = sbt_check_tracedat(path, err, errlen);

	if (rc)
		return rc;
	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	h = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!h) {
		snprintf(
			err, errlen,
			"%s: cannot open as trace.dat (truncated, corrupt or an unsupported file version)",
			path);
		return SB_EXIT_USAGE;
	}
	c.tep = tracecmd_get_tep(h);
	find_events(&c);
	if (c.ids[TP_SWITCH] < 0) {
		snprintf(err, errlen,
			 "%s: no sched:sched_switch events recorded", path);
		tracecmd_close(h);
		return SB_EXIT_USAGE;
	}
	if (tracecmd_iterate_events(h, NULL, 0, on_record, &c) < 0 && !c.rc) {
		snprintf(err, errlen, "%s: cannot read the event data", path);
		c.rc = SB_EXIT_USAGE;
	}
	tracecmd_close(h);
	return c.rc;
}
