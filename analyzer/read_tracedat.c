// SPDX-License-Identifier: GPL-2.0
/* trace.dat reader: headers and event formats by libtracecmd, v6 pages by rb_page, records merged in time order. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <trace-cmd.h>

#include "analyzer/rb_page.h"
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
	const char *kinds; /* per field: n number, s string, o optional number */
} tps[TP_N] = {
	[TP_SWITCH] = { "sched_switch",
			SBT_EV_SWITCH,
			{ "prev_pid", "prev_comm", "prev_state", "next_pid",
			  "next_comm" },
			"nsnns" },
	[TP_WAKEUP] = { "sched_wakeup",
			SBT_EV_WAKEUP,
			{ "pid", "comm", "target_cpu" },
			"nso" },
	[TP_WAKING] = { "sched_waking",
			SBT_EV_WAKEUP,
			{ "pid", "comm", "target_cpu" },
			"nso" },
	[TP_WAKEUP_NEW] = { "sched_wakeup_new",
			    SBT_EV_WAKEUP_NEW,
			    { "pid", "comm", "target_cpu" },
			    "nso" },
	[TP_MIGRATE] = { "sched_migrate_task",
			 SBT_EV_MIGRATE,
			 { "pid", "comm", "dest_cpu" },
			 "nso" },
	[TP_FORK] = { "sched_process_fork",
		      SBT_EV_FORK,
		      { "parent_pid", "parent_comm", "child_pid" },
		      "nsn" },
	[TP_EXEC] = { "sched_process_exec",
		      SBT_EV_EXEC,
		      { "pid", "filename" },
		      "ns" },
	[TP_EXIT] = { "sched_process_exit",
		      SBT_EV_EXIT,
		      { "pid", "comm" },
		      "ns" },
};

/* Where a field lies in a record; size 0: not in the event's format. */
struct field {
	unsigned int offset, size;
	int dynamic; /* __data_loc: the field holds offset | length << 16 */
};

struct ctx {
	struct sbt *s;
	int ids[TP_N]; /* -1: not in the file */
	struct field type; /* common_type, the event id of every record */
	struct field f[TP_N][5];
	unsigned int need[TP_N]; /* bytes a record must hold: its fixed fields */
	int usable[TP_N]; /* every field it needs is there, of a usable size */
	int swap; /* the file's byte order is not the host's */
	const char *path;
	char *err;
	size_t errlen;
	int rc;
};

/* Numeric field @f of a record @d whose size was checked (decode): read in
 * place, as libtraceevent's generic reader cost a fifth of the analyzer. */
static inline uint64_t get(const struct ctx *c, const struct field *f,
			   const unsigned char *d)
{
	const unsigned char *p = d + f->offset;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (f->size) {
	case 1:
		return *p;
	case 2:
		memcpy(&u16, p, 2);
		return c->swap ? __builtin_bswap16(u16) : u16;
	case 4:
		memcpy(&u32, p, 4);
		return c->swap ? __builtin_bswap32(u32) : u32;
	default: /* 8: find_events allows no other size */
		memcpy(&u64, p, 8);
		return c->swap ? __builtin_bswap64(u64) : u64;
	}
}

/* Room for a string field copied out of a record: STR_MAX bytes and the NUL
 * padding after it, so that SBT_COMM_LEN - 1 bytes are readable at any
 * character of the copy (sbt_event.comm_readable). */
#define STR_MAX 255
#define STR_BUF (STR_MAX + SBT_COMM_LEN)

/* A char[] field (with @in_place, a comm: returned in place when it holds
 * SBT_COMM_LEN - 1 bytes or more, all the core reads), or a __data_loc
 * string, copied NUL-padded into @buf (STR_BUF bytes). */
static int str(const struct ctx *c, const struct field *f,
	       const struct tep_record *rec, const char **out, char *buf,
	       int in_place)
{
	const char *p = (const char *)rec->data + f->offset;
	size_t n = f->size;

	if (f->dynamic) {
		uint64_t loc = get(c, f, rec->data);

		if ((loc & 0xffff) + ((loc >> 16) & 0xffff) >
		    (unsigned int)rec->size)
			return -EINVAL;
		p = (const char *)rec->data + (loc & 0xffff);
		n = (loc >> 16) & 0xffff;
	} else if (in_place && n >= SBT_COMM_LEN - 1) {
		*out = p;
		return 0;
	}
	n = strnlen(p, n);
	if (n > STR_MAX)
		n = STR_MAX;
	memcpy(buf, p, n);
	memset(buf + n, 0, SBT_COMM_LEN);
	*out = buf;
	return 0;
}

static int decode(const struct ctx *c, enum tp tp, const struct tep_record *rec,
		  struct sbt_event *ev, char comm[2][STR_BUF])
{
	const struct field *f = c->f[tp];
	const unsigned char *d = rec->data;
	const char *base;

	if (!c->usable[tp] || rec->size < 0 ||
	    (unsigned int)rec->size < c->need[tp])
		return -EINVAL;
	/* exec's filename is cut at its last '/': a NUL-terminated copy */
	if (str(c, &f[1], rec, &ev->comm, comm[0], tp != TP_EXEC))
		return -EINVAL;
	ev->comm_readable = 1;
	ev->type = tps[tp].type;
	ev->pid = (int)get(c, &f[0], d);
	switch (tp) {
	case TP_SWITCH:
		if (str(c, &f[4], rec, &ev->next_comm, comm[1], 1))
			return -EINVAL;
		ev->prev_state = get(c, &f[2], d);
		ev->next_pid = (int)get(c, &f[3], d);
		break;
	case TP_FORK:
		ev->child_pid = (int)get(c, &f[2], d);
		break;
	case TP_EXEC:
		base = strrchr(ev->comm, '/');
		if (base)
			ev->comm = base + 1;
		break;
	case TP_EXIT:
		break;
	default: /* wakeups, migration: the CPU field is optional */
		if (f[2].size)
			ev->target_cpu = (int)get(c, &f[2], d);
		break;
	}
	return 0;
}

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu,
		     void *data)
{
	struct ctx *c = data;
	struct sbt_event ev = { .ts_ns = rec->ts, .cpu = cpu };
	char comm[2][STR_BUF];
	uint64_t id;
	int r;

	(void)h;
	if (rec->missed_events)
		sbt_add_lost(c->s, rec->missed_events > 0 ?
					   (uint64_t)rec->missed_events :
					   1);
	if (!c->type.size || rec->size < 0 ||
	    (unsigned int)rec->size < c->type.offset + c->type.size)
		return 0; /* too short to be an event: padding */
	id = get(c, &c->type, rec->data);
	for (int tp = 0; tp < TP_N; tp++) {
		if ((int)id != c->ids[tp])
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

static void field_of(struct field *out, const struct tep_format_field *f)
{
	if (!f)
		return;
	out->offset = (unsigned int)f->offset;
	out->size = (unsigned int)f->size;
	out->dynamic = !!(f->flags & TEP_FIELD_IS_DYNAMIC);
}

static int is_num(const struct field *f)
{
	return !f->dynamic &&
	       (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8);
}

/* Whether event @tp's fields are all there (and of a size decode reads),
 * and how many bytes its records must hold. */
static void check_fields(struct ctx *c, int tp)
{
	c->usable[tp] = 1;
	for (int i = 0; tps[tp].kinds[i]; i++) {
		const struct field *f = &c->f[tp][i];

		if (tps[tp].kinds[i] == 'o' && !f->size)
			continue;
		if (tps[tp].kinds[i] == 's' ?
			    !f->size || (f->dynamic && f->size != 4) :
			    !is_num(f))
			c->usable[tp] = 0;
		if (f->offset + f->size > c->need[tp])
			c->need[tp] = f->offset + f->size;
	}
}

static void find_events(struct ctx *c, struct tep_handle *tep)
{
	c->swap = tep_is_file_bigendian(tep) != tep_is_local_bigendian(tep);
	for (int tp = 0; tp < TP_N; tp++) {
		struct tep_event *e =
			tep_find_event_by_name(tep, "sched", tps[tp].name);

		c->ids[tp] = e ? e->id : -1;
		if (e && !c->type.size)
			field_of(&c->type,
				 tep_find_common_field(e, "common_type"));
		for (int i = 0; e && i < 5 && tps[tp].fields[i]; i++)
			field_of(&c->f[tp][i],
				 tep_find_field(e, tps[tp].fields[i]));
	}
	if (!is_num(&c->type))
		memset(&c->type, 0, sizeof(c->type)); /* no event is read */
	for (int tp = 0; tp < TP_N; tp++)
		check_fields(c, tp);
}

/* One CPU's ring-buffer pages, mapped a window at a time and unmapped as
 * the window is done: memory stays flat however long the trace (libtracecmd
 * keeps its mappings until close), and no copy is made of the pages. */
#define CHUNK_PAGES 256 /* map this many pages of a CPU at once */

struct cpu_pages {
	struct rb_page rb; /* the current page */
	unsigned char *buf; /* up to CHUNK_PAGES pages, in the mapping */
	void *map; /* the mapping: buf rounded down to a page boundary */
	size_t maplen;
	size_t pos, len; /* the next page in buf, bytes in buf */
	uint64_t off, end; /* the file range not mapped yet */
	const unsigned char *ev; /* the current event; NULL when done */
	uint32_t evlen;
};

/* The next page of @p in *@page (NULL at the end); -errno when it cannot be
 * mapped. */
static int next_page(int fd, uint32_t psize, struct cpu_pages *p,
		     const unsigned char **page)
{
	*page = NULL;
	if (p->pos + psize > p->len) {
		uint64_t n = p->end - p->off, skew;

		if (p->buf)
			munmap(p->map, p->maplen);
		p->buf = NULL;
		if (n > (uint64_t)psize * CHUNK_PAGES)
			n = (uint64_t)psize * CHUNK_PAGES;
		n -= n % psize;
		if (!n)
			return 0;
		skew = p->off % (uint64_t)sysconf(_SC_PAGESIZE);
		p->maplen = n + skew;
		p->map = mmap(NULL, p->maplen, PROT_READ,
			      MAP_PRIVATE | MAP_POPULATE, fd,
			      (off_t)(p->off - skew));
		if (p->map == MAP_FAILED)
			return -errno;
		p->buf = (unsigned char *)p->map + skew;
		p->off += n;
		p->pos = 0;
		p->len = n;
	}
	p->pos += psize;
	*page = p->buf + p->pos - psize;
	return 0;
}

static int corrupt_page(struct ctx *c, const struct cpu_pages *p)
{
	snprintf(c->err, c->errlen,
		 "%s: corrupt ring-buffer page near offset %llu", c->path,
		 (unsigned long long)(p->off - (p->len - p->pos)));
	return SB_EXIT_USAGE;
}

/* The next event of @p, from the next pages when this one is done: 0 with
 * p->ev set (NULL when the CPU has no more), or an exit code. */
static int next_event(struct ctx *c, int fd, uint32_t psize,
		      struct cpu_pages *p)
{
	const unsigned char *page;
	int r;

	while ((r = rb_page_next(&p->rb, &p->ev, &p->evlen)) <= 0) {
		if (r < 0)
			return corrupt_page(c, p);
		r = next_page(fd, psize, p, &page);
		if (r) {
			snprintf(c->err, c->errlen, "%s: %s", c->path,
				 strerror(-r));
			return SB_EXIT_ENV;
		}
		if (!page) {
			p->ev = NULL;
			return 0;
		}
		if (rb_page_load(&p->rb, page, psize))
			return corrupt_page(c, p);
		if (p->rb.lost)
			sbt_add_lost(c->s,
				     p->rb.lost > 0 ? (uint64_t)p->rb.lost : 1);
	}
	return 0;
}

static int read_pages(struct ctx *c, int fd,
		      const struct sbt_tracedat_layout *l, struct cpu_pages *cp)
{
	struct tep_record rec = { 0 }; /* the fields on_record reads are set */
	int rc = 0;

	for (int i = 0; !rc && i < l->ncpus; i++) {
		cp[i].off = l->off[i];
		cp[i].end = l->off[i] + l->size[i];
		rc = next_event(c, fd, l->page_size, &cp[i]);
	}
	while (!rc && !c->rc) {
		int best = -1;

		for (int i = 0; i < l->ncpus; i++)
			if (cp[i].ev &&
			    (best < 0 || cp[i].rb.ts < cp[best].rb.ts))
				best = i;
		if (best < 0)
			break;
		rec.ts = cp[best].rb.ts;
		rec.data = (void *)cp[best].ev;
		rec.size = (int)cp[best].evlen;
		rec.cpu = best;
		on_record(NULL, &rec, best, c);
		rc = next_event(c, fd, l->page_size, &cp[best]);
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
		if (cp[i].buf)
			munmap(cp[i].map, cp[i].maplen);
	}
	free(cp);
	close(fd);
	return rc;
}

static struct tracecmd_input *open_file(const char *path, int head_only)
{
	return head_only ?
		       tracecmd_open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS) :
		       tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
}

/*
 * libtraceevent trusts the event formats in a file's header and can crash
 * on corrupt ones, so the header is opened in a child first. Returns 0 when
 * the child opened it, 1 when it failed or died (under ASan a crash is an
 * exit code, not a signal), -errno when it could not run. The child opens
 * the file as the parent will (@head_only: headers only, the v6 files whose
 * pages are read here; else the whole file, for libtracecmd's iterator).
 */
static int open_survives(const char *path, int head_only)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		struct tracecmd_input *h;
		int null;

		if (sbt_probe_child_hook)
			sbt_probe_child_hook();
		null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null,
			     STDERR_FILENO); /* a crash report is not ours */
		h = open_file(path, head_only);
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
	rc = open_survives(path, l->ncpus >= 0);
	if (rc) {
		snprintf(err, errlen, "%s: cannot open as trace.dat (%s)", path,
			 rc > 0 ? "truncated or corrupt headers" :
				  "could not probe the headers");
		rc = rc > 0 ? SB_EXIT_USAGE : SB_EXIT_ENV;
		goto out;
	}
	h = open_file(path, l->ncpus >= 0);
	rc = SB_EXIT_USAGE;
	if (!h) {
		snprintf(
			err, errlen,
			"%s: cannot open as trace.dat (truncated, corrupt or an unsupported file version)",
			path);
		goto out;
	}
	find_events(&c, tracecmd_get_tep(h));
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
