// SPDX-License-Identifier: GPL-2.0
/* What `slicebench table` makes of its trace before and after reading it: a regular file, a run's own scope, a window inside the trace. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/table_input.h"
#include "common/error.h"
#include "common/exitcodes.h"

int table_check_input(const char *path)
{
	static const char *const in_dir[] = { "trace.dat", "perf.data" };
	char inner[4200];
	struct stat st;

	if (stat(path, &st) || S_ISREG(st.st_mode))
		return 0; /* the reader says why it cannot open it */
	if (S_ISDIR(st.st_mode)) {
		for (size_t i = 0; i < 2; i++) {
			snprintf(inner, sizeof(inner), "%s/%s", path,
				 in_dir[i]);
			if (!access(inner, F_OK)) {
				fprintf(stderr,
					"slicebench table: %s: is a directory: "
					"give its trace, %s\n",
					path, inner);
				return SB_EXIT_USAGE;
			}
		}
		fprintf(stderr,
			"slicebench table: %s: is a directory: give a "
			"trace.dat or perf.data file\n",
			path);
		return SB_EXIT_USAGE;
	}
	fprintf(stderr,
		"slicebench table: %s: is a %s, not a file: traces are read at "
		"their own offsets; save it to a file first\n",
		path,
		S_ISFIFO(st.st_mode) ? "FIFO" :
		S_ISSOCK(st.st_mode) ? "socket" :
				       "device");
	return SB_EXIT_USAGE;
}

int table_check_window(const char *path, const struct sbt_opts *w,
		       const struct sbt_table *t)
{
	const struct sbt_summary *m = &t->sum;

	if (!m->events || (w->since_ns <= m->last_ts_ns &&
			   (!w->until_ns || w->until_ns >= m->first_ts_ns)))
		return 0;
	fprintf(stderr,
		"slicebench table: %s: %s %.6f s is outside the trace's "
		"window %.6f .. %.6f s (its first and last events): choose "
		"times within it\n",
		path, w->since_ns > m->last_ts_ns ? "--since" : "--until",
		(w->since_ns > m->last_ts_ns ? w->since_ns : w->until_ns) / 1e9,
		m->first_ts_ns / 1e9, m->last_ts_ns / 1e9);
	return SB_EXIT_USAGE;
}

int table_run_default_scope(const char *path, struct sbt_opts *core,
			    int roots[TABLE_MAX_WORKLOAD_PIDS])
{
	const char *slash = strrchr(path, '/');
	char dir[4096], win[4200];
	struct sb_error e;

	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - path) : 1,
		 slash ? path : ".");
	snprintf(win, sizeof(win), "%s/window.json", dir);
	if (access(win, F_OK))
		return 0;
	if (table_run_scope(dir, core, roots, TABLE_MAX_WORKLOAD_PIDS, &e))
		return sb_error_report("slicebench table", -EINVAL, &e);
	fprintf(stderr,
		"slicebench table: the run's window and workloads (%s, "
		"agent.json), as its table.txt; --whole-trace for all of the "
		"trace\n",
		win);
	return 0;
}
