// SPDX-License-Identifier: GPL-2.0
/*
 * Walk a trace.dat v6 header with bounds checks, before libtracecmd opens it,
 * and find where each CPU's ring-buffer pages are:
 * libtracecmd trusts the sizes it reads and can crash on a truncated file.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "analyzer/sbt_read.h"
#include "common/error.h"

struct cur {
	FILE *f;
	uint64_t size;
	const char *bad; /* what was cut short */
};

static void take(struct cur *c, void *buf, size_t n, const char *what)
{
	if (!c->bad && fread(buf, 1, n, c->f) != n)
		c->bad = what;
}

static uint64_t take_num(struct cur *c, size_t n, const char *what)
{
	uint64_t v = 0;

	take(c, &v, n, what); /* little endian: checked in walk_v6() */
	return c->bad ? 0 : v;
}

static void skip(struct cur *c, uint64_t n, const char *what)
{
	long pos = c->bad ? 0 : ftell(c->f);

	if (c->bad)
		return;
	if (pos < 0 || n > c->size - (uint64_t)pos ||
	    fseek(c->f, (long)n, SEEK_CUR))
		c->bad = what;
}

static void skip_str(struct cur *c, const char *what)
{
	int ch;

	while (!c->bad && (ch = fgetc(c->f)) != '\0')
		if (ch == EOF)
			c->bad = what;
}

static void skip_sized(struct cur *c, size_t width, const char *what)
{
	skip(c, take_num(c, width, what), what);
}

static void walk_formats(struct cur *c)
{
	uint64_t n;

	skip(c, 12, "header_page");
	skip_sized(c, 8, "header_page");
	skip(c, 13, "header_event");
	skip_sized(c, 8, "header_event");
	for (n = take_num(c, 4, "the ftrace formats"); !c->bad && n; n--)
		skip_sized(c, 8, "an ftrace format");
	for (n = take_num(c, 4, "the event systems"); !c->bad && n; n--) {
		skip_str(c, "an event system name");
		for (uint64_t e = take_num(c, 4, "an event system");
		     !c->bad && e; e--)
			skip_sized(c, 8, "an event format");
	}
	skip_sized(c, 4, "kallsyms");
	skip_sized(c, 4, "the printk formats");
	skip_sized(c, 8, "the cmdlines");
}

static void walk_v6(struct cur *c, struct sbt_tracedat_layout *l)
{
	char buf[10];
	uint64_t n;

	skip(c, 12, "the magic and version");
	take(c, buf, 2, "the endianness");
	if (!c->bad && (buf[0] != 0 || buf[1] != 8))
		c->bad = "a little-endian 64-bit file (others are unsupported)";
	l->page_size = (uint32_t)take_num(c, 4, "the page size");
	walk_formats(c);
	n = take_num(c, 4, "the CPU count");
	take(c, buf, 10, "the data marker");
	if (!c->bad && !memcmp(buf, "options  ", 10)) {
		while (!c->bad && take_num(c, 2, "the options"))
			skip_sized(c, 4, "an option");
		take(c, buf, 10, "the data marker");
	}
	if (c->bad || memcmp(buf, "flyrecord", 10))
		return; /* latency text, or a marker libtracecmd refuses */
	if (n > SBT_MAX_CPUS || l->page_size < 64 ||
	    l->page_size > (1u << 20)) {
		c->bad = "the CPU count or page size (out of range)";
		return;
	}
	for (int cpu = 0; !c->bad && cpu < (int)n; cpu++) {
		uint64_t off = take_num(c, 8, "the CPU data index");
		uint64_t len = take_num(c, 8, "the CPU data index");

		if (!c->bad && (off > c->size || len > c->size - off))
			c->bad = "the CPU data (the file is truncated)";
		l->off[cpu] = off;
		l->size[cpu] = len;
	}
	if (!c->bad)
		l->ncpus = (int)n;
}

int sbt_tracedat_layout(const char *path, struct sbt_tracedat_layout *l,
			struct sb_error *e)
{
	struct cur c = { .f = fopen(path, "rb") };
	char head[12];
	long size;

	memset(l, 0, sizeof(*l));
	l->ncpus = -1;
	if (!c.f)
		return sb_error_set(e, -EINVAL, path, NULL, NULL, "%s",
				    strerror(errno));
	if (fseek(c.f, 0, SEEK_END) || (size = ftell(c.f)) < 0) {
		fclose(c.f);
		return sb_error_set(e, -EINVAL, path, NULL, NULL,
				    "cannot seek");
	}
	c.size = (uint64_t)size;
	rewind(c.f);
	if (fread(head, 1, sizeof(head), c.f) == sizeof(head) &&
	    !memcmp(head + 10, "6", 2)) {
		rewind(c.f);
		walk_v6(&c, l);
	}
	fclose(c.f);
	if (!c.bad)
		return 0;
	return sb_error_set(e, -EBADMSG, path, NULL, NULL,
			    "corrupt or truncated trace.dat: %s", c.bad);
}
