// SPDX-License-Identifier: GPL-2.0
/*
 * slicectl: show or set a task's EEVDF slice (policy, nice), or set it on
 * itself and exec a command, like chrt.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/duration.h"
#include "common/exitcodes.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/slice.h"
#include "workloads/registry/registry.h"

#define PROG "slicectl"
#define EXIT_NOEXEC 126 /* found but not runnable, like env */
#define EXIT_NOTFOUND 127

const struct sbw_workload sbw_slicectl = {
	.name = PROG,
	.help = "sets a slice, then execs a program (wraps every tool)",
	.kind = SBW_HELPER,
};

#ifndef SBW_DESCRIPTOR_ONLY

struct sc_opts {
	uint64_t slice_ns;
	int slice_given;
	int batch;
	int64_t nice;
	int nice_given;
	int reset_on_fork;
	int64_t pid;
	int pid_given;
	int all;
	int help;
};

static void show(pid_t tid, const struct wl_slice_info *in)
{
	char d[32];

	printf("pid %d: %s nice %d slice ", (int)tid,
	       wl_policy_name(in->policy), in->nice);
	if (in->effective_known)
		printf("%" PRIu64 " ns (%s)\n", in->effective_ns,
		       sb_format_duration(in->effective_ns, d, sizeof(d)));
	else
		printf("unknown\n");
}

static int wants_set(const struct sc_opts *o)
{
	return o->slice_given || o->batch || o->nice_given || o->reset_on_fork;
}

static void to_req(const struct sc_opts *o, struct wl_slice_req *req)
{
	memset(req, 0, sizeof(*req));
	req->set_slice = o->slice_given;
	req->slice_ns = o->slice_ns;
	req->batch = o->batch;
	req->set_nice = o->nice_given;
	req->nice = (int)o->nice;
	req->reset_on_fork = o->reset_on_fork;
}

/* Show, or set then show, one task. Returns 0 or -errno (message printed). */
static int one_task(const struct sc_opts *o, pid_t tid)
{
	struct wl_slice_info info;
	struct wl_slice_req req;
	struct sb_error e;
	int ret;

	if (wants_set(o)) {
		to_req(o, &req);
		ret = wl_slice_apply(tid, &req, &info, &e);
	} else {
		ret = wl_slice_query(tid, &info);
		if (ret)
			sb_error_set(&e, ret, NULL, NULL, NULL,
				     "sched_getattr(%d): %s", (int)tid,
				     strerror(-ret));
	}
	if (ret) {
		fprintf(stderr, "%s: %s\n", PROG, e.msg);
		return ret;
	}
	show(tid, &info);
	return 0;
}

static int all_tasks(const struct sc_opts *o)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int ret = 0, n = 0;

	snprintf(path, sizeof(path), "/proc/%" PRId64 "/task", o->pid);
	d = opendir(path);
	if (!d) {
		fprintf(stderr, "%s: %s: %s\n", PROG, path, strerror(errno));
		return -errno;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] < '0' || de->d_name[0] > '9')
			continue;
		n++;
		/* Keep going: a thread may exit while we walk the list. */
		if (one_task(o, (pid_t)atoi(de->d_name)))
			ret = -ESRCH;
	}
	closedir(d);
	return n ? ret : -ESRCH;
}

static int exec_cmd(const struct sc_opts *o, char **argv)
{
	struct wl_slice_info info;
	struct wl_slice_req req;
	struct sb_error e;

	to_req(o, &req);
	if (wants_set(o) && wl_slice_apply(0, &req, &info, &e)) {
		fprintf(stderr, "%s: %s\n", PROG, e.msg);
		return SB_EXIT_UNMEASURED;
	}
	execvp(argv[0], argv);
	fprintf(stderr, "%s: %s: %s\n", PROG, argv[0], strerror(errno));
	return errno == ENOENT ? EXIT_NOTFOUND : EXIT_NOEXEC;
}

static int check_usage(const struct sc_opts *o, int ncmd)
{
	const char *msg = NULL;

	if (o->pid_given && ncmd)
		msg = "--pid and a command exclude each other";
	else if (!o->pid_given && !ncmd)
		msg = "give --pid PID or -- CMD [ARGS...]";
	else if (o->all && !o->pid_given)
		msg = "--all needs --pid";
	else if (ncmd && !wants_set(o))
		msg = "nothing to set for the command (give --slice, --batch, "
		      "--nice or --reset-on-fork)";
	if (msg)
		fprintf(stderr, "%s: %s\n", PROG, msg);
	return msg ? SB_EXIT_USAGE : SB_EXIT_OK;
}

static const struct sb_field sc_rows[] = {
	{ .key = "slice",
	  .short_name = 's',
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct sc_opts, slice_ns),
	  .given = SB_GIVEN(struct sc_opts, slice_given),
	  .metavar = "D",
	  .doc = "EEVDF slice to set (0 = the kernel default)" },
	{ .key = "batch",
	  .short_name = 'b',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct sc_opts, batch),
	  .doc = "SCHED_BATCH instead of SCHED_OTHER" },
	{ .key = "nice",
	  .short_name = 'N',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct sc_opts, nice),
	  .given = SB_GIVEN(struct sc_opts, nice_given),
	  .metavar = "N",
	  .doc = "nice value to set",
	  .min = -20,
	  .max = 19 },
	{ .key = "reset-on-fork",
	  .short_name = 'r',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct sc_opts, reset_on_fork),
	  .doc = "children start with the default policy and slice" },
	{ .key = "pid",
	  .short_name = 'p',
	  .type = SB_F_INT64,
	  .offset = offsetof(struct sc_opts, pid),
	  .given = SB_GIVEN(struct sc_opts, pid_given),
	  .metavar = "PID",
	  .doc = "show (or set) this task instead of running a command",
	  .min = 1,
	  .max = INT32_MAX },
	{ .key = "all",
	  .short_name = 'a',
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct sc_opts, all),
	  .doc = "with --pid: every thread of the process" },
	SB_F_HELP_ROW(struct sc_opts, help),
	{ 0 },
};

int main(int argc, char **argv)
{
	struct sc_opts o = { 0 };
	int ncmd = 0, ret;
	const struct sb_cli cli = {
		.usage = "Usage: " PROG
			 " [OPTIONS] -p PID | [OPTIONS] [--] CMD [ARGS...]\n"
			 "Show or set a task's EEVDF slice, or set it and exec "
			 "CMD (exit 127: CMD not found).",
		.epilogue = WL_HELP_EPILOGUE,
		.tables = { { sc_rows, &o } },
		.stop_at_nonopt = 1,
		.n_operands = &ncmd,
		.prog = PROG,
	};

	ret = sb_cli_parse_command(&cli, argc, argv);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	ret = check_usage(&o, ncmd);
	if (ret)
		return ret;
	if (ncmd)
		return exec_cmd(&o, argv + argc - ncmd);
	ret = o.all ? all_tasks(&o) : one_task(&o, (pid_t)o.pid);
	if (ret == -ESRCH || ret == -ENOENT)
		return SB_EXIT_USAGE;
	return ret ? SB_EXIT_UNMEASURED : SB_EXIT_OK;
}

#endif /* SBW_DESCRIPTOR_ONLY */
