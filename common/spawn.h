/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run programs without a shell: argv arrays only, optional redirections,
 * waits with a timeout that kills the whole process group.
 */
#ifndef SB_SPAWN_H
#define SB_SPAWN_H

#include <stdint.h>
#include <sys/types.h>

struct sb_spawn {
	const char *const *argv; /* argv[0] is looked up in PATH */
	const char *stdin_path; /* NULL: /dev/null */
	const char *stdout_path; /* NULL: inherit */
	const char *stderr_path; /* NULL: inherit; may equal stdout_path */
	int append; /* open stdout/stderr with O_APPEND instead of O_TRUNC */
	const char *cwd; /* NULL: inherit */
	/* Put the child in its own process group. Every child gets SIGKILL
	 * when this process dies (PR_SET_PDEATHSIG: spawn from the main
	 * thread); a group, all its members (common/keeper.h). */
	int new_pgrp;
};

/*
 * In a child just forked from @parent: die with it (PR_SET_PDEATHSIG,
 * SIGKILL). 0, or -1 when it cannot (prctl failed, or @parent died before
 * it: no signal would come, the child has another parent already).
 */
int sb_die_with(pid_t parent);

/* Start a child. Returns its pid, or -errno (-ENOENT: program not found). */
pid_t sb_spawn_start(const struct sb_spawn *s);

/*
 * Wait for @pid. @timeout_ns < 0 waits forever. On timeout the child (and
 * its process group when it has one) gets SIGTERM, then SIGKILL after 2 s,
 * and -ETIMEDOUT is returned. @status gets the waitpid status.
 * Returns 0, -ETIMEDOUT or -errno.
 */
int sb_spawn_wait(pid_t pid, int64_t timeout_ns, int *status);

/* Start + wait. Returns the exit code (0..255), 128+signal, or -errno. */
int sb_run(const struct sb_spawn *s, int64_t timeout_ns);
/*
 * sb_run, calling @tick(@arg) every @every_ns while the child runs (a long
 * step's progress; from this thread, between waits). NULL @tick: sb_run.
 */
int sb_run_ticking(const struct sb_spawn *s, int64_t timeout_ns,
		   int64_t every_ns, void (*tick)(void *arg), void *arg);

/*
 * Does @pid_file name a live process whose command line holds every string
 * of the NULL-terminated @needles (so a recycled pid does not count)? 1
 * with *@pid set, else 0 (no file, a stale pid, another program).
 */
int sb_pid_file_running(const char *pid_file, const char *const *needles,
			pid_t *pid);

/*
 * The executable @prog on PATH (or @prog itself when it has a '/') into
 * @out. Returns 0 or -ENOENT.
 */
int sb_find_program(const char *prog, char *out, size_t len);
/* Is @prog an executable on PATH (or a path that is executable)? */
int sb_have_program(const char *prog);

#endif
