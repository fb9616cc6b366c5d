// SPDX-License-Identifier: GPL-2.0
/* trace.dat reader: headers and event formats by libtracecmd, v6 pages by rb_page, records merged in time order. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include <trace-cmd.h>

#include "analyzer/rb_page.h"
#include "analyzer/sbt_read.h"
#include "analyzer/sched_decode.h"
#include "analyzer/tracecmd_lib.h"

struct ctx {
	const struct tracecmd_lib *lib;
	struct sbt *s;
	struct sched_decoder dec;
	const char *path;
	struct sb_error *e;
	int rc; /* 0, or the -errno of the first record that failed */
};

static int on_record(struct tracecmd_input *h, struct tep_record *rec, int cpu,
		     void *data)
{
	struct ctx *c = data;
	struct sbt_event ev = { .ts_ns = rec->ts, .cpu = cpu };
	char comm[2][SCHED_STR_BUF];
	enum sched_tp tp;
	int r;

	(void)h;
	if (rec->missed_events)
		sbt_add_lost(c->s, cpu,
			     rec->missed_events > 0 ?
				     (uint64_t)rec->missed_events :
				     1);
	if (rec->size < 0)
		return 0;
	r = sched_decode(&c->dec, rec->data, (uint32_t)rec->size, &ev, comm,
			 &tp);
	if (r > 0)
		return 0;
	if (r < 0) {
		c->rc = sb_error_set(c->e, -EBADMSG, c->path, NULL, NULL,
				     "cpu %d, ts %llu: corrupt %s record", cpu,
				     rec->ts, sched_tp_name(tp));
		return 1;
	}
	r = sbt_feed(c->s, &ev);
	if (r) {
		c->rc = sb_error_set(c->e, sbt_feed_errno(r), c->path, NULL,
				     NULL, "cpu %d, ts %llu: %s", cpu, rec->ts,
				     sbt_feed_error(r));
		return 1;
	}
	return 0;
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
	uint64_t lost; /* events lost before @ev (a page flagged them) */
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
	return sb_error_set(c->e, -EBADMSG, c->path, NULL, NULL,
			    "corrupt ring-buffer page near offset %llu",
			    (unsigned long long)(p->off - (p->len - p->pos)));
}

/* The next event of @p, from the next pages when this one is done: 0 with
 * p->ev set (NULL when the CPU has no more), or a -errno. Events lost
 * before a page are added to p->lost, reported with the page's first event
 * so that the core resets the CPU at the gap's place in time. */
static int next_event(struct ctx *c, int fd, uint32_t psize,
		      struct cpu_pages *p)
{
	const unsigned char *page;
	int r;

	while ((r = rb_page_next(&p->rb, &p->ev, &p->evlen)) <= 0) {
		if (r < 0)
			return corrupt_page(c, p);
		r = next_page(fd, psize, p, &page);
		if (r) /* the mapping failed: not the file's fault */
			return sb_error_set(c->e, sb_env_errno(r), c->path,
					    NULL, NULL, "%s", strerror(-r));
		if (!page) {
			p->ev = NULL;
			return 0;
		}
		if (rb_page_load(&p->rb, page, psize))
			return corrupt_page(c, p);
		if (p->rb.lost)
			p->lost += p->rb.lost > 0 ? (uint64_t)p->rb.lost : 1;
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
		rec.missed_events = (long long)cp[best].lost;
		cp[best].lost = 0;
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
		rc = sb_error_set(c->e, cp ? -EINVAL : -ENOMEM, c->path, NULL,
				  NULL, "%s",
				  cp ? strerror(errno) : "out of memory");
		free(cp);
		if (fd >= 0)
			close(fd);
		return rc;
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

static struct tracecmd_input *open_file(const struct tracecmd_lib *lib,
					const char *path, int head_only)
{
	return head_only ? lib->open_head(path, TRACECMD_FL_LOAD_NO_PLUGINS) :
			   lib->open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
}

struct probe {
	const struct tracecmd_lib *lib;
	const char *path;
	int head_only;
};

/* In the probe child: open the file as the parent will (@head_only:
 * headers only, the v6 files whose pages are read here; else the whole
 * file, for libtracecmd's iterator). */
static int probe_open(void *arg)
{
	const struct probe *p = arg;

	return open_file(p->lib, p->path, p->head_only) ? 0 : 1;
}

int sbt_read_tracedat(struct sbt *s, const char *path, struct sb_error *e)
{
	struct ctx c = { .s = s, .path = path, .e = e };
	struct sbt_tracedat_layout *l = malloc(sizeof(*l));
	struct tracecmd_input *h = NULL;
	int rc;

	if (!l)
		return sb_error_set(e, -ENOMEM, path, NULL, NULL,
				    "out of memory");
	rc = sbt_tracedat_layout(path, l, e);
	if (rc)
		goto out;
	c.lib = tracecmd_lib(path, e);
	if (!c.lib) {
		rc = -ENOENT;
		goto out;
	}
	c.lib->set_loglevel(TEP_LOG_NONE);
	tep_set_loglevel(TEP_LOG_NONE);
	rc = sbt_survives(probe_open,
			  &(struct probe){ .lib = c.lib,
					   .path = path,
					   .head_only = l->ncpus >= 0 });
	if (rc) {
		rc = sb_error_set(e, rc > 0 ? -EBADMSG : rc, path, NULL, NULL,
				  "cannot open as trace.dat (%s)",
				  rc > 0 ? "truncated or corrupt headers" :
					   "could not probe the headers");
		goto out;
	}
	h = open_file(c.lib, path, l->ncpus >= 0);
	if (!h) {
		rc = sb_error_set(
			e, -EBADMSG, path, NULL, NULL,
			"cannot open as trace.dat (truncated, corrupt or an unsupported file version)");
		goto out;
	}
	sched_decoder_init(&c.dec, c.lib->get_tep(h));
	sbt_set_waking_recorded(s, c.dec.ids[TP_WAKING] >= 0);
	if (c.dec.ids[TP_SWITCH] < 0) {
		rc = sb_error_set(e, -EBADMSG, path, NULL, NULL,
				  "no sched:sched_switch events recorded");
		goto out;
	}
	if (l->ncpus >= 0) {
		rc = read_v6(&c, l);
	} else if (c.lib->iterate_events(h, NULL, 0, on_record, &c) < 0 &&
		   !c.rc) {
		rc = sb_error_set(e, -EBADMSG, path, NULL, NULL,
				  "cannot read the event data");
	} else {
		rc = c.rc;
	}
out:
	if (h)
		c.lib->close(h);
	free(l);
	return rc;
}
