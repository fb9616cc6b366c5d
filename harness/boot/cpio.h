/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A newc ("070701") cpio archive writer, built in memory: what the kernel
 * unpacks as an initramfs. Parent directories are added on demand, names
 * added twice are skipped (the first one wins).
 */
#ifndef SB_BOOT_CPIO_H
#define SB_BOOT_CPIO_H

#include <stddef.h>
#include <sys/types.h>

struct cpio {
	char *buf;
	size_t len, cap;
	unsigned int ino;
	char **names; /* every path added, sorted for lookup */
	size_t names_n, names_cap;
	int error; /* first -errno; later calls become no-ops */
};

void cpio_init(struct cpio *c);
void cpio_free(struct cpio *c);
/* Has @name (no leading '/') been added? */
int cpio_has(const struct cpio *c, const char *name);
/* Each returns 0 (also when @name already exists) or -errno. */
int cpio_add_dir(struct cpio *c, const char *name, mode_t perm);
int cpio_add_data(struct cpio *c, const char *name, mode_t perm,
		  const void *data, size_t len);
/* Copy the host file @src (symlinks followed). */
int cpio_add_file(struct cpio *c, const char *name, mode_t perm,
		  const char *src);
int cpio_add_symlink(struct cpio *c, const char *name, const char *target);
/* @type is S_IFCHR or S_IFBLK. */
int cpio_add_node(struct cpio *c, const char *name, mode_t type, mode_t perm,
		  unsigned int major, unsigned int minor);
/* Append the TRAILER!!! entry; the archive is c->buf[0 .. c->len). */
int cpio_finish(struct cpio *c);

#endif
