// SPDX-License-Identifier: GPL-2.0
/* manifest.json read back: a run's identity and outcome by its rows (ci_manifest_format) into a struct. */
#include <stdlib.h>

#include "ci/manifest_file.h"
#include "common/envelope.h"

#define M(m) offsetof(struct ci_manifest, m)

static const struct sb_field run_fields[] = {
	{ "kernel", SB_F_STRDUP, M(kernel), .min = 1,
	  .doc = "the kernel's name: its directory's" },
	{ "feature_set", SB_F_STRDUP, M(feature_set), .min = 1,
	  .doc = "the feature set's name: its directory's" },
	{ "repeat", SB_F_INT, M(repeat), .min = 1, .max = 1000000,
	  .doc = "the repeat: its directory's" },
	{ "untraced", SB_F_BOOL, M(untraced),
	  .doc = "true for a control run without a trace (docs/host-mode.md)" },
};

/* The sub-objects a reader keeps are read into the manifest itself. */
static const struct sb_jr_table run_table =
	SB_JR_TABLE("manifest: run", run_fields, NULL, NULL);

static const struct sb_field scenario_fields[] = {
	{ "name", SB_F_STRDUP, M(scenario_name), .doc = "its name" },
	{ "sha256", SB_F_STRDUP, M(scenario_sha256), .min = 1,
	  .doc = "of the scenario file as run: runs of other scenarios are "
		 "not compared" },
};

static const struct sb_jr_table scenario_table =
	SB_JR_TABLE("manifest: scenario", scenario_fields, NULL, NULL);

static const struct sb_field host_fields[] = {
	{ "hostname", SB_F_STRDUP, M(hostname),
	  .doc = "the machine that ran it: a comparison keeps one" },
	{ "kernel", SB_F_TEXT, .doc = "its kernel release" },
	{ "cpu_model", SB_F_TEXT, .doc = "from /proc/cpuinfo" },
	{ "cpus", SB_F_INT, .check_only = 1, .min = 0, .max = 1 << 20,
	  .doc = "CPUs online" },
	{ "cpus_allowed", SB_F_ANY, .nullable = 1,
	  .type_doc = "array of integers",
	  .doc = "the CPUs the run was allowed on" },
	{ "qemu_version", SB_F_TEXT, .nullable = 1,
	  .doc = "QEMU's (null in host mode)" },
	{ "accel", SB_F_TEXT, .nullable = 1,
	  .doc = "the accelerator, `none` in host mode" },
};

static const struct sb_jr_table host_table =
	SB_JR_TABLE("manifest: host", host_fields, NULL, NULL);

static const char *const status_choices[] = { "complete", "failed", NULL };

/* Objects no reader reads back: their keys are in the prose. */
#define OBJECT_SAID(key, doc_)                                                 \
	{                                                                      \
		(key), SB_F_ANY, .nullable = 1, .type_doc = "object, or null", \
				 .doc = (doc_)                                 \
	}

static void manifest_init(void *obj)
{
	*(struct ci_manifest *)obj = (struct ci_manifest){ .schema = 1 };
}

static const struct sb_field manifest_fields[] = {
	{ "schema", SB_F_INT, M(schema), .min = SB_SCHEMA, .max = SB_SCHEMA,
	  .doc = "the version of the format this slicebench reads and writes "
		 "(absent: 1)" },
	{ "status", SB_F_ENUM, M(status), .required = 1,
	  .choices = status_choices,
	  .doc = "`complete`: the run counts; `failed`: it is a lost run" },
	{ "failure", SB_F_STRDUP, M(failure), .nullable = 1,
	  .doc = "why it failed, e.g. `guest panic: Kernel panic - ...`" },
	{ "run", SB_F_OBJECT, 0, .sub = &run_table,
	  .doc = "which run of the matrix it is" },
	OBJECT_SAID("kernel", "the kernel: name, type, release, "
			      "config_sha256, source, custom_slices"),
	OBJECT_SAID("vm", "the VM (null in host mode): qemu_version, accel, "
			  "seed, icount_shift (virtual and icount), machine, "
			  "cpus, memory_mb, numa, wall_ms, boot_to_user_ms, "
			  "start, start_note, snapshot"),
	OBJECT_SAID("features", "requested, read_back, settable, note"),
	OBJECT_SAID("recorder", "tool (`none` for a control run), events, "
				"lost_events"),
	OBJECT_SAID("window", "start_mono_ns, end_mono_ns: the measured "
			      "window"),
	{ "scenario", SB_F_OBJECT, 0, .sub = &scenario_table,
	  .doc = "the scenario run" },
	{ "slicebench_rev", SB_F_TEXT, .doc = "slicebench's version" },
	{ "host", SB_F_OBJECT, 0, .sub = &host_table,
	  .doc = "the machine that ran it" },
	{ "start_time", SB_F_STRDUP, M(start_time), .doc = "ISO 8601 UTC" },
	{ "end_time", SB_F_STRDUP, M(end_time), .doc = "ISO 8601 UTC" },
	{ "exit_status", SB_F_INT, .check_only = 1, .min = 0, .max = 255,
	  .doc = "0, or 4 when it could not measure" },
	OBJECT_SAID("calibration", "the guest's speed against the host's"),
	OBJECT_SAID("preflight", "the machine as the agent found it"),
	OBJECT_SAID("host_load", "the host around the guest (VM runs)"),
};

const struct sb_jr_table ci_manifest_format = SB_JR_TABLE(
	"run manifest (`manifest.json`)", manifest_fields, manifest_init, NULL);

void ci_manifest_free(struct ci_manifest *m)
{
	free(m->failure);
	free(m->kernel);
	free(m->feature_set);
	free(m->scenario_name);
	free(m->scenario_sha256);
	free(m->hostname);
	free(m->start_time);
	free(m->end_time);
	*m = (struct ci_manifest){ 0 };
}

int ci_manifest_load(const char *path, struct ci_manifest *m,
		     struct sb_error *e)
{
	int r;

	*m = (struct ci_manifest){ 0 };
	r = sb_jr_load(path, &ci_manifest_format, m, NULL, e);
	if (r)
		ci_manifest_free(m);
	return r;
}
