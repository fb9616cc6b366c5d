/* SPDX-License-Identifier: GPL-2.0 */
/* The one writer of every output a user names (--json, --markdown, --junit, ...): "-", files, devices, FIFOs, sockets, symlinks. */
#ifndef SB_OUTFILE_H
#define SB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

#include "common/error.h"

/*
 * Write @len bytes to the output @path names: "-" is standard output. A
 * path that is not a regular file of its own is written in place, as a
 * shell's "> path" writes: a symlink is followed, never replaced, and its
 * target truncated and written (its inode, mode and owner stay; a dangling
 * link creates its target), so is a character device or FIFO; a listening
 * socket is connected to. A regular file (or a new one) is replaced
 * atomically (temp + fsync + rename in its directory) with its mode and
 * owner kept; in place when it has other hard links, or when its owner
 * cannot be kept (not root) or its directory takes no new file. A
 * directory is refused (-EISDIR), and so is a block device (-ENOTSUP).
 * Returns 0 or -errno.
 */
int sb_out_write(const char *path, const void *buf, size_t len);
/* What every command with output options says of them in its --help. */
#define SB_OUT_HELP                                                            \
	"Outputs: one that cannot be written there (no such directory, no\n"   \
	"permission, a read-only file system, a directory), named twice, or\n" \
	"one of the command's inputs or inside one exits 2 before any work;\n" \
	"one whose writing fails (a full disk) exits 4. A symlink, FIFO or\n"  \
	"device is written in place (a link's target keeps its mode and\n"     \
	"owner); a regular file is replaced whole, its mode and owner kept.\n"
/* Does output @path (NULL: none) name standard output? Then it has it alone. */
int sb_out_is_stdout(const char *path);

/*
 * An output another program writes by path (QEMU's serial file, the
 * initramfs builder): when *@path is "-", a new temp file (its name into
 * @tmp, @len bytes) takes its place and 1 is returned; sb_out_unstage()
 * then copies it to standard output and removes it. 0 when *@path is not
 * "-" (nothing staged, @tmp ""); -errno.
 */
int sb_out_stage(const char **path, char *tmp, size_t len);
/* A staged output @tmp (nothing when "") to standard output, then removed. 0 or -errno. */
int sb_out_unstage(const char *tmp);

/* Fills the tool section of envelope @env. Returns 0 or -ENOMEM. */
typedef int (*sb_out_fill)(json_t *env, const void *ctx);
/*
 * The one writer of a JSON output: the envelope of @tool and the command
 * line (@argc, @argv), its tool section by @fill(env, @ctx), status "ok",
 * written as sb_out_write() does. Returns 0 or -errno; on a failure @e
 * (see sb_out_error()) names @option and @path.
 */
int sb_out_envelope(const char *path, const char *option, const char *tool,
		    int argc, char **argv, sb_out_fill fill, const void *ctx,
		    struct sb_error *e);
/*
 * Does @rc (a -errno of making or writing an output) say the path cannot
 * be an output there (a directory, no such directory, no permission, a
 * read-only file system...: bad usage, exit 2)? 0 when the writing itself
 * failed (a full disk, an I/O error: the environment, exit 4).
 */
int sb_out_bad_place(int rc);
/*
 * The failure @rc of writing output @option (e.g. "--json") to @path in
 * @e: "--json: PATH: why, with what to do". Returns -EINVAL when the path
 * cannot be an output (a directory, no such directory, no permission...:
 * bad usage), else @rc (writing failed: a full disk, an I/O error).
 */
int sb_out_error(struct sb_error *e, int rc, const char *option,
		 const char *path);

/* An output printed in memory (into .f), then written or dropped. */
struct sb_memfile {
	FILE *f;
	char *buf;
	size_t len;
};
/* Open @m for printing into m->f. Returns 0 or -errno. */
int sb_memfile_open(struct sb_memfile *m);
/* Close @m and write what was printed with sb_out_write(); frees the
 * buffer either way. Returns 0 or -errno. */
int sb_memfile_commit(struct sb_memfile *m, const char *path);
/* Close @m and drop what was printed. */
void sb_memfile_discard(struct sb_memfile *m);

#endif
