/* SPDX-License-Identifier: GPL-2.0 */
/* The one logger: libraries warn and report progress through it; the front end may redirect it. */
#ifndef SB_LOG_H
#define SB_LOG_H

enum sb_log_level {
	SB_LOG_PROGRESS, /* what a long step is doing; default: stdout */
	SB_LOG_NOTE, /* a step's own remark (a build starts, a probe); stderr */
	SB_LOG_WARN, /* something the user should know; stderr */
};

/* Receives one line (no newline) at @level; @ctx as given to sb_log_set. */
typedef void (*sb_log_sink)(enum sb_log_level level, const char *line,
			    void *ctx);

/* Send every line to @sink from now on; NULL restores the default. For the
 * front end only (slicebench --quiet): libraries log, they never redirect. */
void sb_log_set(sb_log_sink sink, void *ctx);

/*
 * Progress to stderr from now on (a command whose standard output carries
 * a report, e.g. `check --json -`). Commands only, like sb_log_set().
 */
void sb_log_progress_to_stderr(void);

/* One line at @level, printf-style; longer than 4 KiB is cut. */
void sb_log(enum sb_log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define sb_progress(...) sb_log(SB_LOG_PROGRESS, __VA_ARGS__)
#define sb_note(...) sb_log(SB_LOG_NOTE, __VA_ARGS__)
#define sb_warn(...) sb_log(SB_LOG_WARN, __VA_ARGS__)

#endif
