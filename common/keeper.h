/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Nothing the tool starts outlives it. A child in its own process group
 * (QEMU, perf record, make, a workload) is killed with its whole group when
 * the tool dies, however it dies (SIGKILL included): PR_SET_PDEATHSIG reaches
 * only the direct child, so a keeper process, forked at the first such child,
 * holds the read end of a pipe from the tool and, at its end of file (the
 * tool gone), sends SIGKILL to every group it was told of that still exists.
 */
#ifndef SB_KEEPER_H
#define SB_KEEPER_H

#include <sys/types.h>

/*
 * Have the keeper kill @pgid's group (a child of this process, the group's
 * leader) when this process ends. 0, or -errno when the keeper cannot be
 * started or told (the child then dies with this process only by
 * PR_SET_PDEATHSIG, its group's other members not).
 */
int sb_keeper_watch(pid_t pgid);

/*
 * Fork with a pipe between the two processes, each keeping one end
 * (close-on-exec): with @to_child this process writes and the child reads
 * (a watcher, whose end of file says this process closed it or died),
 * else the child writes and this process reads. In the child: 0, *@fd its
 * end. Here: the child's pid, *@fd this end. Or -errno.
 */
pid_t sb_fork_piped(int *fd, int to_child);

#endif
