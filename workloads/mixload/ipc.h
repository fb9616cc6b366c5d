/* SPDX-License-Identifier: GPL-2.0 */
/* Browser <-> renderer messages over AF_UNIX SOCK_SEQPACKET socket pairs. */
#ifndef MIX_IPC_H
#define MIX_IPC_H

#include <stdint.h>

enum mix_msg_type {
	MIX_MSG_READY = 1, /* renderer -> browser: threads are up */
	MIX_MSG_START, /* browser -> renderer: t = the run's origin */
	MIX_MSG_BEGIN_FRAME, /* browser -> renderer: seq, t = vsync */
	MIX_MSG_FRAME_DONE, /* renderer -> browser: seq */
	MIX_MSG_INPUT, /* browser -> renderer: seq = input id, t = arrival */
	MIX_MSG_QUIT, /* browser -> renderer: stop and report */
};

struct mix_msg {
	uint32_t type;
	uint32_t pad;
	uint64_t seq;
	uint64_t t_ns;
};

/* A connected pair, close-on-exec. Returns 0 or -errno. */
int mix_ipc_pair(int fds[2]);
/* Send one message (no SIGPIPE). Returns 0 or -errno (-EPIPE: peer gone). */
int mix_ipc_send(int fd, uint32_t type, uint64_t seq, uint64_t t_ns);
/*
 * Receive one message, waiting at most @timeout_ns (< 0 forever, 0 poll).
 * Returns 1 with @m filled, 0 on timeout or EINTR, -EPIPE when the peer
 * closed, -EPROTO on a malformed message, or -errno.
 */
int mix_ipc_recv(int fd, struct mix_msg *m, int64_t timeout_ns);

#endif
