// SPDX-License-Identifier: GPL-2.0
/* A bisection step: its kernel descriptor (links to the first k patches) and its `check` run as a subprocess. */
#include <errno.h>
#include <jansson.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/fmt.h"
#include "common/jsonread.h"
#include "common/spawn.h"
#include "merge/bisect_step.h"
#include "harness/runner.h"

void bisect_step_name(const struct bisect_ctx *c, int k, char *buf, size_t len)
{
	if (c->commits)
		snprintf(buf, len, "%.50s-%.12s", c->series->name,
			 c->commits->id[k]);
	else
		snprintf(buf, len, "%.50s-%d", c->series->name, k);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* @link -> @target, replacing what was there. */
static int relink(const char *target, const char *link)
{
	if (unlink(link) && errno != ENOENT)
		return -errno;
	return symlink(target, link) ? -errno : 0;
}

/* The series file and patch links of step @k in @dir. */
static int write_series(const struct bisect_ctx *c, int k, const char *dir)
{
	char path[PATH_MAX], *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret = f ? 0 : -ENOMEM;

	/* The links keep each patch's name, which the build key hashes. */
	for (int i = 0; !ret && i < k; i++) {
		const char *name = base_name(c->q->path[i]);

		fprintf(f, "%s\n", name);
		ret = sb_fmt(path, sizeof(path), "%s/%s", dir, name) ?:
			      relink(c->q->path[i], path);
	}
	if (f && fclose(f) && !ret)
		ret = -ENOMEM;
	if (!ret)
		ret = sb_fmt(path, sizeof(path), "%s/series", dir) ?:
			      sb_write_file_atomic(path, text, len);
	free(text);
	return ret;
}

int bisect_step_kernel(const struct bisect_ctx *c, int k,
		       struct kernel_info *ki, struct sb_error *e)
{
	char name[64], dir[PATH_MAX], path[PATH_MAX], what[128];
	json_t *d;
	int ret;

	bisect_step_name(c, k, name, sizeof(name));
	if (sb_fmt(dir, sizeof(dir), "%s/%s", c->kernels, name) ||
	    sb_fmt(path, sizeof(path), "%s/kernel.json", dir))
		return sb_error_set(e, -ENAMETOOLONG, c->kernels, NULL, NULL,
				    "path too long");
	snprintf(what, sizeof(what), "step %d of a bisection of %.50s", k,
		 c->series->name);
	d = json_pack("{s:s, s:s, s:s, s:s, s:b}", "type", "source",
		      "description", what, "tree",
		      c->commits ? c->tree : c->series->tree, "machine",
		      c->series->machine, "custom_slices",
		      c->series->custom_slices);
	if (d)
		json_object_set_new(
			d, *c->series->config ? "config" : "fragment",
			json_string(*c->series->config ? c->series->config :
							 c->series->fragment));
	if (d && c->commits)
		json_object_set_new(d, "commit",
				    json_string(c->commits->id[k]));
	else if (d)
		json_object_set_new(d, "series", json_string("series"));
	ret = d ? sb_mkdir_p(dir, 0755) : -ENOMEM;
	ret = ret ?: c->commits ? 0 : write_series(c, k, dir);
	ret = ret ?: sb_json_dump_atomic(path, d);
	json_decref(d);
	if (ret)
		return sb_error_set(e, sb_env_errno(ret), dir, NULL, NULL,
				    "cannot write the step's kernel: %s",
				    strerror(-ret));
	return kernel_parse_descriptor(path, name, ki, e);
}

int bisect_link_kernel(const struct bisect_ctx *c, const struct kernel_info *ki,
		       struct sb_error *e)
{
	char src[PATH_MAX], link[PATH_MAX];
	int ret;

	snprintf(src, sizeof(src), "%s", ki->descriptor);
	ret = sb_mkdir_p(c->kernels, 0755);
	if (!ret && sb_fmt(link, sizeof(link), "%s/%s", c->kernels, ki->name))
		ret = -ENAMETOOLONG;
	ret = ret ?: relink(dirname(src), link);
	return ret ? sb_error_set(e, sb_env_errno(ret), c->kernels, NULL,
				  ki->name, "cannot link the kernel: %s",
				  strerror(-ret)) :
		     0;
}

/* The last "check: ..." line of the log into out->line. */
static void last_check_line(struct bisect_check *out)
{
	char *text = NULL, *p, *hit = NULL;
	size_t len;

	out->line[0] = '\0';
	if (sb_read_file(out->log, &text, &len))
		return;
	for (p = text; (p = strstr(p, "check: ")); p++)
		if (p == text || p[-1] == '\n')
			hit = p;
	if (hit)
		snprintf(out->line, sizeof(out->line), "%.*s",
			 (int)strcspn(hit, "\n"), hit);
	free(text);
}

/*
 * What a step takes of the check's verdicts (docs/formats.md, Verdicts):
 * the runs each side had. The rest of the document is the gate's, let
 * through unread.
 */
struct verdict_side {
	int runs;
};

struct verdict_runs {
	struct verdict_side base, cand;
};

static const struct sb_field side_fields[] = {
	{ "runs", SB_F_INT, offsetof(struct verdict_side, runs), .min = 0,
	  .max = 1000000, .doc = "the side's runs" },
};

static const struct sb_jr_table side_table = {
	.name = "verdicts: base, cand",
	.fields = side_fields,
	.n_fields = sizeof(side_fields) / sizeof(side_fields[0]),
	.unknown_keys_ok = 1,
};

static const struct sb_field verdicts_fields[] = {
	{ "base", SB_F_OBJECT, offsetof(struct verdict_runs, base),
	  .sub = &side_table, .doc = "the base side" },
	{ "cand", SB_F_OBJECT, offsetof(struct verdict_runs, cand),
	  .sub = &side_table, .doc = "the candidate side" },
};

static const struct sb_jr_table verdicts_table = {
	.name = "verdicts (what bisect reads)",
	.fields = verdicts_fields,
	.n_fields = sizeof(verdicts_fields) / sizeof(verdicts_fields[0]),
	.unknown_keys_ok = 1,
};

/* Runs a side of the check's verdicts file @path (0 when absent or bad:
 * the step's exit code and log line say why). */
static void runs_of(const char *path, struct bisect_check *out)
{
	struct verdict_runs v = { 0 };
	struct sb_error e;

	if (access(path, F_OK) ||
	    sb_jr_load(path, &verdicts_table, &v, NULL, &e))
		v = (struct verdict_runs){ 0 };
	out->base_runs = (unsigned int)v.base.runs;
	out->cand_runs = (unsigned int)v.cand.runs;
}

int bisect_step_check(const struct bisect_ctx *c, const char *self, int k,
		      struct bisect_check *out, struct sb_error *e)
{
	char sub[32];

	snprintf(sub, sizeof(sub), "step-%d", k);
	return bisect_triage_check(c, self, k, NULL, sub, out, e);
}

int bisect_triage_check(const struct bisect_ctx *c, const char *self, int k,
			const char *cand_features, const char *sub,
			struct bisect_check *out, struct sb_error *e)
{
	char cand[64], dir[PATH_MAX], json[PATH_MAX], split[16], max[24];
	char latest[PATH_MAX + 8], resume[PATH_MAX];
	const char *argv[24] = {
		self,	  "check",	"--base",	 c->good_name, "--cand",
		cand,	  "--scenario", c->scenario,	 "--results",  dir,
		"--json", json,		"--error-split", split
	};
	int n = 14, ret;
	double t0 = run_now_s();

	bisect_step_name(c, k, cand, sizeof(cand));
	if (sb_fmt(dir, sizeof(dir), "%s/%s", c->dir, sub) ||
	    sb_fmt(json, sizeof(json), "%s/verdicts.json", dir) ||
	    sb_fmt(out->log, sizeof(out->log), "%s/check.log", dir))
		return sb_error_set(e, -ENAMETOOLONG, c->dir, NULL, NULL,
				    "path too long");
	snprintf(split, sizeof(split), "%d", c->split);
	if (c->max_repeats) {
		snprintf(max, sizeof(max), "%llu",
			 (unsigned long long)c->max_repeats);
		argv[n++] = "--max-repeats";
		argv[n++] = max;
	}
	if (c->accel) {
		argv[n++] = "--accel";
		argv[n++] = c->accel;
	}
	if (cand_features) {
		argv[n++] = "--cand-features";
		argv[n++] = cand_features;
	}
	/* A check begun before: its runs and looks are kept, even when it
	 * had decided and only the bisect log missed it. */
	if (!sb_fmt(latest, sizeof(latest), "%s/latest", dir) &&
	    realpath(latest, resume)) {
		argv[n++] = "--resume";
		argv[n++] = resume;
	}
	ret = sb_mkdir_p(dir, 0755);
	if (ret)
		return sb_error_set(e, sb_env_errno(ret), dir, NULL, NULL,
				    "cannot create: %s", strerror(-ret));
	unlink(json); /* a resumed check writes it again */
	setenv("SLICEBENCH_KERNELS", c->kernels, 1);
	ret = sb_run(&(struct sb_spawn){ .argv = argv,
					 .stdout_path = out->log,
					 .stderr_path = out->log,
					 .append = 1 },
		     -1);
	if (ret < 0)
		return sb_error_set(e, sb_env_errno(ret), self, NULL, NULL,
				    "cannot run check: %s", strerror(-ret));
	out->code = ret;
	out->secs = run_now_s() - t0;
	runs_of(json, out);
	last_check_line(out);
	return 0;
}
