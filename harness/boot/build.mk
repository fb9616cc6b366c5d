# Booting guests: kernels, initramfs, QEMU.
BOOT_CORE_SRCS := harness/boot/kernel.c harness/boot/kernel_debian.c \
		  harness/boot/kernel_source.c harness/boot/initramfs.c \
		  harness/boot/cpio.c harness/boot/vm.c harness/boot/vm_accel.c \
		  harness/boot/capture.c harness/boot/sha256.c \
		  harness/boot/fmt.c
BOOT_SRCS := $(BOOT_CORE_SRCS) harness/boot/cmd_kernel.c
