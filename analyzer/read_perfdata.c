// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data reader: the data section's records streamed from the mapping,
 * put in time order as perf's own tools do (records between two
 * FINISHED_ROUND records are flushed up to the latest time of the round
 * before), sched tracepoint samples decoded from their raw payloads.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "analyzer/perfdata_file.h"
#include "analyzer/sbt_read.h"
#include "analyzer/sched_decode.h"
#include "common/exitcodes.h"

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

/* A timed record, parsed: a sample's time, CPU and raw payload, or lost
 * events (@lost > 0) with their time and CPU (-1: not said). */
struct sample {
	uint64_t ts;
	int cpu;
	const unsigned char *raw;
	uint32_t raw_size;
	uint64_t lost;
};

/* A sorted run: a stretch of the data section whose timed records (see
 * timed()) come in time order; @off is the next one to deliver, @cur. */
struct run {
	struct sample cur;
	uint64_t off, end;
};

/* Records are read in file order, but the hardware's prefetch stops at
 * page boundaries: ask for what comes this far ahead (8 % less CPU). */
#define PREFETCH 1024
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
	struct run *heap; /* the runs waiting, a min-heap on (ts, off) */
	size_t nheap, cap;
	struct run open; /* the run being read; end == 0: none */
	uint64_t open_last; /* the time of its last record */
	uint64_t next_flush, max_ts;
	uint64_t released; /* bytes of the mapping given back */
	char *err;
	size_t errlen;
	int rc;
};

static int corrupt(struct reader *r, uint64_t off, const char *what)
{
	snprintf(r->err, r->errlen, "%s: record at offset %" PRIu64 ": %s",
		 r->f.path, off, what);
	r->rc = SB_EXIT_USAGE;
	return -EINVAL;
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

/* The fields of a sample the core needs; 1 when it has no raw payload
 * (not a tracepoint), -EINVAL when cut short. */
static int parse_sample(const struct pd_attr *a, const unsigned char *rec,
			uint32_t size, struct sample *out)
{
	uint64_t off = a->raw_off, n;

	if (!a->traced)
		return 1;
	if (a->cpu_off + 8 > size)
		return -EINVAL;
	out->ts = pd_rd64(rec + a->time_off);
	out->cpu = (int)pd_rd32(rec + a->cpu_off);
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
	out->raw_size = pd_rd32(rec + off);
	out->raw = rec + off + 4;
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

static int deliver(struct reader *r, uint64_t off, const struct sample *smp)
{
	char comm[2][SCHED_STR_BUF];
	struct sbt_event ev;
	enum sched_tp tp;
	int e;

	if (smp->lost) {
		sbt_add_lost(r->s, smp->cpu, smp->lost);
		return 0;
	}
	memset(&ev, 0, sizeof(ev));
	ev.ts_ns = smp->ts;
	ev.cpu = smp->cpu;
	e = sched_decode(&r->dec, smp->raw, smp->raw_size, &ev, comm, &tp);
	if (e > 0)
		return 0;
	if (e < 0) {
		snprintf(r->err, r->errlen,
			 "%s: record at offset %" PRIu64 " (cpu %d, ts %" PRIu64
			 "): corrupt %s payload",
			 r->f.path, off, smp->cpu, smp->ts, sched_tp_name(tp));
		r->rc = SB_EXIT_USAGE;
		return -EINVAL;
	}
	e = sbt_feed(r->s, &ev);
	if (e) {
		snprintf(r->err, r->errlen,
			 "%s: record at offset %" PRIu64 " (cpu %d, ts %" PRIu64
			 "): %s",
			 r->f.path, off, smp->cpu, smp->ts, sbt_feed_error(e));
		r->rc = sbt_feed_exit(e);
		return -EINVAL;
	}
	return 0;
}

/* Type, size and whole length (an auxtrace record's data follows it) of
 * the record at @off, checked against the data section. */
static int record_at(const struct reader *r, uint64_t off, uint32_t *type,
		     uint32_t *size, uint64_t *step, const char **why)
{
	uint64_t end = r->f.data_off + r->f.data_size;
	const unsigned char *rec = r->f.map + off;

	*why = "record header cut short";
	if (end - off < 8)
		return -EINVAL;
	*type = pd_rd32(rec);
	*size = pd_rd32(rec + 4) >> 16;
	*step = *size;
	*why = "record size out of the section";
	if (*size < 8 || *size > end - off)
		return -EINVAL;
	if (*type == PD_RECORD_AUXTRACE) {
		*why = "auxtrace size";
		if (*size < 16 || pd_rd64(rec + 8) > end - off - *size)
			return -EINVAL;
		*step += pd_rd64(rec + 8);
	}
	return 0;
}

/* Does the record wait for its turn in time order (a tracepoint sample,
 * lost events with a time)? 1 with it parsed into @smp, 0 when acted on at
 * once or ignored, -EINVAL with @why when corrupt. */
static int timed(struct reader *r, uint64_t off, uint32_t type, uint32_t size,
		 struct sample *smp, const char **why)
{
	const unsigned char *rec = r->f.map + off;
	const struct pd_attr *a;
	uint64_t body;

	switch (type) {
	case PD_RECORD_SAMPLE:
		a = attr_of(r, rec, size, 1);
		*why = "sample of no recorded event";
		if (!a)
			return -EINVAL;
		if (!r->ours[a - r->f.attrs])
			return 0;
		*why = "sample cut short";
		smp->lost = 0;
		switch (parse_sample(a, rec, size, smp)) {
		case 0:
			return r->f.same_type ?
				       sched_decode_known(&r->dec, smp->raw,
							  smp->raw_size) :
				       1;
		case 1:
			return 0;
		default:
			return -EINVAL;
		}
	case PD_RECORD_LOST:
	case PD_RECORD_LOST_SAMPLES:
		smp->lost = lost_count(rec, size, &body);
		smp->lost += !smp->lost; /* a record of none: at least one */
		a = attr_of(r, rec, size, 0);
		return !sample_id(a, rec, size, body, &smp->ts, &smp->cpu);
	default:
		return 0;
	}
}

static int before(const struct run *a, const struct run *b)
{
	return a->cur.ts < b->cur.ts ||
	       (a->cur.ts == b->cur.ts && a->off < b->off);
}

static void sift_down(struct run *h, size_t n, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct run t;

		if (l < n && before(&h[l], &h[m]))
			m = l;
		if (l + 1 < n && before(&h[l + 1], &h[m]))
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* The run being read goes to the heap of runs waiting. */
static int close_open(struct reader *r)
{
	size_t i;

	if (!r->open.end)
		return 0;
	if (r->nheap == r->cap) {
		size_t cap = r->cap ? r->cap * 2 : 64;
		struct run *h = realloc(r->heap, cap * sizeof(*h));

		if (!h) {
			snprintf(r->err, r->errlen, "%s: out of memory",
				 r->f.path);
			r->rc = SB_EXIT_ENV;
			return -ENOMEM;
		}
		r->heap = h;
		r->cap = cap;
	}
	i = r->nheap++;
	r->heap[i] = r->open;
	while (i && before(&r->heap[i], &r->heap[(i - 1) / 2])) {
		struct run t = r->heap[i];

		r->heap[i] = r->heap[(i - 1) / 2];
		r->heap[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	r->open.end = 0;
	return 0;
}

/* A timed record at @off: it extends the run being read, or starts one. */
static int add_timed(struct reader *r, uint64_t off, uint64_t step,
		     const struct sample *smp)
{
	if (smp->ts > r->max_ts)
		r->max_ts = smp->ts;
	if (r->open.end && smp->ts >= r->open_last) {
		r->open.end = off + step;
		r->open_last = smp->ts;
		return 0;
	}
	if (close_open(r))
		return -ENOMEM;
	r->open = (struct run){ *smp, off, off + step };
	r->open_last = smp->ts;
	return 0;
}

/* Move @run to its next timed record; 0 when it has none left. (The
 * records were checked when first read: record_at does not fail here.) */
static int advance(struct reader *r, struct run *run)
{
	uint32_t type, size;
	uint64_t step;
	const char *why;

	if (record_at(r, run->off, &type, &size, &step, &why))
		return 0;
	for (run->off += step; run->off < run->end; run->off += step) {
		if (run->off + PREFETCH < run->end)
			__builtin_prefetch(r->f.map + run->off + PREFETCH);
		if (record_at(r, run->off, &type, &size, &step, &why))
			return 0;
		if (timed(r, run->off, type, size, &run->cur, &why) == 1)
			return 1;
	}
	return 0;
}

/* Give the mapped pages before the oldest record still waiting back to the
 * kernel (at each round and every RELEASE_EVERY records delivered): the
 * resident set stays below the size of two rounds, not of the file. */
#define RELEASE_EVERY 65536
static void release(struct reader *r, uint64_t upto)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), end;

	for (size_t i = 0; i < r->nheap; i++)
		if (r->heap[i].off < upto)
			upto = r->heap[i].off;
	end = upto / page * page;
	if (end < r->released + (8ull << 20))
		return;
	madvise((void *)(r->f.map + r->released), end - r->released,
		MADV_DONTNEED);
	r->released = end;
}

/* Deliver the waiting records up to time @limit, in time order (file order
 * among equal times), as perf's ordered events do. */
static int flush(struct reader *r, uint64_t limit)
{
	for (unsigned int n = 1; r->nheap && r->heap[0].cur.ts <= limit; n++) {
		if (deliver(r, r->heap[0].off, &r->heap[0].cur))
			return -EINVAL;
		if (!(n % RELEASE_EVERY))
			release(r, r->heap[0].off);
		if (!advance(r, &r->heap[0]))
			r->heap[0] = r->heap[--r->nheap];
		sift_down(r->heap, r->nheap, 0);
	}
	return 0;
}

/* A record that is not timed, acted on as it is read. */
static int act(struct reader *r, uint64_t off, uint32_t type, uint32_t size)
{
	uint64_t body, n;

	switch (type) {
	case PD_RECORD_LOST:
	case PD_RECORD_LOST_SAMPLES: /* no time: now, as perf does */
		n = lost_count(r->f.map + off, size, &body);
		sbt_add_lost(r->s, -1, n ? n : 1);
		return 0;
	case PD_RECORD_FINISHED_ROUND:
		if (close_open(r) || flush(r, r->next_flush))
			return -EINVAL;
		r->next_flush = r->max_ts;
		release(r, off);
		return 0;
	case PD_RECORD_COMPRESSED:
		snprintf(r->err, r->errlen,
			 "%s: compressed records (perf record -z) are not"
			 " supported: record without -z",
			 r->f.path);
		r->rc = SB_EXIT_USAGE;
		return -EINVAL;
	default:
		return 0;
	}
}

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22 /* Linux 5.14 */
#endif
#define POPULATE_BYTES (4ull << 20)

/* Map the next POPULATE_BYTES of the file from @off in one call (an older
 * kernel refuses: then page faults do it); returns where that ends. */
static uint64_t populate(const struct reader *r, uint64_t off)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t start = off / page * page, len = POPULATE_BYTES;

	if (len > r->f.len - start)
		len = r->f.len - start;
	madvise((void *)(r->f.map + start), len, MADV_POPULATE_READ);
	return start + len;
}

static int read_records(struct reader *r)
{
	uint64_t off = r->f.data_off, end = r->f.data_off + r->f.data_size;

	uint64_t mapped = 0;

	madvise((void *)r->f.map, r->f.len, MADV_SEQUENTIAL);
	r->released = 0;
	while (off < end) {
		uint32_t type, size;
		struct sample smp;
		uint64_t step;
		const char *why;
		int t;

		if (off >= mapped) /* a page fault per page is slower */
			mapped = populate(r, off);
		if (off + PREFETCH < mapped)
			__builtin_prefetch(r->f.map + off + PREFETCH);
		if (record_at(r, off, &type, &size, &step, &why))
			return corrupt(r, off, why);
		t = timed(r, off, type, size, &smp, &why);
		if (t < 0)
			return corrupt(r, off, why);
		if (t ? add_timed(r, off, step, &smp) : act(r, off, type, size))
			return -EINVAL;
		off += step;
	}
	if (close_open(r))
		return -EINVAL;
	return flush(r, UINT64_MAX);
}

/* In the probe child: the formats parse without crashing. */
static int probe_formats(void *arg)
{
	const struct pd_file *f = arg;
	struct tep_handle *tep = tep_alloc();
	char err[128];
	int r = tep ? pd_parse_formats(f, tep, err, sizeof(err)) : -ENOMEM;

	tep_free(tep);
	return r;
}

/* The sched formats of the file into @tep, probed in a child first. */
static int load_formats(struct reader *r, struct tep_handle *tep)
{
	char why[128];
	int p;

	tep_set_loglevel(TEP_LOG_NONE);
	p = sbt_survives(probe_formats, &r->f);
	if (p < 0) {
		snprintf(r->err, r->errlen, "%s: cannot probe the formats: %s",
			 r->f.path, strerror(-p));
		return SB_EXIT_ENV;
	}
	if (p || pd_parse_formats(&r->f, tep, why, sizeof(why))) {
		snprintf(r->err, r->errlen, "%s: tracing data: %s", r->f.path,
			 p ? "corrupt event formats" : why);
		return SB_EXIT_USAGE;
	}
	sched_decoder_init(&r->dec, tep);
	if (r->dec.ids[TP_SWITCH] < 0) {
		snprintf(r->err, r->errlen,
			 "%s: no sched:sched_switch events recorded",
			 r->f.path);
		return SB_EXIT_USAGE;
	}
	return 0;
}

/* Which attributes may carry the sched events read: any traced one when
 * the samples do not say their attribute (the payload tells), else those
 * of the sched tracepoints. */
static int find_ours(struct reader *r)
{
	r->ours = calloc(r->f.nattrs, 1);
	if (!r->ours) {
		snprintf(r->err, r->errlen, "%s: out of memory", r->f.path);
		return SB_EXIT_ENV;
	}
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

int sbt_read_perfdata(struct sbt *s, const char *path, char *err, size_t errlen)
{
	struct reader *r = calloc(1, sizeof(*r));
	struct tep_handle *tep = tep_alloc();
	int rc;

	if (!r || !tep) {
		snprintf(err, errlen, "%s: out of memory", path);
		free(r);
		tep_free(tep);
		return SB_EXIT_ENV;
	}
	r->s = s;
	r->err = err;
	r->errlen = errlen;
	rc = pd_open(&r->f, path, err, errlen);
	if (rc)
		goto out;
	rc = load_formats(r, tep);
	if (!rc)
		rc = find_ours(r);
	if (!rc) {
		sbt_set_waking_recorded(s, waking_recorded(r));
		rc = read_records(r) ? r->rc : 0;
	}
	pd_close(&r->f);
out:
	free(r->heap);
	free(r->ours);
	free(r);
	tep_free(tep);
	return rc;
}
