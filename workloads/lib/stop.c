// SPDX-License-Identifier: GPL-2.0
/* The stop flag raised by SIGINT/SIGTERM or by the tool itself. */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

#include "workloads/lib/stop.h"

static atomic_int stop_flag;
static atomic_int stop_sig;

static void on_signal(int sig)
{
	int saved = errno;

	atomic_store(&stop_sig, sig);
	atomic_store(&stop_flag, 1);
	errno = saved;
}

int wl_stop_install(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, &sa, NULL) || sigaction(SIGTERM, &sa, NULL))
		return -errno;
	return 0;
}

const atomic_int *wl_stop_flag(void)
{
	return &stop_flag;
}

int wl_stop_requested(void)
{
	return atomic_load(&stop_flag);
}

int wl_stop_signal(void)
{
	return atomic_load(&stop_sig);
}

void wl_stop_request(void)
{
	atomic_store(&stop_flag, 1);
}

const char *wl_stop_status(void)
{
	return atomic_load(&stop_sig) ? "interrupted" : "ok";
}
