/* SPDX-License-Identifier: GPL-2.0 */
/* The scheduler-event recorder of a run: trace-cmd (guest) or perf (host). */
#ifndef SB_RECORDER_H
#define SB_RECORDER_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

#include "harness/agent.h"

struct recorder {
	enum agent_recorder kind;
	pid_t pid;
	int ctl_fd, ack_fd; /* perf's control FIFOs, -1 for trace-cmd */
	char log[PATH_MAX]; /* the recorder's stdout+stderr */
	char ctl[PATH_MAX], ack[PATH_MAX];
	long lost_events; /* after recorder_stop; -1 when unknown */
};

const char *recorder_tool(enum agent_recorder kind);

/*
 * Start recording into @out_dir (trace.dat or perf.data) and return only
 * once events are really being recorded. Returns 0 or -errno with @err set.
 */
int recorder_start(struct recorder *r, enum agent_recorder kind,
		   const char *out_dir, int buffer_kb, char *err,
		   size_t errlen);

/* SIGINT, wait for the file to be written, read its statistics. */
int recorder_stop(struct recorder *r, char *err, size_t errlen);

#endif
