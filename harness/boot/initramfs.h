/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Guest initramfs: busybox-static, the agent and every program of the
 * workload list with the libraries ldd lists, modules the kernel needs, the
 * scenario and the guest init, written as a newc cpio archive.
 *
 * Layout the guest side relies on (see docs/formats.md):
 *   /init                         harness/guest/init (busybox sh)
 *   /bin/busybox + applet links
 *   /bin/sbguest                  the guest agent (static)
 *   /bin/<workload>               each listed workload built here (static;
 *                                 workloads/registry/list.h)
 *   /usr/bin/<workload>           each listed external one (cyclictest,
 *                                 hackbench, stress-ng) + its libraries;
 *                                 with a scenario, those it runs only
 *   /usr/bin/perf                 only when with_perf
 *   /etc/slicebench/scenario.json the scenario, as given
 */
#ifndef SB_INITRAMFS_H
#define SB_INITRAMFS_H

#include <stddef.h>

#include "common/error.h"
#include "common/sha256.h"
#include "harness/boot/kernel.h"

/* The most workloads a request names (a scenario's, SC_MAX_WORKLOADS). */
#define INITRAMFS_MAX_TOOLS 64

struct initramfs_request {
	const struct kernel_info *kernel;
	const char *scenario_path;
	/*
	 * The tools a scenario's workloads run (n_tools of them), or every
	 * tool when all_tools: of the external programs, only those are
	 * packed (stress-ng alone brings 30 MB of libraries, which every boot
	 * unpacks and every snapshot keeps).
	 */
	const char *tools[INITRAMFS_MAX_TOOLS];
	int n_tools, all_tools;
	const char *bin_dir; /* where the static binaries are: build/bin */
	const char *init_path; /* harness/guest/init */
	int with_perf; /* add perf and its libraries (cross-check tests) */
	const char *out_path; /* the cpio archive to write (atomically) */
	int agent_optional; /* boot tests with their own init: sbguest may be absent */
};

/*
 * Build the archive. Reuses @out_path when it was built from the same key.
 * Returns 0 or a -errno with @e: -EINVAL or -ENAMETOOLONG (an input the
 * request names is unreadable), -ENOPKG (a program such as busybox or
 * cyclictest is missing, named), another for what failed on this host.
 */
int initramfs_build(const struct initramfs_request *req, struct sb_error *e);

/*
 * The same into @dir (out_path unused), named by the archive's content
 * key (every item's name, mode and source and every packed file's
 * SHA-256): <dir>/<kernel>-<16 hex digits>.cpio into @out. Archives of
 * one key hold the same bytes, so a name is never rewritten with other
 * programs under a running command (a rebuild, another checkout on the
 * same cache). Errors as initramfs_build(), or -ENAMETOOLONG.
 */
int initramfs_build_in(const struct initramfs_request *req, const char *dir,
		       char *out, size_t len, struct sb_error *e);

/*
 * Archives in @dir (each with its .plan stamp, touched at each use) beyond
 * the INITRAMFS_KEPT last used and unused for INITRAMFS_UNUSED_S deleted:
 * a content key is a new archive for every build of the guest's programs.
 */
#define INITRAMFS_KEPT 16
#define INITRAMFS_UNUSED_S (24 * 3600)
void initramfs_prune(const char *dir);

/*
 * Would the archive @req describes (out_path unused) hold each of the @n
 * @progs on the guest's PATH (/bin, /sbin, /usr/bin, /usr/sbin)? 0 yes,
 * 1 with @missing the index of the first that it would not, else a -errno
 * with @e as initramfs_build(). The plan is made once for all of them.
 */
int initramfs_missing_program(const struct initramfs_request *req,
			      const char *const *progs, size_t n,
			      size_t *missing, struct sb_error *e);

#endif
