// SPDX-License-Identifier: GPL-2.0
/*
 * The QEMU command line of a boot: machine, accelerator, guest shape,
 * kernel and initrd, serial console to a file, the "results" port.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness/boot/kernel.h"
#include "harness/boot/vm_args.h"
#include "harness/boot/vm_request.h"
#include "common/accel.h"

static void arg(struct vm_args *a, const char *fmt, ...)
{
	size_t room = sizeof(a->store) - a->used;
	va_list ap;
	int n;

	if (a->overflow || a->n + 2 > (int)(sizeof(a->v) / sizeof(a->v[0]))) {
		a->overflow = 1;
		return;
	}
	va_start(ap, fmt);
	n = vsnprintf(a->store + a->used, room, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= room) {
		a->overflow = 1;
		return;
	}
	a->v[a->n++] = a->store + a->used;
	a->v[a->n] = NULL;
	a->used += (size_t)n + 1;
}

/* @prefix + @path with QEMU's option escaping (a comma is written twice)
 * + @suffix. */
static void arg_path(struct vm_args *a, const char *prefix, const char *path,
		     const char *suffix)
{
	char buf[2 * 4096 + 64];
	size_t o = strlen(prefix);

	if (o >= sizeof(buf)) {
		a->overflow = 1;
		return;
	}
	memcpy(buf, prefix, o);
	for (; *path && o + 2 < sizeof(buf); path++) {
		if (*path == ',')
			buf[o++] = ',';
		buf[o++] = *path;
	}
	if (*path)
		a->overflow = 1;
	buf[o] = '\0';
	arg(a, "%s%s", buf, suffix);
}

/* The guest's wall clock at power-on when sealed: a fixed date. */
#define VIRTUAL_RTC_BASE "2024-01-01T00:00:00"

/*
 * TCG rows run one host thread for all vCPUs (thread=single): with QEMU
 * 7.2's multi-threaded TCG, guests here hit "Oops: int3" (a stale
 * translation of kernel text patched across CPUs: static keys, flipped by
 * sched features and tracing) in about one run in six, and soft lockups.
 * Single-threaded TCG ran as fast here. icount implies it.
 */
static void accel_args(struct vm_args *a, const struct sb_accel *ac,
		       const struct vm_request *req)
{
	arg(a, "-accel");
	arg(a, "%s", ac->qemu_accel);
	arg(a, "-cpu");
	arg(a, "%s", ac->qemu_cpu);
	if (ac->instr_clock) {
		arg(a, "-icount");
		arg(a, "shift=%d,sleep=off,align=off", req->icount_shift);
	}
	if (ac->sealed) {
		/* The RTC from a fixed date, ticking in guest time (else the
		 * guest reads the host's clock at boot and while it polls
		 * the update bit); RDRAND/RDSEED from the seed, not the host. */
		arg(a, "-rtc");
		arg(a, "base=%s,clock=vm", VIRTUAL_RTC_BASE);
		arg(a, "-seed");
		arg(a, "%" PRIu64, req->seed);
	}
}

/*
 * One memory backend @id of @mb MiB: anonymous, or with a snapshot the RAM
 * file (node @node's, or the machine's when @node < 0; vm_request.h).
 */
static void backend(struct vm_args *a, const struct vm_request *req,
		    const char *id, int mb, int node)
{
	char pre[96], path[4200];

	arg(a, "-object");
	if (!req->snapshot_ram) {
		arg(a, "memory-backend-ram,id=%s,size=%dM", id, mb);
		return;
	}
	snprintf(pre, sizeof(pre),
		 "memory-backend-file,id=%s,size=%dM,mem-path=", id, mb);
	if (node < 0)
		snprintf(path, sizeof(path), "%s", req->snapshot_ram);
	else
		snprintf(path, sizeof(path), "%s.%d", req->snapshot_ram, node);
	arg_path(a, pre, path, req->snapshot_save ? ",share=on" : ",share=off");
}

static void memory_args(struct vm_args *a, const struct vm_request *req)
{
	int mb = req->memory_mb > 0 ? req->memory_mb : 1024;

	arg(a, "-m");
	arg(a, "%d", mb);
	if (req->snapshot_ram && !req->numa_nodes)
		backend(a, req, "ram", mb, -1);
	for (int i = 0; req->numa && i < req->numa_nodes; i++) {
		char id[16];

		snprintf(id, sizeof(id), "mem%d", i);
		backend(a, req, id, req->numa[i].memory_mb, i);
		arg(a, "-numa");
		arg(a, "node,nodeid=%d,cpus=%s,memdev=mem%d", i,
		    req->numa[i].cpus, i);
	}
}

int vm_build_args(struct vm_args *a, const struct vm_request *req,
		  const char *accel, const char *console)
{
	const char *machine = req->kernel->machine[0] ? req->kernel->machine :
							"pc";
	const struct sb_accel *ac = sb_accel_named(accel);

	if (!ac || !ac->qemu_accel)
		return -EINVAL;
	arg(a, VM_QEMU);
	arg(a, "-M");
	/* Under virtual time, no PS/2 controller (its mouse probe alone
	 * polls for a long stretch of guest time; docs/performance.md) and
	 * no VMware port (it answers with the host's time). */
	arg(a, "%s%s%s", machine,
	    !ac->sealed || strcmp(machine, "pc") ? "" : ",i8042=off,vmport=off",
	    req->snapshot_ram && !req->numa_nodes ? ",memory-backend=ram" : "");
	accel_args(a, ac, req);
	arg(a, "-smp");
	arg(a, "%d", req->cpus > 0 ? req->cpus : 1);
	memory_args(a, req);
	arg(a, "-kernel");
	arg(a, "%s", req->kernel->image);
	if (req->initrd) {
		arg(a, "-initrd");
		arg(a, "%s", req->initrd);
	}
	arg(a, "-append");
	arg(a, VM_BASE_APPEND "%s%s", req->append ? " " : "",
	    req->append ? req->append : "");
	arg(a, "-nographic");
	arg(a, "-no-reboot");
	arg(a, "-nic");
	arg(a, "none");
	arg(a, "-serial");
	arg(a, "file:%s", console);
	arg(a, "-monitor");
	arg(a, "none");
	if (req->results_out) {
		/* Under virtual time a virtio kick is served at once, in the
		 * vCPU's thread: through an ioeventfd QEMU's main loop serves
		 * it when the host gets to it, while the guest driver spins
		 * for the answer (virtio_console's probe), and 3 of 8 runs of
		 * one seed diverged there; without, 8 of 8 were identical. */
		int sync_kick = ac->sealed;

		if (sync_kick && !strcmp(machine, "microvm")) {
			arg(a, "-global");
			arg(a, "virtio-mmio.ioeventfd=off");
		}
		arg(a, "-device");
		arg(a, "%s%s",
		    strcmp(machine, "microvm") ? "virtio-serial-pci" :
						 "virtio-serial-device",
		    sync_kick && strcmp(machine, "microvm") ? ",ioeventfd=off" :
							      "");
		arg(a, "-chardev");
		arg_path(a, "file,id=res,path=", req->results_out, "");
		arg(a, "-device");
		arg(a, "virtserialport,chardev=res,name=results");
	}
	if (req->qmp_socket) {
		arg(a, "-qmp");
		arg_path(a, "unix:", req->qmp_socket, ",server=on,wait=off");
	}
	if (req->snapshot_load) {
		/* the state from stdin (vm_boot; no shell, no path quoting),
		 * once QMP has said the RAM is not in it (qmp_resume) */
		arg(a, "-incoming");
		arg(a, "defer");
		arg(a, "-fw_cfg");
		arg_path(a, "name=opt/sb/params,string=", req->params ?: "",
			 "");
	}
	return a->overflow ? -E2BIG : 0;
}
