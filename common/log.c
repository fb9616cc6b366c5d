// SPDX-License-Identifier: GPL-2.0
/* The one logger: a line at a level, to stdout/stderr or to the sink the front end set. */
#include <stdarg.h>
#include <stdio.h>

#include "common/log.h"

static sb_log_sink log_sink;
static void *log_ctx;
static int progress_on_stderr;

void sb_log_set(sb_log_sink sink, void *ctx)
{
	log_sink = sink;
	log_ctx = ctx;
}

void sb_log_progress_to_stderr(void)
{
	progress_on_stderr = 1;
}

void sb_log(enum sb_log_level level, const char *fmt, ...)
{
	char line[4096];
	va_list ap;
	FILE *f = level == SB_LOG_PROGRESS && !progress_on_stderr ? stdout :
								    stderr;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (log_sink) {
		log_sink(level, line, log_ctx);
		return;
	}
	fprintf(f, "%s\n", line);
	if (f == stdout)
		fflush(f);
}
