/* SPDX-License-Identifier: GPL-2.0 */
/* manifest.json read back: a run's identity and outcome by its rows (ci_manifest_format) into a struct. */
#ifndef CI_MANIFEST_FILE_H
#define CI_MANIFEST_FILE_H

#include "common/error.h"
#include "common/jsonread.h"

enum ci_manifest_status { CI_RUN_COMPLETE, CI_RUN_FAILED };

/* A VM run's host_load: the host around the guest (docs/formats.md). */
struct ci_host_load {
	int said; /* 0: no host_load (host mode, older runs) */
	double others_pct; /* host CPUs' time busy besides the run */
	double steal_pct; /* stolen from the host by its hypervisor */
	double loadavg; /* 1-minute load average at the run's end; -1 unsaid */
};

/* Strings are malloc'd, NULL when the manifest does not say them. */
struct ci_manifest {
	int schema;
	int status; /* enum ci_manifest_status */
	char *failure;
	/* run */
	char *kernel, *feature_set;
	int repeat; /* 0: unsaid */
	int untraced;
	/* kernel: the build that ran (NULL when unsaid) */
	char *kernel_release, *kernel_config_sha256, *kernel_source;
	char *kernel_image_sha256;
	/* scenario */
	char *scenario_name, *scenario_sha256;
	/* host */
	char *hostname;
	char *host_accel; /* host.accel: "none" in host mode */
	char *cpu_model; /* host.cpu_model */
	char *start_time, *end_time;
	char *slicebench_rev;
	/* vm (null in host mode: has_vm 0) */
	int has_vm;
	char *accel; /* vm.accel */
	char *accel_note, *qemu_version;
	int vm_cpus, memory_mb; /* -1: unsaid */
	int icount_shift; /* vm.icount_shift; -1: unsaid */
	/* features */
	char *features_read, *features_note;
	int features_settable; /* -1: unsaid */
	/* calibration.guest_speed: guest/host speed; 0: unsaid */
	double guest_speed;
	char *preflight_summary;
	struct ci_host_load host_load;
};

/* manifest.json's rows: the reader's and docs/formats.md's. */
extern const struct sb_jr_table ci_manifest_format;

/*
 * Read @path into @m: 0, or -EINVAL with @e "<path>: <json path>: <value>
 * <why>", -ENOMEM; @m is freed on error.
 */
int ci_manifest_load(const char *path, struct ci_manifest *m,
		     struct sb_error *e);
void ci_manifest_free(struct ci_manifest *m);

#endif
