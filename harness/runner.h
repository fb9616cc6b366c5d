/* SPDX-License-Identifier: GPL-2.0 */
/* One run of the matrix, in a VM or on the host, into a temp run directory. */
#ifndef SB_RUNNER_H
#define SB_RUNNER_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "common/error.h"
#include "harness/plan.h"
#include "harness/run_types.h"
#include "harness/scenario.h"

/*
 * Option @opt ("kernel") as the user gave it, into @buf: "--kernel", or
 * the make variable behind it ("KERNEL") when make passed it, as the
 * Makefile says in SLICEBENCH_VIA_MAKE="kernel=KERNEL ...".
 */
const char *run_option_said(const char *opt, char *buf, size_t len);

/*
 * Resolve each name of "a,b" (kernels/<name>, host, NAME=PATH or PATH of
 * a bzImage) into @ks, at most PLAN_MAX_KERNELS; errors name the option
 * @opt ("kernel", "base"...) as run_option_said says it. Returns 0 or
 * -errno (-EINVAL: a bad or unknown name) with @e saying what is wrong.
 */
int run_lookup_kernels(const char *list, const char *opt, struct run_kernel *ks,
		       int *n, struct sb_error *e);

/*
 * One run of @r into @root (a temp dir, the manifest, a rename); 0
 * complete, -1 failed, 1 abandoned on a stop.
 */
int run_one(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *root);
/* How a run_one_child child ends: complete (0), failed, or not at all. */
#define RUN_CHILD_FAILED 1
#define RUN_CHILD_LOST 2

/* A run going on in a child, or ended here. */
struct run_child {
	pid_t pid; /* the child running it, or 0: ended */
	int rc; /* run_one's answer, once ended */
};

/*
 * run_one in a child, so the caller can start the next run beside it
 * (under virtual time: harness/matrix.c). The child dies with this
 * process, leaving the run's temp dir to be redone on resume; it ignores
 * SIGINT and SIGTERM (a stop lets the runs in flight end). Without a
 * child (fork failed) the run is done here.
 */
void run_one_child(const struct runner *rn, struct run_kernel *k,
		   const struct plan_run *r, const char *root,
		   struct run_child *c);
/*
 * Has @c ended? 1 with c->rc its answer (with @wait, after waiting for
 * it), 0 while it is going on.
 */
int run_reap(struct run_child *c, int wait);

/* A run in flight: its child, its index in the plan, its start (run_now_s). */
struct run_flight {
	struct run_child c;
	size_t i;
	double t0;
};

/*
 * Wait until one of the *@n (>= 1) runs of @f ends and take it out of @f
 * (the last one takes its place); it is returned, run_reap's answer in
 * its c.rc.
 */
struct run_flight run_reap_any(struct run_flight *f, size_t *n);

/* Runs at once at most (a host's CPUs, under virtual time). */
#define RUNS_AT_ONCE_MAX 16

/*
 * How many of @todo runs of @ks (@nk kernels) may go on at once. Under
 * virtual time a guest measures the same whatever else the host runs
 * (its clock counts its instructions): as many guests as the host has
 * CPUs, and half its memory, for, at least two (a run's end beside the
 * next one's guest). Elsewhere one, its end included: a second would
 * take CPU from what the first measures. Prepares each kernel's image
 * (run_vm_sealed). Decided once per command, before its sizing, into
 * runner.at_once.
 */
size_t run_at_once(const struct runner *rn, struct run_kernel *ks, int nk,
		   size_t todo);

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
 * Can @results (--results; NULL: "results") hold run directories? Not
 * empty, not a file, and when there, writable. 0 or -EINVAL (bad usage)
 * with @e naming it; checked before any run, also by check early.
 */
int run_results_usable(const char *results, struct sb_error *e);

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
/* rn->bin_dir (this executable's directory) and rn->src_dir (sb_root_dir()). */
void run_self_dirs(struct runner *rn);
double run_now_s(void);
/* A scenario loader's warning, through the logger. */
void run_warn_line(const char *msg);
/* The --accel option row of the commands that run scenarios, into the
 * const char * @member of @st: run_set_accel() takes it from there. */
#define RUN_ACCEL_ROW(st, member)                                 \
	VM_ACCEL_ROW(st, member,                                  \
		     "auto|kvm|tcg|icount|virtual (default: the " \
		     "scenario's guest.accel, else auto)")
/* rn->accel: @accel (an option), else the scenario's guest.accel, else auto. */
void run_set_accel(struct runner *rn, const char *accel,
		   const struct scenario *sc);
/* "1m05s" or "4.2s". */
const char *run_fmt_secs(double s, char *buf, size_t len);

#endif
