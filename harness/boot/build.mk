# Booting guests: kernels, initramfs, QEMU.
# Every harness/boot/kernel_*.c: a new kind of kernel is its file plus its
# row in kernel_backends.c, nothing here.
BOOT_CORE_SRCS := harness/boot/kernel.c \
		  $(sort $(wildcard harness/boot/kernel_*.c)) \
		  harness/boot/build_progress.c \
		  harness/boot/initramfs.c \
		  harness/boot/cpio.c harness/boot/vm.c harness/boot/vm_args.c \
		  harness/boot/vm_accel.c harness/boot/vm_snapshot.c \
		  harness/boot/cache_lru.c \
		  harness/boot/vm_limit.c \
		  harness/boot/qmp.c \
		  harness/boot/capture.c harness/boot/capture_cache.c \
		  $(WL_REGISTRY_SRCS)
BOOT_SRCS := $(BOOT_CORE_SRCS) $(wildcard harness/boot/cmd_kernel*.c)
UNIT_TESTS += test_boot_kernel test_boot_cpio test_boot_build
test_boot_kernel_SRCS := tests/unit/test_boot_kernel.c $(BOOT_CORE_SRCS) $(COMMON_SRCS) \
			 $(COMMON_HOST_SRCS)
test_boot_kernel_LDLIBS := -ljansson -lmd -lm
test_boot_cpio_SRCS := tests/unit/test_boot_cpio.c harness/boot/cpio.c \
		       harness/boot/capture.c $(COMMON_SRCS)
test_boot_cpio_LDLIBS := -ljansson -lmd -lm
test_boot_build_SRCS := tests/unit/test_boot_build.c harness/boot/kernel_build.c \
			harness/boot/capture.c $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_boot_build_LDLIBS := -ljansson -lmd -lm
UNIT_TESTS += test_boot_build_progress
test_boot_build_progress_SRCS := tests/unit/test_boot_build_progress.c \
				 harness/boot/build_progress.c $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_boot_build_progress_LDLIBS := -ljansson -lmd -lm
# A backend of its own added to the real table (kernel_backends.c, included).
UNIT_TESTS += test_boot_backend
test_boot_backend_SRCS := tests/unit/test_boot_backend.c \
			  $(filter-out harness/boot/kernel_backends.c,$(BOOT_CORE_SRCS)) \
			  $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_boot_backend_LDLIBS := -ljansson -lmd -lm
UNIT_TESTS += test_boot_vm
test_boot_vm_SRCS := tests/unit/test_boot_vm.c harness/boot/vm_args.c \
		     harness/boot/vm.c harness/boot/qmp.c harness/boot/capture.c \
		     harness/boot/vm_limit.c \
		     $(COMMON_SRCS)
test_boot_vm_LDLIBS := -ljansson -lm
UNIT_TESTS += test_boot_vm_limit test_boot_qmp
test_boot_vm_limit_SRCS := tests/unit/test_boot_vm_limit.c harness/boot/vm_limit.c
test_boot_qmp_SRCS := tests/unit/test_boot_qmp.c harness/boot/qmp.c
test_boot_qmp_LDLIBS := -ljansson
UNIT_TESTS += test_boot_capture_cache test_boot_cache_prune
test_boot_cache_prune_SRCS := tests/unit/test_boot_cache_prune.c \
				 $(BOOT_CORE_SRCS) $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_boot_cache_prune_LDLIBS := -ljansson -lmd -lm
test_boot_capture_cache_SRCS := tests/unit/test_boot_capture_cache.c \
				$(BOOT_CORE_SRCS) $(COMMON_SRCS) $(COMMON_HOST_SRCS)
test_boot_capture_cache_LDLIBS := -ljansson -lmd -lm
