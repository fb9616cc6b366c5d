// SPDX-License-Identifier: GPL-2.0
/* One run in a VM: prepare the kernel and initramfs once, boot (or restore), then unpack the results. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/accel.h"
#include "common/log.h"
#include "common/atomicio.h"
#include "harness/boot/initramfs.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_accel.h"
#include "harness/features.h"
#include "harness/run_vm.h"
#include "harness/tracefs_rec.h"
#include "harness/unpack.h"

#define BOOT_MARGIN_NS (180ULL * 1000000000ULL) /* boot + stop under TCG */
/* The guest powers itself off this long before the host would kill it. */
#define WATCHDOG_LEAD_NS (60ULL * 1000000000ULL)

struct initramfs_request run_initramfs_request(const struct runner *rn,
					       const struct run_kernel *k,
					       char *init, size_t len)
{
	struct initramfs_request req = { .kernel = &k->ki,
					 .scenario_path = rn->scenario_path,
					 .bin_dir = rn->bin_dir,
					 .init_path = init,
					 .with_perf = rn->sc->trace_perf };

	snprintf(init, len, "%s/harness/guest/init", rn->src_dir);
	_Static_assert(SC_MAX_WORKLOADS <= INITRAMFS_MAX_TOOLS,
		       "every workload's tool fits the request");
	for (int i = 0; i < rn->sc->n_workloads; i++)
		req.tools[req.n_tools++] = rn->sc->workloads[i].tool;
	return req;
}

/* Keep @e's message as the kernel's error; returns -1. */
static int prepare_failed(struct run_kernel *k, const struct sb_error *e)
{
	snprintf(k->error, sizeof(k->error), "%.*s", (int)sizeof(k->error) - 1,
		 e->msg);
	return -1;
}

/* @k's image (kernel_prepare: a fetch or a build), once a command. */
static int prepare_image(struct run_kernel *k)
{
	struct sb_error e;

	if (!k->image_ready)
		k->image_ready =
			kernel_prepare(&k->ki, &e) ? prepare_failed(k, &e) : 1;
	return k->image_ready > 0 ? 0 : -1;
}

int run_vm_prepare(const struct runner *rn, struct run_kernel *k)
{
	char dir[PATH_MAX], init[PATH_MAX + 32];
	struct initramfs_request req;
	struct sb_error e;
	int r;

	if (k->prepared)
		return k->prepared > 0 ? 0 : -1;
	k->prepared = -1;
	if (prepare_image(k))
		return -1;
	snprintf(dir, sizeof(dir), "%s/initramfs", kernel_cache_dir());
	if ((r = sb_mkdir_p(dir, 0755))) {
		snprintf(k->error, sizeof(k->error), "mkdir %.400s: %s", dir,
			 strerror(-r));
		return -1;
	}
	req = run_initramfs_request(rn, k, init, sizeof(init));
	initramfs_prune(dir);
	if (initramfs_build_in(&req, dir, k->initrd, sizeof(k->initrd), &e))
		return prepare_failed(k, &e);
	sb_note("run: initramfs for %s: %s", k->ki.name, k->initrd);
	k->prepared = 1;
	return 0;
}

int run_vm_sealed(const struct runner *rn, struct run_kernel *k)
{
	const struct scenario *sc = rn->sc;
	struct vm_result res;

	memset(&res, 0, sizeof(res));
	return !prepare_image(k) &&
	       !vm_choose_accel(
		       &(struct vm_request){
			       .kernel = &k->ki,
			       .accel = rn->accel,
			       .icount_shift = sc->guest.icount_shift,
			       .seed = scenario_seed(sc, 1),
			       .without_kvm = *sc->guest.without_kvm ?
						      sc->guest.without_kvm :
						      NULL,
			       .cpus = sc->guest.cpus,
			       .memory_mb = sc->guest.memory_mb },
		       &res) &&
	       sb_accel_is(res.accel, sealed);
}

/*
 * The kernel's features as its guest read them (features.txt), kept for
 * the checks before the next boot (run_check_before_boot): once per image.
 */
static void remember_features(const struct run_kernel *k, const char *dir)
{
	char path[PATH_MAX], line[2048], cached[2048];

	snprintf(path, sizeof(path), "%.4000s/features.txt", dir);
	if (features_read(path, line, sizeof(line)) || !*line ||
	    !kernel_features_cached(&k->ki, cached, sizeof(cached)))
		return;
	if (kernel_features_save(&k->ki, line))
		sb_warn("run: cannot keep kernel %s's features in %s",
			k->ki.name, kernel_cache_dir());
}

static json_t *numa_json(const struct scenario *sc)
{
	json_t *a = json_array();

	for (int i = 0; i < sc->guest.n_numa; i++)
		json_array_append_new(
			a,
			json_pack("{s:s,s:i}", "cpus", sc->guest.numa[i].cpus,
				  "memory_mb", sc->guest.numa[i].memory_mb));
	return a;
}

void run_vm(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *dir, struct run_outcome *out)
{
	const struct scenario *sc = rn->sc;
	char append[200], console[PATH_MAX], results[PATH_MAX];
	char pid_file[PATH_MAX], snap_append[80], params[200];
	struct vm_result res;
	uint64_t seed = scenario_seed(sc, r->repeat), limit_ns;
	int rc;

	if (run_vm_prepare(rn, k)) {
		snprintf(out->failure, sizeof(out->failure), "kernel %s: %s",
			 k->ki.name, k->error);
		return;
	}
	if (scenario_run_limit_ns(sc, 2, BOOT_MARGIN_NS, &limit_ns)) {
		snprintf(out->failure, sizeof(out->failure),
			 "warmup + 2 x duration + the boot margin does not "
			 "fit in 64 bits");
		return;
	}
	/* guest init's watchdog (sb.watchdog, seconds of guest time): a guest
	 * whose agent hangs powers off even if no host is left to kill it */
	snprintf(append, sizeof(append),
		 "sb.featureset=%s sb.seed=%" PRIu64 " sb.watchdog=%" PRIu64
		 "%s",
		 r->set, seed,
		 (uint64_t)((limit_ns - WATCHDOG_LEAD_NS) / 1000000000ULL),
		 r->untraced ? " sb.untraced=1" : "");
	/* Restored from a snapshot (vm_run decides where it can), the guest
	 * gets the same values in fw_cfg (vm_snapshot.c adds the clock). */
	snprintf(snap_append, sizeof(snap_append),
		 "sb.snapshot=1 sb.watchdog=%" PRIu64,
		 (uint64_t)((limit_ns - WATCHDOG_LEAD_NS) / 1000000000ULL));
	snprintf(params, sizeof(params),
		 "sb.featureset=%s sb.seed=%" PRIu64 "%s", r->set, seed,
		 r->untraced ? " sb.untraced=1" : "");
	snprintf(console, sizeof(console), "%.4000s/console.log", dir);
	snprintf(results, sizeof(results), "%.4000s/results.tar", dir);
	snprintf(pid_file, sizeof(pid_file), "%.4000s/" PLAN_VM_PID_FILE, dir);
	memset(&res, 0, sizeof(res));
	rc = vm_run(
		&(struct vm_request){
			.kernel = &k->ki,
			.initrd = k->initrd,
			.accel = rn->accel,
			.icount_shift = sc->guest.icount_shift,
			.seed = seed,
			.without_kvm = *sc->guest.without_kvm ?
					       sc->guest.without_kvm :
					       NULL,
			.cpus = sc->guest.cpus,
			.memory_mb = sc->guest.memory_mb,
			.numa = sc->guest.n_numa ? sc->guest.numa : NULL,
			.numa_nodes = sc->guest.n_numa,
			.append = append,
			.params = params,
			.snapshot_append = snap_append,
			.console_log = console,
			.results_out = results,
			.timeout_ns = limit_ns,
			.pid_file = pid_file },
		&res);
	out->vm = json_pack(
		"{s:s,s:s,s:s,s:I,s:s,s:i,s:i,s:o,s:I,s:I,s:o,s:s,s:s,s:o}",
		"qemu_version", res.qemu_version, "accel", res.accel,
		"accel_note", res.accel_note, "seed", (json_int_t)seed,
		"machine", k->ki.machine, "cpus", res.cpus, "memory_mb",
		sc->guest.memory_mb, "numa", numa_json(sc), "wall_ms",
		(json_int_t)(res.wall_ns / 1000000), "boot_to_user_ms",
		(json_int_t)(res.boot_to_user_ns / 1000000),
		"workloads_host_ms",
		res.workloads_host_ns ?
			json_integer(
				(json_int_t)(res.workloads_host_ns / 1000000)) :
			json_null(),
		"start", res.start, "start_note", res.start_note, "snapshot",
		*res.snapshot ? json_string(res.snapshot) : json_null());
	snprintf(out->accel, sizeof(out->accel), "%s", res.accel);
	snprintf(out->qemu_version, sizeof(out->qemu_version), "%s",
		 res.qemu_version);
	/* the guest's clock rate in virtual time: a fact of its regime */
	if (out->vm && sb_accel_is(res.accel, instr_clock))
		json_object_set_new(out->vm, "icount_shift",
				    json_integer(sc->guest.icount_shift));
	if (rc)
		snprintf(out->failure, sizeof(out->failure), "qemu: %s",
			 res.detail);
	else if (res.status != VM_OK)
		snprintf(out->failure, sizeof(out->failure), "%s: %s",
			 vm_status_name(res.status), res.detail);
}

void run_vm_collect(const struct run_kernel *k, const char *dir,
		    struct run_outcome *out)
{
	char path[PATH_MAX];
	struct sb_error e;

	if ((results_unpack(dir, &e) || tfs_assemble(dir, &e)) &&
	    !*out->failure)
		snprintf(out->failure, sizeof(out->failure), "%s", e.msg);
	remember_features(k, dir);
	snprintf(path, sizeof(path), "%.4000s/agent.json", dir);
	if (access(path, F_OK)) {
		if (!*out->failure)
			snprintf(out->failure, sizeof(out->failure),
				 "the guest sent no agent.json");
		return;
	}
	if (sb_agent_load(path, &out->agent, &e)) {
		if (!*out->failure)
			snprintf(out->failure, sizeof(out->failure), "%s",
				 e.msg);
		return;
	}
	out->has_agent = 1;
	if (out->agent.failure) /* the guest's own reason says most */
		snprintf(out->failure, sizeof(out->failure), "guest: %s",
			 out->agent.failure);
}
