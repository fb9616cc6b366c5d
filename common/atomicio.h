/* SPDX-License-Identifier: GPL-2.0 */
/* Atomic file writes (temp file + fsync + rename; also of text printed in memory) and directory helpers. */
#ifndef SB_ATOMICIO_H
#define SB_ATOMICIO_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include <jansson.h>

/* Write @len bytes to @path atomically. Returns 0 or -errno. */
int sb_write_file_atomic(const char *path, const void *buf, size_t len);
/* A file printed in memory (into .f), then written atomically or dropped. */
struct sb_memfile {
	FILE *f;
	char *buf;
	size_t len;
};
/* Open @m for printing into m->f. Returns 0 or -errno. */
int sb_memfile_open(struct sb_memfile *m);
/* Close @m and write what was printed to @path atomically; frees the
 * buffer either way. Returns 0 or -errno. */
int sb_memfile_commit(struct sb_memfile *m, const char *path);
/* Close @m and drop what was printed. */
void sb_memfile_discard(struct sb_memfile *m);
/* Dump @j (indented, keys in insertion order, trailing newline) atomically. */
int sb_json_dump_atomic(const char *path, const json_t *j);
/* Read a whole file into a NUL-terminated malloc'd buffer. Returns 0 or -errno. */
int sb_read_file(const char *path, char **buf, size_t *len);
/* mkdir -p. Returns 0 or -errno. */
int sb_mkdir_p(const char *path, mode_t mode);
/* rm -r of a directory tree (used to drop temp dirs). Returns 0 or -errno. */
int sb_rm_rf(const char *path);

#endif
