// SPDX-License-Identifier: GPL-2.0
/* A kernel build's progress: files its make compiled (counted from its log) of the last build's count, elapsed, time left. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "common/atomicio.h"
#include "common/log.h"
#include "harness/boot/build_progress.h"

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* kbuild's line for a file compiled: "  CC      kernel/fork.o" (or AS, HOSTCC). */
static int is_compile(const char *line)
{
	static const char *const tags[] = { "  CC ", "  AS ", "  HOSTCC " };

	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (!strncmp(line, tags[i], strlen(tags[i])))
			return 1;
	return 0;
}

/* Count the whole lines @p->log gained since @p->pos. */
static void count(struct build_progress *p)
{
	FILE *f = fopen(p->log, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (!f)
		return;
	if (!fseek(f, p->pos, SEEK_SET))
		while ((n = getline(&line, &cap, f)) > 0 &&
		       line[n - 1] == '\n') {
			p->done += is_compile(line);
			p->pos += n;
		}
	free(line);
	fclose(f);
}

void build_progress_start(struct build_progress *p, const char *name,
			  const char *log, size_t expect)
{
	FILE *f = fopen(log, "r");

	*p = (struct build_progress){
		.name = name, .log = log, .expect = expect, .start_ns = now_ns()
	};
	if (f && !fseek(f, 0, SEEK_END))
		p->pos = ftell(
			f); /* the earlier steps' lines are not this one's */
	if (f)
		fclose(f);
}

/* "N s" under a minute, else "M min SS s". */
static void span(char *buf, size_t len, int64_t s)
{
	if (s < 60)
		snprintf(buf, len, "%lld s", (long long)s);
	else
		snprintf(buf, len, "%lld min %02lld s", (long long)(s / 60),
			 (long long)(s % 60));
}

void build_progress_line(char *buf, size_t len, size_t done, size_t expect,
			 int64_t elapsed_s)
{
	char took[32], left[32];

	span(took, sizeof(took), elapsed_s);
	if (!expect) {
		snprintf(buf, len,
			 "%zu files compiled, %s (no earlier build of this "
			 "config to say how many are left)",
			 done, took);
	} else if (done >= expect) {
		snprintf(buf, len,
			 "%zu files compiled (the last build of this config "
			 "compiled %zu), %s",
			 done, expect, took);
	} else if (!done || elapsed_s <= 0) {
		snprintf(buf, len, "%zu of %zu files compiled, %s", done,
			 expect, took);
	} else {
		/* at the rate so far: the files left take their share */
		span(left, sizeof(left),
		     (int64_t)((double)elapsed_s * (double)(expect - done) /
				       (double)done +
			       0.5));
		snprintf(
			buf, len,
			"%zu of %zu files compiled (%zu %%), %s, about %s left",
			done, expect, done * 100 / expect, took, left);
	}
}

void build_progress_tick(void *arg)
{
	struct build_progress *p = arg;
	char line[256];

	count(p);
	build_progress_line(line, sizeof(line), p->done, p->expect,
			    (now_ns() - p->start_ns) / 1000000000LL);
	sb_progress("kernel %s: make bzImage: %s", p->name, line);
}

size_t build_progress_end(struct build_progress *p)
{
	count(p);
	sb_note("kernel %s: built in %lld s (%zu files compiled)", p->name,
		(long long)((now_ns() - p->start_ns) / 1000000000LL), p->done);
	return p->done;
}

size_t build_progress_expect(const char *file)
{
	char *text = NULL;
	size_t len;
	unsigned long long n = 0;

	if (!sb_read_file(file, &text, &len) && sscanf(text, "%llu", &n) != 1)
		n = 0;
	free(text);
	return (size_t)n;
}

int build_progress_save(const char *file, size_t done)
{
	char text[32];
	int n = snprintf(text, sizeof(text), "%zu\n", done);

	return sb_write_file_atomic(file, text, (size_t)n);
}
