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

static const struct sb_field kernel_fields[] = {
	{ "name", SB_F_TEXT, .doc = "the kernel's name" },
	{ "type", SB_F_TEXT, .doc = "its descriptor's type (backend)" },
	{ "release", SB_F_STRDUP, M(kernel_release), .nullable = 1,
	  .doc = "its release (uname -r), from the guest" },
	{ "config_sha256", SB_F_STRDUP, M(kernel_config_sha256), .nullable = 1,
	  .doc = "of its .config" },
	{ "image_sha256", SB_F_STRDUP, M(kernel_image_sha256), .nullable = 1,
	  .doc = "of the image booted (null on the host): kernels of one "
		 "image are one kernel, and compare says so" },
	{ "source", SB_F_STRDUP, M(kernel_source), .nullable = 1,
	  .doc = "where it came from (a package, a tree)" },
	{ "custom_slices", SB_F_BOOL, .check_only = 1,
	  .doc = "whether it takes sched_attr.sched_runtime as a slice" },
};

/* Read into the manifest itself: the kernel's name is run.kernel's. */
static const struct sb_jr_table kernel_table =
	SB_JR_TABLE("manifest: kernel", kernel_fields, NULL, NULL);

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
	{ "cpu_model", SB_F_STRDUP, M(cpu_model), .doc = "from /proc/cpuinfo" },
	{ "cpus", SB_F_INT, .check_only = 1, .min = 0, .max = 1 << 20,
	  .doc = "CPUs online" },
	{ "cpus_allowed", SB_F_ANY, .nullable = 1,
	  .type_doc = "array of integers",
	  .doc = "the CPUs the run was allowed on" },
	{ "qemu_version", SB_F_TEXT, .nullable = 1,
	  .doc = "QEMU's (null in host mode)" },
	{ "accel", SB_F_STRDUP, M(host_accel), .nullable = 1,
	  .doc = "the accelerator, `none` in host mode" },
};

static const struct sb_jr_table host_table =
	SB_JR_TABLE("manifest: host", host_fields, NULL, NULL);

static void vm_init(void *obj)
{
	((struct ci_manifest *)obj)->has_vm = 1;
}

static const struct sb_field vm_fields[] = {
	{ "qemu_version", SB_F_STRDUP, M(qemu_version), .doc = "QEMU's" },
	{ "accel", SB_F_STRDUP, M(accel),
	  .doc = "the accelerator that ran it (`tcg`, `kvm`, `virtual`, "
		 "`icount`)" },
	{ "accel_note", SB_F_STRDUP, M(accel_note), .doc = "why that one" },
	{ "seed", SB_F_ANY, .type_doc = "integer", .doc = "the repeat's seed" },
	{ "icount_shift", SB_F_INT, M(icount_shift), .min = 0, .max = 10,
	  .doc = "virtual and icount only: 2^N ns an instruction" },
	{ "machine", SB_F_TEXT, .doc = "QEMU's machine type" },
	{ "cpus", SB_F_INT, M(vm_cpus), .min = 0, .max = 1 << 20,
	  .doc = "vCPUs booted (virtual: 1)" },
	{ "memory_mb", SB_F_INT, M(memory_mb), .min = 0, .max = 1 << 30,
	  .doc = "the guest's memory, MiB" },
	{ "numa", SB_F_ANY, .type_doc = "array of objects",
	  .doc = "the guest's NUMA nodes (the scenario's `guest.numa`)" },
	{ "wall_ms", SB_F_INT64, .check_only = 1, .min = 0, .max = INT64_MAX,
	  .doc = "QEMU's start to its end, ms" },
	{ "boot_to_user_ms", SB_F_INT64, .check_only = 1, .min = 0,
	  .max = INT64_MAX, .doc = "QEMU's start to the agent's, ms" },
	{ "workloads_host_ms", SB_F_INT64, .check_only = 1, .nullable = 1,
	  .min = 0, .max = INT64_MAX,
	  .doc = "host time from the workloads' start to their end (the "
		 "agent's console lines), ms: what the warmup and window "
		 "cost the host; null when unseen" },
	{ "start", SB_F_TEXT,
	  .doc = "`boot` or `restore` (harness/README.md)" },
	{ "start_note", SB_F_TEXT, .doc = "why that start" },
	{ "snapshot", SB_F_TEXT, .nullable = 1,
	  .doc = "the snapshot's key; null when booted" },
};

static const struct sb_jr_table vm_table =
	SB_JR_TABLE("manifest: vm", vm_fields, vm_init, NULL);

static const struct sb_field features_fields[] = {
	{ "requested", SB_F_ANY, .nullable = 1, .type_doc = "array of strings",
	  .doc = "the feature set's features" },
	{ "read_back", SB_F_STRDUP, M(features_read), .nullable = 1,
	  .doc = "the sched_features line read back" },
	{ "settable", SB_F_BOOL, M(features_settable), .nullable = 1,
	  .doc = "whether the features were set (false: as found)" },
	{ "note", SB_F_STRDUP, M(features_note),
	  .doc = "why they were not set" },
};

static const struct sb_jr_table features_table =
	SB_JR_TABLE("manifest: features", features_fields, NULL, NULL);

static const struct sb_field preflight_fields[] = {
	{ "cpu_model", SB_F_TEXT, .nullable = 1,
	  .doc = "as the agent read it" },
	{ "cpus_online", SB_F_INT, .check_only = 1, .min = 0, .max = 1 << 20,
	  .doc = "CPUs online" },
	{ "smt", SB_F_BOOL, .check_only = 1, .nullable = 1,
	  .doc = "SMT on (null: unreadable)" },
	{ "governor", SB_F_TEXT, .nullable = 1, .doc = "cpufreq governor" },
	{ "turbo", SB_F_BOOL, .check_only = 1, .nullable = 1,
	  .doc = "turbo on (null: unreadable)" },
	{ "isolated", SB_F_TEXT, .doc = "isolated CPUs, \"\" none" },
	{ "nohz_full", SB_F_TEXT, .doc = "nohz_full CPUs, \"\" none" },
	{ "loadavg", SB_F_ANY, .type_doc = "array of 3 numbers",
	  .doc = "the load averages" },
	{ "workload_cpus", SB_F_TEXT,
	  .doc = "the union of the workloads' cpus, or all allowed" },
	{ "busy_before_start", SB_F_ANY,
	  .type_doc = "array of objects (`cpu`, `busy_pct`)",
	  .doc = "the workload's CPUs' load before the start" },
	{ "shared_cpus", SB_F_ANY, .type_doc = "array of integers",
	  .doc = "of them, over 10 % busy before the start" },
	{ "summary", SB_F_STRDUP, M(preflight_summary),
	  .doc = "the machine in one line" },
};

static const struct sb_jr_table preflight_table =
	SB_JR_TABLE("manifest: preflight", preflight_fields, NULL, NULL);

static const struct sb_field calibration_fields[] = {
	{ "iterations", SB_F_INT64, .check_only = 1, .min = 1, .max = INT64_MAX,
	  .doc = "of the loop timed" },
	{ "guest_loop_ns", SB_F_INT64, .check_only = 1, .min = 1,
	  .max = INT64_MAX,
	  .doc = "the agent's time of the loop (fastest of 3)" },
	{ "host_loop_ns", SB_F_INT64, .check_only = 1, .min = 0,
	  .max = INT64_MAX, .doc = "the harness's (fastest of 5)" },
	{ "guest_speed", SB_F_NUMBER, M(guest_speed), .dmin = 0, .dmax = 1e9,
	  .doc = "host / guest time: 0.0437 is 1/23 of host speed" },
};

static const struct sb_jr_table calibration_table =
	SB_JR_TABLE("manifest: calibration", calibration_fields, NULL, NULL);

#define HL(m) offsetof(struct ci_manifest, host_load.m)
#define SHARE(key, off, doc_)                                      \
	{                                                          \
		(key), SB_F_NUMBER, (off), .dmin = 0, .dmax = 100, \
					   .doc = (doc_)           \
	}

static void host_load_init(void *obj)
{
	((struct ci_manifest *)obj)->host_load.said = 1;
}

static const struct sb_field host_load_fields[] = {
	{ "loadavg_start", SB_F_NUMBER, .check_only = 1, .nullable = 1,
	  .dmin = 0, .dmax = 1e9,
	  .doc = "the host's 1-minute load average at QEMU's start" },
	{ "loadavg_end", SB_F_NUMBER, HL(loadavg), .nullable = 1, .dmin = 0,
	  .dmax = 1e9, .doc = "and at its end" },
	{ "busy_pct", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 100,
	  .doc = "all host CPUs' time busy (not idle or iowait)" },
	SHARE("steal_pct", HL(steal_pct), "stolen by a hypervisor"),
	{ "own_pct", SB_F_NUMBER, .check_only = 1, .dmin = 0, .dmax = 100,
	  .doc = "this run's share (the tool and its children, QEMU)" },
	SHARE("others_pct", HL(others_pct), "busy besides the run"),
};

/* Read into the manifest itself, as the run's identity. */
static const struct sb_jr_table host_load_table = SB_JR_TABLE(
	"manifest: host_load", host_load_fields, host_load_init, NULL);

static const char *const status_choices[] = { "complete", "failed", NULL };

/* Objects no reader reads back: their keys are in the prose. */
#define OBJECT_SAID(key, doc_)                                        \
	{                                                             \
		(key), SB_F_ANY, .nullable = 1, .type_doc = "object", \
				 .doc = (doc_)                        \
	}

static void manifest_init(void *obj)
{
	*(struct ci_manifest *)obj = (struct ci_manifest){
		.schema = 1,
		.icount_shift = -1,
		.vm_cpus = -1,
		.memory_mb = -1,
		.features_settable = -1,
		.host_load.loadavg = -1,
	};
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
	{ "kernel", SB_F_OBJECT, 0, .sub = &kernel_table, .nullable = 1,
	  .doc = "the kernel that ran" },
	{ "vm", SB_F_OBJECT, 0, .sub = &vm_table, .nullable = 1,
	  .doc = "the VM (null in host mode)" },
	{ "features", SB_F_OBJECT, 0, .sub = &features_table, .nullable = 1,
	  .doc = "the feature set as set and read back" },
	OBJECT_SAID("recorder", "tool (`none` for a control run), events, "
				"lost_events"),
	OBJECT_SAID("window", "start_mono_ns, end_mono_ns: the measured "
			      "window"),
	{ "scenario", SB_F_OBJECT, 0, .sub = &scenario_table,
	  .doc = "the scenario run" },
	{ "slicebench_rev", SB_F_STRDUP, M(slicebench_rev),
	  .doc = "slicebench's version" },
	{ "host", SB_F_OBJECT, 0, .sub = &host_table,
	  .doc = "the machine that ran it" },
	{ "start_time", SB_F_STRDUP, M(start_time), .doc = "ISO 8601 UTC" },
	{ "end_time", SB_F_STRDUP, M(end_time), .doc = "ISO 8601 UTC" },
	{ "exit_status", SB_F_INT, .check_only = 1, .min = 0, .max = 255,
	  .doc = "0, or 4 when it could not measure" },
	{ "calibration", SB_F_OBJECT, 0, .sub = &calibration_table,
	  .nullable = 1,
	  .doc = "the guest's speed against the host's (null: not timed)" },
	{ "preflight", SB_F_OBJECT, 0, .sub = &preflight_table, .nullable = 1,
	  .doc = "the machine as the agent found it (null: none written)" },
	{ "host_load", SB_F_OBJECT, 0, .sub = &host_load_table, .nullable = 1,
	  .doc = "the host around the guest (VM runs; null in host mode)" },
};

const struct sb_jr_table ci_manifest_format = SB_JR_TABLE(
	"run manifest (`manifest.json`)", manifest_fields, manifest_init, NULL);

void ci_manifest_free(struct ci_manifest *m)
{
	free(m->failure);
	free(m->kernel);
	free(m->feature_set);
	free(m->kernel_release);
	free(m->kernel_config_sha256);
	free(m->kernel_image_sha256);
	free(m->kernel_source);
	free(m->scenario_name);
	free(m->scenario_sha256);
	free(m->hostname);
	free(m->host_accel);
	free(m->cpu_model);
	free(m->slicebench_rev);
	free(m->accel);
	free(m->accel_note);
	free(m->qemu_version);
	free(m->features_read);
	free(m->features_note);
	free(m->preflight_summary);
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
