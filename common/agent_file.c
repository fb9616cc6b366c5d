// SPDX-License-Identifier: GPL-2.0
/* agent.json, the guest agent's report of a run, read back by its rows into a struct (the manifest's, the runner's and the table's input). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/agent_file.h"

/* No clock reads more: about 31 years of ns. */
#define MAX_NS 1000000000000000000LL

#define A(m) offsetof(struct sb_agent_report, m)
#define P(m) offsetof(struct sb_agent_proc, m)
#define A_SIZE(m) sizeof(((struct sb_agent_report *)0)->m)

#define MONO(key, doc_)                                                      \
	{                                                                    \
		(key), SB_F_INT64, .check_only = 1, .min = 0, .max = MAX_NS, \
				   .doc = (doc_)                             \
	}

static const struct sb_field uname_fields[] = {
	{ "sysname", SB_F_TEXT, .doc = "uname -s" },
	{ "release", SB_F_STRING, A(release), A_SIZE(release),
	  .doc = "uname -r: the kernel that ran" },
	{ "version", SB_F_TEXT, .doc = "uname -v" },
	{ "machine", SB_F_TEXT, .doc = "uname -m" },
};

static const struct sb_jr_table uname_table =
	SB_JR_TABLE("agent: uname", uname_fields, NULL, NULL);

static const struct sb_field requested_item = { .type = SB_F_STRING,
						.size = SB_AGENT_NAME_LEN,
						.min = 1 };

static void features_init(void *obj)
{
	((struct sb_agent_report *)obj)->has_features = 1;
}

static const struct sb_field features_fields[] = {
	{ "requested", SB_F_ARRAY, A(requested), SB_AGENT_NAME_LEN,
	  .max = SB_AGENT_MAX_FEATURES, .item = &requested_item,
	  .count_offset = A(n_requested), .doc = "the feature set's features" },
	{ "read_back", SB_F_STRDUP, A(read_back),
	  .doc = "the sched_features line read back (or why not)" },
	{ "settable", SB_F_BOOL, A(settable),
	  .doc = "whether the features were set (false: as found)" },
};

/* Read into the report itself, at its offsets. */
static const struct sb_jr_table features_table =
	SB_JR_TABLE("agent: features", features_fields, features_init, NULL);

static const struct sb_field recorder_fields[] = {
	{ "tool", SB_F_STRING, A(recorder_tool), A_SIZE(recorder_tool),
	  .min = 1, .doc = "what recorded (`none` for a control run)" },
	{ "lost_events", SB_F_INT64, A(lost_events), .nullable = 1, .min = 0,
	  .max = INT64_MAX, .doc = "events the recorder lost (null: unknown)" },
};

static const struct sb_jr_table recorder_table =
	SB_JR_TABLE("agent: recorder", recorder_fields, NULL, NULL);

static const struct sb_field calibration_fields[] = {
	{ "iterations", SB_F_INT64, A(calib_iterations), .required = 1,
	  .min = 1, .max = INT64_MAX, .doc = "the loop's length" },
	{ "loop_ns", SB_F_INT64, A(calib_loop_ns), .required = 1, .min = 0,
	  .max = MAX_NS, .doc = "its best time on the machine that ran" },
	{ "taken", SB_F_STRING, A(calib_taken), A_SIZE(calib_taken),
	  .doc = "when it and the preflight were taken: `run` (at its start) "
		 "or `snapshot` (once before the snapshot the run was "
		 "restored from, in virtual time, where a restored guest "
		 "measures the same in every run)" },
};

static const struct sb_jr_table calibration_table =
	SB_JR_TABLE("agent: calibration", calibration_fields, NULL, NULL);

static void proc_init(void *obj)
{
	*(struct sb_agent_proc *)obj =
		(struct sb_agent_proc){ .exit_status = -1 };
}

static const struct sb_field proc_fields[] = {
	{ "workload", SB_F_STRING, P(workload), SB_AGENT_NAME_LEN, .min = 1,
	  .required = 1, .doc = "the workload's name in the scenario" },
	{ "pid", SB_F_INT, P(pid), .required = 1, .min = 1, .max = INT32_MAX,
	  .doc = "its process (the table's workload set starts from it)" },
	{ "exit_status", SB_F_INT, P(exit_status), .nullable = 1, .min = 0,
	  .max = 255,
	  .doc = "its exit code, 128 + signal when killed (null: "
		 "not reaped)" },
};

static const struct sb_jr_table proc_table =
	SB_JR_TABLE("agent: workloads[]", proc_fields, proc_init, NULL);
static const struct sb_field proc_item = { .type = SB_F_OBJECT,
					   .sub = &proc_table };

static const char *const statuses[] = { "ok", "failed", NULL };

static void agent_init(void *obj)
{
	struct sb_agent_report *a = obj;

	*a = (struct sb_agent_report){ .schema = 1,
				       .status = SB_AGENT_FAILED,
				       .settable = -1,
				       .lost_events = -1 };
	sb_window_format.init(&a->window);
}

static const struct sb_field agent_fields[] = {
	{ "schema", SB_F_INT, A(schema), .min = 1, .max = 1,
	  .doc = "the version of this format" },
	{ "tool", SB_F_TEXT, .doc = "`sbguest`" },
	{ "status", SB_F_ENUM, A(status), .required = 1, .choices = statuses,
	  .doc = "`failed` when the run is not good" },
	{ "failure", SB_F_STRDUP, A(failure), .nullable = 1,
	  .doc = "why not (null: good)" },
	{ "seed", SB_F_ANY, .type_doc = "integer",
	  .doc = "the repeat's seed, handed to the workloads" },
	MONO("start_mono_ns", "the agent's start, CLOCK_MONOTONIC ns"),
	{ "preflight", SB_F_CALL, A(preflight), .parse = sb_jr_keep_object,
	  .type_doc = "object",
	  .doc = "the machine at the start: the manifest's `preflight`" },
	{ "calibration", SB_F_OBJECT, 0, .sub = &calibration_table,
	  .doc = "a fixed loop timed here, for the guest's speed" },
	MONO("workload_start_mono_ns", "when the workloads were started"),
	{ "window", SB_F_OBJECT, A(window), .sub = &sb_window_format,
	  .doc = "the measured window, as in `window.json`" },
	MONO("workload_end_mono_ns", "when the last one was reaped"),
	{ "uname", SB_F_OBJECT, 0, .sub = &uname_table,
	  .doc = "the kernel that ran" },
	{ "random_uuid", SB_F_TEXT,
	  .doc = "one draw of the kernel's generator: restored guests draw "
		 "apart" },
	{ "features", SB_F_OBJECT, 0, .sub = &features_table,
	  .doc = "the scheduler features asked for and found" },
	{ "untraced", SB_F_BOOL, A(untraced),
	  .doc = "the control arm: nothing recorded" },
	{ "recorder", SB_F_OBJECT, 0, .sub = &recorder_table,
	  .doc = "what recorded the trace" },
	{ "workloads", SB_F_ARRAY, A(procs), sizeof(struct sb_agent_proc),
	  .max = 4096, .item = &proc_item, .count_offset = A(n_procs),
	  .alloc = 1, .doc = "the processes the agent started" },
	MONO("end_mono_ns", "the agent's end"),
};

const struct sb_jr_table sb_agent_format = SB_JR_TABLE(
	"guest agent's report (`agent.json`)", agent_fields, agent_init, NULL);

void sb_agent_free(struct sb_agent_report *a)
{
	free(a->failure);
	free(a->read_back);
	free(a->procs);
	json_decref(a->root);
	agent_init(a);
}

int sb_agent_load(const char *path, struct sb_agent_report *a,
		  struct sb_error *e)
{
	int r;

	*a = (struct sb_agent_report){ 0 };
	r = sb_jr_load_keep(path, &sb_agent_format, a, NULL, &a->root, e);
	if (r)
		sb_agent_free(a);
	return r;
}
