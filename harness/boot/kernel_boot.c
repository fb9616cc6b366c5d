// SPDX-License-Identifier: GPL-2.0
/* The work of `kernel boot` and `kernel initramfs`: an initramfs around a guest /init, booted under QEMU. */
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/fmt.h"
#include "common/rootdir.h"
#include "harness/boot/initramfs.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/kernel_boot.h"
#include "harness/boot/kernel_boot_out.h"
#include "harness/boot/kernel_show.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_accel.h"

/* The initramfs of `boot` and `initramfs`; its path goes into @initrd. */
static int make_initramfs(const char *cmd, const struct kernel_info *ki,
			  const struct kernel_boot_settings *s, char *initrd,
			  size_t len)
{
	char bin_dir[PATH_MAX], who[64], dir[PATH_MAX];
	struct initramfs_request req;
	struct sb_error e;
	int ret;

	if (!s->init) {
		fprintf(stderr,
			"slicebench kernel %s: --init FILE is required\n", cmd);
		return SB_EXIT_USAGE;
	}
	sb_root_path(bin_dir, sizeof(bin_dir), "build/bin");
	req = (struct initramfs_request){ .kernel = ki,
					  .scenario_path = s->scenario,
					  .bin_dir = s->bin_dir ? s->bin_dir :
								  bin_dir,
					  .init_path = s->init,
					  .with_perf = s->with_perf,
					  .out_path = s->initrd_out,
					  .agent_optional = !s->require_agent,
					  .all_tools = 1 };
	/* named by content in the cache, as a run's: two commands with other
	 * inits never write one file */
	if (s->initrd_out) {
		ret = sb_fmt(initrd, len, "%s", s->initrd_out);
	} else {
		ret = sb_fmt(dir, sizeof(dir), "%s/initramfs",
			     kernel_cache_dir()) ||
		      sb_mkdir_p(dir, 0755);
	}
	if (ret) {
		fprintf(stderr, "slicebench kernel %s: cannot use %s\n", cmd,
			s->initrd_out ? s->initrd_out : dir);
		return SB_EXIT_UNMEASURED;
	}
	if (!s->initrd_out)
		initramfs_prune(dir);
	ret = s->initrd_out ? initramfs_build(&req, &e) :
			      initramfs_build_in(&req, dir, initrd, len, &e);
	if (ret) {
		snprintf(who, sizeof(who), "slicebench kernel %s", cmd);
		return sb_error_report(who, ret, &e);
	}
	return 0;
}

/* `kernel initramfs` with its envelope @env, started. */
static int initramfs(const char *name, struct kernel_boot_settings *s,
		     json_t *env)
{
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct kernel_boot_staged sg;
	struct stat st;
	int ret = kernel_boot_outputs_ok("initramfs", name, s) ?:
			  kernel_find_said(name, &ki, 0)       ?:
			  kernel_boot_stage("initramfs", s, &sg);

	if (ret)
		return ret;
	ret = make_initramfs("initramfs", &ki, s, initrd, sizeof(initrd));
	if (!ret && stat(initrd, &st))
		ret = SB_EXIT_UNMEASURED;
	if (!ret) /* with the archive on standard output, this on stderr */
		ret = kernel_doc_print(*sg.initrd ? stderr : stdout, env,
				       json_pack("{s:s, s:I}", "initramfs",
						 *sg.initrd ? "-" : initrd,
						 "bytes",
						 (json_int_t)st.st_size),
				       "ok");
	return kernel_boot_unstage("initramfs", &sg, ret);
}

int kernel_initramfs_cmd(const char *name, struct kernel_boot_settings *s)
{
	json_t *env = kernel_doc_new("initramfs", s->argc, s->argv);
	int ret = env ? initramfs(name, s, env) : SB_EXIT_UNMEASURED;

	json_decref(env);
	return ret;
}

#define MAX_NODES 8

/* "0:512,1-2:256" into @nodes. Returns the node count or -1. */
static int parse_numa(const char *s, struct vm_numa_node *nodes)
{
	int n = 0;

	while (s && *s) {
		const char *colon = strchr(s, ':');
		size_t clen = colon ? (size_t)(colon - s) : 0;
		char *end;
		long mb;

		if (n == MAX_NODES || !clen || clen >= sizeof(nodes[0].cpus))
			return -1;
		memcpy(nodes[n].cpus, s, clen);
		nodes[n].cpus[clen] = '\0';
		if (!vm_numa_cpus_valid(nodes[n].cpus))
			return -1;
		mb = strtol(colon + 1, &end, 10);
		if (end == colon + 1 || mb < 16 || mb > 1048576 ||
		    (*end && *end != ','))
			return -1;
		nodes[n++].memory_mb = (int)mb;
		s = *end ? end + 1 : end;
	}
	return n;
}

/*
 * The outcome of a boot in its envelope @env on @say (the envelope's
 * status "ok" only for the outcome `ok`); the command's exit code.
 */
static int say_outcome(FILE *say, json_t *env, const struct kernel_info *ki,
		       const struct vm_result *res)
{
	kernel_doc_print(
		say, env,
		json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:s}",
			  "kernel", ki->name, "release", ki->release, "outcome",
			  vm_status_name(res->status), "accel", res->accel,
			  "accel_note", res->accel_note, "qemu_version",
			  res->qemu_version, "wall_ms",
			  (json_int_t)(res->wall_ns / 1000000),
			  "boot_to_user_ms",
			  (json_int_t)(res->boot_to_user_ns / 1000000),
			  "detail", res->detail),
		res->status == VM_OK ? "ok" : "error");
	if (res->status != VM_OK)
		fprintf(stderr, "slicebench kernel boot: %s: %s\n",
			vm_status_name(res->status), res->detail);
	return res->status == VM_OK ? SB_EXIT_OK : SB_EXIT_UNMEASURED;
}

/* `kernel boot` with its envelope @env, started. */
static int boot(const char *name, struct kernel_boot_settings *s, json_t *env)
{
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct vm_numa_node nodes[MAX_NODES];
	int n_nodes = 0;
	struct vm_result res;
	struct kernel_boot_staged sg;
	FILE *say;
	int ret = kernel_boot_outputs_ok("boot", name, s);

	if (ret)
		return ret;
	if (s->numa && (n_nodes = parse_numa(s->numa, nodes)) <= 0) {
		fprintf(stderr,
			"slicebench kernel boot: --numa: \"%s\" is not CPUS:MB[,CPUS:MB...]\n",
			s->numa);
		return SB_EXIT_USAGE;
	}
	if (!s->init) {
		fprintf(stderr,
			"slicebench kernel boot: --init FILE is required\n");
		return SB_EXIT_USAGE;
	}
	ret = kernel_find_said(name, &ki, 1);
	if (ret)
		return ret;
	if (kernel_run_of(&ki) == RUN_ON_HOST) {
		fprintf(stderr,
			"slicebench kernel boot: kernel %s runs no VM\n", name);
		return SB_EXIT_USAGE;
	}
	if ((ret = kernel_boot_stage("boot", s, &sg)))
		return ret;
	/* with an output on standard output, the outcome goes to stderr */
	say = *sg.results || *sg.console || *sg.initrd ? stderr : stdout;
	ret = make_initramfs("boot", &ki, s, initrd, sizeof(initrd));
	if (ret)
		return kernel_boot_unstage("boot", &sg, ret);
	ret = vm_run(&(struct vm_request){ .kernel = &ki,
					   .initrd = initrd,
					   .accel = s->accel,
					   .icount_shift = (int)s->icount_shift,
					   .cpus = (int)s->cpus,
					   .memory_mb = (int)s->memory_mb,
					   .numa = nodes,
					   .numa_nodes = n_nodes,
					   .append = s->append,
					   .console_log = s->console,
					   .results_out = s->results_out,
					   .timeout_ns = s->timeout_ns },
		     &res);
	if (ret) {
		fprintf(stderr, "slicebench kernel boot: %s\n", res.detail);
		return kernel_boot_unstage("boot", &sg, sb_exit_code(ret));
	}
	return kernel_boot_unstage("boot", &sg,
				   say_outcome(say, env, &ki, &res));
}

int kernel_boot_cmd(const char *name, struct kernel_boot_settings *s)
{
	json_t *env = kernel_doc_new("boot", s->argc, s->argv);
	int ret = env ? boot(name, s, env) : SB_EXIT_UNMEASURED;

	json_decref(env);
	return ret;
}
