// SPDX-License-Identifier: GPL-2.0
/* One writer per directory: an exclusive flock on the directory itself, and the pid of whoever holds it. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "common/dirlock.h"

pid_t sb_dir_lock_holder(const char *dir)
{
	char line[256], type[16];
	unsigned int maj, min;
	unsigned long ino;
	struct stat st;
	pid_t pid = 0;
	int who;
	FILE *f;

	if (stat(dir, &st) || !(f = fopen("/proc/locks", "re")))
		return 0;
	while (!pid && fgets(line, sizeof(line), f)) {
		/* "1: FLOCK  ADVISORY  WRITE 1234 00:2d:5678 0 EOF"; waiters
		 * ("1: -> FLOCK ...") do not hold it. */
		if (sscanf(line, "%*d: %15s %*s %*s %d %x:%x:%lu", type, &who,
			   &maj, &min, &ino) == 5 &&
		    !strcmp(type, "FLOCK") && maj == major(st.st_dev) &&
		    min == minor(st.st_dev) && ino == st.st_ino)
			pid = who;
	}
	fclose(f);
	return pid;
}

int sb_dir_lock(const char *dir, int *fd, struct sb_error *e)
{
	int d = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	pid_t holder;

	*fd = -1;
	if (d < 0)
		return sb_error_set(e, -errno, dir, NULL, NULL,
				    "cannot open to lock: %s", strerror(errno));
	while (flock(d, LOCK_EX | LOCK_NB)) {
		int err = errno;

		if (err == EINTR)
			continue;
		close(d);
		if (err != EWOULDBLOCK)
			return sb_error_set(e, -err, dir, NULL, NULL,
					    "cannot lock: %s", strerror(err));
		holder = sb_dir_lock_holder(dir);
		if (holder > 0)
			return sb_error_set(e, -EBUSY, dir, NULL, NULL,
					    SB_DIR_BUSY_FMT, (int)holder);
		return sb_error_set(e, -EBUSY, dir, NULL, NULL,
				    "another process is writing here: wait for "
				    "it to end, or give another --results");
	}
	*fd = d;
	return 0;
}

void sb_dir_unlock(int fd)
{
	if (fd >= 0)
		close(fd);
}
