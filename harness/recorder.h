/* SPDX-License-Identifier: GPL-2.0 */
/* The scheduler-event recorder of a run: tracefs into a trace.dat (guest) or perf (host). */
#ifndef SB_RECORDER_H
#define SB_RECORDER_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/error.h"
#include "harness/tracefs_rec.h"

/* What records a run's scheduler events (agent_opts.recorder). */
enum agent_recorder {
	AGENT_TRACEFS, /* tracefs → trace.dat, trace-cmd's format (the guest) */
	AGENT_PERF, /* perf sched record → perf.data (the host) */
};

/* One recording process. */
struct rec_proc {
	pid_t pid; /* -1 when not running */
	int ctl_fd, ack_fd; /* perf's control FIFOs */
	char log[PATH_MAX]; /* its stdout+stderr */
	char ctl[PATH_MAX], ack[PATH_MAX];
};

struct recorder {
	enum agent_recorder kind;
	struct rec_proc main; /* the run's perf (AGENT_PERF) */
	struct tfs_rec tfs; /* the run's tracefs recording (AGENT_TRACEFS) */
	struct rec_proc peer; /* perf beside tracefs, for cross-checks */
	long lost_events; /* the main one's, after recorder_stop; -1: unknown */
};

#define REC_PROC_IDLE                                 \
	{                                             \
		.pid = -1, .ctl_fd = -1, .ack_fd = -1 \
	}
#define RECORDER_INIT                                         \
	{                                                     \
		.main = REC_PROC_IDLE, .peer = REC_PROC_IDLE, \
		.lost_events = -1                             \
	}

/* What records: "tracefs" (the agent itself, into a trace.dat in
 * trace-cmd's format) or "perf" (perf.data). */
const char *recorder_tool(enum agent_recorder kind);

/*
 * Set tracefs up ahead of a start, tracing off (tfs_arm()): a guest does
 * it before its snapshot. Returns 0, -EOPNOTSUPP for perf, or -errno with
 * @e set.
 */
int recorder_arm(enum agent_recorder kind, int buffer_kb, struct sb_error *e);

/* An armed recorder's events disabled again, for a run that records
 * nothing. Returns 0 or -errno. */
int recorder_disarm(enum agent_recorder kind);

/*
 * Start recording into @out_dir (trace.dat or perf.data) and return only
 * once events are really being recorded; @armed: recorder_arm() ran with
 * @buffer_kb and nothing recorded since. With @with_perf and tracefs,
 * perf records the same events into perf.data at the same time (its output
 * in recorder-perf.log). Returns 0 or -errno with @e set; on an error
 * nothing is left running.
 */
int recorder_start(struct recorder *r, enum agent_recorder kind,
		   const char *out_dir, int buffer_kb, int armed, int with_perf,
		   struct sb_error *e);

/*
 * SIGINT, wait for the files to be written, read the statistics; tracefs
 * leaves trace.dat's parts for the host's tfs_assemble(). Idempotent.
 * Returns 0 or -errno with @e set (when not NULL).
 */
int recorder_stop(struct recorder *r, struct sb_error *e);

#endif
