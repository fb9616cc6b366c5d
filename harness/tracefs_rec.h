/* SPDX-License-Identifier: GPL-2.0 */
/* Record sched events through tracefs directly and write them as a trace.dat (version 6). */
#ifndef SB_TRACEFS_REC_H
#define SB_TRACEFS_REC_H

#include <limits.h>
#include <pthread.h>

#include "common/error.h"

#define TFS_MAX_CPUS 256

/*
 * A recording: the ring buffers of every CPU drained by a thread into
 * @dir/.trace-cpuN while recording, then assembled into trace.dat.
 */
struct tfs_rec {
	char tracefs[PATH_MAX]; /* the tracefs mount */
	char dir[PATH_MAX]; /* where the per-CPU files and trace.dat go */
	const char *const *events; /* sched event names, NULL-terminated */
	int ncpus;
	long page_size;
	int raw[TFS_MAX_CPUS]; /* per_cpu/cpuN/trace_pipe_raw, O_NONBLOCK */
	int out[TFS_MAX_CPUS]; /* @dir/.trace-cpuN */
	int wake[2]; /* a byte in wake[1] ends the drain thread's wait */
	pthread_t drainer;
	int draining; /* the drain thread runs */
	int drain_err; /* the first -errno the drain thread met */
};

/*
 * Tracing off, the mono clock, @buffer_kb per CPU, @events (and only them)
 * enabled, the ring buffers cleared: what a start sets up, done ahead (a
 * guest before its snapshot; under TCG resizing the buffers and switching
 * the clock and events cost 0.17 s of a run). Returns 0 or -errno with @e
 * set, the events disabled again.
 */
int tfs_arm(const char *tracefs, const char *const *events, int buffer_kb,
	    struct sb_error *e);

/* Every event disabled again (a run that records nothing); 0 or -errno. */
int tfs_disarm(const char *tracefs);

/*
 * Unless @armed (tfs_arm() with the same events and size, tracing off
 * since), arm as tfs_arm() does; then turn tracing on and start draining.
 * Returns 0 or -errno with @e set; on an error tracing is off again and no
 * thread runs.
 */
int tfs_start(struct tfs_rec *r, const char *tracefs, const char *dir,
	      const char *const *events, int buffer_kb, int armed,
	      struct sb_error *e);

/*
 * Tracing off, the buffers drained to the end, @r->dir/trace.dat written
 * (no kallsyms, no printk formats), the per-CPU files removed; with
 * @parts, trace.dat's pieces left in @r->dir/trace-parts/ instead, for
 * tfs_assemble() (a guest: the host assembles them natively, 164 ms of a
 * TCG guest's time). Idempotent after a failed start. Returns 0 or -errno
 * with @e set (when not NULL).
 */
int tfs_stop(struct tfs_rec *r, int parts, struct sb_error *e);

/*
 * @dir/trace-parts/ (tfs_stop()'s parts: trace.dat's headers, the page
 * size and each CPU's pages) into @dir/trace.dat, the parts removed.
 * Returns 0 (also when there are none) or -errno with @e set.
 */
int tfs_assemble(const char *dir, struct sb_error *e);

/*
 * Write @path from @tracefs's headers and formats of @events and the CPU
 * files @cpu_files[0..@ncpus) holding raw ring-buffer pages of @page_size.
 * Returns 0 or -errno with @e set.
 */
int tfs_write_tracedat(const char *tracefs, const char *const *events,
		       long page_size, int ncpus, const int *cpu_files,
		       const char *path, struct sb_error *e);

#endif
