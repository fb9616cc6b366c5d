/* SPDX-License-Identifier: GPL-2.0 */
/* agent.json, the guest agent's report of a run, read back by its rows into a struct (the manifest's, the runner's and the table's input). */
#ifndef SB_AGENT_FILE_H
#define SB_AGENT_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "common/error.h"
#include "common/jsonread.h"
#include "common/window_file.h"

#define SB_AGENT_MAX_FEATURES 16
#define SB_AGENT_NAME_LEN 64

enum sb_agent_status { SB_AGENT_OK, SB_AGENT_FAILED };

/* A workload process the agent started. */
struct sb_agent_proc {
	char workload[SB_AGENT_NAME_LEN];
	int pid;
	int exit_status; /* 128 + signal when killed; -1: null, never reaped */
};

/*
 * What the harness and the analyzer take of agent.json. A run that could
 * not start has only status and failure: the rest is then unsaid.
 */
struct sb_agent_report {
	int schema;
	int status; /* enum sb_agent_status */
	char *failure; /* malloc'd; NULL when the run is good */
	char release[128]; /* uname.release; "" unsaid */
	/* features */
	int has_features;
	char requested[SB_AGENT_MAX_FEATURES][SB_AGENT_NAME_LEN];
	int n_requested;
	char *read_back; /* malloc'd; NULL unsaid */
	int settable; /* -1 unsaid */
	int untraced;
	/* recorder */
	char recorder_tool[16]; /* "" unsaid */
	int64_t lost_events; /* -1: null or unsaid */
	struct sb_window window; /* start_mono_ns -1: unsaid */
	/* calibration: 0 unsaid */
	int64_t calib_iterations, calib_loop_ns;
	char calib_taken[16]; /* "run", "snapshot"; "" unsaid */
	/* the machine as the agent found it, kept verbatim for the manifest
	 * (whose rows read it): a part of root, or NULL */
	const json_t *preflight;
	json_t *root;
	struct sb_agent_proc *procs;
	size_t n_procs;
};

/* agent.json's rows: the readers' and docs/formats.md's. */
extern const struct sb_jr_table sb_agent_format;

/*
 * Read @path into @a: 0, or -EINVAL with @e "<path>: <json path>: <value>
 * <why>" (an absent file too), -ENOMEM; @a is freed on error.
 */
int sb_agent_load(const char *path, struct sb_agent_report *a,
		  struct sb_error *e);
void sb_agent_free(struct sb_agent_report *a);

#endif
