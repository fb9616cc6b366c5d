// SPDX-License-Identifier: GPL-2.0
/* One unit of a plan (run --unit), and a matrix through an executor then merged. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/plan.h"
#include "harness/runner.h"
#include "harness/scale/exec.h"
#include "harness/scale/merge.h"
#include "harness/scale/scale.h"

/* Bring the units of every RUN_DIR/hosts/<host> into RUN_DIR (moved). */
static int merge_hosts(const char *root, const char *hosts)
{
	const struct merge_opts mo = { .move = 1, .allow_gaps = 1 };
	char *names[256], err[1024] = "";
	const char *dirs[256];
	struct merge_report rep;
	struct dirent *de;
	size_t n = 0;
	DIR *d = opendir(hosts);
	int rc;

	while (d && n < 256 && (de = readdir(d)))
		if (*de->d_name != '.' &&
		    asprintf(&names[n], "%s/%s", hosts, de->d_name) > 0) {
			dirs[n] = names[n];
			n++;
		}
	if (d)
		closedir(d);
	rc = merge_results(root, dirs, n, &mo, &rep, err, sizeof(err));
	if (rep.text)
		fputs(rep.text, rc ? stderr : stdout);
	if (rc)
		fprintf(stderr, "slicebench run: merging %s: %s\n", hosts,
			rc > 0 ? "not merged (see above)" : err);
	else
		printf("merged %zu units from %zu hosts into %s\n", rep.merged,
		       n, root);
	merge_report_free(&rep);
	while (n)
		free(names[--n]);
	return rc ? SB_EXIT_ENV : 0;
}

/* DIR/hosts/<hostname>, the hostname made a safe path component. */
static void host_root(const char *dir, char *buf, size_t len)
{
	char h[256] = "";

	gethostname(h, sizeof(h) - 1);
	for (char *c = h; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("_.-", *c))
			*c = '_';
	snprintf(buf, len, "%s/hosts/%s", dir, *h && *h != '.' ? h : "_");
}

static int has_set(const struct scenario *sc, const char *name)
{
	for (int i = 0; i < sc->n_sets; i++)
		if (!strcmp(sc->sets[i].name, name))
			return 1;
	return 0;
}

/* May unit @r run into run directory @dir (its plan.json, when there)? */
static int unit_fits(const char *dir, const struct runner *rn,
		     const struct plan_run *r, const char *id)
{
	char path[PATH_MAX + 16], perr[256];
	struct plan p;
	json_t *j;
	int ok;

	snprintf(path, sizeof(path), "%s/plan.json", dir);
	if (access(path, F_OK))
		return 0;
	j = json_load_file(path, 0, NULL);
	if (!j || plan_from_json(j, &p, perr, sizeof(perr))) {
		fprintf(stderr, "slicebench run: %s: %s\n", path,
			j ? perr : "not readable JSON");
		json_decref(j);
		return SB_EXIT_USAGE;
	}
	json_decref(j);
	ok = plan_find(&p, r) >= 0;
	if (!ok || strcmp(p.scenario_sha256, rn->sha256))
		fprintf(stderr,
			"slicebench run: --unit %s: %s plans %s (scenario "
			"sha256 %.12s, this scenario's %.12s)\n",
			id, path,
			ok ? "another scenario version" : "no such unit",
			p.scenario_sha256, rn->sha256);
	ok = ok && !strcmp(p.scenario_sha256, rn->sha256);
	plan_free(&p);
	return ok ? 0 : SB_EXIT_USAGE;
}

/* The CPUs this process may run on (an executor's pinning), as "0,2,3". */
static const char *cpu_list(char *buf, size_t len)
{
	cpu_set_t set;
	size_t n = 0;

	*buf = '\0';
	if (sched_getaffinity(0, sizeof(set), &set))
		return "?";
	for (int i = 0; i < CPU_SETSIZE && n + 8 < len; i++)
		if (CPU_ISSET(i, &set))
			n += (size_t)snprintf(buf + n, len - n, "%s%d",
					      n ? "," : "", i);
	return buf;
}

/* slicebench run --unit ID --results RUN_DIR: one unit of a plan. */
int scale_run_unit(const struct scale_opts *o, struct runner *rn)
{
	struct run_kernel ks[PLAN_MAX_KERNELS], *k;
	char root[PATH_MAX], path[PATH_MAX + 16], cpus[256], *text;
	struct plan_run r;
	struct sb_error e;
	int nk = 0, rc;
	size_t n;

	if (plan_unit_parse(o->unit, &r)) {
		fprintf(stderr,
			"slicebench run: --unit: \"%s\" is not "
			"KERNEL/FEATURE-SET/REPEAT\n",
			o->unit);
		return SB_EXIT_USAGE;
	}
	if (!has_set(rn->sc, r.set)) {
		fprintf(stderr,
			"slicebench run: --unit %s: %s has no feature set "
			"\"%s\"\n",
			o->unit, o->scenario, r.set);
		return SB_EXIT_USAGE;
	}
	if ((rc = run_lookup_kernels(o->kernels ? o->kernels : r.kernel, ks,
				     &nk, &e)))
		return sb_error_report("slicebench run", rc, &e);
	for (k = ks; k < ks + nk && strcmp(k->ki.name, r.kernel); k++)
		;
	if (k == ks + nk) {
		fprintf(stderr,
			"slicebench run: --unit %s: kernel %s is not one of "
			"--kernel %s\n",
			o->unit, r.kernel, o->kernels);
		return SB_EXIT_USAGE;
	}
	if (o->per_host)
		host_root(o->results, root, sizeof(root));
	else
		snprintf(root, sizeof(root), "%s", o->results);
	if (plan_run_complete(o->results, &r) || plan_run_complete(root, &r)) {
		printf("unit %s: complete, skipped\n", o->unit);
		return SB_EXIT_OK;
	}
	if ((rc = unit_fits(o->results, rn, &r, o->unit)))
		return rc;
	snprintf(path, sizeof(path), "%s/scenario.json", root);
	if ((rc = sb_mkdir_p(root, 0755)) ||
	    (access(path, F_OK) &&
	     ((rc = sb_read_file(o->scenario, &text, &n)) ||
	      (rc = sb_write_file_atomic(path, text, n), free(text), rc)))) {
		fprintf(stderr, "slicebench run: %s: %s\n", root,
			strerror(-rc));
		return SB_EXIT_ENV;
	}
	printf("unit %s: running into %s on CPUs %s\n", o->unit, root,
	       cpu_list(cpus, sizeof(cpus)));
	fflush(stdout);
	run_catch_signals(1);
	rc = run_one(rn, k, &r, root);
	printf("unit %s: %s\n", o->unit,
	       rc > 0 ? "interrupted" :
	       rc     ? "failed" :
			"complete");
	return rc ? SB_EXIT_ENV : SB_EXIT_OK;
}

/* Executors: the pending units as processes, then merge RUN_DIR/hosts/<host> into @root. */
int scale_run(const struct scale_opts *o, struct runner *rn,
	      const struct plan *p, const char *root)
{
	const struct executor *e =
		exec_find(o->executor ? o->executor : "local");
	const char **ids = calloc(p->n_runs + 1, sizeof(*ids));
	char *idbuf = calloc(p->n_runs + 1, 200), self[PATH_MAX],
	     scen[PATH_MAX], hosts[PATH_MAX + 8], err[1024] = "";
	struct exec_ctx c = { .root = root,
			      .self = self,
			      .scenario = scen,
			      .kernels = o->kernels,
			      .accel = o->accel,
			      .units = ids,
			      .sshlogin = o->sshlogin,
			      .slf = o->slf,
			      .joblog = o->joblog,
			      .slurm_args = o->slurm_args,
			      .stop = rn->stop,
			      .jobs = o->jobs ? atoi(o->jobs) : 0 };
	int rc = SB_EXIT_ENV, failed;

	if (!e || !ids || !idbuf || !realpath("/proc/self/exe", self) ||
	    !realpath(o->scenario, scen))
		goto out;
	for (size_t i = 0; i < p->n_runs; i++)
		if (e->all_units || !plan_run_complete(root, &p->runs[i])) {
			plan_unit_id(&p->runs[i], idbuf + 200 * c.n_units, 200);
			ids[c.n_units] = idbuf + 200 * c.n_units;
			c.n_units++;
		}
	printf("executor %s: %zu units\n", e->name, c.n_units);
	fflush(stdout);
	failed = c.n_units ? e->run(&c, err, sizeof(err)) : 0;
	if (failed < 0) {
		fprintf(stderr, "slicebench run: %s\n", err);
		rc = failed == -EINVAL ? SB_EXIT_USAGE : SB_EXIT_ENV;
		goto out;
	}
	snprintf(hosts, sizeof(hosts), "%s/hosts", root);
	rc = merge_hosts(root, hosts);
	if (!*rn->stop)
		run_print_results(rn->sc, p, root);
	printf("\nresults: %s (%zu runs, %zu not complete)\n", root, p->n_runs,
	       plan_pending(p, root));
	rc = rc ?: plan_pending(p, root) ? SB_EXIT_ENV : SB_EXIT_OK;
out:
	free(ids);
	free(idbuf);
	return rc;
}
