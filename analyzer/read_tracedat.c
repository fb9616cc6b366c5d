// SPDX-License-Identifier: GPL-2.0
/* trace.dat reader: records in time order across CPUs, fields parsed by libtraceevent. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <kbuffer.h>
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

/* A char[] field (in place when it holds a comm: the core reads at most
 * SBT_COMM_LEN - 1 bytes of it), or a __data_loc string, copied
 * NUL-terminated into @buf. */
static int str(struct tep_format_field *f, struct tep_record *rec,
	       const char **out, char *buf, size_t len)
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
	if (!(f->flags & TEP_FIELD_IS_DYNAMIC) && n >= SBT_COMM_LEN - 1) {
		*out = p;
		return 0;
	}
	n = strnlen(p, n);
	if (n >= len)
		n = len - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	*out = buf;
	return 0;
}

static int decode(struct ctx *c, enum tp tp, struct tep_record *rec,
		  struct sbt_event *ev, char comm[2][256])
{
	struct tep_format_field **f = c->f[tp];
	unsigned long long v[5] = { 0 };
	const char *base;

	if (num(f[0], rec, &v[0]) || str(f[1], rec, &ev->comm, comm[0], 256))
		return -EINVAL;
	ev->type = tps[tp].type;
	ev->pid = (int)v[0];
	switch (tp) {
	case TP_SWITCH:
		if (num(f[2], rec, &v[2]) || num(f[3], rec, &v[3]) ||
		    str(f[4], rec, &ev->next_comm, comm[1], 256))
			return -EINVAL;
		ev->prev_state = v[2];
		ev->next_pid = (int)v[3];
		break;
	case TP_FORK:
		if (num(f[2], rec, &v[2]))
			return -EINVAL;
		ev->child_pid = (int)v[2];
		break;
	case TP_EXEC:
		base = strrchr(ev->comm, '/');
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
				 rec->ts, sbt_feed_error(r));
			c->rc = sbt_feed_exit(r);
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

/* One CPU's ring-buffer pages, read one page at a time (memory stays flat
 * however long the trace; libtracecmd keeps its mappings until close). */
#define CHUNK_PAGES 64 /* read this many pages of a CPU at once */

struct cpu_pages {
	struct kbuffer *kb;
	unsigned char *buf; /* CHUNK_PAGES pages */
	size_t pos, len; /* the next page in buf, bytes in buf */
	uint64_t off, end; /* the file range not read into buf yet */
	void *ev; /* the current event; NULL when this CPU is done */
	unsigned long long ts;
};

/* The next page of @p into its kbuffer, or NULL at the end. */
static unsigned char *next_page(int fd, uint32_t psize, struct cpu_pages *p)
{
	if (p->pos + psize > p->len) {
		uint64_t n = p->end - p->off;
		ssize_t got;

		if (n > (uint64_t)psize * CHUNK_PAGES)
			n = (uint64_t)psize * CHUNK_PAGES;
		n -= n % psize;
		if (!n)
			return NULL;
		got = pread(fd, p->buf, n, (off_t)p->off);
		if (got != (ssize_t)n)
			return NULL;
		p->off += n;
		p->pos = 0;
		p->len = n;
	}
	p->pos += psize;
	return p->buf + p->pos - psize;
}

static int load_page(struct ctx *c, int fd, uint32_t psize, struct cpu_pages *p)
{
	unsigned char *page;

	for (p->ev = NULL; !p->ev && (page = next_page(fd, psize, p));) {
		uint64_t commit;
		int missed;

		/* Page header: u64 timestamp, u64 commit (size | flag bits 30,
		 * 31); kbuffer trusts the size, so check it against the page. */
		memcpy(&commit, page + 8, sizeof(commit));
		if ((commit >> 32) || (commit & 0x3fffffffULL) + 16 > psize ||
		    kbuffer_load_subbuffer(p->kb, page) < 0) {
			snprintf(
				c->err, c->errlen,
				"%s: corrupt ring-buffer page near offset %llu",
				c->path, (unsigned long long)p->off);
			return SB_EXIT_USAGE;
		}
		missed = kbuffer_missed_events(p->kb);
		if (missed)
			sbt_add_lost(c->s, missed > 0 ? (uint64_t)missed : 1);
		p->ev = kbuffer_read_event(p->kb, &p->ts);
	}
	return 0;
}

static int read_pages(struct ctx *c, int fd,
		      const struct sbt_tracedat_layout *l, struct cpu_pages *cp)
{
	int rc = 0;

	for (int i = 0; !rc && i < l->ncpus; i++) {
		cp[i].kb =
			kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
		cp[i].buf = malloc((size_t)l->page_size * CHUNK_PAGES);
		if (!cp[i].kb || !cp[i].buf) {
			snprintf(c->err, c->errlen, "%s: out of memory",
				 c->path);
			return SB_EXIT_ENV;
		}
		cp[i].off = l->off[i];
		cp[i].end = l->off[i] + l->size[i];
		rc = load_page(c, fd, l->page_size, &cp[i]);
	}
	while (!rc && !c->rc) {
		struct tep_record rec = { 0 };
		int best = -1;

		for (int i = 0; i < l->ncpus; i++)
			if (cp[i].ev && (best < 0 || cp[i].ts < cp[best].ts))
				best = i;
		if (best < 0)
			break;
		rec.ts = cp[best].ts;
		rec.data = cp[best].ev;
		rec.size = kbuffer_event_size(cp[best].kb);
		rec.cpu = best;
		on_record(NULL, &rec, best, c);
		cp[best].ev = kbuffer_next_event(cp[best].kb, &cp[best].ts);
		if (!cp[best].ev)
			rc = load_page(c, fd, l->page_size, &cp[best]);
	}
	return rc ? rc : c->rc;
}

/* v6 flyrecord files: headers through libtracecmd, pages by ourselves. */
static int read_v6(struct ctx *c, const struct sbt_tracedat_layout *l)
{
	struct cpu_pages *cp = calloc((size_t)l->ncpus + 1, sizeof(*cp));
	int fd = open(c->path, O_RDONLY | O_CLOEXEC), rc;

	if (!cp || fd < 0) {
		snprintf(c->err, c->errlen, "%s: %s", c->path,
			 cp ? strerror(errno) : "out of memory");
		free(cp);
		if (fd >= 0)
			close(fd);
		return cp ? SB_EXIT_USAGE : SB_EXIT_ENV;
	}
	rc = read_pages(c, fd, l, cp);
	for (int i = 0; i < l->ncpus; i++) {
		if (cp[i].kb)
			kbuffer_free(cp[i].kb);
		free(cp[i].buf);
	}
	free(cp);
	close(fd);
	return rc;
}

/*
 * libtraceevent trusts the event formats in a file's header and can crash
 * on corrupt ones, so the header is opened in a child first. Returns 0 when
 * the child opened it, 1 when it failed or died (under ASan a crash is an
 * exit code, not a signal), -errno when it could not run.
 */
static int open_survives(const char *path)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		struct tracecmd_input *h;
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null,
			     STDERR_FILENO); /* a crash report is not ours */
		h = tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS);

		_exit(h ? 0 : 1);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}

int sbt_read_tracedat(struct sbt *s, const char *path, char *err, size_t errlen)
{
	struct ctx c = { .s = s, .path = path, .err = err, .errlen = errlen };
	struct sbt_tracedat_layout *l = malloc(sizeof(*l));
	struct tracecmd_input *h = NULL;
	int rc;

	if (!l) {
		snprintf(err, errlen, "%s: out of memory", path);
		return SB_EXIT_ENV;
	}
	rc = sbt_tracedat_layout(path, l, err, errlen);
	if (rc)
		goto out;
	tracecmd_set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	rc = open_survives(path);
	if (rc) {
		snprintf(err, errlen, "%s: cannot open as trace.dat (%s)", path,
			 rc > 0 ? "truncated or corrupt headers" :
				  "could not probe the headers");
		rc = rc > 0 ? SB_EXIT_USAGE : SB_EXIT_ENV;
		goto out;
	}
	h = l->ncpus >= 0 ?
		    tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS) :
		    tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	rc = SB_EXIT_USAGE;
	if (!h) {
		snprintf(
			err, errlen,
			"%s: cannot open as trace.dat (truncated, corrupt or an unsupported file version)",
			path);
		goto out;
	}
	c.tep = tracecmd_get_tep(h);
	find_events(&c);
	if (c.ids[TP_SWITCH] < 0) {
		snprintf(err, errlen,
			 "%s: no sched:sched_switch events recorded", path);
		goto out;
	}
	if (l->ncpus >= 0) {
		rc = read_v6(&c, l);
	} else if (tracecmd_iterate_events(h, NULL, 0, on_record, &c) < 0 &&
		   !c.rc) {
		snprintf(err, errlen, "%s: cannot read the event data", path);
	} else {
		rc = c.rc;
	}
out:
	if (h)
		tracecmd_close(h);
	free(l);
	return rc;
}
