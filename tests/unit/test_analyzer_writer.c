// SPDX-License-Identifier: GPL-2.0
/* Test helper: a trace-cmd v6 file writer, format text and ring-buffer pages generated from one field table. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
};

struct cpu_buf {
	unsigned char *pages;
	size_t npages, used; /* bytes used in the last page's data */
	uint64_t last_ts;
	int lost_next;
};

struct tdw {
	int ncpus;
	struct cpu_buf *cpu;
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

void tdw_lost(struct tdw *w, int cpu)
{
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

static void section(FILE *f, const char *name, const char *text, int wide)
{
	uint64_t n = strlen(text);

	if (name)
		fwrite(name, 1, strlen(name) + 1, f);
	fwrite(&n, wide ? 8 : 4, 1, f);
	fwrite(text, 1, n, f);
}

int tdw_write(struct tdw *w, const char *path)
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
	FILE *f = fopen(path, "wb");
	uint32_t n32 = PAGE;
	uint64_t off;
	int rc = 0;

	if (!f) {
		rc = -errno;
		goto out;
	}
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
	for (int c = 0; c < w->ncpus; c++)
		free(w->cpu[c].pages);
	free(w->cpu);
	free(w);
	return rc;
}
