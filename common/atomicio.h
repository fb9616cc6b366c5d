/* SPDX-License-Identifier: GPL-2.0 */
/* Atomic file writes (temp file + fsync + rename), JSON text, and directory helpers. */
#ifndef SB_ATOMICIO_H
#define SB_ATOMICIO_H

#include <stddef.h>
#include <sys/types.h>
#include <jansson.h>

/* Write @len bytes to @path atomically. Returns 0 or -errno. */
int sb_write_file_atomic(const char *path, const void *buf, size_t len);
/* The significant digits of reals in the project's files. */
#define SB_JSON_DIGITS 15
/* @j indented, keys in insertion order, a trailing newline; malloc'd text
 * of *@len bytes, or NULL when out of memory. */
char *sb_json_text(const json_t *j, size_t *len);
/* Dump @j (indented, keys in insertion order, trailing newline) atomically. */
int sb_json_dump_atomic(const char *path, const json_t *j);
/* Read a whole file into a NUL-terminated malloc'd buffer. Returns 0 or -errno. */
int sb_read_file(const char *path, char **buf, size_t *len);
/*
 * A JSON file a person may have written into *@out, a leading UTF-8
 * byte-order mark skipped. Returns 0, -EBADMSG (not JSON: @je says where
 * and why), or the -errno of reading it (@je's text "cannot read: ...").
 */
int sb_json_load(const char *path, size_t flags, json_t **out,
		 json_error_t *je);
/* mkdir -p. Returns 0 or -errno. */
int sb_mkdir_p(const char *path, mode_t mode);
/* rm -r of a directory tree (used to drop temp dirs). Returns 0 or -errno. */
int sb_rm_rf(const char *path);

#endif
