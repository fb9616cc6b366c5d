// SPDX-License-Identifier: GPL-2.0
/* Run a parse that may crash on a corrupt file (libtraceevent trusts formats) in a child first. */
#include <errno.h>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "analyzer/sbt_read.h"

int sbt_survives(int (*fn)(void *arg), void *arg)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		int null;

		null = open("/dev/null", O_WRONLY);
		if (null >= 0) /* a crash report is not ours */
			dup2(null, STDERR_FILENO);
		_exit(fn(arg) ? 1 : 0);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
