/* SPDX-License-Identifier: GPL-2.0 */
/* Scheduler features: write a feature set, read it back, check it took. */
#ifndef SB_FEATURES_H
#define SB_FEATURES_H

#include <stddef.h>

#include "common/error.h"
#include "harness/scenario.h"

/*
 * SLICEBENCH_FEATURES_PATH, for tests only: a plain file standing in for
 * the kernel's features file, which has no test double on a locked-down
 * host. Host mode then uses it, and a write to it acts as one to the
 * kernel's file does: "X" or "NO_X" replaces X or NO_X in its one line (an
 * unknown name is -EINVAL).
 */
#define FEATURES_STAND_IN_ENV "SLICEBENCH_FEATURES_PATH"

/* The features file of host mode: the stand-in when set, else @real. */
const char *features_host_path(const char *real);

/* Read the features file into @buf (one line, trailing newline dropped). */
int features_read(const char *path, char *buf, size_t len);

/* Is @feature ("X" or "NO_X") active in the space-separated list @line? */
int features_has(const char *line, const char *feature);

/*
 * Write each feature of @fs to @path, then read back into @read_back and
 * check every one took. Returns 0 or -errno with @e naming the feature.
 */
int features_apply(const char *path, const struct sc_feature_set *fs,
		   char *read_back, size_t len, struct sb_error *e);

/*
 * The features a 6.12 kernel has (Debian's 6.12.118 cloud kernel, read in
 * its guest), space-separated without NO_: what a kernel is checked
 * against before any of its runs has read its own list.
 */
extern const char features_documented[];

/*
 * features_documented without those that came with custom slices in 6.12
 * (PREEMPT_SHORT, DELAY_DEQUEUE, DELAY_ZERO, PLACE_REL_DEADLINE): what a
 * kernel that predates them is checked against before its own list is
 * read. Into @buf of @len bytes (enough: sizeof(features_documented)).
 */
const char *features_before_slices(char *buf, size_t len);

/*
 * The index of the first feature of @fs (X or NO_X) that @known (a
 * features file's line, with or without NO_ prefixes) lacks, or -1.
 */
int features_unknown(const struct sc_feature_set *fs, const char *known);

/* Can @path be opened for writing (a host without lockdown, as root)? */
int features_writable(const char *path);

/*
 * Why @path cannot be written, into @why ("not root", "the kernel is
 * locked down (...)", "debugfs is not mounted ...", "the file is missing",
 * or the error): 1, or 0 when it can be.
 */
int features_unsettable(const char *path, char *why, size_t len);

/* Write back every feature of @line (an earlier features_read). Returns 0 or -errno. */
int features_restore(const char *path, const char *line);

/*
 * A guard for a changed features file: a child that writes @orig back to
 * @path if this process dies before features_guard_end() (a second Ctrl-C,
 * a kill): it ignores SIGINT and SIGTERM and waits on a pipe. Returns its
 * pid (with *@fd the pipe's end) or -errno.
 */
int features_guard_start(const char *path, const char *orig, int *fd);
/* This process restored the features itself: the guard exits unused. */
void features_guard_end(int pid, int fd);

#endif
