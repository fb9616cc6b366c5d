# Booting guests: kernels, initramfs, QEMU.
BOOT_SRCS := harness/boot/cmd_kernel.c
