// SPDX-License-Identifier: GPL-2.0
/* Fixed-size messages over SOCK_SEQPACKET: one send is one message. */
#include "workloads/mixload/ipc.h"

#include <errno.h>
#include <poll.h>
#include <sys/socket.h>
#include <time.h>

int mix_ipc_pair(int fds[2])
{
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds))
		return -errno;
	return 0;
}

int mix_ipc_send(int fd, uint32_t type, uint64_t seq, uint64_t t_ns)
{
	struct mix_msg m = { .type = type, .seq = seq, .t_ns = t_ns };
	ssize_t n;

	do
		n = send(fd, &m, sizeof(m), MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return errno == ECONNRESET ? -EPIPE : -errno;
	return n == sizeof(m) ? 0 : -EPROTO;
}

int mix_ipc_recv(int fd, struct mix_msg *m, int64_t timeout_ns)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timespec ts = { .tv_sec = timeout_ns / 1000000000,
			       .tv_nsec = timeout_ns % 1000000000 };
	ssize_t n;
	int r;

	r = ppoll(&p, 1, timeout_ns < 0 ? NULL : &ts, NULL);
	if (r < 0)
		return errno == EINTR ? 0 : -errno;
	if (!r)
		return 0;
	n = recv(fd, m, sizeof(*m), MSG_DONTWAIT);
	if (n < 0) {
		if (errno == EAGAIN || errno == EINTR)
			return 0;
		return errno == ECONNRESET ? -EPIPE : -errno;
	}
	if (!n)
		return -EPIPE;
	return n == sizeof(*m) ? 1 : -EPROTO;
}
