// SPDX-License-Identifier: GPL-2.0
/* A bisection's ends: the series and its patches, or the git range and its commits; the positions, the good end's name, --features. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel_build.h"
#include "merge/bisect_ends.h"

/*
 * "NAME" or "NAME+K" into @name and @k (-1 when no K). 0, -EINVAL, or
 * -EEXIST for the old "NAME:K" (':' is DIR:kernel in gate: one meaning).
 */
static int parse_end(const char *spec, char *name, size_t len, int *k)
{
	const char *plus = strchr(spec, '+');
	char *end;
	long v;

	*k = -1;
	if (strchr(spec, ':'))
		return -EEXIST;
	snprintf(name, len, "%.*s",
		 (int)(plus ? (size_t)(plus - spec) : strlen(spec)), spec);
	if (!plus)
		return 0;
	errno = 0;
	v = strtol(plus + 1, &end, 10);
	if (!isdigit((unsigned char)plus[1]) || *end || errno || v < 0 ||
	    v > 100000)
		return -EINVAL;
	*k = (int)v;
	return 0;
}

/* @opt's @spec that parse_end() refused, said; the exit code. */
static int end_error(const char *opt, const char *spec, int r)
{
	const char *colon = strchr(spec, ':');

	if (r != -EEXIST)
		fprintf(stderr,
			"slicebench bisect: %s: %s: K of NAME+K is a patch "
			"count\n",
			opt, spec);
	else
		fprintf(stderr,
			"slicebench bisect: %s: %s: write the patch count "
			"as NAME+K: %.*s+%s\n",
			opt, spec, (int)(colon - spec), spec, colon + 1);
	return SB_EXIT_USAGE;
}

int bisect_usage_error(const char *fmt, const char *value)
{
	fprintf(stderr, "slicebench bisect: ");
	fprintf(stderr, fmt, value);
	fprintf(stderr, "\n");
	return SB_EXIT_USAGE;
}

/* A git range: the kernel, its tree, the commits (position 0 the good end). */
static int resolve_git(struct bisector *s)
{
	const char *name = s->o->kernel;
	struct sb_error e;
	char buf[PATH_MAX];
	int r;

	if ((r = kernel_lookup(name, &s->series, &e)))
		return sb_error_report("slicebench bisect: --kernel", r, &e);
	if (!kernel_steps_in_place(&s->series) || s->series.series[0] ||
	    s->series.commit[0])
		return bisect_usage_error(
			"--kernel: %s is no source kernel without "
			"a series or commit",
			name);
	snprintf(s->tree, sizeof(s->tree), "%s",
		 kernel_source_tree(&s->series, buf, sizeof(buf)));
	if ((r = bisect_commits_load(s->tree, s->o->good, s->o->bad,
				     &s->commits, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	s->ctx.commits = &s->commits;
	s->ctx.tree = s->tree;
	if (bisect_init(&s->b, 0, (int)s->commits.n - 1))
		return SB_EXIT_UNMEASURED;
	bisect_step_name(&s->ctx, 0, s->good_name, sizeof(s->good_name));
	s->ctx.split = bisect_expected_steps(&s->b);
	return 0;
}

/*
 * The series' first @n patches apply in order to its tree, tried before
 * the first build (a patch that did not apply was found after the good
 * end's build). 0, or the exit code said.
 */
int bisect_patches_apply(struct bisector *s, int n)
{
	struct kernel_patches first = { s->q.path, (size_t)n };
	char tree[PATH_MAX];
	struct sb_error e;
	int r;

	if ((r = kernel_source_pristine(&s->series, tree, sizeof(tree), &e)) ||
	    (r = kernel_patches_dry_run(s->series.name, tree, &first, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	return 0;
}

/* The series' kernel and patches, the ends' positions, the good end's name. */
int bisect_resolve(struct bisector *s)
{
	char name[64], gname[64];
	int bad_k, good_k, r;
	struct sb_error e;

	if (s->o->kernel)
		return resolve_git(s);
	if ((r = parse_end(s->o->bad, name, sizeof(name), &bad_k)))
		return end_error("--bad", s->o->bad, r);
	if ((r = parse_end(s->o->good, gname, sizeof(gname), &good_k)))
		return end_error("--good", s->o->good, r);
	if ((r = kernel_lookup(name, &s->series, &e)))
		return sb_error_report("slicebench bisect: --bad", r, &e);
	if (!kernel_has_series(&s->series))
		return bisect_usage_error(
			"--bad: %s is no source kernel with a patch "
			"series",
			name);
	if ((r = kernel_patches_load(s->series.series, &s->q, &e)))
		return sb_error_report("slicebench bisect", r, &e);
	if (bad_k < 0)
		bad_k = (int)s->q.n;
	if (bad_k > (int)s->q.n || bad_k < 1)
		return bisect_usage_error(
			"--bad: %s: K must be 1 up to the series' "
			"length",
			s->o->bad);
	if (!strcmp(gname, name)) {
		if (good_k < 0 || good_k >= bad_k)
			return bisect_usage_error(
				"--good: %s: NAME+K of the bad end's "
				"series, K below the bad end's",
				s->o->good);
		bisect_step_name(&s->ctx, good_k, s->good_name,
				 sizeof(s->good_name));
	} else {
		if (good_k >= 0)
			return bisect_usage_error(
				"--good: %s: NAME+K names a step of "
				"the bad end's series only",
				s->o->good);
		if ((r = kernel_lookup(gname, &s->good, &e)))
			return sb_error_report("slicebench bisect: --good", r,
					       &e);
		if (!s->good.descriptor[0])
			return bisect_usage_error(
				"--good: %s: a kernel of kernels/ "
				"(a descriptor), not a path",
				gname);
		good_k = -1;
		snprintf(s->good_name, sizeof(s->good_name), "%s", gname);
	}
	if (bisect_init(&s->b, good_k, bad_k))
		return SB_EXIT_UNMEASURED;
	s->ctx.split = bisect_expected_steps(&s->b);
	return 0;
}

/* Patch @path's subject ("Subject: [PATCH] x" gives "x"), or "". */
void bisect_patch_subject(const char *path, char *buf, size_t len)
{
	char *text = NULL, *p;
	size_t n;

	*buf = '\0';
	if (sb_read_file(path, &text, &n))
		return;
	p = strncmp(text, "Subject: ", 9) ? strstr(text, "\nSubject: ") : text;
	if (p) {
		p += *p == '\n' ? 10 : 9;
		if (!strncmp(p, "[PATCH", 6) && strchr(p, ']') &&
		    strchr(p, ']') < strchr(p, '\n'))
			p = strchr(p, ']') + 1 + (strchr(p, ']')[1] == ' ');
		snprintf(buf, len, "%.*s", (int)strcspn(p, "\n"), p);
	}
	free(text);
}

/* --features: the list, and the scenario's one feature set it flips. */
int bisect_load_features(struct bisector *s)
{
	struct sb_error e;
	char bad[128];
	int r;

	if (!s->o->features)
		return 0;
	if (bisect_features_parse(s->o->features, &s->feats, bad, sizeof(bad)))
		return bisect_usage_error(
			"--features: %s: not a list of scheduler "
			"feature names ([A-Z_]+), each once",
			bad);
	if (!(s->sc = calloc(1, sizeof(*s->sc))))
		return SB_EXIT_UNMEASURED;
	if ((r = scenario_load(s->o->scenario, s->sc, NULL, &e))) {
		fprintf(stderr, "slicebench bisect: %s\n", e.msg);
		return sb_exit_code(r);
	}
	if (s->sc->n_sets != 1)
		return bisect_usage_error(
			"--features: %s has several feature sets: "
			"a bisection checks one",
			s->o->scenario);
	return 0;
}
