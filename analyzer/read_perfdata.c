// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader: the data section read in windows, each sched
 * tracepoint sample decoded from its raw payload as it is read, and the
 * decoded events put in time order as perf's own tools do (the events of
 * the rounds before a FINISHED_ROUND record are delivered up to the latest
 * time of the round before), then handed in that order to a thread that
 * feeds them to the core.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyzer/ev_order.h"
#include "analyzer/ev_pipe.h"
#include "analyzer/line_alloc.h"
#include "analyzer/perfdata_file.h"
#include "analyzer/read_ahead.h"
#include "analyzer/sbt_read.h"
#include "analyzer/sched_decode.h"
#include "common/tracefs_dir.h"

#define PERF_TYPE_TRACEPOINT 2 /* perf_event_attr.type */
#define PD_RECORD_LOST 2
#define PD_RECORD_SAMPLE 9
#define PD_RECORD_LOST_SAMPLES 13
#define PD_RECORD_FINISHED_ROUND 68
#define PD_RECORD_AUXTRACE 71
#define PD_RECORD_COMPRESSED 81

#define READ_FORMAT_TOTAL_TIME_ENABLED (1ull << 0)
#define READ_FORMAT_TOTAL_TIME_RUNNING (1ull << 1)
#define READ_FORMAT_ID (1ull << 2)
#define READ_FORMAT_GROUP (1ull << 3)
#define READ_FORMAT_LOST (1ull << 4)

/* The data section is read, not mapped (a mapping's page faults cost more
 * than the copy), ahead by a thread, in windows of WINDOW bytes; a record
 * across two windows (at most RECORD_MAX bytes: its size is 16 bits) is
 * put together from both. */
#define WINDOW (1u << 18)
#define RECORD_MAX 65536
#define ID_CACHE 256 /* sample id -> attribute, direct-mapped */

struct id_cache {
	uint64_t id;
	const struct pd_attr *attr;
};

struct reader {
	struct sbt *s;
	struct pd_file f;
	struct sched_decoder dec;
	unsigned char *ours; /* per attribute: may carry a sched event we read */
	struct id_cache cache[ID_CACHE];
	struct ev_pipe *pipe; /* to the thread that feeds the core */
	struct read_ahead *ra; /* the data section */
	struct sb_error *e;
	int rc; /* 0, or the -errno of what stopped the reading (in @e) */
	struct ev_order order; /* the events read, not handed over yet */
	uint64_t next_flush, max_ts;
	/* What stopped the pipe's thread: it writes nothing else here, and
	 * only reads @s and @f (not written while it runs) */
	struct sb_error feed_e;
};

static int corrupt(struct reader *r, uint64_t off, const char *what)
{
	r->rc = sb_error_set(r->e, -EBADMSG, r->f.path, NULL, NULL,
			     "record at offset %" PRIu64 ": %s", off, what);
	return -EINVAL;
}

/* The @n bytes (at most RECORD_MAX) of the data section at @off, which
 * lie in it and follow those asked for before, and in *@avail how many lie
 * there; NULL on a read error. */
static const unsigned char *bytes(struct reader *r, uint64_t off, size_t n,
				  size_t *avail)
{
	uint64_t at;
	int e;
	const unsigned char *p = read_ahead_at(r->ra, off, n, avail, &e, &at);

	if (!p)
		r->rc = sb_error_set(r->e, -EIO, r->f.path, NULL, NULL,
				     "read at offset %" PRIu64 ": %s", at,
				     e == -ENODATA ? "file shrank" :
						     strerror(-e));
	return p;
}

/* The attribute a record at @rec (@size bytes) belongs to: the only one,
 * or the one with the same sample_type as all, or by its identifier (first
 * u64 of a sample, last of another record). */
static const struct pd_attr *attr_of(struct reader *r, const unsigned char *rec,
				     uint32_t size, int is_sample)
{
	const struct pd_attr *a0 = &r->f.attrs[0];

	struct id_cache *c;
	uint64_t id;

	if (r->f.same_type)
		return a0;
	if (size < 16)
		return NULL;
	id = pd_rd64(is_sample ? rec + 8 : rec + size - 8);
	c = &r->cache[(id ^ id >> 8) % ID_CACHE];
	if (c->attr && c->id == id)
		return c->attr;
	c->id = id;
	c->attr = pd_attr_of(&r->f, id);
	return c->attr;
}

/* Bytes of a PERF_SAMPLE_READ value for @read_format at @p (@left bytes). */
static int read_size(uint64_t fmt, const unsigned char *p, uint64_t left,
		     uint64_t *out)
{
	uint64_t per = 8 + (fmt & READ_FORMAT_ID ? 8 : 0) +
		       (fmt & READ_FORMAT_LOST ? 8 : 0);
	uint64_t head = (fmt & READ_FORMAT_TOTAL_TIME_ENABLED ? 8 : 0) +
			(fmt & READ_FORMAT_TOTAL_TIME_RUNNING ? 8 : 0);

	if (!(fmt & READ_FORMAT_GROUP)) {
		*out = per + head;
		return 0;
	}
	if (left < 8 || pd_rd64(p) > left / per)
		return -EINVAL;
	*out = 8 + head + pd_rd64(p) * per;
	return 0;
}

/* Where a sample's raw payload starts and its size; 1 when it has none
 * (not a tracepoint), -EINVAL when cut short. */
static int raw_of(const struct pd_attr *a, const unsigned char *rec,
		  uint32_t size, uint32_t *at, uint32_t *len)
{
	uint64_t off = a->raw_off, n;

	if (!a->traced)
		return 1;
	if (a->cpu_off + 8 > size)
		return -EINVAL;
	if (!off) {
		uint64_t t = a->sample_type;

		off = a->cpu_off + 8 + (t & PD_SAMPLE_PERIOD ? 8 : 0);
		if ((t & PD_SAMPLE_READ) &&
		    (off > size ||
		     read_size(a->read_format, rec + off, size - off, &n) ||
		     n > size - off))
			return -EINVAL;
		off += t & PD_SAMPLE_READ ? n : 0;
		if (t & PD_SAMPLE_CALLCHAIN) {
			if (off + 8 > size ||
			    pd_rd64(rec + off) > (size - off - 8) / 8)
				return -EINVAL;
			off += 8 + 8 * pd_rd64(rec + off);
		}
	}
	if (off + 4 > size || pd_rd32(rec + off) > size - off - 4)
		return -EINVAL;
	*len = pd_rd32(rec + off);
	*at = (uint32_t)off + 4;
	return 0;
}

/* Time and CPU of a non-sample record, from the sample id at its end
 * (sample_id_all): TID, TIME, ID, STREAM_ID, CPU, IDENTIFIER. 0, or 1
 * when the record carries none. */
static int sample_id(const struct pd_attr *a, const unsigned char *rec,
		     uint32_t size, uint64_t body, uint64_t *ts, int *cpu)
{
	static const uint64_t all = PD_SAMPLE_TID | PD_SAMPLE_TIME |
				    PD_SAMPLE_ID | PD_SAMPLE_STREAM_ID |
				    PD_SAMPLE_CPU | PD_SAMPLE_IDENTIFIER;
	uint64_t t = a ? a->sample_type & all : 0;
	uint64_t off = size - 8 * (uint64_t)__builtin_popcountll(t);

	*cpu = -1;
	if (!a || !a->sample_id_all || !(t & PD_SAMPLE_TIME) || off < body ||
	    size < 8 * (uint64_t)__builtin_popcountll(t))
		return 1;
	off += t & PD_SAMPLE_TID ? 8 : 0;
	*ts = pd_rd64(rec + off);
	off += 8 + (t & PD_SAMPLE_ID ? 8 : 0) +
	       (t & PD_SAMPLE_STREAM_ID ? 8 : 0);
	if (t & PD_SAMPLE_CPU)
		*cpu = (int)pd_rd32(rec + off);
	return 0;
}

/* Lost-record count, and its body size (header and fields before the
 * sample id). */
static uint64_t lost_count(const unsigned char *rec, uint32_t size,
			   uint64_t *body)
{
	if (pd_rd32(rec) == PD_RECORD_LOST) {
		*body = 24;
		return size >= 24 ? pd_rd64(rec + 16) : 0;
	}
	*body = 16;
	return size >= 16 ? pd_rd64(rec + 8) : 0;
}

/* Keep the first SBT_COMM_LEN - 1 bytes of @comm (readable, as
 * sched_decode() gives them) in @dst; 0 when there is none. */
static uint8_t keep_comm(char dst[SBT_COMM_LEN], const char *comm)
{
	if (!comm)
		return 0;
	memcpy(dst, comm, SBT_COMM_LEN - 1);
	dst[SBT_COMM_LEN - 1] = '\0';
	return 1;
}

/* Decode the sample at @off (@rec, @size bytes) into @x: 1 when it is a
 * sched event, 0 when not (or not ours), -EINVAL when corrupt. */
static int decode_sample(struct reader *r, uint64_t off,
			 const unsigned char *rec, uint32_t size,
			 struct ordered_ev *x)
{
	const struct pd_attr *a = attr_of(r, rec, size, 1);
	char comm[2][SCHED_STR_BUF];
	struct sbt_event ev = { 0 };
	uint32_t at, len;
	enum sched_tp tp;
	int e;

	if (!a)
		return corrupt(r, off, "sample of no recorded event");
	if (!r->ours[a - r->f.attrs])
		return 0;
	e = raw_of(a, rec, size, &at, &len);
	if (e)
		return e > 0 ? 0 : corrupt(r, off, "sample cut short");
	x->ts = pd_rd64(rec + a->time_off);
	x->cpu = (int32_t)pd_rd32(rec + a->cpu_off);
	e = sched_decode(&r->dec, rec + at, len, &ev, comm, &tp);
	if (e > 0)
		return 0;
	if (e < 0) {
		r->rc = sb_error_set(r->e, -EBADMSG, r->f.path, NULL, NULL,
				     "record at offset %" PRIu64
				     " (cpu %d, ts %" PRIu64
				     "): corrupt %s payload",
				     off, x->cpu, x->ts, sched_tp_name(tp));
		return -EINVAL;
	}
	x->off = off;
	x->kind = OEV_EVENT;
	x->type = (uint8_t)ev.type;
	x->pid = ev.pid;
	x->n = ev.prev_state;
	x->arg = ev.type == SBT_EV_SWITCH ? ev.next_pid :
		 ev.type == SBT_EV_FORK	  ? ev.child_pid :
					    ev.target_cpu;
	x->has_comm = keep_comm(x->comm, ev.comm);
	x->has_next_comm = keep_comm(x->next_comm, ev.next_comm);
	return 1;
}

/* Feed one event, in its turn, to the core (in the pipe's thread): lost
 * events with no time count where they were read, as perf counts them. */
static int deliver(void *arg, const struct ordered_ev *x)
{
	struct reader *r = arg;
	struct sbt_event ev = { 0 };
	int e;

	if (x->kind == OEV_LOST || x->kind == OEV_LOST_NOW) {
		sbt_add_lost(r->s, x->kind == OEV_LOST ? x->cpu : -1, x->n);
		return 0;
	}
	ev.type = (enum sbt_ev_type)x->type;
	ev.ts_ns = x->ts;
	ev.cpu = x->cpu;
	ev.pid = x->pid;
	if (ev.type == SBT_EV_SWITCH) {
		ev.prev_state = x->n;
		ev.next_pid = x->arg;
	} else if (ev.type == SBT_EV_FORK) {
		ev.child_pid = x->arg;
	} else {
		ev.target_cpu = x->arg;
	}
	ev.comm = x->has_comm ? x->comm : NULL;
	ev.next_comm = x->has_next_comm ? x->next_comm : NULL;
	ev.comm_readable = 1;
	e = sbt_feed(r->s, &ev);
	if (e)
		return sb_error_set(&r->feed_e, sbt_feed_errno(e), r->f.path,
				    NULL, NULL,
				    "record at offset %" PRIu64
				    " (cpu %d, ts %" PRIu64 "): %s",
				    x->off, x->cpu, x->ts, sbt_feed_error(e));
	return 0;
}

/* The record at @off: its bytes, type, size and whole length (an
 * auxtrace record's data follows it), checked against the data section. */
static const unsigned char *record_at(struct reader *r, uint64_t off,
				      uint32_t *type, uint32_t *size,
				      uint64_t *step, const char **why)
{
	uint64_t end = r->f.data_off + r->f.data_size;
	const unsigned char *rec;
	size_t avail;

	*why = "record header cut short";
	if (end - off < 8)
		return NULL;
	rec = bytes(r, off, 8, &avail);
	if (!rec)
		return NULL;
	*type = pd_rd32(rec);
	*size = pd_rd32(rec + 4) >> 16;
	*step = *size;
	*why = "record size out of the section";
	if (*size < 8 || *size > end - off)
		return NULL;
	if (*size > avail) /* it goes on into the next window */
		rec = bytes(r, off, *size, &avail);
	if (rec && *type == PD_RECORD_AUXTRACE) {
		*why = "auxtrace size";
		if (*size < 16 || pd_rd64(rec + 8) > end - off - *size)
			return NULL;
		*step += pd_rd64(rec + 8);
	}
	return rec;
}

static int no_memory(struct reader *r)
{
	r->rc = sb_error_set(r->e, -ENOMEM, r->f.path, NULL, NULL,
			     "out of memory");
	return -ENOMEM;
}

/* Hand @x over to the pipe's thread; the result of its feeding so far. */
static int hand_over(void *arg, const struct ordered_ev *x)
{
	struct reader *r = arg;

	*ev_pipe_slot(r->pipe) = *x;
	return ev_pipe_push(r->pipe);
}

/* Hand over the events up to @limit, in time order. */
static int flush(struct reader *r, uint64_t limit)
{
	int e = ev_order_flush(&r->order, limit, hand_over, r);

	return e == -ENOMEM ? no_memory(r) : e;
}

/* Room for the next event to put in order; NULL when out of memory. */
static struct ordered_ev *next_in_order(struct reader *r)
{
	struct ordered_ev *x = ev_order_next(&r->order);

	if (!x)
		no_memory(r);
	return x;
}

/* Put the event filled in at next_in_order() in order. */
static int add_in_order(struct reader *r, const struct ordered_ev *x)
{
	if (x->ts > r->max_ts)
		r->max_ts = x->ts;
	return ev_order_add(&r->order) ? no_memory(r) : 0;
}

/* Lost events: in time order when the record says its time, else handed
 * over at once (after the events handed so far). */
static int lost(struct reader *r, uint64_t off, const unsigned char *rec,
		uint32_t size)
{
	struct ordered_ev y = { 0 }, *x;
	uint64_t body, n = lost_count(rec, size, &body);

	y.n = n ? n : 1; /* a record of none: at least one */
	y.off = off;
	if (sample_id(attr_of(r, rec, size, 0), rec, size, body, &y.ts,
		      &y.cpu)) {
		y.kind = OEV_LOST_NOW;
		return hand_over(r, &y);
	}
	y.kind = OEV_LOST;
	x = next_in_order(r);
	if (!x)
		return -ENOMEM;
	*x = y;
	return add_in_order(r, x);
}

/* Act on the record at @off: a sched sample and timed lost events are put
 * in order, a round's end hands over the rounds before it. */
static int act(struct reader *r, uint64_t off, const unsigned char *rec,
	       uint32_t type, uint32_t size)
{
	struct ordered_ev *x;
	int e;

	switch (type) {
	case PD_RECORD_SAMPLE:
		x = next_in_order(r);
		if (!x)
			return -ENOMEM;
		e = decode_sample(r, off, rec, size, x);
		return e <= 0 ? e : add_in_order(r, x);
	case PD_RECORD_LOST:
	case PD_RECORD_LOST_SAMPLES:
		return lost(r, off, rec, size);
	case PD_RECORD_FINISHED_ROUND:
		e = flush(r, r->next_flush);
		r->next_flush = r->max_ts;
		return e;
	case PD_RECORD_COMPRESSED:
		r->rc = sb_error_set(r->e, -EBADMSG, r->f.path, NULL, NULL,
				     "compressed records (perf record -z) are"
				     " not supported: record without -z");
		return -EINVAL;
	default:
		return 0;
	}
}

static int read_all(struct reader *r)
{
	uint64_t off = r->f.data_off, end = r->f.data_off + r->f.data_size;

	while (off < end) {
		const unsigned char *rec;
		uint32_t type, size;
		uint64_t step;
		const char *why;

		rec = record_at(r, off, &type, &size, &step, &why);
		if (!rec)
			return r->rc ? -EIO : corrupt(r, off, why);
		if (act(r, off, rec, type, size))
			return -EINVAL;
		off += step;
	}
	return flush(r, UINT64_MAX);
}

/* Read the records while a thread feeds their events to the core: 0 or
 * -errno (in @r->e). The result is that of feeding them in place: an error
 * of the feeding came from events handed over before the reading stopped,
 * so it is the one reported. */
static int read_records(struct reader *r)
{
	int e = read_ahead_start(&r->ra, r->f.fd, r->f.data_off,
				 r->f.data_off + r->f.data_size, WINDOW,
				 RECORD_MAX);

	if (!e)
		e = ev_pipe_start(&r->pipe, deliver, r);
	if (e)
		return sb_error_set(r->e, e, r->f.path, NULL, NULL,
				    "cannot start a thread: %s", strerror(-e));
	e = read_all(r);
	if (ev_pipe_finish(r->pipe)) {
		if (r->e)
			*r->e = r->feed_e;
		r->rc = r->feed_e.code;
	}
	r->pipe = NULL;
	return r->rc ? r->rc : e;
}

/* In the probe child: the formats parse without crashing. */
static int probe_formats(void *arg)
{
	const struct pd_file *f = arg;
	struct tep_handle *tep = tep_alloc();
	int r = tep ? pd_parse_formats(f, tep, NULL) : -ENOMEM;

	tep_free(tep);
	return r;
}

/* The sched formats of the file into @tep, probed in a child first unless
 * they are the running kernel's (a recording on this host: a fork and the
 * child's parse cost more than the whole table of a small file). */
static int load_formats(struct reader *r, struct tep_handle *tep)
{
	int p;

	tep_set_loglevel(TEP_LOG_NONE);
	p = pd_formats_are_hosts(&r->f, sb_tracefs_dir()) ?
		    0 :
		    sbt_survives(probe_formats, &r->f);
	if (p < 0)
		return sb_error_set(r->e, p, r->f.path, NULL, NULL,
				    "cannot probe the formats: %s",
				    strerror(-p));
	if (p)
		return sb_error_set(r->e, -EBADMSG, r->f.path, "tracing data",
				    NULL, "corrupt event formats");
	p = pd_parse_formats(&r->f, tep, r->e);
	if (p)
		return p;
	sched_decoder_init(&r->dec, tep);
	if (r->dec.ids[TP_SWITCH] < 0)
		return sb_error_set(r->e, -EBADMSG, r->f.path, NULL, NULL,
				    "no sched:sched_switch events recorded");
	return 0;
}

/* Which attributes may carry the sched events read: any traced one when
 * the samples do not say their attribute (the payload tells), else those
 * of the sched tracepoints. */
static int find_ours(struct reader *r)
{
	r->ours = calloc(r->f.nattrs, 1);
	if (!r->ours)
		return sb_error_set(r->e, -ENOMEM, r->f.path, NULL, NULL,
				    "out of memory");
	for (size_t i = 0; i < r->f.nattrs; i++) {
		const struct pd_attr *a = &r->f.attrs[i];

		r->ours[i] = a->traced && r->f.same_type;
		for (int tp = 0; a->traced && tp < TP_N; tp++)
			if (a->type == PERF_TYPE_TRACEPOINT &&
			    r->dec.ids[tp] >= 0 &&
			    a->config == (uint64_t)r->dec.ids[tp])
				r->ours[i] = 1;
	}
	return 0;
}

/* Was sched_waking recorded (an attribute of its tracepoint id)? */
static int waking_recorded(const struct reader *r)
{
	for (size_t i = 0; i < r->f.nattrs; i++)
		if (r->f.attrs[i].type == PERF_TYPE_TRACEPOINT &&
		    r->dec.ids[TP_WAKING] >= 0 &&
		    r->f.attrs[i].config == (uint64_t)r->dec.ids[TP_WAKING])
			return 1;
	return 0;
}

int sbt_read_perfdata(struct sbt *s, const char *path, struct sb_error *e)
{
	struct reader *r = line_alloc(sizeof(*r));
	struct tep_handle *tep = tep_alloc();
	int rc;

	if (!r || !tep) {
		free(r);
		tep_free(tep);
		return sb_error_set(e, -ENOMEM, path, NULL, NULL,
				    "out of memory");
	}
	r->s = s;
	r->e = e;
	rc = pd_open(&r->f, path, e);
	if (rc)
		goto out;
	rc = load_formats(r, tep);
	if (!rc)
		rc = find_ours(r);
	if (!rc) {
		sbt_set_waking_recorded(s, waking_recorded(r));
		rc = read_records(r);
	}
	pd_close(&r->f);
out:
	ev_order_free(&r->order);
	read_ahead_stop(r->ra);
	free(r->ours);
	free(r);
	tep_free(tep);
	return rc;
}
