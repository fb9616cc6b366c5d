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
#include "common/fmt.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "harness/plan.h"
#include "harness/matrix.h"
#include "harness/runner.h"
#include "harness/scale/exec.h"
#include "harness/scale/merge.h"
#include "harness/scale/scale.h"
#include "common/fmt.h"

/* Bring the units of every RUN_DIR/hosts/<host> into RUN_DIR (moved). */
static int merge_hosts(const char *root, const char *hosts)
{
	const struct merge_opts mo = { .move = 1, .allow_gaps = 1 };
	char *names[256];
	struct sb_error e;
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
	rc = merge_results(root, dirs, n, &mo, &rep, &e);
	if (rep.text && *rep.text) /* its lines, without the last newline */
		sb_log(rc ? SB_LOG_WARN : SB_LOG_PROGRESS, "%.*s",
		       (int)strlen(rep.text) -
			       (rep.text[strlen(rep.text) - 1] == '\n'),
		       rep.text);
	if (rc)
		sb_warn("slicebench run: merging %s: %s", hosts,
			rc > 0 ? "not merged (see above)" : e.msg);
	else
		sb_progress("merged %zu units from %zu hosts into %s",
			    rep.merged, n, root);
	merge_report_free(&rep);
	while (n)
		free(names[--n]);
	return rc ? 1 : 0;
}

/* DIR/hosts/<hostname>, the hostname made a safe path component. */
/* @dir/hosts/<this host> into @buf; nonzero when it does not fit. */
static int host_root(const char *dir, char *buf, size_t len)
{
	char h[256] = "";

	gethostname(h, sizeof(h) - 1);
	for (char *c = h; *c; c++)
		if (!isalnum((unsigned char)*c) && !strchr("_.-", *c))
			*c = '_';
	return sb_fmt(buf, len, "%s/hosts/%s", dir, *h && *h != '.' ? h : "_");
}

/*
 * May unit @r run into run directory @dir (its plan.json, when there)? The
 * plan also says whether @r is a control run (untraced).
 */
static int unit_fits(const char *dir, const struct runner *rn,
		     struct plan_run *r, const char *id, struct sb_error *e)
{
	char path[PATH_MAX + 16];
	struct sb_error why;
	struct plan p;
	json_t *j;
	long at;
	int ok;

	snprintf(path, sizeof(path), "%s/plan.json", dir);
	if (access(path, F_OK))
		return 0;
	j = json_load_file(path, 0, NULL);
	if (!j || plan_from_json(j, &p, &why)) {
		json_decref(j);
		return sb_error_set(e, -EINVAL, path, NULL, NULL, "%s",
				    j ? why.msg : "not readable JSON");
	}
	json_decref(j);
	at = plan_find(&p, r);
	ok = at >= 0;
	r->untraced = ok && p.runs[at].untraced;
	if (!ok || strcmp(p.scenario_sha256, rn->sha256))
		sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			     "--unit %s: %s plans %s (scenario sha256 %.12s, "
			     "this scenario's %.12s)",
			     id, path,
			     ok ? "another scenario version" : "no such unit",
			     p.scenario_sha256, rn->sha256);
	ok = ok && !strcmp(p.scenario_sha256, rn->sha256);
	plan_free(&p);
	return ok ? 0 : -EINVAL;
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
int scale_run_unit(const struct scale_opts *o, struct runner *rn,
		   struct sb_error *e)
{
	struct run_kernel ks[PLAN_MAX_KERNELS], *k;
	char root[PATH_MAX], path[PATH_MAX + 16], cpus[256], *text;
	struct plan_run r;
	int nk = 0, rc;
	size_t n;

	if (plan_unit_parse(o->unit, &r))
		return sb_error_set(e, -EINVAL, NULL, "--unit", NULL,
				    "\"%s\" is not KERNEL/FEATURE-SET/REPEAT",
				    o->unit);
	if (!scenario_set(rn->sc, r.set))
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "--unit %s: %s has no feature set \"%s\"",
				    o->unit, o->scenario, r.set);
	if ((rc = run_lookup_kernels(o->kernels ? o->kernels : r.kernel,
				     "kernel", ks, &nk, e)))
		return rc;
	for (k = ks; k < ks + nk && strcmp(k->ki.name, r.kernel); k++)
		;
	if (k == ks + nk)
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "--unit %s: kernel %s is not one of "
				    "--kernel %s",
				    o->unit, r.kernel, o->kernels);
	if (o->per_host ? host_root(o->results, root, sizeof(root)) :
			  sb_fmt(root, sizeof(root), "%s", o->results))
		return sb_error_set(e, -EINVAL, NULL, "--results", NULL,
				    "a path of %zu bytes: too long for a run "
				    "directory under it",
				    strlen(o->results));
	if (plan_run_complete(o->results, &r) || plan_run_complete(root, &r)) {
		sb_progress("unit %s: complete, skipped", o->unit);
		return 0;
	}
	if ((rc = unit_fits(o->results, rn, &r, o->unit, e)))
		return rc;
	snprintf(path, sizeof(path), "%s/scenario.json", root);
	if ((rc = sb_mkdir_p(root, 0755)) ||
	    (access(path, F_OK) &&
	     ((rc = sb_read_file(o->scenario, &text, &n)) ||
	      (rc = sb_write_file_atomic(path, text, n), free(text), rc)))) {
		return sb_error_set(e, rc == -EINVAL ? -EIO : rc, root, NULL,
				    NULL, "%s", strerror(-rc));
	}
	sb_progress("unit %s: running into %s on CPUs %s", o->unit, root,
		    cpu_list(cpus, sizeof(cpus)));
	run_catch_signals(1);
	rc = run_one(rn, k, &r, root);
	sb_progress("unit %s: %s", o->unit,
		    rc > 0 ? "interrupted" :
		    rc	   ? "failed" :
			     "complete");
	return rc ? 1 : 0;
}

/* Executors: the pending units as processes, then merge RUN_DIR/hosts/<host> into @root. */
int scale_run(const struct scale_opts *o, struct runner *rn,
	      const struct plan *p, const char *root, struct sb_error *er)
{
	const struct executor *e =
		exec_find(o->executor ? o->executor : "local");
	const char **ids = calloc(p->n_runs + 1, sizeof(*ids));
	char *idbuf = calloc(p->n_runs + 1, 200), self[PATH_MAX],
	     scen[PATH_MAX], hosts[PATH_MAX + 8];
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
			      .jobs = o->jobs,
			      .sealed = rn->at_once > 1 };
	char *verdict = NULL;
	int rc, failed;

	if (!e || !ids || !idbuf || !realpath("/proc/self/exe", self) ||
	    !realpath(o->scenario, scen)) {
		rc = sb_error_set(er, -EIO, NULL, NULL, NULL,
				  "cannot start the executor: %s",
				  strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < p->n_runs; i++)
		if (e->all_units || !plan_run_complete(root, &p->runs[i])) {
			plan_unit_id(&p->runs[i], idbuf + 200 * c.n_units, 200);
			ids[c.n_units] = idbuf + 200 * c.n_units;
			c.n_units++;
		}
	sb_progress("executor %s: %zu units", e->name, c.n_units);
	failed = c.n_units ? e->run(&c, er) : 0;
	if (failed < 0) {
		rc = failed;
		goto out;
	}
	snprintf(hosts, sizeof(hosts), "%s/hosts", root);
	rc = merge_hosts(root, hosts);
	if (!*rn->stop)
		verdict = run_print_results(stdout, rn->sc, p, root);
	sb_progress("\nresults: %s (%zu run%s, %zu not complete)", root,
		    p->n_runs, SB_S(p->n_runs), plan_pending(p, root));
	run_say_verdict(verdict);
	rc = rc ?: plan_pending(p, root) ? 1 : 0;
out:
	free(ids);
	free(idbuf);
	return rc;
}
