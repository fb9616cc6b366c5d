// SPDX-License-Identifier: GPL-2.0
/* The matrix in this process: each pending run in plan order with progress (the logger), then the results (a stream). */
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ci/bench_end.h"
#include "ci/manifest_file.h"
#include "common/byname.h"
#include "common/log.h"
#include "harness/plan.h"
#include "harness/preflight.h"
#include "harness/matrix.h"
#include "harness/run_sizing.h"
#include "harness/runner.h"
#include "harness/workload.h"
#include "common/fmt.h"

/* Why run @r failed: its manifest under @root, else an executor's attempt. */
static void print_failure(FILE *out, const char *root, const struct plan_run *r)
{
	char dir[PATH_MAX], pat[PATH_MAX + 300];
	struct ci_manifest m = { 0 };
	const char *why = "(no manifest)";
	struct sb_error e;
	glob_t g = { 0 };

	plan_run_dir(root, r, dir, sizeof(dir));
	snprintf(pat, sizeof(pat), "%s/manifest.json", dir);
	if (access(pat, F_OK))
		snprintf(pat, sizeof(pat), "%s/hosts/*/%s/%s/%d/manifest.json",
			 root, r->kernel, r->set, r->repeat);
	if (!glob(pat, 0, NULL, &g) && g.gl_pathc) {
		if (ci_manifest_load(g.gl_pathv[0], &m, &e))
			why = e.msg;
		else if (m.failure)
			why = m.failure;
		else
			why = "(no reason said)";
	}
	fprintf(out, "  failed: %s\n", why);
	ci_manifest_free(&m);
	globfree(&g);
}

/* A run without a delay table: each workload's own line of figures. */
static void print_figures(FILE *out, const struct scenario *sc, const char *dir)
{
	char path[PATH_MAX + 200], name[128], line[512];

	for (int i = 0; i < sc->n_workloads; i++) {
		const struct sc_workload *w = &sc->workloads[i];

		snprintf(path, sizeof(path), "%s/workloads/%s", dir,
			 wl_output_name(w, 0, name, sizeof(name)));
		*line = '\0';
		wl_summary(w->desc, path, line, sizeof(line));
		fprintf(out, "  %-16s %s\n", w->name,
			*line ? line : "(no figures)");
	}
}

char *run_print_results(FILE *out, const struct scenario *sc,
			const struct plan *p, const char *root)
{
	char dir[PATH_MAX], table[PATH_MAX + 16];
	char *verdict = NULL;
	struct sb_error e;

	for (size_t i = 0; i < p->n_runs; i++) {
		const struct plan_run *r = &p->runs[i];
		int done = plan_run_complete(root, r);

		plan_run_dir(root, r, dir, sizeof(dir));
		snprintf(table, sizeof(table), "%s/table.json", dir);
		/* the control arm has no table by design: its figures are in
		 * the tracing cost */
		if (done && (r->untraced || !access(table, F_OK)))
			continue;
		fprintf(out, "\n== %s / %s / repeat %d%s\n", r->kernel, r->set,
			r->repeat, done ? ": no delay table" : " FAILED");
		if (done)
			print_figures(out, sc, dir);
		else
			print_failure(out, root, r);
	}
	fflush(out);
	if (ci_bench_end(out, root, NULL, &verdict, &e)) {
		fflush(out); /* the tables first: the warning on its own line */
		sb_warn("slicebench run: the runs are kept, but not the summary "
			"(report.html, plots): %s; `slicebench report %s` "
			"writes it again",
			e.msg, root);
	}
	/* the end of a run, on one host or several: the next plan's sizing */
	if (run_noise_keep(root, &e))
		sb_warn("slicebench run: %s", e.msg);
	return verdict;
}

void run_say_verdict(char *verdict)
{
	if (!verdict)
		return;
	fflush(stderr);
	fputs(verdict, stdout);
	fflush(stdout);
	free(verdict);
}

static struct run_kernel *kernel_of(struct run_kernel *ks, int n,
				    const char *name)
{
	long i = sb_index_named(ks, (size_t)n, ki.name, name);

	return i < 0 ? NULL : &ks[i];
}

/* The words after a run's name: a control-arm run is one by its repeat alone. */
static const char *arm_of(const struct plan_run *r)
{
	return r->untraced ? " (control arm, nothing recording)" : "";
}

/*
 * Wait until one of the @n runs in @w ends, say how it went and drop it
 * from @w; 1 when it was abandoned (a stop).
 */
static int reap_one(struct run_flight *w, size_t *n, const struct plan *p,
		    size_t todo, double t0, size_t *done, int *failed)
{
	struct run_flight x = run_reap_any(w, n);
	const struct plan_run *r = &p->runs[x.i];
	char a[32], b[32], e[32];

	if (x.c.rc > 0)
		return 1;
	*failed += x.c.rc < 0;
	++*done;
	sb_progress("[%zu/%zu] %s/%s/%d%s: %s in %s; elapsed %s, ETA %s",
		    x.i + 1, p->n_runs, r->kernel, r->set, r->repeat, arm_of(r),
		    x.c.rc ? "failed" : "complete",
		    run_fmt_secs(run_now_s() - x.t0, a, 32),
		    run_fmt_secs(run_now_s() - t0, b, 32),
		    run_fmt_secs((run_now_s() - t0) / *done * (todo - *done), e,
				 32));
	return 0;
}

/*
 * The host as the runs find it, said before the first: a busy or shared
 * machine is news before the minutes of runs, not after them (each run's
 * manifest keeps its own machine's, a guest's in a VM).
 */
static void say_preflight(const struct scenario *sc)
{
	struct preflight pf;
	char line[512];

	preflight_take(sc, &pf);
	preflight_summary(&pf, line, sizeof(line));
	sb_progress("preflight, this host: %s", line);
}

int run_matrix(struct runner *rn, struct run_kernel *ks, int nk,
	       const struct plan *p, const char *root)
{
	size_t todo = plan_pending(p, root), done = 0, missing, n = 0;
	size_t at_once = rn->at_once > 1 ? rn->at_once : 1;
	struct run_flight w[RUNS_AT_ONCE_MAX];
	double t0 = run_now_s();
	int failed = 0, lost = 0;
	char *verdict;

	if (at_once > todo)
		at_once = todo ? todo : 1;
	if (todo)
		say_preflight(rn->sc);
	if (at_once > 1)
		sb_progress("%zu runs at once: in virtual time each measures "
			    "the same as alone",
			    at_once);
	for (size_t i = 0; i < p->n_runs && !*rn->stop && !lost; i++) {
		const struct plan_run *r = &p->runs[i];
		struct run_kernel *k = kernel_of(ks, nk, r->kernel);

		if (plan_run_complete(root, r)) {
			sb_progress("[%zu/%zu] %s/%s/%d%s: complete, skipped",
				    i + 1, p->n_runs, r->kernel, r->set,
				    r->repeat, arm_of(r));
			continue;
		}
		sb_progress("[%zu/%zu] %s/%s/%d%s: running", i + 1, p->n_runs,
			    r->kernel, r->set, r->repeat, arm_of(r));
		w[n] = (struct run_flight){ .i = i, .t0 = run_now_s() };
		if (at_once > 1)
			run_one_child(rn, k, r, root, &w[n].c);
		else
			w[n].c.rc = run_one(rn, k, r, root);
		n++;
		while (n == at_once && !lost)
			lost = reap_one(w, &n, p, todo, t0, &done, &failed);
	}
	while (n)
		lost |= reap_one(w, &n, p, todo, t0, &done, &failed);
	if (*rn->stop) {
		sb_progress("interrupted: re-run the same command to resume %s",
			    root);
		return 1;
	}
	verdict = run_print_results(stdout, rn->sc, p, root);
	/* what is on disk, not what this process counted */
	missing = plan_pending(p, root);
	sb_progress("\nresults: %s (%zu run%s, %zu failed)", root, p->n_runs,
		    SB_S(p->n_runs), missing);
	run_say_verdict(verdict);
	if (missing && !failed)
		sb_warn("slicebench run: %zu runs are not complete on disk "
			"though this process finished them: was %s written by "
			"another process?",
			missing, root);
	return missing ? 1 : 0;
}
