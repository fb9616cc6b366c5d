// SPDX-License-Identifier: GPL-2.0
/* Test helper: trace-cmd v6 and perf.data writers, format text, ring-buffer pages and samples generated from one field table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "tests/unit/test_analyzer_writer.h"

#define PAGE 4096
#define PAGE_HDR 16
#define MISSED_EVENTS (1ull << 31)

enum kind { NUM, STR, LOC };

struct field {
	const char *type, *name;
	enum kind kind;
	unsigned int size;
};

static const struct ev_desc {
	const char *name;
	int id;
	struct field f[8];
} evs[TDW_NEVENTS] = {
	[TDW_SWITCH] = { "sched_switch",
			 301,
			 { { "char", "prev_comm", STR, 16 },
			   { "pid_t", "prev_pid", NUM, 4 },
			   { "int", "prev_prio", NUM, 4 },
			   { "long", "prev_state", NUM, 8 },
			   { "char", "next_comm", STR, 16 },
			   { "pid_t", "next_pid", NUM, 4 },
			   { "int", "next_prio", NUM, 4 } } },
	[TDW_WAKEUP] = { "sched_wakeup",
			 302,
			 { { "char", "comm", STR, 16 },
			   { "pid_t", "pid", NUM, 4 },
			   { "int", "prio", NUM, 4 },
			   { "int", "target_cpu", NUM, 4 } } },
	[TDW_WAKEUP_NEW] = { "sched_wakeup_new",
			     303,
			     { { "char", "comm", STR, 16 },
			       { "pid_t", "pid", NUM, 4 },
			       { "int", "prio", NUM, 4 },
			       { "int", "target_cpu", NUM, 4 } } },
	[TDW_MIGRATE] = { "sched_migrate_task",
			  304,
			  { { "char", "comm", STR, 16 },
			    { "pid_t", "pid", NUM, 4 },
			    { "int", "prio", NUM, 4 },
			    { "int", "orig_cpu", NUM, 4 },
			    { "int", "dest_cpu", NUM, 4 } } },
	[TDW_FORK] = { "sched_process_fork",
		       305,
		       { { "char", "parent_comm", STR, 16 },
			 { "pid_t", "parent_pid", NUM, 4 },
			 { "char", "child_comm", STR, 16 },
			 { "pid_t", "child_pid", NUM, 4 } } },
	[TDW_EXEC] = { "sched_process_exec",
		       306,
		       { { "char[]", "filename", LOC, 4 },
			 { "pid_t", "pid", NUM, 4 },
			 { "pid_t", "old_pid", NUM, 4 } } },
	[TDW_EXIT] = { "sched_process_exit",
		       307,
		       { { "char", "comm", STR, 16 },
			 { "pid_t", "pid", NUM, 4 },
			 { "int", "prio", NUM, 4 } } },
	[TDW_WAKING] = { "sched_waking",
			 308,
			 { { "char", "comm", STR, 16 },
			   { "pid_t", "pid", NUM, 4 },
			   { "int", "prio", NUM, 4 },
			   { "int", "target_cpu", NUM, 4 } } },
};

struct cpu_buf {
	unsigned char *pages;
	size_t npages, used; /* bytes used in the last page's data */
	uint64_t last_ts;
	int lost_next;
};

/* An event as perf.data has it: a sample of its raw payload, or lost. */
struct perf_rec {
	int cpu;
	uint64_t ts;
	int event; /* enum tdw_event, or -1: events were lost */
	unsigned char raw[256];
	size_t len;
};

struct tdw {
	int ncpus;
	struct cpu_buf *cpu;
	int for_perf; /* keep the events as perf_rec too */
	struct perf_rec *recs;
	size_t nrecs;
};

struct tdw *tdw_new(int ncpus)
{
	struct tdw *w = calloc(1, sizeof(*w));

	if (w)
		w->cpu = calloc((size_t)ncpus, sizeof(*w->cpu));
	if (!w || !w->cpu) {
		free(w);
		return NULL;
	}
	w->ncpus = ncpus;
	return w;
}

static void put(unsigned char *p, uint64_t v, unsigned int size)
{
	memcpy(p, &v, size); /* little endian host, as the file says */
}

static unsigned char *new_page(struct cpu_buf *c, uint64_t ts)
{
	unsigned char *p;

	c->pages = realloc(c->pages, (c->npages + 1) * PAGE);
	if (!c->pages)
		abort();
	p = c->pages + c->npages++ * PAGE;
	memset(p, 0, PAGE);
	put(p, ts, 8);
	if (c->lost_next)
		put(p + 8, MISSED_EVENTS, 8);
	c->lost_next = 0;
	c->used = 0;
	c->last_ts = ts;
	return p;
}

/* Append @len bytes to @c's last page; its commit covers them. */
static unsigned char *append(struct cpu_buf *c, size_t len)
{
	unsigned char *page = c->pages + (c->npages - 1) * PAGE;
	uint64_t commit;

	memcpy(&commit, page + 8, 8);
	c->used += len;
	put(page + 8, c->used | (commit & MISSED_EVENTS), 8);
	return page + PAGE_HDR + c->used - len;
}

void tdw_for_perf(struct tdw *w)
{
	w->for_perf = 1;
}

/* A record for tdw_write_perf(); NULL when not kept. */
static struct perf_rec *add_rec(struct tdw *w, int cpu, uint64_t ts, int event)
{
	struct perf_rec *r;

	if (!w->for_perf)
		return NULL;
	w->recs = realloc(w->recs, (w->nrecs + 1) * sizeof(*w->recs));
	if (!w->recs)
		abort();
	r = &w->recs[w->nrecs++];
	memset(r, 0, sizeof(*r));
	r->cpu = cpu;
	r->ts = ts;
	r->event = event;
	return r;
}

void tdw_lost(struct tdw *w, int cpu)
{
	add_rec(w, cpu, w->cpu[cpu].last_ts, -1);
	w->cpu[cpu].lost_next = 1;
	w->cpu[cpu].used = PAGE; /* force a new page */
}

static void grow(struct tdw *w, int cpu)
{
	w->cpu = realloc(w->cpu, (size_t)(cpu + 1) * sizeof(*w->cpu));
	if (!w->cpu)
		abort();
	memset(w->cpu + w->ncpus, 0,
	       (size_t)(cpu + 1 - w->ncpus) * sizeof(*w->cpu));
	w->ncpus = cpu + 1;
}

void tdw_add(struct tdw *w, int cpu, uint64_t ts_ns, enum tdw_event e,
	     const struct tdw_val *vals)
{
	const struct ev_desc *d = &evs[e];
	struct cpu_buf *c;
	struct perf_rec *pr;
	unsigned char rec[256] = { 0 }, *p;
	size_t off = 8, dyn, len;
	uint64_t delta;
	int ext;

	if (cpu >= w->ncpus)
		grow(w, cpu);
	c = &w->cpu[cpu];
	put(rec, (uint64_t)d->id, 2);
	put(rec + 4, (uint64_t)vals[1].n, 4); /* common_pid: anything */
	for (int i = 0; d->f[i].name; i++)
		off += d->f[i].size;
	dyn = off;
	off = 8;
	for (int i = 0; d->f[i].name; i++) {
		const struct field *f = &d->f[i];

		if (f->kind == NUM) {
			put(rec + off, (uint64_t)vals[i].n, f->size);
		} else if (f->kind == STR) {
			strncpy((char *)rec + off, vals[i].s, f->size - 1);
		} else {
			size_t n = strlen(vals[i].s) + 1;

			memcpy(rec + dyn, vals[i].s, n);
			put(rec + off, dyn | n << 16, 4);
			dyn += n;
		}
		off += f->size;
	}
	len = (dyn + 3) & ~(size_t)3;
	pr = add_rec(w, cpu, ts_ns, (int)e);
	if (pr) {
		memcpy(pr->raw, rec, dyn);
		pr->len = dyn;
	}
	if (!c->npages || c->used + 12 + len > PAGE - PAGE_HDR)
		new_page(c, ts_ns);
	delta = ts_ns - c->last_ts;
	c->last_ts = ts_ns;
	ext = delta >= 1u << 27;
	p = append(c, (ext ? 8 : 0) + 4 + len);
	if (ext) { /* time extend, then the event at delta 0 */
		put(p, 30 | (delta & ((1u << 27) - 1)) << 5, 4);
		put(p + 4, delta >> 27, 4);
		p += 8;
		delta = 0;
	}
	put(p, len / 4 | delta << 5, 4);
	memcpy(p + 4, rec, len);
}

static void format_text(FILE *f, const struct ev_desc *d)
{
	unsigned int off = 8;

	fprintf(f, "name: %s\nID: %d\nformat:\n", d->name, d->id);
	fprintf(f,
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n");
	for (int i = 0; d->f[i].name; i++) {
		const struct field *fl = &d->f[i];

		if (fl->kind == STR)
			fprintf(f, "\tfield:%s %s[%u];", fl->type, fl->name,
				fl->size);
		else if (fl->kind == LOC)
			fprintf(f, "\tfield:__data_loc %s %s;", fl->type,
				fl->name);
		else
			fprintf(f, "\tfield:%s %s;", fl->type, fl->name);
		fprintf(f, "\toffset:%u;\tsize:%u;\tsigned:%d;\n", off,
			fl->size, fl->kind == NUM);
		off += fl->size;
	}
	fprintf(f, "\nprint fmt: \"%s=%%d\", REC->%s\n", d->f[1].name,
		d->f[1].name);
}

int tdw_write_tracefs(const char *dir)
{
	char path[4096];

	for (int e = 0; e < TDW_NEVENTS; e++) {
		FILE *f;
		int r;

		snprintf(path, sizeof(path), "%s/events/sched/%s", dir,
			 evs[e].name);
		r = sb_mkdir_p(path, 0755);
		if (r)
			return r;
		strncat(path, "/format", sizeof(path) - strlen(path) - 1);
		f = fopen(path, "w");
		if (!f)
			return -errno;
		format_text(f, &evs[e]);
		if (fclose(f))
			return -EIO;
	}
	return 0;
}

static void section(FILE *f, const char *name, const char *text, int wide)
{
	uint64_t n = strlen(text);

	if (name)
		fwrite(name, 1, strlen(name) + 1, f);
	fwrite(&n, wide ? 8 : 4, 1, f);
	fwrite(text, 1, n, f);
}

/* The tracing data: trace.dat's start, perf.data's HEADER_TRACING_DATA. */
static void write_tracing(FILE *f)
{
	static const char hdr_page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:0;\n";
	static const char hdr_event[] =
		"# compressed entry header\n\ttype_len    :    5 bits\n"
		"\ttime_delta  :   27 bits\n\tarray       :   32 bits\n\n"
		"\tpadding     : type == 29\n\ttime_extend : type == 30\n"
		"\ttime_stamp : type == 31\n\tdata max type_len  == 28\n";
	uint32_t n32 = PAGE;

	fwrite("\x17\x08\x44tracing6\0\0\x08", 1, 14, f);
	fwrite(&n32, 4, 1, f);
	section(f, "header_page", hdr_page, 1);
	section(f, "header_event", hdr_event, 1);
	n32 = 0;
	fwrite(&n32, 4, 1, f); /* no ftrace formats */
	n32 = 1;
	fwrite(&n32, 4, 1, f);
	fwrite("sched", 1, 6, f);
	n32 = TDW_NEVENTS;
	fwrite(&n32, 4, 1, f);
	for (int e = 0; e < TDW_NEVENTS; e++) {
		char *text;
		size_t len;
		FILE *m = open_memstream(&text, &len);

		format_text(m, &evs[e]);
		fclose(m);
		section(f, NULL, text, 1);
		free(text);
	}
	section(f, NULL, "", 0); /* kallsyms */
	section(f, NULL, "", 0); /* printk formats */
	section(f, NULL, "", 1); /* saved cmdlines */
}

static void tdw_free(struct tdw *w)
{
	for (int c = 0; c < w->ncpus; c++)
		free(w->cpu[c].pages);
	free(w->cpu);
	free(w->recs);
	free(w);
}

int tdw_write(struct tdw *w, const char *path)
{
	FILE *f = fopen(path, "wb");
	uint32_t n32;
	uint64_t off;
	int rc = 0;

	if (!f) {
		rc = -errno;
		goto out;
	}
	write_tracing(f);
	n32 = (uint32_t)w->ncpus;
	fwrite(&n32, 4, 1, f);
	fwrite("flyrecord", 1, 10, f);
	off = ((uint64_t)ftell(f) + 16 * (uint64_t)w->ncpus + PAGE - 1) &
	      ~(uint64_t)(PAGE - 1);
	for (int c = 0; c < w->ncpus; c++) {
		uint64_t size = w->cpu[c].npages * PAGE;

		fwrite(&off, 8, 1, f);
		fwrite(&size, 8, 1, f);
		off += size;
	}
	for (int c = 0; c < w->ncpus; c++) {
		if (c == 0)
			fseek(f,
			      (long)((ftell(f) + PAGE - 1) & ~(long)(PAGE - 1)),
			      SEEK_SET);
		fwrite(w->cpu[c].pages, PAGE, w->cpu[c].npages, f);
	}
	if (fclose(f))
		rc = -errno;
out:
	tdw_free(w);
	return rc;
}

#define PERF_SAMPLE_TYPE 0x10587ull /* IP TID TIME CPU PERIOD RAW IDENTIFIER */
#define PERF_ATTR_BYTES 128
#define PERF_ID_BASE 1000

static void put_u64(FILE *f, uint64_t v)
{
	fwrite(&v, 8, 1, f);
}

/* One record: a sample of @r's raw payload, or PERF_RECORD_LOST. */
static void write_rec(FILE *f, const struct perf_rec *r)
{
	uint64_t id = PERF_ID_BASE + (uint64_t)(r->event < 0 ? 0 : r->event);
	uint32_t raw = (uint32_t)(((r->len + 4 + 7) & ~(size_t)7) - 4);
	unsigned char zero[8] = { 0 };

	if (r->event < 0) { /* lost 5; sample id: TID TIME CPU IDENTIFIER */
		put_u64(f, 2 | (uint64_t)(8 + 16 + 32) << 48);
		put_u64(f, id);
		put_u64(f, 5);
		put_u64(f, 0);
		put_u64(f, r->ts);
		put_u64(f, (uint64_t)r->cpu);
		put_u64(f, id);
		return;
	}
	put_u64(f, 9 | (uint64_t)(8 + 48 + 4 + raw) << 48);
	put_u64(f, id);
	put_u64(f, 0xffffffff81000000ull); /* ip */
	put_u64(f, 0); /* pid, tid */
	put_u64(f, r->ts);
	put_u64(f, (uint64_t)r->cpu);
	put_u64(f, 1); /* period */
	fwrite(&raw, 4, 1, f);
	fwrite(r->raw, 1, r->len, f);
	fwrite(zero, 1, raw - r->len, f);
}

/* The data section in rounds, as perf record writes it: per round, a few
 * records of each CPU in turn, then FINISHED_ROUND. */
static void write_data(FILE *f, const struct tdw *w)
{
	size_t *next = calloc((size_t)w->ncpus, sizeof(*next)), left = w->nrecs;

	if (!next)
		abort();
	while (left) {
		for (int c = 0; c < w->ncpus; c++) {
			int n = 0;

			for (; next[c] < w->nrecs && n < 3; next[c]++) {
				if (w->recs[next[c]].cpu != c)
					continue;
				write_rec(f, &w->recs[next[c]]);
				left--;
				n++;
			}
		}
		put_u64(f, 68 | 8ull << 48); /* PERF_RECORD_FINISHED_ROUND */
	}
	free(next);
}

int tdw_write_perf(struct tdw *w, const char *path, unsigned int flags)
{
	FILE *f = fopen(path, "wb");
	uint64_t attrs = 104,
		 ids = attrs + TDW_NEVENTS * (PERF_ATTR_BYTES + 16);
	uint64_t data = ids + TDW_NEVENTS * 8, end, tracing, size;
	unsigned char attr[PERF_ATTR_BYTES];
	uint64_t feat[4] = { 1ull << 1 }; /* HEADER_TRACING_DATA */
	int rc = 0;

	if (!f) {
		rc = -errno;
		goto out;
	}
	fwrite("PERFILE2", 1, 8, f);
	put_u64(f, flags & TDW_PERF_PIPE ? 16 : 104);
	if (flags & TDW_PERF_PIPE)
		goto close; /* the attributes would follow as records */
	fseek(f, (long)data, SEEK_SET);
	write_data(f, w);
	end = (uint64_t)ftell(f);
	tracing = end + 16;
	fseek(f, (long)tracing, SEEK_SET);
	write_tracing(f);
	size = (uint64_t)ftell(f) - tracing;
	fseek(f, (long)end, SEEK_SET);
	put_u64(f, tracing);
	put_u64(f, size);
	fseek(f, 16, SEEK_SET);
	put_u64(f, PERF_ATTR_BYTES + 16);
	put_u64(f, attrs);
	put_u64(f, TDW_NEVENTS * (PERF_ATTR_BYTES + 16));
	put_u64(f, data);
	put_u64(f, end - data);
	put_u64(f, 0); /* event types */
	put_u64(f, 0);
	if (flags & TDW_PERF_COMPRESSED)
		feat[0] |= 1ull << 27;
	fwrite(feat, 8, 4, f);
	for (int e = 0; e < TDW_NEVENTS; e++) {
		memset(attr, 0, sizeof(attr));
		put(attr, 2, 4); /* PERF_TYPE_TRACEPOINT */
		put(attr + 4, PERF_ATTR_BYTES, 4);
		put(attr + 8, (uint64_t)evs[e].id, 8);
		put(attr + 16, 1, 8);
		put(attr + 24, PERF_SAMPLE_TYPE, 8);
		put(attr + 40, 1ull << 18, 8); /* sample_id_all */
		fwrite(attr, 1, sizeof(attr), f);
		put_u64(f, ids + (uint64_t)e * 8);
		put_u64(f, 8);
	}
	for (int e = 0; e < TDW_NEVENTS; e++)
		put_u64(f, PERF_ID_BASE + (uint64_t)e);
close:
	if (fclose(f))
		rc = -errno;
out:
	tdw_free(w);
	return rc;
}
