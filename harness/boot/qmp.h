/* SPDX-License-Identifier: GPL-2.0 */
/* A QMP client for one QEMU: connect, commands, a snapshot saved to a file, a restored guest resumed. */
#ifndef SB_BOOT_QMP_H
#define SB_BOOT_QMP_H

#include <stdint.h>

struct qmp {
	int fd;
	char buf[8192];
	size_t len;
	long long id; /* of the last command sent */
};

/*
 * Connect to QEMU's QMP socket @path (retrying while QEMU creates it, until
 * @deadline_ns of CLOCK_MONOTONIC) and leave the greeting's mode. Returns 0
 * or -errno with @why set.
 */
int qmp_open(struct qmp *q, const char *path, int64_t deadline_ns, char *why,
	     size_t whylen);
void qmp_close(struct qmp *q);

/*
 * Stop the guest, migrate its state into @path (written beside it, then
 * renamed), and quit QEMU. Memory QEMU shares (a memory backend with
 * share=on: the guest's RAM as a file, vm_request.h) is left out; the file
 * is the saved RAM. Returns 0 or -errno with @why set.
 */
int qmp_save(struct qmp *q, const char *path, int64_t deadline_ns, char *why,
	     size_t whylen);

/*
 * Restore a state qmp_save wrote into a QEMU started with -incoming defer
 * and that state on its stdin, the guest's RAM mapped from the saved file;
 * once read, start the guest (saved stopped, it would stay paused).
 * Returns 0 or -errno with @why set.
 */
int qmp_resume(struct qmp *q, int64_t deadline_ns, char *why, size_t whylen);

/*
 * The guest's clock (its RTC's date, whole seconds since the epoch) into
 * @secs, under virtual time (-rtc clock=vm) ticking in guest time, and
 * the instructions it executed into @insns (icount; 0 without it).
 * Returns 0 or -errno with @why set; an answer coming after @deadline_ns
 * is skipped by the next command.
 */
int qmp_guest_clock(struct qmp *q, int64_t deadline_ns, int64_t *secs,
		    uint64_t *insns, char *why, size_t whylen);

#endif
