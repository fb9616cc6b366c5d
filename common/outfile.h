/* SPDX-License-Identifier: GPL-2.0 */
/* The one writer of every output a user names (--json, --markdown, --junit, ...): "-", files, devices, FIFOs, sockets, symlinks. */
#ifndef SB_OUTFILE_H
#define SB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>

/*
 * Write @len bytes to the output @path names: "-" is standard output; a
 * regular file (or a new one) is replaced atomically (temp + rename in its
 * directory); a character device, FIFO or socket is written in place; a
 * symlink is followed (its target is replaced, not the link); a directory
 * is refused (-EISDIR), and so is a block device (-ENOTSUP). Returns 0 or
 * -errno.
 */
int sb_out_write(const char *path, const void *buf, size_t len);
/* @j as sb_json_text() prints it, through sb_out_write(). */
int sb_out_json(const char *path, const json_t *j);
/* What a failure of sb_out_write() means for the user, with what to do. */
const char *sb_out_why(int rc);
/*
 * The exit code of a failure of sb_out_write(): 2 when the path cannot be
 * an output (a directory, no such directory, no permission...), 3 when
 * writing it failed (a full disk, an I/O error).
 */
int sb_out_exit_code(int rc);

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
