// SPDX-License-Identifier: GPL-2.0
/* The runner core that run, check and the unit runner share: kernels, run directories, one run (its end beside the next guest in virtual time), signals. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analyzer/table_run.h"
#include "common/accel.h"
#include "common/atomicio.h"
#include "common/dirlock.h"
#include "common/envelope.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "common/log.h"
#include "common/outcheck.h"
#include "common/outfile.h"
#include "common/rootdir.h"
#include "common/spawn.h"
#include "harness/host_load.h"
#include "harness/plan.h"
#include "harness/manifest.h"
#include "harness/run_host.h"
#include "harness/run_vm.h"
#include "harness/runner.h"

static volatile sig_atomic_t stop_flag;

/* First Ctrl-C: finish or abandon the current run, then stop; second: default. */
static void on_signal(int sig)
{
	static const char msg[] =
		"\nslicebench: stopping after the current run (again to "
		"abort)\n";

	stop_flag = 1;
	signal(sig, SIG_DFL);
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		return;
}

const volatile sig_atomic_t *run_catch_signals(int on)
{
	signal(SIGINT, on ? on_signal : SIG_DFL);
	signal(SIGTERM, on ? on_signal : SIG_DFL);
	return &stop_flag;
}

const char *run_option_said(const char *opt, char *buf, size_t len)
{
	const char *via = getenv("SLICEBENCH_VIA_MAKE");
	size_t n = strlen(opt);

	snprintf(buf, len, "--%s", opt);
	/* "kernel=KERNEL scenario=SCENARIO": make passed these options */
	for (const char *p = via; p && *p; p += strcspn(p, " ")) {
		p += strspn(p, " ");
		if (!strncmp(p, opt, n) && p[n] == '=') {
			snprintf(buf, len, "%.*s", (int)strcspn(p + n + 1, " "),
				 p + n + 1);
			break;
		}
	}
	return buf;
}

/* Resolve each name of "a,b" with kernel_lookup. */
int run_lookup_kernels(const char *list, const char *opt, struct run_kernel *ks,
		       int *n, struct sb_error *e)
{
	char *buf = strdup(list), *save = NULL, why[sizeof(e->msg)], said[32];
	int r = 0;

	/* a copy of any length: a cut list once booted a cut image path */
	if (!buf)
		return sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory");
	run_option_said(opt, said, sizeof(said));
	*n = 0;
	for (char *t = strtok_r(buf, ",", &save); !r && t;
	     t = strtok_r(NULL, ",", &save)) {
		if (*n == PLAN_MAX_KERNELS) {
			r = sb_error_set(e, -EINVAL, NULL, said, NULL,
					 "at most %d kernels",
					 PLAN_MAX_KERNELS);
			break;
		}
		memset(&ks[*n], 0, sizeof(ks[*n]));
		if ((r = kernel_lookup(t, &ks[*n].ki, e))) {
			/* the option it came from, then the lookup's word */
			snprintf(why, sizeof(why), "%s", e->msg);
			r = sb_error_set(e, r, NULL, said, NULL, "%s", why);
			break;
		}
		for (int i = 0; !r && i < *n; i++)
			if (!strcmp(ks[i].ki.name, ks[*n].ki.name))
				r = sb_error_set(
					e, -EINVAL, NULL, said, NULL,
					"%s given twice%s", ks[i].ki.name,
					strchr(t, '=') || !strchr(t, '/') ?
						"" :
						" (images: name each, as "
						"a=PATH1,b=PATH2)");
		*n += !r;
	}
	free(buf);
	if (!r && !*n)
		r = sb_error_set(e, -EINVAL, NULL, said, NULL,
				 "no kernel named");
	return r;
}

/* results/latest -> <id>, atomically (symlink to a temp name + rename). */
static int point_latest(const char *results, const char *id)
{
	char tmp[PATH_MAX], link[PATH_MAX];

	snprintf(tmp, sizeof(tmp), "%.4000s/.latest.%d", results, getpid());
	snprintf(link, sizeof(link), "%.4000s/latest", results);
	unlink(tmp);
	if (symlink(id, tmp) || rename(tmp, link)) {
		int e = -errno;

		unlink(tmp);
		return e;
	}
	return 0;
}

static int new_run_dir(const char *results, const struct run_root *o,
		       const struct scenario *sc, const struct plan *p,
		       char *root, size_t len)
{
	char id[128], path[PATH_MAX + 32], *text;
	time_t now = time(NULL);
	struct tm tm;
	size_t n;
	int r;

	gmtime_r(&now, &tm);
	for (int k = 1;; k++) {
		n = (size_t)snprintf(id, sizeof(id), "%s-", sc->name);
		strftime(id + n, sizeof(id) - n, "%Y%m%d-%H%M%S", &tm);
		if (k > 1)
			snprintf(id + strlen(id), sizeof(id) - strlen(id),
				 "-%d", k);
		snprintf(root, len, "%s/%s", results, id);
		if (access(root, F_OK))
			break;
	}
	if ((r = sb_mkdir_p(root, 0755)) ||
	    (r = sb_read_file(o->scenario, &text, &n)))
		return r;
	snprintf(path, sizeof(path), "%s/scenario.json", root);
	r = sb_write_file_atomic(path, text, n);
	free(text);
	json_t *pj = plan_to_json(p);

	snprintf(path, sizeof(path), "%s/plan.json", root);
	r = r ?: sb_json_dump_atomic(path, pj);
	json_decref(pj);
	return r ?: point_latest(results, id);
}

/* Lock the run directory @root for the whole matrix when @o asks for it. */
static int lock_run_dir(const struct run_root *o, const char *root,
			struct sb_error *e)
{
	return o->lock_fd ? sb_dir_lock(root, o->lock_fd, e) : 0;
}

/* Why no run directory could be made under @results, and what to do. */
static int cannot_create(const char *results, int r, struct sb_error *e)
{
	int full = r == -ENOSPC || r == -EDQUOT;

	/* not a place for results (read-only, no permission): bad usage */
	return sb_error_set(e, sb_out_bad_place(r) ? -EINVAL : r, results,
			    "--results", NULL,
			    "cannot create a run here: %s (%sgive another "
			    "--results)",
			    strerror(-r), full ? "free space, or " : "");
}

/* A resumable results/latest into @root, else a new run directory there. */
static int latest_or_new(const struct run_root *o, const char *results,
			 const struct scenario *sc, const struct plan *p,
			 char *root, size_t len, struct sb_error *e)
{
	char latest[PATH_MAX + 16], why[PATH_MAX + 200];
	int r;

	snprintf(latest, sizeof(latest), "%s/latest", results);
	r = !o->new_run && realpath(latest, root) ?
		    plan_resumable(root, p, why, sizeof(why)) :
		    0;
	if (r < 0) /* a QEMU of it still runs */
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL, "%s", why);
	if (r) {
		if ((r = lock_run_dir(o, root, e)))
			return r;
		sb_progress("resuming: %s (--new starts afresh)", why);
		return 0;
	}
	if ((r = new_run_dir(results, o, sc, p, root, len))) {
		if (*root)
			sb_rm_rf(root); /* nothing of it is a run yet */
		return cannot_create(results, r, e);
	}
	if ((r = lock_run_dir(o, root, e)))
		return r;
	sb_progress("results: %s", root);
	return 0;
}

/*
 * The results root is locked while a run directory is chosen or made (two
 * runs would resume or name the same one); the run directory stays locked
 * for the whole matrix, so another run may start beside it with --new.
 */
int run_results_usable(const char *results, struct sb_error *e)
{
	struct stat st;
	int r;

	if (!results)
		return 0;
	if (!*results)
		return sb_error_set(e, -EINVAL, NULL, "--results", "\"\"",
				    "is empty: name a directory (the default "
				    "is results)");
	if (!stat(results, &st) && !S_ISDIR(st.st_mode))
		return sb_error_set(e, -EINVAL, results, "--results", NULL,
				    "is not a directory: name a directory (the "
				    "default is results)");
	/* there and writable, or to be made (mkdir -p) where it can be */
	r = sb_dir_can_make(results);
	return sb_out_bad_place(r) ? cannot_create(results, r, e) : 0;
}

int run_choose_root(const struct run_root *o, const struct scenario *sc,
		    const struct plan *p, char *root, size_t len,
		    struct sb_error *e)
{
	const char *results = o->results ? o->results : "results";
	char why[PATH_MAX + 200];
	int made, lock = -1, r;

	if (o->lock_fd)
		*o->lock_fd = -1;
	if (o->resume) {
		if ((size_t)snprintf(root, len, "%s", o->resume) >= len)
			return sb_error_set(e, -EINVAL, NULL, "--resume", NULL,
					    "a path of %zu bytes: at most %zu",
					    strlen(o->resume), len - 1);
		if (plan_resumable(root, p, why, sizeof(why)) <= 0)
			return sb_error_set(e, -EINVAL, NULL, "--resume", NULL,
					    "%s", why);
		if ((r = lock_run_dir(o, root, e)))
			return r;
		sb_progress("resuming: %s", why);
		return 0;
	}
	if ((r = run_results_usable(results, e)))
		return r;
	made = access(results, F_OK) != 0;
	*root = '\0';
	if ((r = sb_mkdir_p(results, 0755)))
		return cannot_create(results, r, e);
	if (access(results, W_OK | X_OK))
		return cannot_create(results, -errno, e);
	if (!(r = sb_dir_lock(results, &lock, e)))
		r = latest_or_new(o, results, sc, p, root, len, e);
	sb_dir_unlock(lock);
	if (r && made)
		rmdir(results); /* only when empty: ours, and nothing in it */
	return r;
}

void run_self_dirs(struct runner *rn)
{
	char exe[PATH_MAX];

	snprintf(exe, sizeof(exe), "%s", sb_self_exe());
	snprintf(rn->bin_dir, sizeof(rn->bin_dir), "%s", dirname(exe));
	snprintf(rn->src_dir, sizeof(rn->src_dir), "%s", sb_root_dir());
}

const char *run_fmt_secs(double s, char *buf, size_t len)
{
	if (s >= 60)
		snprintf(buf, len, "%dm%02ds", (int)s / 60, (int)s % 60);
	else
		snprintf(buf, len, "%.1fs", s);
	return buf;
}

double run_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A run between its VM and its end: what the end needs. */
struct one {
	char final[PATH_MAX], tmp[PATH_MAX + 32], start[32];
	struct run_outcome out;
	json_t *host; /* the host's load around the guest, or NULL */
	int vm;
};

/* @msg with the temp dir's path cut to the run's own file names: the dir
 * is renamed before anyone reads the manifest. */
static const char *in_run_dir(const struct one *o, const char *msg)
{
	size_t n = strlen(o->tmp);

	return !strncmp(msg, o->tmp, n) && msg[n] == '/' ? msg + n + 1 : msg;
}

/* The run into its temp dir: the guest (its results.tar) or the host run. */
static int one_start(const struct runner *rn, struct run_kernel *k,
		     const struct plan_run *r, const char *root, struct one *o)
{
	struct host_load_mark h0, h1;
	int rc;

	*o = (struct one){ .out = { .failure = "" } };
	plan_run_dir(root, r, o->final, sizeof(o->final));
	snprintf(o->tmp, sizeof(o->tmp), "%s.tmp", o->final);
	sb_rm_rf(o->tmp);
	if ((rc = sb_mkdir_p(o->tmp, 0755))) {
		sb_warn("slicebench: mkdir %s: %s", o->tmp, strerror(-rc));
		return -1;
	}
	sb_iso_time_now(o->start, sizeof(o->start));
	if (kernel_run_of(&k->ki) == RUN_ON_HOST) {
		run_host(rn, r, o->tmp, &o->out);
		return 0;
	}
	/* the host's load around the guest: its own regime */
	o->vm = 1;
	rc = host_load_mark(&h0);
	run_vm(rn, k, r, o->tmp, &o->out);
	if (!rc && !host_load_mark(&h1))
		o->host =
			host_load_json(&h0, &h1, (double)sysconf(_SC_CLK_TCK));
	return 0;
}

/* The run's end: results unpacked, table, manifest, the rename; run_one's answer. */
static int one_finish(const struct runner *rn, struct run_kernel *k,
		      const struct plan_run *r, const char *root, struct one *o)
{
	char end[32], path[PATH_MAX + 64];
	struct sb_error e;
	json_t *m;
	int rc;

	if (o->vm)
		run_vm_collect(k, o->tmp, &o->out);
	if (*rn->stop && *o->out.failure) { /* abandoned: resumed next time */
		json_decref(o->host);
		json_decref(o->out.vm);
		sb_agent_free(&o->out.agent);
		return 1;
	}
	/* a traced run's delays are what it is for: without them it failed */
	if (!*o->out.failure && !r->untraced && table_for_run(o->tmp, &e))
		snprintf(o->out.failure, sizeof(o->out.failure),
			 "no delay table: %.990s", in_run_dir(o, e.msg));
	sb_iso_time_now(end, sizeof(end));
	m = manifest_build(rn, &k->ki, r, o->tmp, &o->out, o->start, end);
	json_object_set_new(m, "host_load", o->host ? o->host : json_null());
	snprintf(path, sizeof(path), "%s/manifest.json", o->tmp);
	rc = sb_json_dump_atomic(path, m);
	json_decref(m);
	json_decref(o->out.vm);
	sb_agent_free(&o->out.agent);
	if (plan_run_complete(root, r)) { /* never replace a complete run */
		sb_warn("slicebench: %s is already complete: this run's copy "
			"is dropped",
			o->final);
		sb_rm_rf(o->tmp);
		return 0;
	}
	sb_rm_rf(o->final);
	if (rc || (rename(o->tmp, o->final) && (rc = -errno))) {
		sb_warn("slicebench: cannot finish %s: %s", o->final,
			strerror(-rc));
		sb_rm_rf(o->tmp);
		return -1;
	}
	if (*o->out.failure)
		sb_progress("  FAILED: %s", o->out.failure);
	return *o->out.failure ? -1 : 0;
}

/* Run one entry into a temp dir beside its final place, then rename it there. */
int run_one(const struct runner *rn, struct run_kernel *k,
	    const struct plan_run *r, const char *root)
{
	struct one *o = malloc(sizeof(*o));
	int rc;

	if (!o) {
		sb_warn("slicebench: out of memory");
		return -1;
	}
	rc = one_start(rn, k, r, root, o) ?: one_finish(rn, k, r, root, o);
	free(o);
	return rc;
}

void run_one_child(const struct runner *rn, struct run_kernel *k,
		   const struct plan_run *r, const char *root,
		   struct run_child *c)
{
	pid_t parent = getpid();
	int rc;

	manifest_host_loop_ns(); /* timed here once, not in each child */
	if (kernel_run_of(&k->ki) != RUN_ON_HOST)
		run_vm_prepare(rn, k); /* a failure is the child's to report */
	fflush(NULL); /* nothing buffered written twice */
	*c = (struct run_child){ .pid = fork() };
	if (c->pid > 0)
		return;
	if (c->pid < 0) { /* no child: the run here */
		c->pid = 0;
		c->rc = run_one(rn, k, r, root);
		return;
	}
	if (sb_die_with(parent))
		_exit(RUN_CHILD_LOST);
	/* a stop is the parent's to decide: its runs in flight end first */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	rc = run_one(rn, k, r, root);
	fflush(NULL);
	_exit(rc < 0 ? RUN_CHILD_FAILED : rc > 0 ? RUN_CHILD_LOST : 0);
}

int run_reap(struct run_child *c, int wait)
{
	int st;
	pid_t got;

	if (c->pid <= 0)
		return 1;
	while ((got = waitpid(c->pid, &st, wait ? 0 : WNOHANG)) < 0 &&
	       errno == EINTR)
		;
	if (!got)
		return 0;
	c->pid = 0;
	c->rc = got < 0						   ? -1 :
		WIFEXITED(st) && !WEXITSTATUS(st)		   ? 0 :
		WIFEXITED(st) && WEXITSTATUS(st) == RUN_CHILD_LOST ? 1 :
								     -1;
	return 1;
}

struct run_flight run_reap_any(struct run_flight *f, size_t *n)
{
	const struct timespec tick = { 0, 50000000L };
	struct run_flight x;
	size_t j;

	for (j = 0; !run_reap(&f[j].c, *n == 1); j = (j + 1) % *n)
		if (j == *n - 1)
			nanosleep(&tick, NULL);
	x = f[j];
	f[j] = f[--*n];
	return x;
}

size_t run_at_once(const struct runner *rn, struct run_kernel *ks, int nk,
		   size_t todo)
{
	unsigned long long guest = (unsigned long long)rn->sc->guest.memory_mb
				   << 20,
			   half;
	struct sysinfo si;
	cpu_set_t cpus;
	size_t n = 2;

	for (int j = 0; j < nk; j++)
		if (kernel_run_of(&ks[j].ki) == RUN_ON_HOST ||
		    !run_vm_sealed(rn, &ks[j]))
			return 1;
	if (!sched_getaffinity(0, sizeof(cpus), &cpus) && CPU_COUNT(&cpus) > 2)
		n = (size_t)CPU_COUNT(&cpus);
	if (!sysinfo(&si) && guest) {
		half = (unsigned long long)si.totalram * si.mem_unit / 2;
		if (half / guest < n)
			n = half / guest ? (size_t)(half / guest) : 1;
	}
	n = n < todo ? n : todo;
	return n < RUNS_AT_ONCE_MAX ? n : RUNS_AT_ONCE_MAX;
}

void run_set_accel(struct runner *rn, const char *accel,
		   const struct scenario *sc)
{
	snprintf(rn->accel, sizeof(rn->accel), "%s",
		 accel && !sb_accel_is(accel, probes) ? accel :
		 *sc->guest.accel		      ? sc->guest.accel :
							"auto");
}

void run_warn_line(const char *msg)
{
	sb_warn("warning: %s", msg);
}
