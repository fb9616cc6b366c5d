// SPDX-License-Identifier: GPL-2.0
/* Record sched events through tracefs directly and write them as a trace.dat (version 6). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "harness/tracefs_rec.h"

#define DRAIN_EVERY_MS 500
#define TFS_PARTS "trace-parts"
#define TRACECMD_OPTION_TRACECLOCK 4

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "trace.dat is written in the host's byte order: little endian only"
#endif

/* Write @value to @tracefs/@name (truncating). Returns 0 or -errno. */
static int tfs_set(const char *tracefs, const char *name, const char *value)
{
	char path[PATH_MAX + 128];
	size_t len = strlen(value);
	int fd, e = 0;

	snprintf(path, sizeof(path), "%s/%s", tracefs, name);
	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (len && write(fd, value, len) != (ssize_t)len)
		e = -errno ?: -EIO;
	if (close(fd) && !e)
		e = -errno;
	return e;
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n) {
		ssize_t w = write(fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Move every page the ring buffers hold into the CPU files. */
static int drain(struct tfs_rec *r, char *page)
{
	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		for (;;) {
			ssize_t n =
				read(r->raw[cpu], page, (size_t)r->page_size);
			int e;

			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0 && errno == EAGAIN)
				break;
			if (n < 0)
				return -errno;
			if (n == 0)
				break;
			if ((e = write_all(r->out[cpu], page, (size_t)n)))
				return e;
		}
	}
	return 0;
}

static void *drainer(void *arg)
{
	struct tfs_rec *r = arg;
	char *page = malloc((size_t)r->page_size);

	if (!page) {
		r->drain_err = -ENOMEM;
		return NULL;
	}
	for (;;) {
		struct pollfd p = { .fd = r->wake[0], .events = POLLIN };

		if (poll(&p, 1, DRAIN_EVERY_MS) != 0 ||
		    (r->drain_err = drain(r, page)))
			break;
	}
	free(page);
	return NULL;
}

static void close_wake(struct tfs_rec *r)
{
	close(r->wake[0]);
	close(r->wake[1]);
	r->wake[0] = r->wake[1] = -1;
}

static void close_files(struct tfs_rec *r, int remove)
{
	char path[PATH_MAX + 32];

	for (int cpu = 0; cpu < r->ncpus; cpu++) {
		if (r->raw[cpu] >= 0)
			close(r->raw[cpu]);
		if (r->out[cpu] >= 0)
			close(r->out[cpu]);
		r->raw[cpu] = r->out[cpu] = -1;
		snprintf(path, sizeof(path), "%s/.trace-cpu%d", r->dir, cpu);
		if (remove)
			unlink(path);
	}
}

static int open_cpus(struct tfs_rec *r, const char **what)
{
	char path[PATH_MAX + 64];

	*what = "per_cpu/cpuN/trace_pipe_raw";
	for (r->ncpus = 0; r->ncpus < TFS_MAX_CPUS; r->ncpus++) {
		int cpu = r->ncpus;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw",
			 r->tracefs, cpu);
		r->raw[cpu] = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (r->raw[cpu] < 0 && errno == ENOENT)
			break;
		snprintf(path, sizeof(path), "%s/.trace-cpu%d", r->dir, cpu);
		r->out[cpu] = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC,
				   0644);
		if (r->raw[cpu] < 0 || r->out[cpu] < 0) {
			r->ncpus++;
			return -errno;
		}
	}
	return r->ncpus ? 0 : -ENOENT;
}

/* tfs_arm()'s work; @what the file that failed. */
static int arm(const char *tracefs, const char *const *events, int buffer_kb,
	       const char **what)
{
	char path[PATH_MAX], kb[32];
	int e;

	snprintf(kb, sizeof(kb), "%d", buffer_kb);
	/* record-cmd off: saving comms on every sched_switch made recording
	 * cost cyclic +39 % of its latency instead of +16 % in a virtual-time
	 * guest (docs/host-mode.md); the analyzer reads the comms from the
	 * events' own fields, not saved_cmdlines */
	if ((e = tfs_set(tracefs, *what = "tracing_on", "0")) ||
	    (e = tfs_set(tracefs, *what = "set_event", "")) ||
	    (e = tfs_set(tracefs, *what = "trace_clock", "mono")) ||
	    (e = tfs_set(tracefs, *what = "options/record-cmd", "0")) ||
	    (e = tfs_set(tracefs, *what = "buffer_size_kb", kb)))
		return e;
	for (int i = 0; events[i]; i++) {
		snprintf(path, sizeof(path), "events/sched/%s/enable",
			 events[i]);
		*what = events[i];
		if ((e = tfs_set(tracefs, path, "1")))
			return e;
	}
	/* empties every CPU's buffer; the clock change did too */
	return tfs_set(tracefs, *what = "trace", "");
}

int tfs_arm(const char *tracefs, const char *const *events, int buffer_kb,
	    struct sb_error *e)
{
	const char *what = "";
	int err = arm(tracefs, events, buffer_kb, &what);

	if (err) {
		tfs_set(tracefs, "set_event", "");
		sb_error_set(e, err, NULL, NULL, NULL,
			     "cannot set tracing up in %s (%s): %s", tracefs,
			     what, strerror(-err));
	}
	return err;
}

int tfs_disarm(const char *tracefs)
{
	return tfs_set(tracefs, "set_event", "");
}

int tfs_start(struct tfs_rec *r, const char *tracefs, const char *dir,
	      const char *const *events, int buffer_kb, int armed,
	      struct sb_error *e)
{
	const char *what = "";
	int err;

	memset(r, 0, sizeof(*r));
	for (int cpu = 0; cpu < TFS_MAX_CPUS; cpu++)
		r->raw[cpu] = r->out[cpu] = -1;
	snprintf(r->tracefs, sizeof(r->tracefs), "%s", tracefs);
	snprintf(r->dir, sizeof(r->dir), "%s", dir);
	r->events = events;
	r->page_size = sysconf(_SC_PAGESIZE);
	/* armed, tracing stayed off since: the buffers are empty */
	err = armed ? 0 : arm(tracefs, events, buffer_kb, &what);
	if (!err)
		err = open_cpus(r, &what);
	if (!err && (err = tfs_set(tracefs, what = "tracing_on", "1")) == 0) {
		what = "the drain thread";
		if (pipe2(r->wake, O_CLOEXEC))
			err = -errno;
		else if ((err = -pthread_create(&r->drainer, NULL, drainer, r)))
			close_wake(r);
		r->draining = !err;
	}
	if (!err)
		return 0;
	tfs_set(tracefs, "tracing_on", "0");
	tfs_set(tracefs, "set_event", "");
	close_files(r, 1);
	return sb_error_set(e, err, NULL, NULL, NULL,
			    "cannot start tracing in %s (%s): %s", tracefs,
			    what, strerror(-err));
}

/* The writer's state: the file, and the first error met. */
struct out {
	FILE *f;
	int err;
};

static void put(struct out *o, const void *p, size_t n)
{
	if (!o->err && n && fwrite(p, 1, n, o->f) != n)
		o->err = -EIO;
}

/* @v in @width bytes, little endian (checked above). */
static void put_num(struct out *o, uint64_t v, size_t width)
{
	put(o, &v, width);
}

/* @tracefs/@name's text behind its size in @width bytes. */
static void put_file(struct out *o, const char *tracefs, const char *name,
		     size_t width)
{
	char path[PATH_MAX + 128], *text = NULL;
	size_t len = 0;
	int e;

	snprintf(path, sizeof(path), "%s/%s", tracefs, name);
	if ((e = sb_read_file(path, &text, &len)) && !o->err)
		o->err = e;
	put_num(o, len, width);
	put(o, text, len);
	free(text);
}

static void put_headers(struct out *o, const char *tracefs,
			const char *const *events, long page_size, int ncpus)
{
	static const char magic[] = "\027\010\104tracing6";
	char name[PATH_MAX];
	uint32_t n = 0;

	put(o, magic, sizeof(magic)); /* "6" with its NUL */
	put_num(o, 0, 1); /* little endian */
	put_num(o, sizeof(long), 1);
	put_num(o, (uint64_t)page_size, 4);
	put(o, "header_page", 12);
	put_file(o, tracefs, "events/header_page", 8);
	put(o, "header_event", 13);
	put_file(o, tracefs, "events/header_event", 8);
	put_num(o, 0, 4); /* no ftrace formats */
	put_num(o, 1, 4); /* one system */
	put(o, "sched", 6);
	while (events[n])
		n++;
	put_num(o, n, 4);
	for (uint32_t i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "events/sched/%s/format",
			 events[i]);
		put_file(o, tracefs, name, 8);
	}
	put_num(o, 0, 4); /* no kallsyms */
	put_num(o, 0, 4); /* no printk formats */
	put_file(o, tracefs, "saved_cmdlines", 8);
	put_num(o, (uint64_t)ncpus, 4);
	put(o, "options  ", 10);
	put_num(o, TRACECMD_OPTION_TRACECLOCK, 2);
	put_file(o, tracefs, "trace_clock", 4);
	put_num(o, 0, 2);
	put(o, "flyrecord", 10);
}

/* @fd's bytes appended to @o. */
static void put_fd(struct out *o, int fd, char *buf, size_t cap)
{
	ssize_t n;

	if (!o->err && lseek(fd, 0, SEEK_SET) < 0)
		o->err = -errno;
	while (!o->err && (n = read(fd, buf, cap)) != 0) {
		if (n < 0 && errno != EINTR)
			o->err = -errno;
		else if (n > 0)
			put(o, buf, (size_t)n);
	}
}

static void put_data(struct out *o, long page_size, int ncpus,
		     const int *cpu_files)
{
	uint64_t off, size[TFS_MAX_CPUS], pg = (uint64_t)page_size;
	char *buf = malloc(1 << 16);
	long here = ftell(o->f);

	if (!buf || here < 0) {
		o->err = o->err ?: -ENOMEM;
		free(buf);
		return;
	}
	/* each CPU's pages at a page boundary, after the offset table */
	off = (uint64_t)here + 16ULL * (uint64_t)ncpus;
	for (int cpu = 0; cpu < ncpus; cpu++) {
		off_t end = lseek(cpu_files[cpu], 0, SEEK_END);

		size[cpu] = end > 0 ? (uint64_t)end : 0;
		off = (off + pg - 1) / pg * pg;
		put_num(o, off, 8);
		put_num(o, size[cpu], 8);
		off += size[cpu];
	}
	off = (uint64_t)here + 16ULL * (uint64_t)ncpus;
	for (int cpu = 0; cpu < ncpus; cpu++) {
		uint64_t at = (off + pg - 1) / pg * pg;

		for (; off < at; off++)
			put_num(o, 0, 1);
		put_fd(o, cpu_files[cpu], buf, 1 << 16);
		off += size[cpu];
	}
	free(buf);
}

/* put_headers()' bytes into *@head (malloc'd); 0 or -errno. */
static int headers(const char *tracefs, const char *const *events,
		   long page_size, int ncpus, char **head, size_t *len)
{
	struct out o = { .f = open_memstream(head, len) };

	if (!o.f)
		return -errno;
	put_headers(&o, tracefs, events, page_size, ncpus);
	if (fclose(o.f) && !o.err)
		o.err = -ENOMEM;
	return o.err;
}

/* @path written atomically: the headers @head, then the CPU files' pages. */
static int write_tracedat(const char *head, size_t head_len, long page_size,
			  int ncpus, const int *cpu_files, const char *path,
			  struct sb_error *e)
{
	char tmp[PATH_MAX + 8];
	struct out o = { 0 };

	if (ncpus < 1 || ncpus > TFS_MAX_CPUS || page_size < 64)
		return sb_error_set(e, -EINVAL, NULL, path, NULL,
				    "%d CPUs, pages of %ld bytes", ncpus,
				    page_size);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!(o.f = fopen(tmp, "wbe")))
		return sb_error_set(e, -errno, NULL, tmp, NULL, "%s",
				    strerror(errno));
	put(&o, head, head_len);
	put_data(&o, page_size, ncpus, cpu_files);
	if (fclose(o.f) && !o.err)
		o.err = -EIO;
	if (!o.err && rename(tmp, path))
		o.err = -errno;
	if (!o.err)
		return 0;
	unlink(tmp);
	return sb_error_set(e, o.err, NULL, path, NULL,
			    "cannot write the trace: %s", strerror(-o.err));
}

int tfs_write_tracedat(const char *tracefs, const char *const *events,
		       long page_size, int ncpus, const int *cpu_files,
		       const char *path, struct sb_error *e)
{
	char *head = NULL;
	size_t len = 0;
	int err = headers(tracefs, events, page_size, ncpus, &head, &len);

	err = err ? sb_error_set(e, err, NULL, path, NULL,
				 "cannot write the trace: %s", strerror(-err)) :
		    write_tracedat(head, len, page_size, ncpus, cpu_files, path,
				   e);
	free(head);
	return err;
}

/*
 * trace.dat's pieces in @r->dir/TFS_PARTS: its headers as they stand now
 * (saved_cmdlines is read at the end), page_size, and the drained pages as
 * cpuN.
 */
static int keep_parts(struct tfs_rec *r)
{
	char parts[PATH_MAX + 16], from[PATH_MAX + 32], to[PATH_MAX + 32];
	char num[32], *head = NULL;
	size_t len = 0;
	int e;

	snprintf(parts, sizeof(parts), "%s/" TFS_PARTS, r->dir);
	e = sb_mkdir_p(parts, 0755) ?:
		    headers(r->tracefs, r->events, r->page_size, r->ncpus,
			    &head, &len);
	snprintf(to, sizeof(to), "%s/header", parts);
	if (!e)
		e = sb_write_file_atomic(to, head, len);
	free(head);
	snprintf(num, sizeof(num), "%ld\n", r->page_size);
	snprintf(to, sizeof(to), "%s/page_size", parts);
	if (!e)
		e = sb_write_file_atomic(to, num, strlen(num));
	for (int cpu = 0; !e && cpu < r->ncpus; cpu++) {
		snprintf(from, sizeof(from), "%s/.trace-cpu%d", r->dir, cpu);
		snprintf(to, sizeof(to), "%s/cpu%d", parts, cpu);
		if (rename(from, to))
			e = -errno;
	}
	return e;
}

int tfs_assemble(const char *dir, struct sb_error *e)
{
	char parts[PATH_MAX + 16], path[PATH_MAX + 32], *text = NULL;
	char *head = NULL;
	int fds[TFS_MAX_CPUS], n = 0, err;
	long page_size = 0;
	size_t len, head_len = 0;

	snprintf(parts, sizeof(parts), "%s/" TFS_PARTS, dir);
	if (access(parts, F_OK))
		return 0;
	snprintf(path, sizeof(path), "%s/page_size", parts);
	if (!(err = sb_read_file(path, &text, &len)))
		page_size = strtol(text, NULL, 10);
	free(text);
	snprintf(path, sizeof(path), "%s/header", parts);
	if (!err)
		err = sb_read_file(path, &head, &head_len);
	for (; !err && n < TFS_MAX_CPUS; n++) {
		snprintf(path, sizeof(path), "%s/cpu%d", parts, n);
		if ((fds[n] = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			break;
	}
	snprintf(path, sizeof(path), "%s/trace.dat", dir);
	err = err ? sb_error_set(e, err, NULL, parts, NULL,
				 "no header or page_size: %s", strerror(-err)) :
		    write_tracedat(head, head_len, page_size, n, fds, path, e);
	free(head);
	while (n-- > 0)
		if (fds[n] >= 0)
			close(fds[n]);
	if (!err)
		sb_rm_rf(parts);
	return err;
}

int tfs_stop(struct tfs_rec *r, int parts, struct sb_error *e)
{
	char path[PATH_MAX + 16], *page;
	int err = tfs_set(r->tracefs, "tracing_on", "0");

	if (!r->draining)
		return 0;
	if (write(r->wake[1], "", 1) != 1)
		err = err ?: -errno;
	pthread_join(r->drainer, NULL);
	close_wake(r);
	r->draining = 0;
	tfs_set(r->tracefs, "set_event", "");
	err = err ?: r->drain_err;
	page = malloc((size_t)r->page_size);
	if (!err)
		err = page ? drain(r, page) : -ENOMEM;
	free(page);
	snprintf(path, sizeof(path), "%s/trace.dat", r->dir);
	if (err)
		sb_error_set(e, err, NULL, NULL, NULL,
			     "cannot read the trace from %s: %s", r->tracefs,
			     strerror(-err));
	else if (parts && (err = keep_parts(r)))
		sb_error_set(e, err, NULL, r->dir, NULL,
			     "cannot keep the trace's parts: %s",
			     strerror(-err));
	else if (!parts)
		err = tfs_write_tracedat(r->tracefs, r->events, r->page_size,
					 r->ncpus, r->out, path, e);
	close_files(r, 1);
	return err;
}
