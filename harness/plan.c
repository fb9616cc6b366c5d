// SPDX-License-Identifier: GPL-2.0
/* Matrix planning, plan.json, and which runs of a results tree are done. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/dirlock.h"
#include "common/envelope.h"
#include "common/spawn.h"
#include "ci/manifest_file.h"
#include "harness/plan.h"

int plan_build(struct plan *p, const struct scenario *sc, const char *sha256,
	       const char *const *kernels, int n_kernels, int repeats)
{
	size_t n = 0;
	int combos = n_kernels * sc->n_sets;

	memset(p, 0, sizeof(*p));
	if (n_kernels < 1 || n_kernels > PLAN_MAX_KERNELS || repeats < 1)
		return -E2BIG;
	snprintf(p->scenario_name, sizeof(p->scenario_name), "%s", sc->name);
	snprintf(p->scenario_sha256, sizeof(p->scenario_sha256), "%s", sha256);
	p->n_kernels = n_kernels;
	p->repeats = repeats;
	p->runs = calloc((size_t)n_kernels * repeats * sc->n_sets,
			 sizeof(*p->runs));
	if (!p->runs)
		return -ENOMEM;
	for (int k = 0; k < n_kernels; k++)
		snprintf(p->kernels[k], sizeof(p->kernels[k]), "%s",
			 kernels[k]);
	/*
	 * Combination c is kernel c % K with feature set c / K, so neighbours
	 * differ in kernel and, every K, in feature set; repeat r starts one
	 * combination later than repeat r - 1 (a rotation), so no kernel or
	 * feature set keeps the same place in time, or the same host when
	 * executors deal units out in order.
	 */
	for (int r = 1; r <= repeats; r++)
		for (int i = 0; i < combos; i++) {
			int c = (i + r - 1) % combos;
			struct plan_run *run = &p->runs[n++];

			snprintf(run->kernel, sizeof(run->kernel), "%s",
				 kernels[c % n_kernels]);
			snprintf(run->set, sizeof(run->set), "%s",
				 sc->sets[c / n_kernels].name);
			run->repeat = r;
		}
	p->n_runs = n;
	return 0;
}

/* The recorded round after which control round @u (1..@n) runs. */
static int untraced_after(int u, int n, int repeats)
{
	int after = (u * repeats + n) / (n + 1); /* ceil(u * R / (n + 1)) */

	return after < 1 ? 1 : after > repeats ? repeats : after;
}

int plan_add_untraced(struct plan *p, const struct scenario *sc)
{
	size_t combos = (size_t)p->n_kernels * sc->n_sets, n = 0;
	int nu = sc->untraced_repeats;
	struct plan_run *runs;

	if (nu < 1 || !p->n_runs)
		return 0;
	runs = calloc(p->n_runs + combos * nu, sizeof(*runs));
	if (!runs)
		return -ENOMEM;
	/* each recorded round, then the control rounds that follow it */
	for (int r = 1, u = 1; r <= p->repeats; r++) {
		for (size_t i = 0; i < p->n_runs; i++)
			if (p->runs[i].repeat == r && !p->runs[i].untraced)
				runs[n++] = p->runs[i];
		/* in the order (rotation) of a recorded round */
		for (; u <= nu && untraced_after(u, nu, p->repeats) == r; u++)
			for (size_t i = 0; i < p->n_runs; i++) {
				if (p->runs[i].repeat !=
					    (u - 1) % p->repeats + 1 ||
				    p->runs[i].untraced)
					continue;
				runs[n] = p->runs[i];
				runs[n].repeat = p->repeats + u;
				runs[n++].untraced = 1;
			}
	}
	free(p->runs);
	p->runs = runs;
	p->n_runs = n;
	return 0;
}

void plan_free(struct plan *p)
{
	free(p->runs);
	p->runs = NULL;
	p->n_runs = 0;
}

json_t *plan_to_json(const struct plan *p)
{
	json_t *kernels = json_array(), *runs = json_array();

	for (int k = 0; k < p->n_kernels; k++)
		json_array_append_new(kernels, json_string(p->kernels[k]));
	for (size_t i = 0; i < p->n_runs; i++) {
		json_t *run = json_pack("{s:s,s:s,s:i}", "kernel",
					p->runs[i].kernel, "feature_set",
					p->runs[i].set, "repeat",
					p->runs[i].repeat);

		if (p->runs[i].untraced)
			json_object_set_new(run, "untraced", json_true());
		json_array_append_new(runs, run);
	}
	return json_pack("{s:i,s:{s:s,s:s},s:o,s:i,s:o}", "schema", SB_SCHEMA,
			 "scenario", "name", p->scenario_name, "sha256",
			 p->scenario_sha256, "kernels", kernels, "repeats",
			 p->repeats, "runs", runs);
}

int plan_same(const struct plan *a, const struct plan *b)
{
	int same = !strcmp(a->scenario_name, b->scenario_name) &&
		   !strcmp(a->scenario_sha256, b->scenario_sha256) &&
		   a->n_runs == b->n_runs;

	for (size_t i = 0; same && i < b->n_runs; i++)
		same = plan_find(a, &b->runs[i]) == (long)i &&
		       a->runs[i].untraced == b->runs[i].untraced;
	return same;
}

int plan_matches(const json_t *j, const struct plan *p)
{
	struct plan old;
	int same;

	if (plan_from_json(j, &old, NULL))
		return 0;
	same = plan_same(&old, p);
	plan_free(&old);
	return same;
}

void plan_run_dir(const char *root, const struct plan_run *r, char *buf,
		  size_t len)
{
	snprintf(buf, len, "%s/%s/%s/%d", root, r->kernel, r->set, r->repeat);
}

int plan_run_complete(const char *root, const struct plan_run *r)
{
	char dir[4096], path[4200];
	struct ci_manifest m;
	int done;

	plan_run_dir(root, r, dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/manifest.json", dir);
	/* a manifest its reader refuses is no complete run: run it again */
	if (ci_manifest_load(path, &m, NULL))
		return 0;
	done = m.status == CI_RUN_COMPLETE;
	ci_manifest_free(&m);
	return done;
}

size_t plan_pending(const struct plan *p, const char *root)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n_runs; i++)
		n += !plan_run_complete(root, &p->runs[i]);
	return n;
}

/*
 * Is @root locked by a live slicebench (sb_dir_lock)? Its QEMU is then that
 * run's, not an orphan's: checked first, so the advice never kills it.
 */
static int live_run(const char *root, char *why, size_t whylen)
{
	pid_t holder = sb_dir_lock_holder(root);

	if (holder <= 0 || holder == getpid())
		return 0;
	snprintf(why, whylen, "%s: " SB_DIR_BUSY_FMT, root, (int)holder);
	return 1;
}

/* A run of @p under @root whose QEMU outlived its slicebench (PLAN_VM_PID_FILE)? */
static int live_vm(const char *root, const struct plan *p, char *why,
		   size_t whylen)
{
	char dir[4096], tmp[4200], pid_file[4300];
	const char *const needles[] = { VM_QEMU, tmp, NULL };
	pid_t pid;

	for (size_t i = 0; i < p->n_runs; i++) {
		plan_run_dir(root, &p->runs[i], dir, sizeof(dir));
		snprintf(tmp, sizeof(tmp), "%s.tmp", dir);
		snprintf(pid_file, sizeof(pid_file), "%s/" PLAN_VM_PID_FILE,
			 tmp);
		if (sb_pid_file_running(pid_file, needles, &pid)) {
			snprintf(why, whylen,
				 "%s: QEMU (pid %d) of an earlier slicebench "
				 "still runs there; wait for it or kill it",
				 tmp, (int)pid);
			return 1;
		}
	}
	return 0;
}

int plan_resumable(const char *root, const struct plan *p, char *why,
		   size_t whylen)
{
	char path[4200];
	json_t *j;
	int same;

	snprintf(path, sizeof(path), "%s/plan.json", root);
	j = json_load_file(path, 0, NULL);
	if (!j) {
		snprintf(why, whylen, "%s has no readable plan.json", root);
		return 0;
	}
	same = plan_matches(j, p);
	json_decref(j);
	if (!same) {
		snprintf(why, whylen,
			 "%s ran another scenario, scenario version, kernels "
			 "or repeats",
			 root);
		return 0;
	}
	if (!plan_pending(p, root)) {
		snprintf(why, whylen,
			 "%s is complete: nothing to resume; `slicebench "
			 "report %s` prints its end and writes its report "
			 "again",
			 root, root);
		return 0;
	}
	if (live_run(root, why, whylen) || live_vm(root, p, why, whylen))
		return -EBUSY;
	snprintf(why, whylen, "%s: %zu of %zu runs still to do", root,
		 plan_pending(p, root), p->n_runs);
	return 1;
}

void plan_unit_id(const struct plan_run *r, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s/%d", r->kernel, r->set, r->repeat);
}

/* Copy a [A-Za-z0-9_.-]+ name of @n bytes into @dst of @len. */
static int unit_name(const char *s, size_t n, char *dst, size_t len)
{
	if (!n || n >= len || (n <= 2 && strspn(s, ".") == n))
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_.-", s[i]))
			return -EINVAL;
	memcpy(dst, s, n);
	dst[n] = '\0';
	return 0;
}

int plan_unit_parse(const char *id, struct plan_run *r)
{
	const char *a = strchr(id, '/'), *b = a ? strchr(a + 1, '/') : NULL;
	char *end;
	long rep;

	memset(r, 0, sizeof(*r));
	if (!b ||
	    unit_name(id, (size_t)(a - id), r->kernel, sizeof(r->kernel)) ||
	    unit_name(a + 1, (size_t)(b - a - 1), r->set, sizeof(r->set)) ||
	    !isdigit((unsigned char)b[1]))
		return -EINVAL;
	errno = 0;
	rep = strtol(b + 1, &end, 10);
	if (errno || *end || rep < 1 || rep > 1000000)
		return -EINVAL;
	r->repeat = (int)rep;
	return 0;
}

long plan_find(const struct plan *p, const struct plan_run *r)
{
	for (size_t i = 0; i < p->n_runs; i++)
		if (!strcmp(p->runs[i].kernel, r->kernel) &&
		    !strcmp(p->runs[i].set, r->set) &&
		    p->runs[i].repeat == r->repeat)
			return (long)i;
	return -1;
}

#define RUN(m) offsetof(struct plan_run, m)

static const struct sb_field run_fields[] = {
	{ "kernel", SB_F_STRING, RUN(kernel),
	  sizeof(((struct plan_run *)0)->kernel), .required = 1, .min = 1,
	  .doc = "the kernel's name" },
	{ "feature_set", SB_F_STRING, RUN(set), SC_NAME_LEN, .required = 1,
	  .min = 1, .doc = "the feature set's name" },
	{ "repeat", SB_F_INT, RUN(repeat), .required = 1, .min = 1,
	  .max = 1000000, .doc = "the repeat: 1, 2, ..." },
	{ "untraced", SB_F_BOOL, RUN(untraced),
	  .doc = "true for a run of the control arm (nothing recording)" },
};

static const struct sb_jr_table run_table =
	SB_JR_TABLE("plan: runs[]", run_fields, NULL, NULL);
static const struct sb_field run_item = { .type = SB_F_OBJECT,
					  .sub = &run_table };

#define P(m) offsetof(struct plan, m)

static const struct sb_field scenario_fields[] = {
	{ "name", SB_F_STRING, P(scenario_name), SC_NAME_LEN, .required = 1,
	  .min = 1, .doc = "the scenario's name" },
	{ "sha256", SB_F_STRING, P(scenario_sha256),
	  sizeof(((struct plan *)0)->scenario_sha256), .required = 1, .min = 1,
	  .doc = "of the scenario file planned" },
};

/* Read into the plan itself. */
static const struct sb_jr_table scenario_table =
	SB_JR_TABLE("plan: scenario", scenario_fields, NULL, NULL);

static const struct sb_field kernel_item = {
	.type = SB_F_STRING,
	.size = sizeof(((struct plan *)0)->kernels[0]),
	.min = 1,
};

static void plan_init(void *obj)
{
	memset(obj, 0, sizeof(struct plan));
}

static const struct sb_field plan_fields[] = {
	{ "schema", SB_F_INT, .check_only = 1, .min = SB_SCHEMA,
	  .max = SB_SCHEMA,
	  .doc = "the version of the format this slicebench reads and writes "
		 "(absent: 1)" },
	{ "scenario", SB_F_OBJECT, 0, .sub = &scenario_table, .required = 1,
	  .doc = "the scenario planned" },
	{ "kernels", SB_F_ARRAY, P(kernels),
	  sizeof(((struct plan *)0)->kernels[0]), .required = 1, .min = 1,
	  .max = PLAN_MAX_KERNELS, .item = &kernel_item,
	  .count_offset = P(n_kernels), .doc = "the kernels, in order" },
	{ "repeats", SB_F_INT, P(repeats), .required = 1, .min = 1,
	  .max = 1000000, .doc = "of each kernel and feature set" },
	{ "runs", SB_F_ARRAY, P(runs), sizeof(struct plan_run), .required = 1,
	  .item = &run_item, .count_offset = P(n_runs), .alloc = 1,
	  .doc = "every run, in run order" },
};

const struct sb_jr_table plan_format =
	SB_JR_TABLE("run plan (`plan.json`)", plan_fields, plan_init, NULL);

int plan_from_json(const json_t *j, struct plan *p, struct sb_error *e)
{
	struct sb_jr r = { .e = e };
	int ret = sb_jr_read(&r, &plan_format, j, p);

	if (ret)
		plan_free(p);
	return ret;
}

int plan_load(const char *path, struct plan *p, struct sb_error *e)
{
	int ret = sb_jr_load(path, &plan_format, p, NULL, e);

	if (ret)
		plan_free(p);
	return ret;
}
