// SPDX-License-Identifier: GPL-2.0
/*
 * Accelerator choice: "auto" trusts KVM only after a probe boot of the
 * kernel under test really reached its root mount (an opening /dev/kvm is
 * not enough here), caching the answer per host and QEMU version; then
 * vm_run() boots with it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "common/accel.h"
#include "common/atomicio.h"
#include "common/log.h"
#include "common/envelope.h"
#include "common/fmt.h"
#include "common/jsonread.h"
#include "harness/boot/kernel.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_accel.h"
#include "harness/boot/vm_snapshot.h"

#define PROBE_TIMEOUT_NS (30ULL * 1000000000ULL)

static void set(struct vm_result *res, const char *accel, const char *note)
{
	snprintf(res->accel, sizeof(res->accel), "%s", accel);
	snprintf(res->accel_note, sizeof(res->accel_note), "%.255s", note);
}

static void cache_path(char *buf, size_t len)
{
	struct utsname u;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	snprintf(buf, len, "%s/accel/%s_%s_qemu-%s.json", kernel_cache_dir(),
		 u.nodename, u.release, vm_qemu_version());
}

/* The probe's cache file: what one QEMU on one host kernel said of KVM. */
struct kvm_probe {
	int kvm_works;
	char *note;
};

static const struct sb_field probe_fields[] = {
	{ "schema", SB_F_INT, .check_only = 1, .min = 1, .max = 1, .doc = "1" },
	{ "kvm_works", SB_F_BOOL, offsetof(struct kvm_probe, kvm_works),
	  .required = 1,
	  .doc = "whether the probe boot reached the root mount" },
	{ "note", SB_F_STRDUP, offsetof(struct kvm_probe, note), .required = 1,
	  .doc = "what the probe said" },
	{ "probed_at", SB_F_TEXT, .doc = "ISO 8601 UTC" },
};

static const struct sb_jr_table probe_format =
	SB_JR_TABLE("KVM probe cache", probe_fields, NULL, NULL);

/* 1 with the cached answer, 0 when none (or one its reader refuses). */
static int cached(const char *path, int *kvm, char *note, size_t len)
{
	struct kvm_probe p = { 0 };
	int found = !sb_jr_load(path, &probe_format, &p, NULL, NULL);

	if (found) {
		*kvm = p.kvm_works;
		snprintf(note, len, "%s", p.note);
	}
	free(p.note);
	return found;
}

/* Boot the kernel with KVM and no initrd: reaching the root mount is success. */
static int probe(const struct vm_request *req, char *note, size_t len)
{
	struct vm_request p = *req;
	struct vm_result r;
	char console[4096], detail[180], *text = NULL;
	const char *tmp = getenv("TMPDIR");
	size_t n;
	int fd, ok;

	snprintf(console, sizeof(console), "%s/sb-probe.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(console);
	if (fd < 0) {
		snprintf(note, len, "KVM probe: cannot create a temp file");
		return 0;
	}
	close(fd);
	p.initrd = NULL;
	p.results_out = NULL;
	p.append = NULL;
	p.numa = NULL;
	p.numa_nodes = 0;
	p.console_log = console;
	p.timeout_ns = PROBE_TIMEOUT_NS;
	memset(&r, 0, sizeof(r));
	sb_note("vm: probing KVM with a boot of %s", req->kernel->image);
	if (vm_boot(&p, "kvm", &r)) {
		sb_fmt_words(detail, sizeof(detail), r.detail);
		snprintf(note, len, "KVM probe could not run QEMU: %s", detail);
		unlink(console);
		return 0;
	}
	ok = !sb_read_file(console, &text, &n) &&
	     (strstr(text, "VFS: Unable to mount root") ||
	      strstr(text, "Run /init") || strstr(text, "SLICEBENCH: start"));
	free(text);
	unlink(console);
	if (ok)
		snprintf(note, len, "KVM probe boot reached the root mount");
	else {
		/* QEMU's last line may be long: cut it between words */
		sb_fmt_words(detail, sizeof(detail),
			     r.detail[0] ? r.detail : "no console output");
		snprintf(note, len, "KVM probe boot failed (%s: %s)",
			 vm_status_name(r.status), detail);
	}
	return ok;
}

static void save(const char *path, int kvm, const char *note)
{
	char dir[4096], when[40];
	json_t *j;

	snprintf(dir, sizeof(dir), "%s/accel", kernel_cache_dir());
	if (sb_mkdir_p(dir, 0755))
		return;
	j = json_pack("{s:i, s:b, s:s, s:s}", "schema", 1, "kvm_works", kvm,
		      "note", note, "probed_at",
		      sb_iso_time_now(when, sizeof(when)));
	if (j)
		sb_json_dump_atomic(path, j);
	json_decref(j);
}

/* "auto" without KVM: plain TCG, or the fallback the request names instead. */
static void without_kvm(const struct vm_request *req, struct vm_result *res,
			const char *why)
{
	const struct sb_accel *ac = sb_accel_named(req->without_kvm);
	char note[256], w[220];

	if (!ac || !ac->fallback)
		ac = sb_accel_named("tcg");
	sb_fmt_words(w, sizeof(w), why);
	snprintf(note, sizeof(note), "%s: %s", w, ac->what);
	set(res, ac->name, note);
}

static void choose_auto(const struct vm_request *req, struct vm_result *res)
{
	char path[4096], note[256];
	int kvm = 0, fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);

	if (fd < 0) {
		snprintf(note, sizeof(note), "no usable /dev/kvm (%s)",
			 strerror(errno));
		without_kvm(req, res, note);
		return;
	}
	close(fd);
	cache_path(path, sizeof(path));
	if (!cached(path, &kvm, note, sizeof(note))) {
		kvm = probe(req, note, sizeof(note));
		save(path, kvm, note);
	}
	if (kvm)
		set(res, "kvm", note);
	else
		without_kvm(req, res, note);
}

int vm_choose_accel(const struct vm_request *req, struct vm_result *res)
{
	static char last[300];
	const char *a = req->accel ? req->accel : "auto";
	const struct sb_accel *ac = sb_accel_requested(a);
	char line[300], shown[300];

	if (!ac) {
		snprintf(res->detail, sizeof(res->detail),
			 "accel: \"%s\" is not one of " SB_ACCELS, a);
		return -EINVAL;
	}
	if (ac->probes) {
		choose_auto(req, res);
	} else if (ac->instr_clock && !ac->sealed) {
		snprintf(line, sizeof(line),
			 "requested: fixed-rate virtual time, shift=%d",
			 req->icount_shift);
		set(res, ac->name, line);
	} else {
		set(res, ac->name, "requested");
	}
	snprintf(shown, sizeof(shown), "%s", res->accel_note);
	if (sb_accel_is(res->accel, sealed)) {
		char why[160];

		sb_fmt_words(why, sizeof(why), res->accel_note);
		snprintf(line, sizeof(line),
			 "%s; instructions set the time (shift=%d), seed "
			 "%" PRIu64 ", one vCPU",
			 why, req->icount_shift, req->seed);
		snprintf(res->accel_note, sizeof(res->accel_note), "%.255s",
			 line);
		/* said once a command, not once a seed (the manifest has it) */
		snprintf(shown, sizeof(shown),
			 "%s; instructions set the time (shift=%d), one vCPU",
			 why, req->icount_shift);
	}
	snprintf(line, sizeof(line), "%.15s (%.280s)", res->accel, shown);
	if (strcmp(line, last)) {
		sb_note("vm: accelerator %s", line);
		snprintf(last, sizeof(last), "%s", line);
	}
	return 0;
}

int vm_run(const struct vm_request *req, struct vm_result *res)
{
	struct vm_request one;
	int ret;

	memset(res, 0, sizeof(*res));
	if (!req->kernel || !req->kernel->image[0]) {
		snprintf(res->detail, sizeof(res->detail),
			 "kernel %s has no image to boot",
			 req->kernel ? req->kernel->name : "(none)");
		res->status = VM_QEMU_FAILED;
		return -EINVAL;
	}
	ret = vm_choose_accel(req, res);
	if (ret) {
		res->status = VM_QEMU_FAILED;
		return ret;
	}
	if (sb_accel_is(res->accel, sealed)) {
		/* QEMU 7.2 runs the vCPUs of a TCG guest in turns, and host
		 * events (its RCU thread, the main loop) can end a turn early:
		 * two vCPUs gave 4 different tables in 6 runs of one seed,
		 * one vCPU 16 identical ones (docs/design.md, "Virtual time"). */
		if (req->numa_nodes > 1) {
			snprintf(res->detail, sizeof(res->detail),
				 "virtual time runs one vCPU; the guest asks "
				 "for %d NUMA nodes",
				 req->numa_nodes);
			res->status = VM_QEMU_FAILED;
			return -EINVAL;
		}
		one = *req;
		one.cpus = 1;
		req = &one;
	}
	res->cpus = req->cpus > 0 ? req->cpus : 1;
	if (req->params && vm_snapshot_supported(res->accel) &&
	    !getenv("SLICEBENCH_NO_RESTORE"))
		return vm_snapshot_run(req, res);
	snprintf(res->start, sizeof(res->start), "boot");
	snprintf(res->start_note, sizeof(res->start_note), "%s",
		 !req->params ? "" :
		 getenv("SLICEBENCH_NO_RESTORE") ?
				"restore turned off (SLICEBENCH_NO_RESTORE)" :
				"no restore under this accelerator yet");
	return vm_boot(req, res->accel, res);
}
