/* SPDX-License-Identifier: GPL-2.0 */
/* A process-wide stop flag raised by SIGINT/SIGTERM (or by the tool). */
#ifndef WL_STOP_H
#define WL_STOP_H

#include <stdatomic.h>

/*
 * Install SIGINT and SIGTERM handlers (without SA_RESTART, so sleeps return
 * EINTR) that raise the flag. Returns 0 or -errno.
 */
int wl_stop_install(void);
/* The flag itself, for loops and wl_burn_set_stop(). */
const atomic_int *wl_stop_flag(void);
/* Non-zero once a stop was requested (signal or wl_stop_request()). */
int wl_stop_requested(void);
/* The signal that stopped the run, or 0 (then "ok", else "interrupted"). */
int wl_stop_signal(void);
/* Raise the flag without a signal (e.g. the duration is over). */
void wl_stop_request(void);
/* The document status: "interrupted" after a signal, else "ok". */
const char *wl_stop_status(void);

#endif
