// SPDX-License-Identifier: GPL-2.0
/*
 * Before a matrix starts, what can be known without a boot: every workload
 * tool outside the registry (any other program) exists where its runs
 * will start it (the registry's own tools are the build's and the
 * dependencies': a missing one is an environment failure of each run, said
 * there); CPU lists name CPUs the guest or host has; the guest's memory
 * fits in the host's; feature names are the kernel's (features_check);
 * the programs that make a kernel ready are there when it is not; each
 * generator takes its workload's arguments (its own option table, run
 * with --check-args on the host).
 */
#include <errno.h>
#include <stdlib.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include "common/accel.h"
#include "common/cpulist.h"
#include "common/atomicio.h"
#include "common/error.h"
#include "common/spawn.h"
#include "harness/agent.h"
#include "harness/features.h"
#include "harness/run_vm.h"
#include "harness/tools_check.h"
#include "harness/workload.h"
#include "workloads/registry/registry.h"

/* Host runs put the build's bin directory first on PATH. */
static int on_host(const struct runner *rn, const char *tool)
{
	char path[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/%s", rn->bin_dir, tool);
	return !access(path, X_OK) || sb_have_program(tool);
}

static int not_found(const struct runner *rn, int w, const char *where,
		     struct sb_error *e)
{
	char path[32];

	snprintf(path, sizeof(path), "workloads[%d].tool", w);
	return sb_error_set(e, -EINVAL, rn->scenario_path, path, NULL,
			    "\"%s\" is not a program %s",
			    rn->sc->workloads[w].tool, where);
}

/* The CPUs runs of @k get: the guest's vCPUs, or those this process may use. */
static int cpus_of(const struct runner *rn, const struct run_kernel *k,
		   const char **where)
{
	cpu_set_t set;

	if (kernel_run_of(&k->ki) == RUN_ON_HOST) {
		*where = "the host CPUs slicebench may use";
		return sched_getaffinity(0, sizeof(set), &set) ?
			       CPU_SETSIZE :
			       CPU_COUNT(&set);
	}
	if (sb_accel_is(rn->accel, sealed)) {
		*where = "the guest's one vCPU (accel virtual)";
		return 1;
	}
	*where = "the guest's vCPUs (guest.cpus)";
	return rn->sc->guest.cpus;
}

/* The highest CPU of a list, or -1 (an unparsable list: the loader said so). */
static int last_cpu(const char *list)
{
	cpu_set_t set;
	int last = -1;

	CPU_ZERO(&set);
	if (sb_cpulist_parse(list, &set))
		return -1;
	for (int i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, &set))
			last = i;
	return last;
}

/* The first node before @i sharing a CPU with guest.numa[@i], or -1. */
static int numa_overlap(const struct scenario *sc, int i)
{
	cpu_set_t a, b, both;

	CPU_ZERO(&a);
	if (sb_cpulist_parse(sc->guest.numa[i].cpus, &a))
		return -1;
	for (int j = 0; j < i; j++) {
		CPU_ZERO(&b);
		if (sb_cpulist_parse(sc->guest.numa[j].cpus, &b))
			continue;
		CPU_AND(&both, &a, &b);
		if (CPU_COUNT(&both))
			return j;
	}
	return -1;
}

static int check_cpus(const struct runner *rn, const struct run_kernel *k,
		      struct sb_error *e)
{
	const struct scenario *sc = rn->sc;
	const char *where;
	int n = cpus_of(rn, k, &where);
	char path[64];

	for (int w = 0; w < sc->n_workloads; w++) {
		const char *cpus = sc->workloads[w].cpus;

		if (*cpus && last_cpu(cpus) >= n) {
			snprintf(path, sizeof(path), "workloads[%d].cpus", w);
			return sb_error_set(
				e, -EINVAL, rn->scenario_path, path, cpus,
				"names CPU %d; kernel %s runs on %d "
				"CPU%s (0-%d): %s",
				last_cpu(cpus), k->ki.name, n,
				n == 1 ? "" : "s", n - 1, where);
		}
	}
	for (int i = 0;
	     kernel_run_of(&k->ki) == RUN_IN_VM && i < sc->guest.n_numa; i++) {
		const char *cpus = sc->guest.numa[i].cpus;
		int j = numa_overlap(sc, i);

		snprintf(path, sizeof(path), "guest.numa[%d].cpus", i);
		if (last_cpu(cpus) >= sc->guest.cpus)
			return sb_error_set(e, -EINVAL, rn->scenario_path, path,
					    cpus,
					    "names CPU %d; guest.cpus is %d",
					    last_cpu(cpus), sc->guest.cpus);
		if (j >= 0)
			return sb_error_set(e, -EINVAL, rn->scenario_path, path,
					    cpus,
					    "overlaps guest.numa[%d].cpus "
					    "(%s): a CPU is in one node",
					    j, sc->guest.numa[j].cpus);
	}
	return 0;
}

/* The host's memory in MB (MemTotal), or 0 when unknown. */
static long host_memory_mb(void)
{
	struct sysinfo si;

	if (sysinfo(&si))
		return 0;
	return (long)((unsigned long long)si.totalram * si.mem_unit >> 20);
}

static int check_memory(const struct runner *rn, struct sb_error *e)
{
	long host = host_memory_mb();
	char value[32];

	if (!host || rn->sc->guest.memory_mb <= host)
		return 0;
	snprintf(value, sizeof(value), "%d", rn->sc->guest.memory_mb);
	return sb_error_set(e, -EINVAL, rn->scenario_path, "guest.memory_mb",
			    value,
			    "MB is more than this host's memory (%ld MB)",
			    host);
}

/*
 * Is every feature of the sets a kernel runs one of @known? Check's
 * --cand-features set (sets[1]) runs on the candidate (@is_cand) alone,
 * and a name of it is the option's, not the scenario file's.
 */
static int features_check_sets(const struct runner *rn, int is_cand,
			       const char *known, const char *whose,
			       struct sb_error *e)
{
	const struct scenario *sc = rn->sc;
	int own = rn->cand_features ? 1 : sc->n_sets, j;
	char path[64];

	for (int i = 0; i < own; i++)
		if ((j = features_unknown(&sc->sets[i], known)) >= 0) {
			snprintf(path, sizeof(path),
				 "feature_sets[%d].features[%d]", i, j);
			return sb_error_set(e, -EINVAL, rn->scenario_path, path,
					    sc->sets[i].features[j],
					    "is not a scheduler feature of %s "
					    "(%s)",
					    whose, known);
		}
	if (rn->cand_features && is_cand &&
	    (j = features_unknown(&sc->sets[1], known)) >= 0)
		return sb_error_set(e, -EINVAL, NULL, "--cand-features",
				    sc->sets[1].features[j],
				    "is not a scheduler feature of %s (%s)",
				    whose, known);
	return 0;
}

/*
 * The features of @k: the running kernel's file, a guest's reading of the
 * same image (cached by run_vm), else the documented 6.12 list.
 */
static int features_check(const struct runner *rn, const struct run_kernel *k,
			  int is_cand, struct sb_error *e)
{
	char known[2048], whose[200];
	int own;

	if (kernel_run_of(&k->ki) == RUN_ON_HOST) {
		own = !features_read(features_host_path(AGENT_FEATURES_PATH),
				     known, sizeof(known));
		snprintf(whose, sizeof(whose), "%s",
			 own ? "the running kernel" :
			       "6.12 as documented (the running kernel's "
			       "list is not readable here)");
	} else {
		own = !kernel_features_cached(&k->ki, known, sizeof(known));
		snprintf(whose, sizeof(whose),
			 own ? "kernel %s (its own list, read in its guest)" :
			 k->ki.custom_slices ?
			       "6.12 as documented (kernel %s's own list is "
			       "read at its first run)" :
			       "kernel %s, which predates 6.12's custom slices "
			       "(6.12 as documented, without the features "
			       "that came with them)",
			 k->ki.name);
	}
	if (!own && !k->ki.custom_slices)
		features_before_slices(known, sizeof(known));
	else if (!own)
		snprintf(known, sizeof(known), "%s", features_documented);
	return features_check_sets(rn, is_cand, known, whose, e);
}

/* Every check of the guest's and host's shape, for each kernel of @ks (its image first). */
static int check_shape(const struct runner *rn, const struct run_kernel *ks,
		       int nk, struct sb_error *e)
{
	int vm = 0, r;

	for (int k = 0; k < nk; k++) {
		if ((r = kernel_verify(&ks[k].ki, e)) ||
		    (r = check_cpus(rn, &ks[k], e)) ||
		    (r = features_check(rn, &ks[k], k == 1, e)))
			return r;
		vm |= kernel_run_of(&ks[k].ki) == RUN_IN_VM;
	}
	return vm ? check_memory(rn, e) : 0;
}

/* What making each kernel ready needs (its backend says) is on PATH. */
static int check_ready(const struct run_kernel *ks, int nk, struct sb_error *e)
{
	for (int k = 0; k < nk; k++) {
		const char *tool = kernel_missing_tool(&ks[k].ki);

		if (tool)
			return sb_error_set(
				e, -ENOPKG, NULL, NULL, NULL,
				"kernel %s (type %s) is not ready and making "
				"it needs %s, which is not on PATH (make deps)",
				ks[k].ki.name, kernel_type_name(&ks[k].ki),
				tool);
	}
	return 0;
}

/* A generator's option check: far below a boot, and never a hang. */
#define ARGS_CHECK_TIMEOUT_NS (10LL * 1000000000LL)

/* @w's args as ["a", "b"] into @buf, ending "..." when longer than @len. */
static const char *args_text(const struct sc_workload *w, char *buf, size_t len)
{
	size_t used = (size_t)snprintf(buf, len, "[");

	for (int k = 0; k < w->n_args && used < len; k++)
		used += (size_t)snprintf(buf + used, len - used, "%s\"%s\"",
					 k ? ", " : "", w->args[k]);
	if (used < len)
		used += (size_t)snprintf(buf + used, len - used, "]");
	if (used >= len && len > 4)
		strcpy(buf + len - 4, "...");
	return buf;
}

/*
 * Does generator workload @w take its argv as the runs build it? Its own
 * option table says: build/bin/<tool> --check-args parses and checks them
 * and exits 0, or 2 with one line naming the option. -EINVAL with @e
 * naming the scenario, workloads[@i].args and that line; 0 when the
 * build has no such program (the guest's archive check says so).
 */
static int check_args(const struct runner *rn, int i, struct sb_error *e)
{
	const struct sc_workload *w = &rn->sc->workloads[i];
	const struct wl_run run = { .warmup_ns = rn->sc->warmup_ns,
				    .duration_ns = rn->sc->duration_ns,
				    .seed = scenario_seed(rn->sc, 1) };
	char prog[PATH_MAX + 64], err_path[] = "/tmp/sb-check-args-XXXXXX";
	const char *argv[WL_MAX_ARGV + 2];
	struct wl_proc *p = calloc(1, sizeof(*p));
	char *msg = NULL, path[32], value[256];
	size_t len = 0;
	int fd, n = 0, r;

	snprintf(prog, sizeof(prog), "%s/%s", rn->bin_dir, w->tool);
	if (!p || access(prog, X_OK) ||
	    wl_build(w, 0, "/nonexistent", &run, p)) {
		free(p);
		return 0;
	}
	argv[n++] = prog;
	argv[n++] = "--check-args";
	for (int k = 1; p->argv[k]; k++)
		argv[n++] = p->argv[k];
	argv[n] = NULL;
	if ((fd = mkstemp(err_path)) < 0) {
		free(p);
		return 0;
	}
	close(fd);
	r = sb_run(&(struct sb_spawn){ .argv = argv,
				       .stdout_path = "/dev/null",
				       .stderr_path = err_path },
		   ARGS_CHECK_TIMEOUT_NS);
	if (r)
		sb_read_file(err_path, &msg, &len);
	unlink(err_path);
	free(p);
	if (!r)
		return 0;
	if (msg)
		msg[strcspn(msg, "\n")] = '\0';
	snprintf(path, sizeof(path), "workloads[%d].args", i);
	r = sb_error_set(e, -EINVAL, rn->scenario_path, path,
			 args_text(w, value, sizeof(value)),
			 "%s refuses them (its --check-args: %s)", w->tool,
			 msg && *msg ? msg : "no message");
	free(msg);
	return r;
}

int run_check_before_boot(const struct runner *rn, const struct run_kernel *ks,
			  int nk, struct sb_error *e)
{
	const struct run_kernel *vm = NULL;
	const char *tools[SC_MAX_WORKLOADS];
	int idx[SC_MAX_WORKLOADS], host = 0, r;
	size_t n = 0, miss;

	if ((r = check_shape(rn, ks, nk, e)) || (r = check_ready(ks, nk, e)))
		return r;
	for (int w = 0; w < rn->sc->n_workloads; w++)
		if (rn->sc->workloads[w].desc->kind == SBW_GENERATOR &&
		    (r = check_args(rn, w, e)))
			return r;
	for (int w = 0; w < rn->sc->n_workloads; w++)
		if (rn->sc->workloads[w].desc == sbw_lookup("")) {
			tools[n] = rn->sc->workloads[w].tool;
			idx[n++] = w;
		}
	/* Every guest gets the same programs: one VM kernel stands for all. */
	for (int k = 0; k < nk; k++) {
		host |= kernel_run_of(&ks[k].ki) == RUN_ON_HOST;
		if (kernel_run_of(&ks[k].ki) == RUN_IN_VM && !vm)
			vm = &ks[k];
	}
	for (size_t i = 0; host && i < n; i++)
		if (!on_host(rn, tools[i]))
			return not_found(
				rn, idx[i],
				"in build/bin or on PATH (kernel host)", e);
	if (vm && n) {
		char init[PATH_MAX + 32];
		struct initramfs_request req =
			run_initramfs_request(rn, vm, init, sizeof(init));
		r = initramfs_missing_program(&req, tools, n, &miss, e);
		if (r == 1)
			return not_found(
				rn, idx[miss],
				"in the guest (its PATH holds slicebench's workloads, rt-tests, stress-ng and busybox's applets)",
				e);
		return r;
	}
	return 0;
}
