/* SPDX-License-Identifier: GPL-2.0 */
/* A kernel under test as the harness knows it: the types, apart from the functions, so that its backends need not include kernel.h. */
#ifndef SB_BOOT_KERNEL_INFO_H
#define SB_BOOT_KERNEL_INFO_H

#include <limits.h>

/* Where the runs of a kernel happen. */
enum kernel_run {
	RUN_IN_VM, /* a QEMU guest booting the kernel's image */
	RUN_ON_HOST, /* no VM: the running kernel */
};

/* The kind of a kernel: how it is found and made ready (kernel_backends.h). */
struct kernel_backend;

struct kernel_info {
	char name[64]; /* descriptor name, or the NAME of NAME=PATH */
	const struct kernel_backend *backend; /* its kind: debian, source, ... */
	char description[256];
	char image[PATH_MAX]; /* bootable image; "" for host */
	char modules_dir[PATH_MAX]; /* .../lib/modules/<release>, or "" */
	char config_path[PATH_MAX]; /* kernel .config, or "" */
	char config_sha256[65]; /* of config_path, or "" */
	char release[128]; /* uname -r of the image, or "" if unknown */
	char source[512]; /* package name+version, tree+patch hash, or path */
	char machine[16]; /* QEMU machine type: "pc" or "microvm" */
	int custom_slices; /* 1: kernel >= 6.12 (EEVDF slices), 0: not */
	/* Where it comes from, as the descriptor says (paths made absolute): */
	char descriptor[PATH_MAX]; /* kernels/<name>/kernel.json, or "" */
	char package[128]; /* debian: package name pattern (a glob) */
	char version[64]; /* debian: "NAME@6.12.107" pins that point release */
	char tree[PATH_MAX]; /* source: tarball or tree; KSRC overrides */
	char config[PATH_MAX]; /* source: a full .config, or "" (fragment) */
	char fragment[PATH_MAX]; /* source: config fragment, or "" (config) */
	char series[PATH_MAX]; /* source: patches/series, or "" for none */
	char commit[64]; /* source: a commit of the git tree, or "" (as is) */
	char build_log[PATH_MAX]; /* source: log of the last build, or "" */
};

#endif
