/* SPDX-License-Identifier: GPL-2.0 */
/* One run of the matrix, in a VM or on the host, into a temp run directory. */
#ifndef SB_RUNNER_H
#define SB_RUNNER_H

#include <limits.h>
#include <signal.h>
#include <jansson.h>

#include "common/error.h"
#include "harness/boot/initramfs.h"
#include "harness/boot/kernel.h"
#include "harness/plan.h"
#include "harness/scenario.h"

struct runner {
	const struct scenario *sc;
	const char *scenario_path;
	char sha256[65];
	char accel[16]; /* auto|kvm|tcg|icount */
	char bin_dir[PATH_MAX]; /* build/bin: sbguest, workloads */
	char src_dir[PATH_MAX]; /* the repository: harness/guest/init */
	const volatile sig_atomic_t *stop;
	int features_as_is; /* host mode: features as found, never set */
};

/* A kernel of the matrix, prepared (image, initramfs) on first use. */
struct run_kernel {
	struct kernel_info ki;
	int prepared; /* 0 not yet, 1 ready, -1 failed (see error) */
	char initrd[PATH_MAX];
	char error[600];
};

struct run_outcome {
	char failure[1024]; /* "" when the run is complete */
	json_t *vm; /* the manifest's "vm" section, or null for the host */
	json_t *agent; /* agent.json as the agent wrote it, or NULL */
	char note[300]; /* said in the manifest and on screen, or "" */
};

/*
 * Option @opt ("kernel") as the user gave it, into @buf: "--kernel", or
 * the make variable behind it ("KERNEL") when make passed it, as the
 * Makefile says in SLICEBENCH_VIA_MAKE="kernel=KERNEL ...".
 */
const char *run_option_said(const char *opt, char *buf, size_t len);

/*
 * Resolve each name of "a,b" (kernels/<name>, host, NAME=PATH or PATH of
 * a bzImage) into @ks, at most PLAN_MAX_KERNELS; errors name the option
 * as run_option_said. Returns 0 or -errno (-EINVAL: a bad or
 * unknown name) with @e saying what is wrong (run, check, plan).
 */
int run_lookup_kernels(const char *list, struct run_kernel *ks, int *n,
		       struct sb_error *e);

/*
 * Host mode (a kernel of @ks is the host) with features that cannot be set
 * while the scenario needs them set (two sets, or one unlike the host's
 * now), unless rn->features_as_is: -EACCES with @e naming the features
 * file, the feature and why; else 0.
 */
int run_check_host_features(const struct runner *rn,
			    const struct run_kernel *ks, int nk,
			    struct sb_error *e);

/*
 * What can be checked before any boot, for every kernel of @ks: CPU lists
 * against the guest's (or host's) CPUs, guest.memory_mb against the
 * host's memory, feature names against the kernel's own list (else the
 * documented one), and every workload tool outside the registry is a
 * program where the runs start it (the guest's PATH, or build/bin and
 * PATH on the host). 0, else -EINVAL with @e naming the scenario, field
 * and value, or a -errno of the guest's archive plan (initramfs_build()).
 */
int run_check_before_boot(const struct runner *rn, const struct run_kernel *ks,
			  int nk, struct sb_error *e);

/*
 * One run of @r into @root (a temp dir, the manifest, a rename); 0
 * complete, -1 failed, 1 abandoned on a stop.
 */
int run_one(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *root);
/*
 * matrix.c: the failures of @p's runs under @root (and the figures of runs
 * without a delay table), then the end of the run (ci_bench_end: the seed's
 * tables, the verdicts, report.html), on @out.
 */
void run_print_results(FILE *out, const struct scenario *sc,
		       const struct plan *p, const char *root);
/*
 * matrix.c: every pending run of @p in plan order, here, with progress
 * through the logger, then run_print_results on stdout; stops after the
 * current run when rn->stop is set. 0 every run complete, 1 a run failed
 * or the matrix was interrupted (said through the logger).
 */
int run_matrix(struct runner *rn, struct run_kernel *ks, int nk,
	       const struct plan *p, const char *root);
/*
 * SIGINT/SIGTERM: stop after the current run; @on 0 restores the default.
 * Returns the flag a stop sets (for rn->stop).
 */
const volatile sig_atomic_t *run_catch_signals(int on);

/* Where a matrix's run directory goes, and whether to resume one. */
struct run_root {
	const char *results; /* results root; NULL: "results" */
	const char *resume; /* this RUN_DIR, or NULL */
	const char *scenario; /* copied into a new run directory */
	int new_run; /* do not resume results/latest */
	int *lock_fd; /* out: the run directory's lock (sb_dir_unlock), or
		       * NULL: the run directory is not locked */
};

/*
 * The run directory of @p: --resume, else a resumable results/latest, else
 * a new results/<scenario>-<time> (results/latest points at it). Says
 * which through the logger; returns 0 or -errno with @e set (-EINVAL:
 * --resume names a run that does not fit, -EBUSY: another process writes
 * the results root or the run directory). A results root this call made
 * and a run directory it could not finish are removed again.
 */
int run_choose_root(const struct run_root *o, const struct scenario *sc,
		    const struct plan *p, char *root, size_t len,
		    struct sb_error *e);
/* rn->bin_dir and rn->src_dir from this executable's place. */
void run_self_dirs(struct runner *rn);
double run_now_s(void);
/* A scenario loader's warning, through the logger. */
void run_warn_line(const char *msg);
/* The --accel option's value (struct sb_opt parse): one of VM_ACCELS. */
int run_accel_opt(void *dest, const char *value, const char **why);
/* rn->accel: @accel (an option), else the scenario's guest.accel, else auto. */
void run_set_accel(struct runner *rn, const char *accel,
		   const struct scenario *sc);
/* "1m05s" or "4.2s". */
const char *run_fmt_secs(double s, char *buf, size_t len);

/*
 * The initramfs of @k's runs as run_vm builds it (no out_path); @init holds
 * the guest init's path and must outlive the request.
 */
struct initramfs_request run_initramfs_request(const struct runner *rn,
					       const struct run_kernel *k,
					       char *init, size_t len);

/* Boot @k with @r's feature set; results land in @dir. */
void run_vm(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *dir, struct run_outcome *out);

/* The agent in-process on the running kernel, recording with perf. */
void run_host(const struct runner *rn, const struct plan_run *r,
	      const char *dir, struct run_outcome *out);

/* manifest.json of a finished run (status complete when no failure). */
json_t *manifest_build(const struct runner *rn, const struct kernel_info *ki,
		       const struct plan_run *r, const char *dir,
		       const struct run_outcome *out, const char *start_time,
		       const char *end_time);

#endif
