/* SPDX-License-Identifier: GPL-2.0 */
/* A kernel build's progress: files its make compiled (counted from its log) of the last build's count, elapsed, time left. */
#ifndef SB_BUILD_PROGRESS_H
#define SB_BUILD_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

/* A progress line this often at most apart: a silent half hour reads as a hang. */
#define BUILD_PROGRESS_EVERY_NS (20LL * 1000000000LL)

struct build_progress {
	const char *name; /* the kernel's */
	const char *log; /* make's output, appended to while it runs */
	long pos; /* counted up to here (the start of a line) */
	size_t done; /* files compiled so far */
	size_t expect; /* the last build's count of the same config; 0: unknown */
	int64_t start_ns;
};

/* Start counting what @log gains from now, against @expect files (0: unknown). */
void build_progress_start(struct build_progress *p, const char *name,
			  const char *log, size_t expect);
/* Count the files @log gained and say where the build is (an sb_run_ticking tick). */
void build_progress_tick(void *p);
/* Count the rest and say "built in N s"; returns the files compiled. */
size_t build_progress_end(struct build_progress *p);
/* "@done of @expect files compiled (N %), ELAPSED, about LEFT left" into @buf. */
void build_progress_line(char *buf, size_t len, size_t done, size_t expect,
			 int64_t elapsed_s);

/* The count kept in @file by an earlier build, 0 if none. */
size_t build_progress_expect(const char *file);
/* Keep @done in @file for the next build. Returns 0 or -errno. */
int build_progress_save(const char *file, size_t done);

#endif
