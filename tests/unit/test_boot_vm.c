// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the QEMU command line for each accelerator, machine and shape. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "common/accel.h"
#include "harness/boot/kernel.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_args.h"

static struct vm_args args;
static char line[20000];

static const char *cmdline(const struct vm_request *req, const char *accel)
{
	size_t o = 0;

	memset(&args, 0, sizeof(args));
	assert_int_equal(vm_build_args(&args, req, accel, "/c.log"), 0);
	line[0] = '\0';
	for (int i = 0; i < args.n; i++)
		o += (size_t)snprintf(line + o, sizeof(line) - o, "%s%s",
				      i ? " " : "", args.v[i]);
	assert_null(args.v[args.n]);
	return line;
}

static void has(const char *text, const char *part)
{
	if (!strstr(text, part))
		fail_msg("\"%s\" lacks \"%s\"", text, part);
}

static struct kernel_info kernel(const char *machine)
{
	struct kernel_info ki = { 0 };

	strcpy(ki.image, "/k/vmlinuz");
	strcpy(ki.machine, machine);
	return ki;
}

static void test_tcg_pc(void **state)
{
	struct kernel_info ki = kernel("pc");
	struct vm_request req = { .kernel = &ki,
				  .initrd = "/i.cpio",
				  .cpus = 2,
				  .memory_mb = 1024,
				  .append = "sb.featureset=X sb.seed=1",
				  .results_out = "/r,x.tar" };
	const char *c = cmdline(&req, "tcg");

	(void)state;
	has(c, "qemu-system-x86_64 -M pc -accel tcg,thread=single -cpu max "
	       "-smp 2 -m 1024 -kernel /k/vmlinuz -initrd /i.cpio -append");
	assert_string_equal(args.v[16], "console=ttyS0 quiet panic=-1 "
					"no_timer_check cryptomgr.notests=1 "
					"sb.featureset=X sb.seed=1");
	has(c, " -nographic -no-reboot -nic none -serial file:/c.log "
	       "-monitor none -device virtio-serial-pci -chardev "
	       "file,id=res,path=/r,,x.tar -device "
	       "virtserialport,chardev=res,name=results");
}

static void test_kvm_and_icount(void **state)
{
	struct kernel_info ki = kernel("microvm");
	struct vm_request req = { .kernel = &ki,
				  .icount_shift = 3,
				  .results_out = "/r" };
	const char *c;

	(void)state;
	c = cmdline(&req, "kvm");
	has(c, "-M microvm -accel kvm -cpu host -smp 1 -m 1024 ");
	has(c, "-device virtio-serial-device -chardev file,id=res,path=/r ");
	c = cmdline(&req, "icount");
	has(c, "-accel tcg,thread=single -cpu max -icount "
	       "shift=3,sleep=off,align=off -smp 1 ");
	assert_null(strstr(c, "-seed"));
	assert_null(strstr(c, "-initrd"));
}

static void test_virtual(void **state)
{
	struct kernel_info ki = kernel("pc");
	struct vm_request req = { .kernel = &ki,
				  .icount_shift = 2,
				  .seed = 18446744073709551615ULL,
				  .cpus = 2 };
	const char *c = cmdline(&req, "virtual");

	(void)state;
	has(c, "-M pc,i8042=off,vmport=off -accel tcg,thread=single -cpu max "
	       "-icount shift=2,sleep=off,align=off -rtc "
	       "base=2024-01-01T00:00:00,clock=vm -seed 18446744073709551615 ");
	req.seed = 7;
	req.results_out = "/r";
	has(cmdline(&req, "virtual"), " -seed 7 ");
	has(line, " -device virtio-serial-pci,ioeventfd=off -chardev ");
	ki = kernel("microvm");
	has(cmdline(&req, "virtual"), "-M microvm -accel");
	has(line, " -global virtio-mmio.ioeventfd=off -device "
		  "virtio-serial-device -chardev ");
	has(cmdline(&req, "tcg"), " -device virtio-serial-device -chardev ");
	assert_null(strstr(line, "ioeventfd"));
	assert_non_null(sb_accel_requested("virtual"));
	assert_non_null(sb_accel_requested("icount"));
	assert_null(sb_accel_requested("Virtual"));
	assert_null(sb_accel_requested(NULL));
	/* a name QEMU never boots with gives no command line */
	assert_int_equal(vm_build_args(&args, &req, "auto", "/c"), -EINVAL);
	assert_int_equal(vm_build_args(&args, &req, "none", "/c"), -EINVAL);
}

static void test_numa_no_results(void **state)
{
	struct kernel_info ki = kernel("");
	struct vm_numa_node nodes[] = { { "0", 512 }, { "1-2", 256 } };
	struct vm_request req = {
		.kernel = &ki, .cpus = 3, .numa = nodes, .numa_nodes = 2
	};
	const char *c = cmdline(&req, "tcg");

	(void)state;
	has(c, "-M pc ");
	has(c, "-object memory-backend-ram,id=mem0,size=512M -numa "
	       "node,nodeid=0,cpus=0,memdev=mem0 -object "
	       "memory-backend-ram,id=mem1,size=256M -numa "
	       "node,nodeid=1,cpus=1-2,memdev=mem1 -kernel");
	assert_null(strstr(c, "virtserialport"));
	assert_string_equal(args.v[args.n - 1], "none");
}

static void test_overflow(void **state)
{
	static char big[20000];
	struct kernel_info ki = kernel("pc");
	struct vm_request req = { .kernel = &ki, .append = big };

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	memset(&args, 0, sizeof(args));
	assert_int_equal(vm_build_args(&args, &req, "tcg", "/c"), -E2BIG);
}

/*
 * A restore: the state from stdin once QMP asks for it, the RAM mapped
 * privately from its file, the run's values in fw_cfg.
 */
static void test_restore(void **state)
{
	struct kernel_info ki = kernel("pc");
	struct vm_request req = { .kernel = &ki,
				  .initrd = "/i.cpio",
				  .append = "sb.snapshot=1",
				  .results_out = "/r.tar",
				  .params = "sb.featureset=X,Y sb.seed=3",
				  .snapshot_load = "/s.qemu",
				  .snapshot_ram = "/s,1.ram",
				  .memory_mb = 512,
				  .qmp_socket = "/q,s" };
	const char *c = cmdline(&req, "tcg");

	(void)state;
	has(c, "-M pc,memory-backend=ram ");
	has(c, " -m 512 -object memory-backend-file,id=ram,size=512M,"
	       "mem-path=/s,,1.ram,share=off -kernel ");
	has(c, " -qmp unix:/q,,s,server=on,wait=off -incoming defer -fw_cfg "
	       "name=opt/sb/params,string=sb.featureset=X,,Y sb.seed=3");
	/* a snapshot's boot: QMP, the RAM written through, no incoming
	 * state, no values */
	req.snapshot_load = NULL;
	req.snapshot_save = "/s.qemu";
	c = cmdline(&req, "tcg");
	has(c, "mem-path=/s,,1.ram,share=on -kernel ");
	has(c, " -qmp unix:/q,,s,server=on,wait=off");
	assert_null(strstr(c, "-incoming"));
	assert_null(strstr(c, "-fw_cfg"));
}

/* With NUMA nodes each node's RAM is a file of its own. */
static void test_restore_numa(void **state)
{
	struct kernel_info ki = kernel("pc");
	struct vm_numa_node nodes[] = { { "0", 512 }, { "1", 256 } };
	struct vm_request req = { .kernel = &ki,
				  .cpus = 2,
				  .numa = nodes,
				  .numa_nodes = 2,
				  .snapshot_load = "/s.qemu",
				  .snapshot_ram = "/s.ram",
				  .qmp_socket = "/q" };
	const char *c = cmdline(&req, "tcg");

	(void)state;
	has(c, "-M pc ");
	assert_null(strstr(c, "memory-backend=ram"));
	has(c, "-object memory-backend-file,id=mem0,size=512M,"
	       "mem-path=/s.ram.0,share=off -numa "
	       "node,nodeid=0,cpus=0,memdev=mem0 -object "
	       "memory-backend-file,id=mem1,size=256M,mem-path=/s.ram.1,"
	       "share=off -numa node,nodeid=1,cpus=1,memdev=mem1 -kernel");
}

static void test_status_names(void **state)
{
	(void)state;
	assert_string_equal(vm_status_name(VM_OK), "ok");
	assert_string_equal(vm_status_name(VM_TIMEOUT), "timeout");
	assert_string_equal(vm_status_name(VM_PANIC), "panic");
	assert_string_equal(vm_status_name(VM_GUEST_FAILED), "guest_failed");
	assert_string_equal(vm_status_name(VM_QEMU_FAILED), "qemu_failed");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tcg_pc),
		cmocka_unit_test(test_kvm_and_icount),
		cmocka_unit_test(test_virtual),
		cmocka_unit_test(test_numa_no_results),
		cmocka_unit_test(test_overflow),
		cmocka_unit_test(test_restore),
		cmocka_unit_test(test_restore_numa),
		cmocka_unit_test(test_status_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
