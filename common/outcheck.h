/* SPDX-License-Identifier: GPL-2.0 */
/* Outputs checked before any work: each writable, none named twice, none one of the command's inputs. */
#ifndef SB_OUTCHECK_H
#define SB_OUTCHECK_H

#include <stddef.h>

#include "common/error.h"

/* A path a command names: its option or operand ("--json", "BASE") and the path (NULL: not given). */
struct sb_path_use {
	const char *option;
	const char *path;
};

/*
 * Is @path @dir itself or a path under it? Both absolute and resolved
 * (no "..", no symlinks): a pure string test, "/a/bc" is not under "/a/b".
 */
int sb_path_under(const char *dir, const char *path);

/*
 * Do paths @a and @b name one file? By device and inode when both exist
 * (symlinks followed: a write through a link is a write to its target),
 * by resolved path when neither does; never when only one does.
 */
int sb_same_file(const char *a, const char *b);

/*
 * A command's outputs @outs (@n_outs; "-" is standard output) checked
 * before it does any work: no two the same file (standard output at most
 * once); none one of its inputs @ins (@n_ins; a file read, or a directory
 * read: then nothing inside it either; an input not there is skipped);
 * each writable as sb_out_write() writes it (the file there opened for
 * writing without truncating, else a probe file created and removed
 * beside it). Returns 0, -EINVAL (bad usage: @e names the option, the
 * path and why), or another -errno of the probe (a full disk).
 */
int sb_out_check_all(const struct sb_path_use *outs, size_t n_outs,
		     const struct sb_path_use *ins, size_t n_ins,
		     struct sb_error *e);

/*
 * Can directory @dir be made (mkdir -p) or written? Its nearest existing
 * ancestor (or itself) must be a directory that takes new entries. 0 or
 * the -errno that says why not (-ENOTDIR, -EROFS, -EACCES...).
 */
int sb_dir_can_make(const char *dir);

/*
 * sb_dir_can_make() for output directory @dir of @option (e.g. "--out").
 * 0 or -EINVAL naming @option and @dir in @e.
 */
int sb_out_dir_check(const char *option, const char *dir, struct sb_error *e);

#endif
