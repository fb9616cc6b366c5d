// SPDX-License-Identifier: GPL-2.0
/* Boot once per kernel and guest shape, restore per run: the snapshot's key, its making, the restore, the fallback. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "common/accel.h"
#include "common/atomicio.h"
#include "common/log.h"
#include "common/sha256.h"
#include "harness/boot/cache_lru.h"
#include "harness/boot/capture_cache.h"
#include "harness/boot/kernel.h"
#include "harness/boot/vm_args.h"
#include "harness/boot/vm_snapshot.h"

/* Bump when what the guest does at "ready" changes. */
#define SNAPSHOT_FORMAT 2 /* 2: the RAM in a file of its own */
/* The snapshot boot's RDRAND/RDSEED stream under virtual time: one for
 * every run of a key, not the seed of whichever run made it. */
#define SNAPSHOT_SEED 1
/* Snapshots kept (a sparse RAM file of the guest's memory size, 60-140 MB
 * of it written: configs/merge-check.json on baseline, configs/default.json
 * on debian, and 0.5 MB of state); the least recently used go first.
 * Every new sbguest or scenario is a new initramfs, so a new key. */
#define SNAPSHOTS_KEPT 6

int vm_snapshot_supported(const char *accel)
{
	return sb_accel_is(accel, restores);
}

/*
 * Everything that shapes the saved guest: the images by content, QEMU's
 * version, the accelerator, machine, CPUs, memory, NUMA, the command line.
 */
static int snapshot_key(const struct vm_request *req, const char *accel,
			char hex[SB_SHA256_HEX])
{
	char img[SB_SHA256_HEX], rd[SB_SHA256_HEX], text[8192];
	size_t n;
	int e;

	if ((e = capture_sha256_file(req->kernel->image, img)) ||
	    (e = capture_sha256_file(req->initrd, rd)))
		return e;
	n = (size_t)snprintf(
		text, sizeof(text),
		"format %d\nqemu %s\naccel %s\nicount %d\nmachine %s\n"
		"cpus %d\nmemory %d\nkernel %s\ninitrd %s\nappend %s %s\n",
		SNAPSHOT_FORMAT, vm_qemu_version(), accel, req->icount_shift,
		req->kernel->machine, req->cpus, req->memory_mb, img, rd,
		VM_BASE_APPEND, req->snapshot_append);
	for (int i = 0; req->numa && i < req->numa_nodes && n < sizeof(text);
	     i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "numa %s %d\n", req->numa[i].cpus,
				      req->numa[i].memory_mb);
	if (n >= sizeof(text))
		return -E2BIG;
	sb_sha256_buf(text, n, hex);
	return 0;
}

/* The RAM file of the snapshot (its state) @path: "<key>.ram". */
static void ram_path(const char *path, char *buf, size_t len)
{
	size_t n = strlen(path);

	if (n > 5 && !strcmp(path + n - 5, ".qemu"))
		n -= 5;
	snprintf(buf, len, "%.*s.ram", (int)n, path);
}

/* The RAM files of the snapshot @path deleted: the machine's and its NUMA
 * nodes' ("<key>.ram.N", from 0 on). */
static void remove_ram(const char *path)
{
	char ram[PATH_MAX + 16], node[PATH_MAX + 32];

	ram_path(path, ram, sizeof(ram));
	unlink(ram);
	for (int i = 0;; i++) {
		snprintf(node, sizeof(node), "%s.%d", ram, i);
		if (unlink(node))
			break;
	}
}

/*
 * @lock (a maker's lock file) deleted unless a maker holds it, with the RAM
 * of the snapshot @path it guards: a maker that never finished leaves it.
 */
static void drop_lock(const char *lock, const char *path)
{
	int fd = open(lock, O_RDWR | O_CLOEXEC);

	if (fd >= 0 && !flock(fd, LOCK_EX | LOCK_NB)) {
		if (access(path, F_OK))
			remove_ram(path);
		unlink(lock);
	}
	if (fd >= 0)
		close(fd);
}

void vm_snapshot_prune(const char *dir)
{
	static struct cache_entry k[256];
	char path[PATH_MAX + NAME_MAX + 8];
	size_t n = cache_lru(dir, ".qemu.lock", k, 256);

	for (size_t i = 0; i < n; i++) { /* of snapshots no longer there */
		char lock[sizeof(path)];

		snprintf(lock, sizeof(lock), "%.4000s/%.255s", dir, k[i].name);
		snprintf(path, sizeof(path), "%.*s", (int)strlen(lock) - 5,
			 lock);
		if (access(path, F_OK))
			drop_lock(lock, path);
	}
	n = cache_lru(dir, ".qemu", k, 256);
	for (size_t i = 0; i + (SNAPSHOTS_KEPT - 1) < n; i++) {
		char lock[sizeof(path) + 8];

		snprintf(path, sizeof(path), "%.4000s/%.255s", dir, k[i].name);
		if (unlink(path))
			continue;
		sb_note("vm: snapshot %s deleted (%d kept)", path,
			SNAPSHOTS_KEPT);
		snprintf(lock, sizeof(lock), "%s.lock", path);
		drop_lock(lock, path);
	}
}

static int64_t mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/*
 * Where the reason is kept when the guest of @path cannot be saved (its
 * agent refused, e.g. a kernel without user port I/O): every run of that
 * key boots at once instead of trying again.
 */
static void refusal_path(const char *path, char *buf, size_t len)
{
	snprintf(buf, len, "%.4000s.refused", path);
}

/* Boot @req's snapshot guest and save it into @path at "ready". */
static int make(const struct vm_request *req, const char *accel,
		const char *path, char *why, size_t whylen)
{
	char refused[PATH_MAX + 16], ram[PATH_MAX + 16];
	struct vm_request b = *req;
	struct vm_result r = { 0 };
	char results[PATH_MAX + 16];
	int64_t t0 = mono_ms();
	int e;

	/* the same devices as the runs: the results port goes nowhere */
	snprintf(results, sizeof(results), "%.4000s.results", path);
	/* a new file, never one a restore still maps */
	remove_ram(path);
	ram_path(path, ram, sizeof(ram));
	b.snapshot_ram = ram;
	b.append = req->snapshot_append;
	b.params = NULL;
	b.seed = SNAPSHOT_SEED;
	b.console_log = NULL;
	b.results_out = results;
	b.snapshot_save = path;
	e = vm_boot(&b, accel, &r);
	unlink(results);
	if (!e && r.status != VM_OK)
		e = -EIO;
	if (e) {
		remove_ram(path);
		snprintf(why, whylen, "the snapshot boot failed (%s: %s)",
			 vm_status_name(r.status), r.detail);
	}
	if (e && r.status == VM_GUEST_FAILED) {
		refusal_path(path, refused, sizeof(refused));
		if (sb_write_file_atomic(refused, why, strlen(why)))
			sb_warn("vm: cannot keep %s", refused);
	}
	if (!e)
		sb_note("vm: snapshot %s made in %.1f s", path,
			(double)(mono_ms() - t0) / 1000.0);
	return e;
}

/*
 * The run's values, and under host time the host's wall clock for the
 * guest (sb.time=, ns): the snapshot's would be minutes or days old. Under
 * virtual time the guest keeps the clock it has, the fixed date plus its
 * own time, as a booted run does: a host clock would make every run of a
 * seed different.
 */
static void run_params(const struct vm_request *req, const char *accel,
		       char *buf, size_t len)
{
	struct timespec now;

	if (sb_accel_is(accel, sealed)) {
		snprintf(buf, len, "%s", req->params);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	snprintf(buf, len, "%s sb.time=%lld%09ld", req->params,
		 (long long)now.tv_sec, now.tv_nsec);
}

/* @path's maker's lock, held (flock) until closed; -1 when there is none. */
static int make_lock(const char *path)
{
	char lock[PATH_MAX + 16];
	int fd;

	snprintf(lock, sizeof(lock), "%.4000s.lock", path);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	while (fd >= 0 && flock(fd, LOCK_EX) && errno == EINTR)
		;
	return fd;
}

/* Did this key's guest refuse to be saved? Its reason into @why. */
static int refused(const char *path, char *why, size_t len)
{
	char file[PATH_MAX + 16], *text = NULL;
	size_t n;

	refusal_path(path, file, sizeof(file));
	if (sb_read_file(file, &text, &n))
		return 0;
	snprintf(why, len, "%s", text);
	free(text);
	return 1;
}

int vm_snapshot_run(const struct vm_request *req, struct vm_result *res)
{
	char key[SB_SHA256_HEX], dir[PATH_MAX], path[PATH_MAX + 80];
	char why[600] = "", accel[sizeof(res->accel)], params[1024];
	char append[1024], ram[PATH_MAX + 96];
	struct vm_request l = *req, b = *req, s = *req;
	int e;

	snprintf(accel, sizeof(accel), "%s", res->accel);
	/* under virtual time the guest takes what every restore would
	 * measure the same (preflight, calibration) before "ready" */
	snprintf(append, sizeof(append), "%s%s", req->snapshot_append,
		 sb_accel_is(accel, sealed) ? " sb.virtual=1" : "");
	s.snapshot_append = append;
	snprintf(dir, sizeof(dir), "%.4000s/snapshots", kernel_cache_dir());
	if ((e = snapshot_key(&s, accel, key)) || (e = sb_mkdir_p(dir, 0755)))
		snprintf(why, sizeof(why), "no snapshot key or directory: %s",
			 strerror(-e));
	snprintf(path, sizeof(path), "%s/%.16s.qemu", dir, key);
	ram_path(path, ram, sizeof(ram));
	if (!e && refused(path, why, sizeof(why)))
		e = -EPERM;
	if (!e) {
		/* one maker per key: runs at once (harness/matrix.c) and
		 * other commands wait for its snapshot, not make their own */
		int lock = make_lock(path);

		if (access(path, R_OK) || access(ram, R_OK)) {
			vm_snapshot_prune(dir);
			e = make(&s, accel, path, why, sizeof(why));
		}
		if (lock >= 0)
			close(lock);
	}
	if (!e) /* its last use, for vm_snapshot_prune() */
		utimensat(AT_FDCWD, path, NULL, 0);
	if (!e) {
		run_params(req, accel, params, sizeof(params));
		l.append = append;
		l.params = params;
		l.snapshot_load = path;
		l.snapshot_ram = ram;
		e = vm_boot(&l, accel, res);
		if (!e && res->status != VM_QEMU_FAILED) {
			snprintf(res->start, sizeof(res->start), "restore");
			snprintf(res->start_note, sizeof(res->start_note),
				 "restored from snapshot %.16s", key);
			snprintf(res->snapshot, sizeof(res->snapshot), "%.16s",
				 key);
			return 0;
		}
		/* made again next time: a snapshot that does not restore
		 * would otherwise cost every run a failed try */
		unlink(path);
		remove_ram(path);
		snprintf(why, sizeof(why), "the restore failed: %s",
			 e ? strerror(-e) : res->detail);
	}
	sb_warn("vm: booting instead: %s", why);
	b.params = NULL;
	e = vm_boot(&b, accel, res);
	snprintf(res->start, sizeof(res->start), "boot");
	snprintf(res->start_note, sizeof(res->start_note), "%s", why);
	return e;
}
